import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';

/**
 * An order's timeline (docs/decisions/013): what happened to it, who did it, when. Written in the transaction
 * that makes the change, so the timeline never claims something that did not happen.
 */
export type OrderEventKind =
  | 'placed'
  | 'receipt_sent'
  | 'receipt_rejected'
  | 'paid'
  | 'telegram_payment'
  /** Card payments (docs/decisions/040): a payment recorded, one for staff to look at, a refund sent or settled. */
  | 'card_payment'
  | 'card_payment_attention'
  /** Staff marked the payment's flag as handled. */
  | 'payment_attention_cleared'
  | 'card_refund'
  | 'processing'
  | 'tracking'
  | 'completed'
  | 'cancelled'
  | 'expired'
  | 'refund'
  | 'address_changed';

/** Who: 'customer', 'system' (expiry, renewals), 'telegram' (a Telegram payment), 'command line' or a staff e-mail. */
export async function recordOrderEvent(
  db: Db,
  orderId: number,
  kind: OrderEventKind,
  actor: string,
  details?: Record<string, unknown>,
  now: string = nowIso(),
): Promise<number> {
  const row = await db
    .insertInto('order_events')
    .values({ order_id: orderId, kind, actor, details: details ? JSON.stringify(details) : null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function orderEvents(db: Db, orderId: number) {
  return db
    .selectFrom('order_events')
    .select(['id', 'kind', 'actor', 'details', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
