import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { CouponState } from '../../common/coupon-rules';
import type { Db } from '../db/connection';
import { newestBelow } from '../db/keyset';
import type { CouponsTable, Database } from '../db/schema';
import { containsPattern, lowerLike } from '../db/search';

/** The back office's coupon SQL (docs/decisions/015): the list, one coupon and its uses, and the staff's changes. */

/** A coupon's unique key on `code` (the migration's `unique()`), as each database names it. */
export const COUPON_CODE_UNIQUE = 'coupons.code' as const;

type CouponsEb = ExpressionBuilder<Database, 'coupons'>;

/**
 * The SQL of each state of couponState() (src/common/coupon-rules.ts) at `now`: the first that applies of paused,
 * expired, used up, scheduled, active, so each coupon is in exactly one.
 */
function inState(eb: CouponsEb, state: CouponState, now: string): Expression<SqlBool> {
  const paused = eb('is_active', '=', 0);
  const expired = eb.and([eb('ends_at', 'is not', null), eb('ends_at', '<=', now)]);
  const usedUp = eb.and([eb('usage_limit', 'is not', null), eb('used_count', '>=', eb.ref('usage_limit'))]);
  const scheduled = eb.and([eb('starts_at', 'is not', null), eb('starts_at', '>', now)]);
  switch (state) {
    case 'paused':
      return paused;
    case 'expired':
      return eb.and([eb.not(paused), expired]);
    case 'used_up':
      return eb.and([eb.not(paused), eb.not(expired), usedUp]);
    case 'scheduled':
      return eb.and([eb.not(paused), eb.not(expired), eb.not(usedUp), scheduled]);
    case 'active':
      return eb.and([eb.not(paused), eb.not(expired), eb.not(usedUp), eb.not(scheduled)]);
  }
}

/** Coupons newest first (by id), a keyset page of `limit` below `before`, by code (contains, any case) and state. */
export async function listCoupons(
  db: Db,
  opts: { q?: string; state?: CouponState; now: string; before?: number; limit: number },
) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .$if(!!opts.q, (q) => q.where(lowerLike('code', containsPattern(opts.q!))))
    .$if(opts.state !== undefined, (q) => q.where((eb) => inState(eb, opts.state!, opts.now)))
    .$call(newestBelow('id', opts.before, opts.limit))
    .execute();
}

/** Whether a coupon other than `exceptId` has this code, whatever its case (the shop looks codes up upper-cased). */
export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('coupons')
    .select('id')
    .where(sql<string>`upper(code)`, '=', code.toUpperCase())
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCoupon(db: Db, values: Insertable<CouponsTable>) {
  return db.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Writes a coupon's fields (the row is locked: coupons/repository.ts lockCoupon) and answers it as it is now. */
export async function updateCoupon(db: Db, couponId: number, values: Updateable<CouponsTable>) {
  return db.updateTable('coupons').set(values).where('id', '=', couponId).returningAll().executeTakeFirstOrThrow();
}

/** A coupon's newest uses (its redemptions: placed orders not cancelled), with order and customer. */
export async function latestRedemptions(db: Db, couponId: number, limit: number) {
  return db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.created_at',
      'o.order_no',
      'o.coupon_discount_cents',
      'u.id as user_id',
      'u.email',
      'u.nickname',
    ])
    .where('r.coupon_id', '=', couponId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countRedemptions(db: Db, couponId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select(sql<number>`count(*)`.as('n'))
    .where('coupon_id', '=', couponId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
