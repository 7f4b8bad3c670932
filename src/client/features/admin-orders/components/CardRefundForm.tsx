import { formatCents, parseDollarsToCents } from '@common/money';
import { cardRefundIssues } from '@common/order-workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/lib/ui/FormField';
import {
  ActionDialog,
  type Errors,
  errorsFrom,
  type FormProps,
  type OrderForForms,
  useIssueErrors,
} from './OrderActionForms';
import './order-actions-locales';

/**
 * "Refund to card" (docs/decisions/040): the refund form of a card-paid order. The amount (the refundable rest by
 * default) goes back to the card through the provider, with a reason; the refund's state then shows in the order's
 * refund list (pending, succeeded, failed).
 */
export function CardRefundForm({ order, run, busy, onDone }: FormProps & { order: OrderForForms }) {
  const { t } = useTranslation('admin-order-actions');
  const owed = order.refund_owed_cents;
  const [values, setValues] = useState({ amount: (owed / 100).toFixed(2), reason: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key === 'amount' ? 'amount_cents' : key]: undefined, form: undefined }));
  };
  const issueErrors = useIssueErrors();
  const submit = async () => {
    const cents = parseDollarsToCents(values.amount);
    const reason = values.reason.trim();
    const found = issueErrors(cardRefundIssues({ amount_cents: cents, reason }, owed), { amount: formatCents(owed) });
    if (found || cents === null) return setErrors(found ?? {});
    try {
      await run('refund', { amount_cents: cents, reason });
      onDone();
    } catch (err) {
      setErrors(errorsFrom(err, ['amount_cents', 'reason'], t('failed')));
    }
  };
  return (
    <ActionDialog
      title={t('refund_card')}
      submit={t('refund_card')}
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onDone={onDone}
    >
      <p>{t('owed', { amount: formatCents(owed) })}</p>
      <p>{t('refundCardText')}</p>
      <FormField
        label={t('amount')}
        hint={t('amountHint')}
        error={errors.amount_cents}
        inputMode="decimal"
        autoComplete="off"
        aria-required="true"
        value={values.amount}
        onChange={set('amount')}
      />
      <FormField label={t('refundReason')} hint={t('refundReasonHint')} error={errors.reason}>
        {(control) => (
          <textarea
            {...control}
            className="input field__input"
            rows={3}
            maxLength={500}
            required
            aria-required="true"
            value={values.reason}
            onChange={set('reason')}
          />
        )}
      </FormField>
    </ActionDialog>
  );
}
