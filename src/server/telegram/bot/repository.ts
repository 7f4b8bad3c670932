import type { Db } from '../../db/connection';
import { nowIso } from '../../lib/time';
import { telegramVisitorKey } from '../service';

/** The bot's SQL. */

export async function latestOrders(db: Db, userId: number, limit = 5) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'total_cents', 'placed_at'])
    .where('user_id', '=', userId)
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

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
