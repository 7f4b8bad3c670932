import { formatCents } from '../../common/money';
import {
  actionAnswer,
  ORDER_ACTION_RULES,
  type OrderAction,
  type OrderActionState,
  type RefundMethod,
  refundIssues,
  rejectReceiptIssues,
  stateAllows,
} from '../../common/order-workflow';
import { actorLabel, actorUserId, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import type { Order } from '../db/schema';
import { conflict, invalidField, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import { closeAfterCancel } from '../payments/card-sessions';
import { inTransaction, type Shop } from '../shop';
import { recordOrderEvent } from './event-repository';
import { notifyOrder } from './notify';
import * as receiptRepo from './receipt-repository';
import * as refundRepo from './refund-repository';
import { type RefundState, refundState } from './refunds';
import * as repo from './repository';
import { changeOrderStatus, setTracking } from './status';

/**
 * What staff do to an order (docs/decisions/013, 036): from the back office, the bot's staff buttons (`via: 'bot'`)
 * and the command line (CLI_ACTOR). Each action is refused (409) where the order workflow does not allow it
 * (src/common/order-workflow.ts: the rule the order page's buttons follow), and each is ONE transaction with
 * conditional updates in the lock order of placing an order (docs/decisions/005), writing the audit log and the
 * order's timeline in that transaction. Roles are checked by the caller (the route, the bot's button handler).
 */

export interface ActionResult {
  order: Order;
  /** False when the order already was in the asked status (a repeated request): nothing was done. */
  changed: boolean;
}

/** What an order's money allows giving back (owed when cancelled, refundable otherwise), read from the database. */
export const refundMoney = (db: Db, order: Order): Promise<RefundState> => refundState(db, order);

/** What a cancelled order that had been paid still owes back (0 for any other order), read from the database. */
export const owedBack = async (db: Db, order: Order): Promise<number> => (await refundState(db, order)).owedCents;

type ActionStateFields = Pick<Order, 'status' | 'payment_method' | 'receipt_path' | 'receipt_rejected_at'> &
  Partial<Pick<Order, 'payment_attention'>>;

/** A transfer receipt waits to be checked: a Pending bank-transfer order whose receipt was sent and not rejected. */
export const receiptWaiting = (order: ActionStateFields): boolean =>
  order.status === 'Pending' &&
  order.payment_method === 'bank_transfer' &&
  order.receipt_path !== null &&
  order.receipt_rejected_at === null;

/** The state `stateAllows` reads (`money`: what the order owes back and may refund, from refunds.ts). */
export const actionState = (
  order: ActionStateFields,
  money: Pick<RefundState, 'owedCents' | 'refundableCents'> = { owedCents: 0, refundableCents: 0 },
): OrderActionState => ({
  status: order.status,
  payment_method: order.payment_method,
  has_receipt: receiptWaiting(order),
  refund_owed_cents: money.owedCents,
  refundable_cents: money.refundableCents,
  payment_attention: order.payment_attention ?? null,
});

async function findOrder(db: Db, orderId: number): Promise<Order> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw notFound('orderNotFound');
  return order;
}

const notNow = (order: Order) => conflict('orderActionNotAllowed', { orderNo: order.order_no, status: order.status });

/**
 * A status move: refused when the state does not allow the action; asking for the status the order already has
 * changes nothing (`changed: false`). The move itself (orders/status.ts) re-checks the status in its conditional
 * update, so of concurrent changes one wins and the others are refused or see it done.
 */
async function moveTo(shop: Shop, actor: StaffActor, orderId: number, action: OrderAction) {
  const { db } = shop;
  const to = ORDER_ACTION_RULES[action].moveTo;
  if (!to) throw new Error(`${action} moves no order`);
  const order = await findOrder(db, orderId);
  if (actionAnswer(action, actionState(order)) === 'refused') {
    // The payment method never changes: this refusal holds whatever happens meanwhile.
    if (action === 'confirm_payment' && order.status === 'Pending') throw conflict('orderConfirmNotTransfer');
    throw conflict('illegalTransition', { from: order.status, to });
  }
  return changeOrderStatus(shop, order.id, to, actor);
}

/** A bank transfer checked (with or without a receipt): Pending → Paid. Also the bot's "Confirm payment". */
export const confirmPayment = (shop: Shop, actor: StaffActor, orderId: number): Promise<ActionResult> =>
  moveTo(shop, actor, orderId, 'confirm_payment');

/** Being packed: Paid → Processing. */
export const markProcessing = (shop: Shop, actor: StaffActor, orderId: number): Promise<ActionResult> =>
  moveTo(shop, actor, orderId, 'processing');

/** Delivered: Processing → Completed (earns the customer's cash reward, confirms commissions). */
export const completeOrder = (shop: Shop, actor: StaffActor, orderId: number): Promise<ActionResult> =>
  moveTo(shop, actor, orderId, 'complete');

/** Pending or Paid → Cancelled: stock, coupon use and cash reward come back (once, whatever the concurrency). */
export async function cancelOrder(shop: Shop, actor: StaffActor, orderId: number): Promise<ActionResult> {
  const result = await moveTo(shop, actor, orderId, 'cancel');
  // A card order's hosted page closes with it (payments/card-sessions.ts).
  if (result.changed) await closeAfterCancel(shop, result.order);
  return result;
}

/** Shipping company, tracking number and (http/https) link of a Paid, Processing or Completed order. */
export async function saveTracking(
  shop: Shop,
  actor: StaffActor,
  orderId: number,
  tracking: { company?: string | null; number?: string | null; link?: string | null },
): Promise<ActionResult> {
  return { order: await setTracking(shop, orderId, tracking, actor), changed: true };
}

/**
 * Refuses the receipt waiting on a Pending bank-transfer order, with a reason the customer sees (order page and
 * bot). The receipt and reference are cleared so the customer can submit new ones through submit-payment (the
 * old file is kept; its path is on the timeline); a new receipt clears the rejection. The order is unpaid again,
 * so the unpaid-order expiry treats it like any order awaiting payment.
 */
export async function rejectReceipt(
  shop: Shop,
  actor: StaffActor,
  orderId: number,
  reason: string | undefined,
): Promise<ActionResult> {
  const [issue] = rejectReceiptIssues({ reason });
  if (issue) throw invalidField(issue.field, issue.key);
  const text = reason!.trim();
  return withRetry(() =>
    inTransaction(shop, async (tx) => {
      const trx = tx.db;
      const order = await findOrder(trx, orderId);
      const refusal = (o: Order) =>
        o.status === 'Pending' ? conflict('receiptNothingToReject', { orderNo: o.order_no }) : notNow(o);
      if (!stateAllows('reject_receipt', actionState(order)) || !order.receipt_path) throw refusal(order);
      const now = nowIso();
      // Conditional: a confirm, a cancel or another rejection committed in between writes nothing here.
      if (!(await receiptRepo.rejectReceipt(trx, order.id, order.receipt_path, text, now))) {
        throw refusal(await findOrder(trx, order.id));
      }
      const eventId = await recordOrderEvent(
        trx,
        order.id,
        'receipt_rejected',
        actorLabel(actor),
        { reason: text, receipt_path: order.receipt_path, payment_reference: order.payment_reference },
        now,
      );
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.reject_receipt',
          entity: 'order',
          entityId: order.id,
          orderNo: order.order_no,
          before: {
            receipt_path: order.receipt_path,
            payment_reference: order.payment_reference,
            receipt_rejected_reason: order.receipt_rejected_reason,
          },
          after: { receipt_path: null, payment_reference: null, receipt_rejected_reason: text },
        },
        now,
      );
      await notifyOrder(
        tx,
        {
          userId: order.user_id,
          orderId: order.id,
          kind: 'receipt_rejected',
          params: { reason: text },
          mail: { reason: text },
          eventId,
        },
        now,
      );
      return { order: await findOrder(trx, order.id), changed: true };
    }),
  );
}

