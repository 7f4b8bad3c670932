import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';

/**
 * The bot's outbox (decisions.md §8: a status change reaches a linked customer through the bot).
 * The orders code writes a row here inside the same transaction as the change it reports, so a
 * notice exists exactly when the change committed; the bot's sender delivers and marks it sent.
 */

/** What happened to the order: 'placed', each status it moved to, and the other customer-visible changes. */
export const ORDER_NOTIFICATION_KINDS = [
  'placed',
  'paid',
  'processing',
  'completed',
  'cancelled',
  /** Cancelled by the server because nothing was paid in time (orders/expiry.ts). */
  'expired',
  'tracking',
  'address_changed',
] as const;
export type OrderNotificationKind = (typeof ORDER_NOTIFICATION_KINDS)[number];

/** Queues one order notice for the order's customer. Call it with the transaction of the change. */
export async function enqueueOrderNotification(
  db: Db,
  notice: { userId: number; orderId: number; kind: OrderNotificationKind },
  now: string = nowIso(),
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: notice.userId, order_id: notice.orderId, kind: notice.kind, created_at: now })
    .execute();
}
