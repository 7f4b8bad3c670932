import { formatCents, parseDollarsToCents } from '@common/money';
import { cardRefundIssues } from '@common/order-workflow';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/lib/ui/FormField';
import {
  ActionDialog,
  errorsFrom,
  type FormProps,
  type OrderForForms,
  RefundAmountField,
  refundLimit,
  useIssueErrors,
  useRefundFields,
} from './OrderActionForms';
import './order-actions-locales';

/**
 * "Refund to card" (docs/decisions/040): the refund form of a card-paid order, cancelled or not (a missing item). The
 * amount (on a cancelled order the refundable rest by default) goes back to the card through the provider, with a reason; the refund's state then shows in the order's
 * refund list (pending, succeeded, failed).
 */
export function CardRefundForm({ order, run, busy, onDone }: FormProps & { order: OrderForForms }) {
  const { t } = useTranslation('admin-order-actions');
  const limit = refundLimit(order);
  const owed = limit.cents;
  const { values, errors, setErrors, set } = useRefundFields(limit, { reason: '' });
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
      <p>{t(limit.textKey, { amount: formatCents(owed) })}</p>
      <p>{t('refundCardText')}</p>
      <RefundAmountField value={values.amount} error={errors.amount_cents} onChange={set('amount')} />
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
