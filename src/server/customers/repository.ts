import type { Db } from '../db/connection';
import { newestBelow } from '../db/keyset';
import { containsPattern, lowerLike } from '../db/search';

/** The back office's customer screens' SQL (docs/decisions/013): search, and one customer's page. */

/**
 * Customers newest first (by id), a keyset page of `limit` below `before` (db/keyset.ts); `q` matches nickname, e-mail or phone
 * (contains, any case). Each with how many orders they placed.
 */
export async function searchCustomers(db: Db, opts: { q?: string; before?: number; limit: number }) {
  const pattern = opts.q ? containsPattern(opts.q) : null;
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.nickname',
      'u.email',
      'u.phone',
      'u.created_at',
      'u.cash_balance_cents',
      'u.is_agent',
      'u.telegram_user_id',
    ])
    .select((eb) =>
      eb
        .selectFrom('orders as o')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('o.user_id', '=', 'u.id')
        .as('orders_count'),
    )
    .$if(pattern !== null, (q) =>
      q.where((eb) =>
        eb.or([lowerLike('u.nickname', pattern!), lowerLike('u.email', pattern!), lowerLike('u.phone', pattern!)]),
      ),
    )
    .$call(newestBelow('u.id', opts.before, opts.limit))
    .execute();
}

export async function findCustomer(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'nickname',
      'email',
      'phone',
      'language',
      'created_at',
      'is_agent',
      'commission_rate_bp',
      'referral_code',
      'telegram_user_id',
      'telegram_username',
      'telegram_name',
      'cash_balance_cents',
      'upline_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function countOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The customer's latest cash-reward ledger entries, with their order's number. */
export async function latestCashRewards(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('cash_rewards as c')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.id', 'c.type', 'c.amount_cents', 'c.balance_after_cents', 'c.created_at', 'o.order_no'])
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findPerson(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'nickname', 'email']).where('id', '=', userId).executeTakeFirst();
}

export async function countDownlines(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('upline_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The members who joined under the customer, latest first (index users_upline_idx). */
export async function latestDownlines(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'nickname', 'email', 'created_at'])
    .where('upline_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The customer's subscriptions with their product and packaging names (active first, then newest). */
export async function customerSubscriptions(db: Db, userId: number) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('product_variants as v', 'v.id', 's.variant_id')
    .select([
      's.id',
      's.quantity',
      's.frequency_weeks',
      's.status',
      's.next_due_at',
      'p.name_en',
      'p.name_zh',
      'v.name_en as variant_name_en',
      'v.name_zh as variant_name_zh',
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.status')
    .orderBy('s.id', 'desc')
    .execute();
}
