import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { moneyOfOrder } from './refund-repository';

/**
 * What a cancelled order that had been paid owes back (docs/decisions/013): what was paid minus the refunds
 * recorded. Read by the back office (the order page, the refund action) and the customer's order page.
 */

/**
 * What the customer paid: the total once the order was marked paid, or what providers charged (a Telegram payment
 * may arrive after a cancel), whichever is more.
 */
export const paidCents = (order: Pick<Order, 'paid_at' | 'total_cents'>, paymentsCents: number): number =>
  Math.max(order.paid_at ? order.total_cents : 0, paymentsCents);

/** What a cancelled order still owes back: what was paid minus the refunds recorded; 0 for any other order. */
export function refundOwedCents(
  order: Pick<Order, 'status' | 'paid_at' | 'total_cents'>,
  paymentsCents: number,
  refundedCents: number,
): number {
  if (order.status !== 'Cancelled') return 0;
  return Math.max(0, paidCents(order, paymentsCents) - refundedCents);
}

/** What was refunded, and what is still owed (0 for an order that is not Cancelled). */
export async function refundState(db: Db, order: Order): Promise<{ refundedCents: number; owedCents: number }> {
  // Refunds are only recorded on Cancelled orders (a terminal status): no need to sum anything for the others.
  if (order.status !== 'Cancelled') return { refundedCents: 0, owedCents: 0 };
  const money = await moneyOfOrder(db, order.id);
  return {
    refundedCents: money.refundedCents,
    owedCents: refundOwedCents(order, money.paymentsCents, money.refundedCents),
  };
}
