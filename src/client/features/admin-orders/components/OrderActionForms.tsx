import type { AdminOrderDetail } from '@common/contract/admin/orders';
import { formatCents, parseDollarsToCents } from '@common/money';
import {
  type ActionIssue,
  REFUND_METHODS,
  type RefundMethod,
  refundIssues,
  rejectReceiptIssues,
  trackingIssues,
} from '@common/order-workflow';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormField } from '@/lib/ui/FormField';
import type { RunAction } from '../api/order-actions';
import './order-actions-locales';

/**
 * The forms of the order page's actions that need one. What each form must hold is the order workflow's rule
 * (src/common/order-workflow.ts, the one the server applies); the page says it in its own words.
 */

export type OrderForForms = Pick<
  AdminOrderDetail,
  'order_no' | 'status' | 'refund_owed_cents' | 'refundable_cents' | 'tracking'
>;

export interface FormProps {
  run: RunAction;
  busy: boolean;
  onDone(): void;
}

export type Errors = Record<string, string | undefined>;

/** The page's words for each of the workflow's refusals (the locale keys of `admin-order-actions`). */
const ISSUE_TEXT: Record<ActionIssue['key'], string> = {
  receiptRejectReasonRequired: 'reasonRequired',
  trackingCompanyRequired: 'companyRequired',
  trackingNumberRequired: 'numberRequired',
  trackingLinkInvalid: 'linkInvalid',
  refundAmountInvalid: 'amountInvalid',
  refundTooMuch: 'amountTooMuch',
  refundMethodUnknown: 'failed',
  refundReferenceRequired: 'referenceRequired',
  refundReasonRequired: 'refundReasonRequired',
};

/** The workflow's refusals as this form's errors, by field (none: the form may be sent). */
export function useIssueErrors() {
  const { t } = useTranslation('admin-order-actions');
  return (issues: ActionIssue[], params: Record<string, string> = {}): Errors | null =>
    issues.length ? Object.fromEntries(issues.map((i) => [i.field, t(ISSUE_TEXT[i.key], params)])) : null;
}

/** The server's refusal at the fields it names, else as the form's error. */
export function errorsFrom(err: unknown, fields: string[], fallback: string): Errors {
  if (err instanceof ApiError) {
    const at = Object.fromEntries(fields.map((f) => [f, err.field(f)]).filter(([, m]) => m));
    if (Object.keys(at).length) return at;
  }
  return { form: errorText(err, fallback) ?? fallback };
}

/** A dialog of the Actions card: while `busy` its confirm button says so; Close leaves the order as it is. */
export function ActionDialog({
  title,
  submit,
  busy,
  error,
  onSubmit,
  onDone,
  children,
}: {
  title: string;
  submit: string;
  busy: boolean;
  error?: string;
  onSubmit(): void;
  onDone(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-order-actions');
  return (
    <ConfirmDialog
      form="form-stack"
      title={title}
      closeLabel={t('close')}
      confirmLabel={submit}
      busyLabel={t('working')}
      cancelLabel={t('close')}
      busy={busy}
      error={error}
      onConfirm={onSubmit}
      onClose={onDone}
    >
      {children}
    </ConfirmDialog>
  );
}

export function RejectForm({ run, busy, onDone }: FormProps) {
  const { t } = useTranslation('admin-order-actions');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const issueErrors = useIssueErrors();
  const submit = async () => {
    const found = issueErrors(rejectReceiptIssues({ reason }));
    if (found) return setErrors(found);
    try {
      await run('reject_receipt', { reason: reason.trim() });
      onDone();
    } catch (err) {
      setErrors(errorsFrom(err, ['reason'], t('failed')));
    }
  };
  return (
    <ActionDialog
      title={t('reject_receipt')}
      submit={t('rejectSubmit')}
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onDone={onDone}
    >
      <FormField label={t('reason')} hint={t('reasonHint')} error={errors.reason}>
        {(control) => (
          <textarea
            {...control}
            className="input field__input"
            rows={3}
            maxLength={500}
            required
            aria-required="true"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors({});
            }}
          />
        )}
      </FormField>
    </ActionDialog>
  );
}

/** The tracking form's fields (all text; the link is optional). */
const TRACKING_FIELDS: Array<{ key: 'company' | 'number' | 'link'; maxLength: number; link?: true }> = [
  { key: 'company', maxLength: 100 },
  { key: 'number', maxLength: 100 },
  { key: 'link', maxLength: 500, link: true },
];

