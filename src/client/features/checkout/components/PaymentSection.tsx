import type { PaymentMethod } from '@common/contract/checkout';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_IDS, useCheckoutForm } from '@/entities/order/checkout-store';
import { ImageFileInput } from '@/lib/ui/ImageFileInput';
import '../checkout.css';
import { LoadFailed } from './LoadFailed';
import { RenewalConsent } from './RenewalConsent';
import '@/lib/i18n/server-messages';

interface Props {
  methods: PaymentMethod[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  /** The method the order will use (the chosen one, else the first available). */
  selected: PaymentMethod | null;
  /** Bank transfer needs reference and receipt only while something is left to pay. */
  needsReceipt: boolean;
  /**
   * The renewal rhythms (weeks) of the cart's Subscribe & save lines, when a card order may save its card for them
   * (a browser, not Telegram): empty otherwise.
   */
  renewalFrequencies: number[];
}

/** A preview URL for the chosen image, revoked when it changes or the screen closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function BankTransfer({ method, needsReceipt }: { method: PaymentMethod; needsReceipt: boolean }) {
  const { t } = useTranslation('checkout');
  const reference = useCheckoutForm((s) => s.paymentReference);
  const receipt = useCheckoutForm((s) => s.receipt);
  const errors = useCheckoutForm((s) => s.errors);
  const setReference = useCheckoutForm((s) => s.setPaymentReference);
  const setReceipt = useCheckoutForm((s) => s.setReceipt);
  const setError = useCheckoutForm((s) => s.setError);
  const preview = usePreview(receipt);
  const refError = `${FIELD_IDS.payment_reference}-error`;
  const receiptError = `${FIELD_IDS.receipt}-error`;

  return (
    <div className="co-bank">
      {method.bank && (
        <div className="co-bank__details">
          <h3 className="co-subtitle">{t('payment.bankDetails')}</h3>
          <dl className="co-dl">
            <dt>{t('payment.bankName')}</dt>
            <dd>{method.bank.bank_name}</dd>
            <dt>{t('payment.accountName')}</dt>
            <dd>{method.bank.bank_account_name}</dd>
            <dt>{t('payment.accountNumber')}</dt>
            <dd className="co-mono">{method.bank.bank_account_number}</dd>
          </dl>
        </div>
      )}
      {method.instructions && <p className="co-hint">{method.instructions}</p>}
      <div className="co-field">
        <label className="co-field__label" htmlFor={FIELD_IDS.payment_reference}>
          {t('payment.reference')}
        </label>
        <input
          id={FIELD_IDS.payment_reference}
          className="input"
          value={reference}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setReference(e.target.value)}
          aria-required={needsReceipt || undefined}
          aria-invalid={errors.payment_reference ? true : undefined}
          aria-describedby={[errors.payment_reference ? refError : null, `${FIELD_IDS.payment_reference}-hint`]
            .filter(Boolean)
            .join(' ')}
        />
        <p id={`${FIELD_IDS.payment_reference}-hint`} className="co-field__hint">
          {t('payment.referenceHint')}
        </p>
        {errors.payment_reference && (
          <p id={refError} className="co-field__error" role="alert">
            {errors.payment_reference}
          </p>
        )}
      </div>
      <div className="co-field">
        <label className="co-field__label" htmlFor={FIELD_IDS.receipt}>
          {t('payment.receipt')}
        </label>
        <ImageFileInput
          id={FIELD_IDS.receipt}
          accept="image/*"
          required={needsReceipt}
          invalid={Boolean(errors.receipt)}
          describedBy={[errors.receipt ? receiptError : null, `${FIELD_IDS.receipt}-hint`].filter(Boolean).join(' ')}
          file={receipt}
          onChange={(file) => {
            if (file && !file.type.startsWith('image/')) {
              setReceipt(null);
              setError('receipt', t('messages:receiptNotImage'));
              return;
            }
            setReceipt(file);
          }}
          chooseLabel={t('payment.chooseReceipt')}
          changeLabel={t('payment.changeReceipt')}
          emptyLabel={t('payment.noReceipt')}
        />
        <p id={`${FIELD_IDS.receipt}-hint`} className="co-field__hint">
          {t('payment.receiptHint')}
        </p>
        {errors.receipt && (
          <p id={receiptError} className="co-field__error" role="alert">
            {errors.receipt}
          </p>
        )}
        {receipt && (
          <div className="co-receipt">
            {preview && <img src={preview} alt={t('payment.receiptPreview')} className="co-receipt__img" />}
            <span className="co-receipt__name">{receipt.name}</span>
            <button type="button" className="btn btn--link" onClick={() => setReceipt(null)}>
              {t('payment.removeReceipt')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** What happens after placing, for a method without its own instructions (a card order goes to the provider's page). */
const AFTER_PLACING: Partial<Record<PaymentMethod['code'], (t: TFunction<'checkout'>) => string>> = {
  payment_link: (t) => t('payment.linkAfter'),
  card: (t) => t('payment.cardAfter'),
};

/** Payment: the shop's methods; bank transfer shows the bank details and takes a reference and a receipt image. */
export function PaymentSection({
  methods,
  loading,
  failed,
  onRetry,
  selected,
  needsReceipt,
  renewalFrequencies,
}: Props) {
  const { t } = useTranslation('checkout');
  const setPayment = useCheckoutForm((s) => s.setPaymentMethod);
  const error = useCheckoutForm((s) => s.errors.payment_method);
  const errorId = `${FIELD_IDS.payment_method}-error`;

  return (
    <section className="co-section" aria-labelledby="co-payment-title">
      <h2 id="co-payment-title" className="co-section__title">
        {t('payment.title')}
      </h2>
      {loading && <p className="co-hint">{t('loading')}</p>}
      {failed && <LoadFailed onRetry={onRetry} />}
      {methods && methods.length === 0 && <p className="co-hint">{t('payment.none')}</p>}
      {methods && methods.length > 0 && (
        <fieldset
          id={FIELD_IDS.payment_method}
          className="co-choices"
          tabIndex={-1}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <legend className="visually-hidden">{t('payment.title')}</legend>
          {methods.map((m) => {
            const on = selected?.code === m.code;
            const noteId = `co-pay-${m.code}-note`;
            return (
              <div key={m.code} className={`co-choice co-choice--stack${on ? ' co-choice--on' : ''}`}>
                <label className={`co-choice__main${m.available ? '' : ' co-choice--off'}`}>
                  <input
                    type="radio"
                    name="checkout-payment"
                    value={m.code}
                    checked={on}
                    disabled={!m.available}
                    onChange={() => setPayment(m.code)}
                    aria-describedby={m.available ? undefined : noteId}
                  />
                  <span className="co-choice__text">
                    <strong>{m.name}</strong>
                    {!m.available && (
                      <span id={noteId} className="co-hint">
                        {t('messages:methodNotAvailable')}
                      </span>
                    )}
                  </span>
                </label>
                {on && (m.requires_receipt || m.bank) && <BankTransfer method={m} needsReceipt={needsReceipt} />}
                {on && !m.requires_receipt && !m.bank && (
                  <p className="co-hint co-choice__body">{m.instructions || AFTER_PLACING[m.code]?.(t)}</p>
                )}
                {on && m.code === 'card' && renewalFrequencies.length > 0 && (
                  <RenewalConsent frequencies={renewalFrequencies} />
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      {error && (
        <p id={errorId} className="co-field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
