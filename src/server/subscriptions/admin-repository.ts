import { type Kysely, sql } from 'kysely';
import type { SubscriptionStatus } from '../../common/contract/subscriptions';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import { newestBelow } from '../db/keyset';
import { containsPattern, lowerLike } from '../db/search';

/** Staff's subscription SQL (docs/decisions/013): the back office's list, one row, the cancel; the operator's list. */

/** Subscriptions (`s`) with their customer (`u`), product (`p`) and packaging (`v`): staff's lists of them. */
export function subscriptionsJoined(db: Db) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('product_variants as v', 'v.id', 's.variant_id');
}

function withCustomerAndProduct(db: Db) {
  return subscriptionsJoined(db).select([
    's.id',
    's.user_id',
    's.quantity',
    's.frequency_weeks',
    's.status',
    's.next_due_at',
    's.updated_at',
    'u.nickname',
    'u.email',
    'p.name_en',
    'p.name_zh',
    'v.name_en as variant_name_en',
    'v.name_zh as variant_name_zh',
  ]);
}

export type AdminSubscriptionDbRow = Awaited<ReturnType<typeof findSubscription>> & {};

/** Subscriptions newest first (by id), a keyset page of `limit` below `before` (db/keyset.ts), by status and customer e-mail (contains). */
export async function listSubscriptions(
  db: Db,
  opts: { status?: SubscriptionStatus; email?: string; before?: number; limit: number },
) {
  return withCustomerAndProduct(db)
    .$if(opts.status !== undefined, (q) => q.where('s.status', '=', opts.status!))
    .$if(!!opts.email, (q) => q.where(lowerLike('u.email', containsPattern(opts.email!))))
    .$call(newestBelow('s.id', opts.before, opts.limit))
    .execute();
}

export async function findSubscription(db: Db, subscriptionId: number) {
  return withCustomerAndProduct(db).where('s.id', '=', subscriptionId).executeTakeFirst();
}

/**
 * Reads a subscription's status and next date and locks its row until the transaction ends (PostgreSQL
 * `for update`; SQLite runs one write transaction at a time). A renewal claims its due date by updating this
 * row (orders/repository.ts claimRenewal), so a cancel and a renewal are serialized on it.
 */
export async function lockSubscription(db: Db, subscriptionId: number) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'status', 'next_due_at'])
    .where('id', '=', subscriptionId)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Cancels the subscription if it is active; answers whether this call cancelled it. */
export async function cancelIfActive(db: Db, subscriptionId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', subscriptionId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The operator's list (operator/service.ts): active subscriptions by next delivery, soonest first; then cancelled ones,
 * latest first.
 */
export async function listByNextDelivery(db: Db, opts: { status?: SubscriptionStatus; limit: number }) {
  let q = subscriptionsJoined(db)
    .select([
      's.id',
      's.status',
      'u.email',
      'p.name_en as product',
      'v.name_en as packaging',
      's.quantity',
      's.frequency_weeks',
      's.next_due_at',
      's.updated_at',
    ])
    .orderBy(sql`case when s.status = 'active' then 0 else 1 end`)
    .orderBy(sql`case when s.status = 'active' then s.next_due_at else '' end`)
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id')
    .limit(opts.limit);
  if (opts.status) q = q.where('s.status', '=', opts.status);
  return q.execute();
}
