import {
  ORDER_ACTION_PERMISSION,
  type OrderAction,
  REFUND_METHODS,
  type RefundMethod,
} from '@common/admin-order-actions';
import type { AdminOrderDetail } from '@common/contract/admin/orders';
import { isHttpLink } from '@common/links';
import { formatCents, parseDollarsToCents } from '@common/money';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allows, useStaffMe } from '@/entities/staff/api/use-staff';
import { ApiError, api } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { useMessageMutation } from '@/lib/api/use-message-mutation';
import { notify } from '@/lib/toast';
import type { MainAction } from '@/lib/ui/admin/AdminPage';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormError } from '@/lib/ui/FormError';
import { FormField } from '@/lib/ui/FormField';
import { orderKeys } from '../api';
import './order-actions-locales';

/**
 * The order page's actions (issue 12): the buttons the order's `actions` allow (state and role, computed by the
 * server with src/common/admin-order-actions.ts, which refuses anything else anyway), with a form for those that
 * need one. After a change: the server's message as a toast, and every admin order query refreshed.
 */

type Order = Pick<AdminOrderDetail, 'order_no' | 'status' | 'actions' | 'refund_owed_cents' | 'tracking'>;

const PATHS = {
  confirm_payment: '/admin/orders/confirm-payment',
  reject_receipt: '/admin/orders/reject-receipt',
  processing: '/admin/orders/processing',
  tracking: '/admin/orders/tracking',
  complete: '/admin/orders/complete',
  cancel: '/admin/orders/cancel',
  refund: '/admin/orders/refund',
} as const;

/** What each action sends besides the order number. */
interface Bodies {
  confirm_payment: Record<string, never>;
  reject_receipt: { reason: string };
  processing: Record<string, never>;
  tracking: { company: string; number: string; link?: string };
  complete: Record<string, never>;
  cancel: Record<string, never>;
  refund: { amount_cents: number; method: RefundMethod; reference: string };
}
type Run = <A extends OrderAction>(action: A, body: Bodies[A]) => Promise<void>;

/** Runs one action: toast with the server's message, refresh `['admin', 'orders']`; errors are the caller's. */
function useRunAction(orderNo: string) {
  const mutation = useMessageMutation(
    ({ action, body }: { action: OrderAction; body: object }, onMessage) =>
      // biome-ignore lint/suspicious/noExplicitAny: one call for seven typed paths; each body is typed by `Bodies`
      api(PATHS[action], { order_no: orderNo, ...body } as any, { onMessage }),
    [orderKeys.all],
  );
  const run: Run = async (action, body) => {
    const { message } = await mutation.mutateAsync({ action, body });
    if (message) notify.success(message);
  };
  return { run, busy: mutation.isPending };
}

/** Whether the caller's role allows the action (the server answers `actions` for this role already). */
function useRoleAllows() {
  const me = useStaffMe().data;
  return (action: OrderAction) => !me || allows(me, ORDER_ACTION_PERMISSION[action]);
}

export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation('admin-order-actions');
  const { run, busy } = useRunAction(order.order_no);
  const roleAllows = useRoleAllows();
  const [open, setOpen] = useState<'reject_receipt' | 'tracking' | 'cancel' | 'refund' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = order.actions.filter(roleAllows);
  if (!actions.length) return null;

  const direct = async (action: 'confirm_payment' | 'processing' | 'complete') => {
    setError(null);
    try {
      await run(action, {});
    } catch (err) {
      const message = errorText(err, t('failed')) ?? t('failed');
      setError(message);
      notify.error(message);
    }
  };
  const close = () => setOpen(null);

  return (
    <section className="admin-card admin-order-actions" aria-labelledby="admin-order-actions-title">
      <h2 id="admin-order-actions-title">{t('heading')}</h2>
      <div className="admin-page__actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'cancel' || action === 'reject_receipt' ? 'btn btn--secondary' : 'btn btn--primary'}
            disabled={busy}
            onClick={() =>
              action === 'confirm_payment' || action === 'processing' || action === 'complete'
                ? direct(action)
                : setOpen(action)
            }
          >
            {t(action)}
          </button>
        ))}
      </div>
      <FormError>{error}</FormError>
      {open === 'reject_receipt' && <RejectForm run={run} busy={busy} onDone={close} />}
      {open === 'tracking' && <TrackingForm order={order} run={run} busy={busy} onDone={close} />}
      {open === 'cancel' && <CancelDialog order={order} run={run} busy={busy} onDone={close} />}
      {open === 'refund' && <RefundForm order={order} run={run} busy={busy} onDone={close} />}
    </section>
  );
}