export function TrackingForm({ order, run, busy, onDone }: FormProps & { order: OrderForForms }) {
  const { t } = useTranslation('admin-order-actions');
  const [values, setValues] = useState({
    company: order.tracking.company ?? '',
    number: order.tracking.number ?? '',
    link: order.tracking.link ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: undefined, form: undefined }));
  };
  const issueErrors = useIssueErrors();
  const submit = async () => {
    const company = values.company.trim();
    const number = values.number.trim();
    const link = values.link.trim();
    const found = issueErrors(trackingIssues({ company, number, link }));
    if (found) return setErrors(found);
    try {
      await run('tracking', { company, number, ...(link ? { link } : {}) });
      onDone();
    } catch (err) {
      setErrors(errorsFrom(err, ['company', 'number', 'link'], t('failed')));
    }
  };
  return (
    <ActionDialog
      title={t('tracking')}
      submit={t('tracking')}
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onDone={onDone}
    >
      {TRACKING_FIELDS.map((f) => (
        <FormField
          key={f.key}
          label={t(f.key)}
          hint={f.link ? t('linkHint') : undefined}
          error={errors[f.key]}
          type={f.link ? 'url' : undefined}
          inputMode={f.link ? 'url' : undefined}
          maxLength={f.maxLength}
          aria-required={f.link ? undefined : 'true'}
          value={values[f.key]}
          onChange={set(f.key)}
        />
      ))}
    </ActionDialog>
  );
}

export function CancelDialog({ order, run, busy, onDone }: FormProps & { order: OrderForForms }) {
  const { t } = useTranslation('admin-order-actions');
  const [error, setError] = useState<string>();
  const confirm = async () => {
    try {
      await run('cancel', {});
      onDone();
    } catch (err) {
      setError(errorText(err, t('failed')) ?? t('failed'));
    }
  };
  return (
    <ConfirmDialog
      title={t('cancelTitle', { orderNo: order.order_no })}
      closeLabel={t('close')}
      confirmLabel={t('cancelConfirm')}
      busyLabel={t('working')}
      cancelLabel={t('keep')}
      busy={busy}
      error={error}
      onConfirm={confirm}
      onClose={onDone}
    >
      <p>{t('cancelText')}</p>
    </ConfirmDialog>
  );
}

/**
 * What a refund form may give back: what was paid less what was refunded. A cancelled order owes it all back, so the
 * amount starts at it; on an order that goes on (a missing item) staff type the part to give back.
 */
export function refundLimit(order: Pick<OrderForForms, 'status' | 'refundable_cents'>) {
  const cancelled = order.status === 'Cancelled';
  return { cents: order.refundable_cents, prefill: cancelled, textKey: cancelled ? 'owed' : 'refundable' } as const;
}

/**
 * A refund form's fields — the amount (`prefill`: the refundable rest by default, else empty), and `extra` — with
 * their errors; editing a field clears its error and the form's (the amount's is `amount_cents`, as the workflow and
 * the server name it).
 */
export function useRefundFields<T extends Record<string, string>>(
  limit: { cents: number; prefill: boolean },
  extra: T,
) {
  const [values, setValues] = useState({ amount: limit.prefill ? (limit.cents / 100).toFixed(2) : '', ...extra });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key === 'amount' ? 'amount_cents' : key]: undefined, form: undefined }));
  };
  return { values, errors, setErrors, set };
}

/** The amount a refund gives back, in dollars. */
export function RefundAmountField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange(e: { target: { value: string } }): void;
}) {
  const { t } = useTranslation('admin-order-actions');
  return (
    <FormField
      label={t('amount')}
      hint={t('amountHint')}
      error={error}
      inputMode="decimal"
      autoComplete="off"
      aria-required="true"
      value={value}
      onChange={onChange}
    />
  );
}

export function RefundForm({ order, run, busy, onDone }: FormProps & { order: OrderForForms }) {
  const { t } = useTranslation('admin-order-actions');
  const limit = refundLimit(order);
  const owed = limit.cents;
  const { values, errors, setErrors, set } = useRefundFields(limit, {
    method: 'bank_transfer' as RefundMethod,
    reference: '',
  });
  const issueErrors = useIssueErrors();
  const submit = async () => {
    const cents = parseDollarsToCents(values.amount);
    const reference = values.reference.trim();
    const input = { amount_cents: cents, method: values.method, reference };
    const found = issueErrors(refundIssues(input, owed), { amount: formatCents(owed) });
    if (found || cents === null) return setErrors(found ?? {});
    try {
      await run('refund', { amount_cents: cents, method: values.method, reference });
      onDone();
    } catch (err) {
      setErrors(errorsFrom(err, ['amount_cents', 'method', 'reference'], t('failed')));
    }
  };
  return (
    <ActionDialog
      title={t('refund')}
      submit={t('refundSubmit')}
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onDone={onDone}
    >
      <p>{t(limit.textKey, { amount: formatCents(owed) })}</p>
      <RefundAmountField value={values.amount} error={errors.amount_cents} onChange={set('amount')} />
      <FormField label={t('method')} error={errors.method}>
        {(control) => (
          <select {...control} className="input field__input" value={values.method} onChange={set('method')}>
            {REFUND_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`methods.${m}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t('reference')}
        hint={t('referenceHint')}
        error={errors.reference}
        maxLength={200}
        autoComplete="off"
        aria-required="true"
        value={values.reference}
        onChange={set('reference')}
      />
    </ActionDialog>
  );
}
