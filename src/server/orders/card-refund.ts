import { formatCents } from '../../common/money';
import { cardRefundIssues, refundKind, stateAllows } from '../../common/order-workflow';
import { actorLabel, actorUserId, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import { withRetry } from '../db/errors';
import type { Order } from '../db/schema';
import { conflict, invalidField, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import { cardPaymentToRefund, sendCardRefund } from '../payments/card-refunds';
import { inTransaction, type Shop } from '../shop';
import { actionState, type RefundLeft, refundLeft, refundMoney } from './admin-actions';
import { recordOrderEvent } from './event-repository';
import * as refundRepo from './refund-repository';

/**
 * "Refund to card" (docs/decisions/040): the refund action of a card-paid order gives the money back through the
 * provider. Our refund row is written first (pending, so it counts against what is still owed) with the order's row
 * locked, the way recorded refunds are (admin-actions.ts): two presses at once, on one instance or two, are taken one
 * after the other and the second sees the first, so together they never exceed what was paid. The provider is then
 * asked outside the transaction with the row's id as its idempotency key; its refusal fails the row (nothing given
 * back, refundable again) and is answered 409 with its reason; no answer at all leaves the row pending, and the next
 * press sends that row again before anything new. The refund's later states follow the provider's
 * notices (payments/card-notices.ts).
 */

export interface CardRefundInput {
  amount_cents?: number;
  reason?: string;
}

export interface CardRefundResult extends RefundLeft {
  order: Order;
  refundId: number;
  /** The refund sent: the one asked for, or an earlier one the provider had not confirmed, sent again. */
  amountCents: number;
  resent: boolean;
  providerStatus: string;
}

export async function refundToCard(
  shop: Shop,
  actor: StaffActor,
  orderId: number,
  input: CardRefundInput,
): Promise<CardRefundResult> {
  const [issue] = cardRefundIssues(input);
  if (issue) throw invalidField(issue.field, issue.key, issue.params);
  const recorded = await withRetry(() =>
    inTransaction(shop, (tx) => recordCardRefund(tx, actor, orderId, input.amount_cents!, input.reason!.trim())),
  );
  const sent = await sendCardRefund(shop, {
    refundId: recorded.refundId,
    orderId: recorded.order.id,
    paymentReference: recorded.paymentReference,
    amountCents: recorded.amountCents,
  });
  if (!sent.ok && sent.unconfirmed) {
    throw conflict('refundToCardUnconfirmed', { amount: formatCents(recorded.amountCents) });
  }
  if (!sent.ok) throw conflict('refundToCardRefused', { reason: sent.reason });
  return {
    order: recorded.order,
    refundId: recorded.refundId,
    amountCents: recorded.amountCents,
    resent: recorded.resent,
    providerStatus: sent.status,
    // What is left once this refund counts (it counts while pending or succeeded).
    ...refundLeft(recorded.order, recorded.left),
  };
}

/**
 * In the transaction, with the order's row locked: the refund row to send. An earlier refund the provider never
 * confirmed (it did not answer) is sent again first, as it is, with its own key, so an outage never turns into a
 * second refund; otherwise a new row within what is still owed.
 */
async function recordCardRefund(tx: Shop, actor: StaffActor, orderId: number, amount: number, reason: string) {
  const trx = tx.db;
  const order = await refundRepo.lockOrder(trx, orderId);
  if (!order) throw notFound('orderNotFound');
  if (refundKind(order) !== 'card') throw conflict('refundNotByCard', { orderNo: order.order_no });
  const payment = await cardPaymentToRefund(tx, trx, order.id);
  if (!payment) throw conflict('refundNoCardPayment', { orderNo: order.order_no });
  const money = await refundMoney(trx, order);
  const owed = money.refundableCents;
  const unsent = await refundRepo.findUnsentCardRefund(trx, order.id);
  const base = { order, paymentReference: payment.reference, left: owed };
  if (unsent) return { ...base, refundId: unsent.id, amountCents: unsent.amount_cents, resent: true };
  if (!stateAllows('refund', actionState(order, money))) throw conflict('refundNotOwed', { orderNo: order.order_no });
  if (amount > owed) throw conflict('refundTooMuch', { owed: formatCents(owed) }, 'amount_cents');
  const now = nowIso();
  const refundId = await refundRepo.insertRefund(
    trx,
    {
      orderId: order.id,
      amountCents: amount,
      method: 'card',
      reference: reason,
      recordedBy: actorUserId(actor),
      card: { paymentId: payment.paymentId, provider: tx.payments!.name },
    },
    now,
  );
  const left = owed - amount;
  const refund = { id: refundId, amount_cents: amount, method: 'card', reason };
  await recordOrderEvent(trx, order.id, 'refund', actorLabel(actor), { ...refund, owed_cents: left }, now);
  await recordAudit(
    trx,
    actor,
    {
      action: 'order.refund_to_card',
      entity: 'order',
      entityId: order.id,
      orderNo: order.order_no,
      before: { refundable_cents: owed },
      after: { refundable_cents: left, refund },
    },
    now,
  );
  return { ...base, left, refundId, amountCents: amount, resent: false };
}
