import type { AdminOrderDetail } from '@common/contract/admin/orders';
import { nextOrderAction, ORDER_ACTION_PERMISSION, type OrderAction, refundKind } from '@common/order-workflow';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allows, useStaffMe } from '@/entities/staff/api/use-staff';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import type { MainAction } from '@/lib/ui/admin/AdminPage';
import { FormError } from '@/lib/ui/FormError';
import { useRunOrderAction } from '../api/order-actions';
import { CardRefundForm } from './CardRefundForm';
import { CancelDialog, type OrderForForms, RefundForm, RejectForm, TrackingForm } from './OrderActionForms';
import './order-actions-locales';

/**
 * The order page's actions (docs/decisions/013, 036): the buttons the order's `actions` allow (state and role, computed
 * by the server from the order workflow, src/common/order-workflow.ts, which refuses anything else anyway), with a form
 * for those that need one. After a change: the server's message as a toast, and every admin order query refreshed.
 */

type Order = OrderForForms & Pick<AdminOrderDetail, 'status' | 'actions'> & { payment?: { method: string } };

/** Whether the caller's role allows the action (the server answers `actions` for this role already). */
function useRoleAllows() {
  const me = useStaffMe().data;
  return (action: OrderAction) => !me || allows(me, ORDER_ACTION_PERMISSION[action]);
}

/** The actions taken with one press; the others open their form. */
const DIRECT = ['confirm_payment', 'processing', 'complete', 'clear_attention'] as const;
type Direct = (typeof DIRECT)[number];
const isDirect = (action: OrderAction): action is Direct => (DIRECT as readonly string[]).includes(action);

export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation('admin-order-actions');
  const { run, busy } = useRunOrderAction(order.order_no);
  const roleAllows = useRoleAllows();
  const [open, setOpen] = useState<Exclude<OrderAction, Direct> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const card = useRef<HTMLElement>(null);
  const moveOn = useFocusOnNextStep(card, order.actions);
  const actions = order.actions.filter(roleAllows);
  if (!actions.length) return null;

  const direct = async (action: Direct) => {
    setError(null);
    try {
      await run(action, {});
      moveOn();
    } catch (err) {
      const message = errorText(err, t('failed')) ?? t('failed');
      setError(message);
      notify.error(message);
    }
  };
  const close = () => setOpen(null);
  // Which refund the order gets (order workflow): a card-paid order's goes back to the card.
  const toCard = refundKind({ payment_method: order.payment?.method ?? '' }) === 'card';
  const label = (action: OrderAction) => t(action === 'refund' && toCard ? 'refund_card' : action);

  return (
    <section ref={card} className="admin-card admin-order-actions" aria-labelledby="admin-order-actions-title">
      <h2 id="admin-order-actions-title">{t('heading')}</h2>
      <div className="admin-page__actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'cancel' || action === 'reject_receipt' ? 'btn btn--secondary' : 'btn btn--primary'}
            disabled={busy}
            onClick={() => (isDirect(action) ? direct(action) : setOpen(action))}
          >
            {label(action)}
          </button>
        ))}
      </div>
      <FormError>{error}</FormError>
      {open === 'reject_receipt' && <RejectForm run={run} busy={busy} onDone={close} />}
      {open === 'tracking' && <TrackingForm order={order} run={run} busy={busy} onDone={close} />}
      {open === 'cancel' && <CancelDialog order={order} run={run} busy={busy} onDone={close} />}
      {open === 'refund' &&
        (toCard ? (
          <CardRefundForm order={order} run={run} busy={busy} onDone={close} />
        ) : (
          <RefundForm order={order} run={run} busy={busy} onDone={close} />
        ))}
    </section>
  );
}

/**
 * After a direct action its button is gone (the order moved on): focus, lost on the page, goes to the next step's
 * button once the order's actions have changed, so a keyboard user goes on from where they were
 * (docs/decisions/049). Focus the user moved elsewhere meanwhile stays there.
 */
function useFocusOnNextStep(card: RefObject<HTMLElement | null>, actions: readonly string[]): () => void {
  const now = actions.join();
  // The actions when the button was pressed: focus moves once they are different (the order read again).
  const pressedAt = useRef<string | null>(null);
  useEffect(() => {
    if (pressedAt.current === null || pressedAt.current === now) return;
    pressedAt.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    card.current?.querySelector<HTMLElement>('.admin-page__actions button:not([disabled])')?.focus();
  }, [card, now]);
  return () => {
    pressedAt.current ??= now;
  };
}

/**
 * The next obvious action, for AdminPage's main action (Telegram's MainButton), as the order workflow names it
 * (`nextOrderAction`): only when the order's `actions` include it and the role allows it.
 */
export function useOrderMainAction(
  order: (Order & { payment?: { receipt_waiting: boolean; method: string } }) | undefined,
): MainAction | undefined {
  const { t } = useTranslation('admin-order-actions');
  const { run, busy } = useRunOrderAction(order?.order_no ?? '');
  const roleAllows = useRoleAllows();
  if (!order) return undefined;
  const next = nextOrderAction({
    status: order.status,
    payment_method: order.payment?.method ?? '',
    has_receipt: order.payment?.receipt_waiting === true,
    refund_owed_cents: order.refund_owed_cents,
    refundable_cents: order.refundable_cents,
  });
  if (!next || !isDirect(next) || !order.actions.includes(next) || !roleAllows(next)) return undefined;
  return {
    label: t(next),
    loading: busy,
    disabled: busy,
    onClick: () => {
      run(next, {}).catch((err: unknown) => notify.error(errorText(err, t('failed')) ?? t('failed')));
    },
  };
}