/** What is left after a refund: refundable, and owed (the same on a cancelled order, 0 on one that goes on). */
export interface RefundLeft {
  refundOwedCents: number;
  refundableCents: number;
}

export const refundLeft = (order: Pick<Order, 'status'>, refundable: number): RefundLeft => ({
  refundOwedCents: order.status === 'Cancelled' ? refundable : 0,
  refundableCents: refundable,
});

export interface RefundInput {
  amount_cents?: number;
  method?: string;
  reference?: string;
}

/**
 * Records money given back on an order that was paid — owed on a cancelled one, part of it (a missing item) on one
 * that goes on: more than 0 and at most what is still refundable (what was paid minus the refunds so far). The
 * order's row is locked first, so concurrent refunds are recorded one after the other and can never together exceed
 * what was paid.
 */
export async function recordRefund(
  shop: Shop,
  actor: StaffActor,
  orderId: number,
  input: RefundInput,
): Promise<ActionResult & RefundLeft & { refundId: number }> {
  // The form's own checks first (422); what is still owed is checked with the order's row locked (409).
  const [issue] = refundIssues(input);
  if (issue) throw invalidField(issue.field, issue.key, issue.params);
  const amount = input.amount_cents!;
  const method = input.method as RefundMethod;
  const reference = input.reference!.trim();
  const recorded = await withRetry(() =>
    inTransaction(shop, async (tx) => {
      const trx = tx.db;
      // The row as locked: no other refund of this order can be recorded until this transaction ends.
      const order = await refundRepo.lockOrder(trx, orderId);
      if (!order) throw notFound('orderNotFound');
      const money = await refundMoney(trx, order);
      const owed = money.refundableCents;
      if (!stateAllows('refund', actionState(order, money))) {
        throw conflict('refundNotOwed', { orderNo: order.order_no });
      }
      if (amount > owed) throw conflict('refundTooMuch', { owed: formatCents(owed) }, 'amount_cents');
      const now = nowIso();
      const refundId = await refundRepo.insertRefund(
        trx,
        { orderId: order.id, amountCents: amount, method, reference, recordedBy: actorUserId(actor) },
        now,
      );
      const left = owed - amount;
      await recordOrderEvent(
        trx,
        order.id,
        'refund',
        actorLabel(actor),
        { refund_id: refundId, amount_cents: amount, method, reference, owed_cents: left },
        now,
      );
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.refund',
          entity: 'order',
          entityId: order.id,
          orderNo: order.order_no,
          before: { refundable_cents: owed },
          after: { refundable_cents: left, refund: { id: refundId, amount_cents: amount, method, reference } },
        },
        now,
      );
      await notifyOrder(
        tx,
        {
          userId: order.user_id,
          orderId: order.id,
          kind: 'refund_recorded',
          params: { amount: formatCents(amount), method },
          mail: { amountCents: amount, method },
          eventId: refundId,
        },
        now,
      );
      return { order, changed: true, ...refundLeft(order, left), refundId };
    }),
  );
  shop.metrics.refund('manual', 'recorded');
  return recorded;
}
