import type { Db } from '../../db/connection';
import { nowIso } from '../../lib/time';
import { telegramVisitorKey } from '../service';

/** The bot's SQL. */

/** Where a user's order news goes: their linked Telegram user, and whether they want order news at all. */
export async function orderNewsTarget(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['telegram_user_id', 'notify_orders'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Referral codes are stored upper-case; a start parameter may hold only A-Z, a-z, 0-9, _ and -. */
export function referralCodeOf(startParam: string | undefined): string | undefined {
  const code = startParam?.trim();
  return code && /^[A-Za-z0-9_-]{1,32}$/.test(code) ? code.toUpperCase() : undefined;
}

/**
 * Records a visit of a referral link through the bot (`/start CODE`), like a visit of `/{code}`:
 * link `/{code}`, origin `telegram`, the visitor being the Telegram user. Counted once per visitor,
 * code owner and day (the unique index of referral_visits). A user's own code is not a visit.
 * Returns whether a visit was recorded.
 */
export async function recordBotReferralVisit(
  db: Db,
  code: string,
  telegramUserId: string,
  visitorUserId: number | undefined,
): Promise<boolean> {
  const owner = await db.selectFrom('users').select('id').where('referral_code', '=', code).executeTakeFirst();
  if (!owner || owner.id === visitorUserId) return false;
  const result = await db
    .insertInto('referral_visits')
    .values({
      referrer_id: owner.id,
      link: `/${code}`,
      origin: 'telegram',
      visitor_key: telegramVisitorKey(telegramUserId),
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

// ---------------------------------------------------------------------------
// Staff: alerts (staff-alerts.ts), the "Confirm payment" button and /admin
// ---------------------------------------------------------------------------

/** The account linked to a Telegram user, with its staff role (null for a customer). */
export async function staffByTelegramId(db: Db, telegramUserId: string) {
  return db
    .selectFrom('users')
    .leftJoin('staff', 'staff.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.language', 'staff.role'])
    .where('users.telegram_user_id', '=', telegramUserId)
    .executeTakeFirst();
}

/** An order's number and status. */
export async function orderState(db: Db, orderId: number) {
  return db.selectFrom('orders').select(['id', 'order_no', 'status']).where('id', '=', orderId).executeTakeFirst();
}

/** What a staff alert about an order says: the order, its customer, its payment method's names and its lines. */
export async function staffOrderAlert(db: Db, orderId: number) {
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('payment_methods as pm', 'pm.code', 'o.payment_method')
    .selectAll('o')
    .select(['u.email', 'pm.name_en as method_en', 'pm.name_zh as method_zh'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await db
    .selectFrom('order_items')
    .select(['name_en', 'name_zh', 'variant_name_en', 'variant_name_zh', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return { ...order, items };
}

/** A payout request with its agent, for the staff alert. */
export async function payoutAlert(db: Db, payoutId: number) {
  return db
    .selectFrom('payout_requests as p')
    .innerJoin('users as u', 'u.id', 'p.agent_id')
    .select(['p.id', 'p.amount_cents', 'p.paid_at', 'u.nickname', 'u.email'])
    .where('p.id', '=', payoutId)
    .executeTakeFirst();
}
