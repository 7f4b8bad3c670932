import type { OrderDetails } from '@common/contract/orders';
import { formatCents } from '@common/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { ImageFileInput } from '@/lib/ui/ImageFileInput';
import { useSubmitPayment } from '../api/submit-payment';
import '../locales';
import '../order.css';
import '@/lib/i18n/server-messages';

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
  const submit = useSubmitPayment();
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ payment_reference?: string; receipt?: string; form?: string }>({});
  if (!awaitsTransferDetails(order)) return null;

  const ids = { ref: `${uid}-ref`, receipt: `${uid}-receipt`, title: `${uid}-title` };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!reference.trim()) next.payment_reference = t('messages:enterPaymentReference');
    if (!receipt) next.receipt = t('messages:uploadReceipt');
    if (next.payment_reference || next.receipt) {
      setErrors(next);
      haptic('error');
      return;
    }
    try {
      await submit.mutateAsync({ order_id: order.id, payment_reference: reference.trim(), receipt: receipt as File });
      toast.success(t('messages:paymentSubmitted'));
    } catch (err) {
      haptic('error');
      if (err instanceof ApiError && (err.field('payment_reference') || err.field('receipt'))) {
        setErrors({ payment_reference: err.field('payment_reference'), receipt: err.field('receipt') });
        return;
      }
      const message = err instanceof Error ? err.message : t('loadFailed');
      setErrors({ form: message });
      toast.error(message);
    }
  };

  return (
    <form className="pay-form" onSubmit={onSubmit} noValidate aria-labelledby={ids.title}>
      <h4 id={ids.title}>{t('payment.title')}</h4>
      <p className="pay-hint">{t('payment.intro', { total: formatCents(order.total_cents) })}</p>
      <div className="pay-field">
        <label htmlFor={ids.ref} className="pay-field__label">
          {t('payment.reference')}
        </label>
        <input
          id={ids.ref}
          className="input pay-input"
          value={reference}
          maxLength={100}
          autoComplete="off"
          aria-required="true"
          aria-invalid={errors.payment_reference ? true : undefined}
          aria-describedby={errors.payment_reference ? `${ids.ref}-error` : undefined}
          onChange={(e) => {
            setReference(e.target.value);
            setErrors((x) => ({ ...x, payment_reference: undefined, form: undefined }));
          }}
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
          file={receipt}
          onChange={(file) => {
            if (file && !file.type.startsWith('image/')) {
              setReceipt(null);
              setErrors((x) => ({ ...x, receipt: t('messages:receiptNotImage') }));
              return;
            }
            setReceipt(file);
            setErrors((x) => ({ ...x, receipt: undefined, form: undefined }));
          }}
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
      <button type="submit" className="btn btn--primary" disabled={submit.isPending}>
        {submit.isPending ? t('messages:pleaseWait') : t('payment.submit')}
      </button>
    </form>
  );
}
