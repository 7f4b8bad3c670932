import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { moneyOfOrder } from './refund-repository';

/**
 * What an order's money allows giving back (docs/decisions/013, 040): what was paid minus the refunds recorded —
 * owed back once the order is cancelled, refundable in part or in full while it goes on (a missing item). Read by the
 * back office (the order page, the refund actions) and the customer's order page.
 */

/**
 * What the customer paid: the total once the order was marked paid, or what providers charged (a Telegram payment
 * may arrive after a cancel), whichever is more.
 */
export const paidCents = (order: Pick<Order, 'paid_at' | 'total_cents'>, paymentsCents: number): number =>
  Math.max(order.paid_at ? order.total_cents : 0, paymentsCents);

/** What may still be given back: what was paid minus the refunds recorded (pending or given), whatever the status. */
export const refundableCents = (
  order: Pick<Order, 'paid_at' | 'total_cents'>,
  paymentsCents: number,
  refundedCents: number,
): number => Math.max(0, paidCents(order, paymentsCents) - refundedCents);

/** What a cancelled order still owes back: what was paid minus the refunds recorded; 0 for any other order. */
export function refundOwedCents(
  order: Pick<Order, 'status' | 'paid_at' | 'total_cents'>,
  paymentsCents: number,
  refundedCents: number,
): number {
  return order.status === 'Cancelled' ? refundableCents(order, paymentsCents, refundedCents) : 0;
}

export interface RefundState {
  refundedCents: number;
  /** Owed back (a cancelled order that had been paid); 0 for any other order. */
  owedCents: number;
  /** What may still be refunded, whatever the status. */
  refundableCents: number;
}

/** What was refunded, what is still owed and what may still be refunded. */
export async function refundState(db: Db, order: Order): Promise<RefundState> {
  return refundStateOf(order, await moneyOfOrder(db, order.id));
}

/** `refundState` from the order's payments and refunds as given (an order just placed has none of either). */
export function refundStateOf(order: Order, money: { paymentsCents: number; refundedCents: number }): RefundState {
  return {
    refundedCents: money.refundedCents,
    owedCents: refundOwedCents(order, money.paymentsCents, money.refundedCents),
    refundableCents: refundableCents(order, money.paymentsCents, money.refundedCents),
  };
}