/**
 * The next obvious action, for AdminPage's main action (Telegram's MainButton): a receipt waiting → Confirm
 * payment; Paid → Mark as processing; Processing → Mark as completed; else none. Only when the role allows it.
 */
export function useOrderMainAction(
  order: (Order & { payment?: { receipt_waiting: boolean } }) | undefined,
): MainAction | undefined {
  const { t } = useTranslation('admin-order-actions');
  const { run, busy } = useRunAction(order?.order_no ?? '');
  const roleAllows = useRoleAllows();
  if (!order) return undefined;
  const next: 'confirm_payment' | 'processing' | 'complete' | null =
    order.status === 'Pending' && order.payment?.receipt_waiting
      ? 'confirm_payment'
      : order.status === 'Paid'
        ? 'processing'
        : order.status === 'Processing'
          ? 'complete'
          : null;
  if (!next || !order.actions.includes(next) || !roleAllows(next)) return undefined;
  return {
    label: t(next),
    loading: busy,
    disabled: busy,
    onClick: () => {
      run(next, {}).catch((err: unknown) => notify.error(errorText(err, t('failed')) ?? t('failed')));
    },
  };
}

// ---------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------

interface FormProps {
  run: Run;
  busy: boolean;
  onDone(): void;
}

type Errors = Record<string, string | undefined>;

/** The server's refusal at the fields it names, else as the form's error. */
function errorsFrom(err: unknown, fields: string[], fallback: string): Errors {
  if (err instanceof ApiError) {
    const at = Object.fromEntries(fields.map((f) => [f, err.field(f)]).filter(([, m]) => m));
    if (Object.keys(at).length) return at;
  }
  return { form: errorText(err, fallback) ?? fallback };
}

/** A dialog of the Actions card: while `busy` its confirm button says so; Close leaves the order as it is. */
function ActionDialog({
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

function RejectForm({ run, busy, onDone }: FormProps) {
  const { t } = useTranslation('admin-order-actions');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const submit = async () => {
    if (!reason.trim()) return setErrors({ reason: t('reasonRequired') });
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

function TrackingForm({ order, run, busy, onDone }: FormProps & { order: Order }) {
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
  const submit = async () => {
    const company = values.company.trim();
    const number = values.number.trim();
    const link = values.link.trim();
    const found: Errors = {
      company: company ? undefined : t('companyRequired'),
      number: number ? undefined : t('numberRequired'),
      link: link && !isHttpLink(link) ? t('linkInvalid') : undefined,
    };
    if (found.company || found.number || found.link) return setErrors(found);
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

function CancelDialog({ order, run, busy, onDone }: FormProps & { order: Order }) {
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

function RefundForm({ order, run, busy, onDone }: FormProps & { order: Order }) {
  const { t } = useTranslation('admin-order-actions');
  const owed = order.refund_owed_cents;
  const [values, setValues] = useState({
    amount: (owed / 100).toFixed(2),
    method: 'bank_transfer' as RefundMethod,
    reference: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key === 'amount' ? 'amount_cents' : key]: undefined, form: undefined }));
  };
  const submit = async () => {
    const cents = parseDollarsToCents(values.amount);
    const reference = values.reference.trim();
    const found: Errors = {
      amount_cents:
        cents === null || cents <= 0
          ? t('amountInvalid')
          : cents > owed
            ? t('amountTooMuch', { amount: formatCents(owed) })
            : undefined,
      reference: reference ? undefined : t('referenceRequired'),
    };
    if (found.amount_cents || found.reference || cents === null) return setErrors(found);
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
      <p>{t('owed', { amount: formatCents(owed) })}</p>
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
