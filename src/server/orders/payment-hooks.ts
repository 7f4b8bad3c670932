import { formatCents } from '../../common/money';
import type { PaymentAttention } from '../../common/order-workflow';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { enqueueStaffAlert } from '../notifications/staff-alerts';
import type { MailTx } from '../shop';
import { recordOrderEvent } from './event-repository';
import { notifyOrder } from './notify';
import { refundCard } from './refund-repository';
import * as repo from './repository';

/**
 * What the payments domain (src/server/payments, docs/decisions/040) needs of an order besides its status changes
 * (./status.ts): the order itself, a line on its timeline, a flag for staff when its money needs a person, and the
 * customer's notice of a refund the provider gave back to the card.
 */

/** The actor card payments write on the order's timeline. */
export const CARD_ACTOR = 'card';

export const findOrderForPayment = (db: Db, orderId: number): Promise<Order | undefined> => repo.findOrder(db, orderId);

/** A card payment's line on the order's timeline (a payment recorded, a refund sent or settled). */
export async function notePayment(
  db: Db,
  orderId: number,
  kind: 'card_payment' | 'card_refund',
  details: Record<string, unknown>,
): Promise<void> {
  await recordOrderEvent(db, orderId, kind, CARD_ACTOR, details);
}

/**
 * Flags the order for staff (orders.payment_attention, shown with the order and on the dashboard) and says why on its
 * timeline: a payment whose amount differs, a dispute, a payment for an order no longer payable, a refund that failed.
 * When the flag changes now, staff with the money permission are alerted by the bot, through the notifications outbox
 * (one row each, sent once): the flag's conditional update lets one of two instances setting it at once do so.
 */
export async function flagPaymentAttention(
  db: Db,
  orderId: number,
  attention: PaymentAttention,
  details: Record<string, unknown>,
): Promise<void> {
  const changed = await repo.setPaymentAttention(db, orderId, attention);
  await recordOrderEvent(db, orderId, 'card_payment_attention', CARD_ACTOR, { attention, ...details });
  if (changed) await enqueueStaffAlert(db, 'staff_payment_attention', { orderId });
}

/**
 * The provider gave a refund back to the card: the customer gets the notice of a recorded refund (bot and e-mail,
 * orders/notify.ts), naming the amount and the card as the provider reported it when it was paid ("to your card
 * Visa •••• 4242"), nothing more of it. Call it in the transaction that moved the refund to succeeded: that
 * conditional change happens once (payments/card-refunds.ts), so the notice is queued once, whichever of the
 * provider's answer, its notice or the reconciliation's read-back came first.
 */
export async function notifyCardRefunded(
  tx: MailTx,
  refund: { orderId: number; refundId: number; amountCents: number },
): Promise<void> {
  const order = await repo.findOrder(tx.db, refund.orderId);
  if (!order) return;
  const card = await refundCard(tx.db, refund.refundId);
  const amount = formatCents(refund.amountCents);
  await notifyOrder(tx, {
    userId: order.user_id,
    orderId: order.id,
    kind: 'refund_recorded',
    params: { amount, method: 'card', ...(card ? { card_brand: card.brand, card_last4: card.last4 } : {}) },
    mail: { amountCents: refund.amountCents, method: 'card', ...(card ? { card } : {}) },
    eventId: refund.refundId,
    order,
  });
}
