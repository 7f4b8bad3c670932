import type { OrderDetails } from '@common/contract/orders';
import { formatCents } from '@common/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageFileInput } from '@/lib/ui/ImageFileInput';
import '../locales';
import '../order.css';
import '@/lib/i18n/server-messages';
import { useSubmitPaymentForm } from './use-submit-payment-form';

/** Whether an order still needs its bank-transfer details (a renewal is placed without them). */
const awaitsTransferDetails = (o: OrderDetails) =>
  o.status === 'Pending' && o.payment_method === 'bank_transfer' && o.total_cents > 0 && !o.payment_reference;

/**
 * "Submit payment" for a Pending bank-transfer order without a payment reference: the reference and a receipt
 * image, sent to /v2/submit-payment. Renders nothing for any other order.
 */
export function SubmitPaymentForm({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('order');
  const uid = useId();
  const form = useSubmitPaymentForm(order);
  const { errors } = form;
  if (!awaitsTransferDetails(order)) return null;

  const ids = { ref: `${uid}-ref`, receipt: `${uid}-receipt`, title: `${uid}-title` };

  return (
    <form className="pay-form" onSubmit={form.onSubmit} noValidate aria-labelledby={ids.title}>
      <h4 id={ids.title}>{t('payment.title')}</h4>
      <p className="pay-hint">{t('payment.intro', { total: formatCents(order.total_cents) })}</p>
      <div className="pay-field">
        <label htmlFor={ids.ref} className="pay-field__label">
          {t('payment.reference')}
        </label>
        <input
          id={ids.ref}
          className="input pay-input"
          value={form.reference}
          maxLength={100}
          autoComplete="off"
          aria-required="true"
          aria-invalid={errors.payment_reference ? true : undefined}
          aria-describedby={errors.payment_reference ? `${ids.ref}-error` : undefined}
          onChange={(e) => form.editReference(e.target.value)}
        />
        {errors.payment_reference && (
          <p id={`${ids.ref}-error`} className="pay-field__error" role="alert">
            {errors.payment_reference}
          </p>
        )}
      </div>
      <div className="pay-field">
        <label htmlFor={ids.receipt} className="pay-field__label">
          {t('payment.receipt')}
        </label>
        <ImageFileInput
          id={ids.receipt}
          accept="image/png,image/jpeg,image/webp"
          required
          invalid={Boolean(errors.receipt)}
          describedBy={[errors.receipt ? `${ids.receipt}-error` : null, `${ids.receipt}-hint`]
            .filter(Boolean)
            .join(' ')}
          file={form.receipt}
          onChange={form.chooseReceipt}
          chooseLabel={t('payment.chooseReceipt')}
          changeLabel={t('payment.changeReceipt')}
          emptyLabel={t('payment.noReceipt')}
          showFileName
        />
        <span id={`${ids.receipt}-hint`} className="pay-hint">
          {t('payment.receiptHint')}
        </span>
        {errors.receipt && (
          <p id={`${ids.receipt}-error`} className="pay-field__error" role="alert">
            {errors.receipt}
          </p>
        )}
      </div>
      {errors.form && (
        <p className="pay-field__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {form.pending ? t('messages:pleaseWait') : t('payment.submit')}
      </button>
    </form>
  );
}
