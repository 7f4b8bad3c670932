import { type Kysely, sql } from 'kysely';
import { normalizeCouponCode } from '../../common/checkout-rules';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import { nowIso } from '../lib/time';

// Coupons, their application to a customer's checkout and their uses. Every function takes the database
// or a transaction (a Transaction is a Db).

/** A coupon by its code, whatever its case (codes are compared upper-case). */
export async function findCouponByCode(db: Db, code: string) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where(sql<string>`upper(code)`, '=', normalizeCouponCode(code))
    .executeTakeFirst();
}

export async function findCoupon(db: Db, couponId: number) {
  return db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst();
}

/**
 * Reads a coupon and locks its row until the transaction ends (PostgreSQL; SQLite runs one write transaction at a
 * time). Placing an order (`use`) and a staff edit, pause or resume (`edit`, coupons/admin-service.ts) both read the
 * coupon so, and are serialized on its row: whichever commits first, the other sees, so an order's checks see an
 * edit that committed before it, and an edit that comes later waits for the order (and counts its use).
 * `use` takes `for no key update`, the lock the use's conditional update takes anyway; `edit` takes `for update`, as
 * an edit may change the code, a unique key.
 */
export async function lockCoupon(db: Db, couponId: number, mode: 'use' | 'edit' = 'use') {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('id', '=', couponId)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => (mode === 'edit' ? q.forUpdate() : q.forNoKeyUpdate()))
    .executeTakeFirst();
}

/** How many of the user's placed (not cancelled) orders used the coupon. */
export async function countUserRedemptions(db: Db, couponId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select(sql<number>`count(*)`.as('n'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The coupon applied to the user's checkout, if any. */
export async function findCouponApplication(db: Db, userId: number) {
  return db
    .selectFrom('coupon_applications')
    .innerJoin('coupons', 'coupons.id', 'coupon_applications.coupon_id')
    .selectAll('coupons')
    .where('coupon_applications.user_id', '=', userId)
    .executeTakeFirst();
}

/** Applies a coupon to the user's checkout, replacing any other (one application per user). */
export async function upsertCouponApplication(db: Db, userId: number, couponId: number) {
  const now = nowIso();
  await db
    .insertInto('coupon_applications')
    .values({ user_id: userId, coupon_id: couponId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ coupon_id: couponId, created_at: now }))
    .execute();
}

export async function deleteCouponApplications(db: Db, userId: number) {
  await db.deleteFrom('coupon_applications').where('user_id', '=', userId).execute();
}

/**
 * Counts one use of a coupon if it has uses left (a conditional update: concurrent checkouts never
 * push it past its limit). On PostgreSQL this also locks the coupon row until the transaction ends,
 * which serialises the per-user check that follows.
 */
export async function takeCouponUse(db: Db, couponId: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', couponId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a coupon use back (a cancelled order); never below zero. */
export async function returnCouponUse(db: Db, couponId: number) {
  await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('id', '=', couponId)
    .where('used_count', '>', 0)
    .execute();
}

/** Ends the user's coupon application and answers the coupon it named, if any (placing an order). */
export async function takeCouponApplication(db: Db, userId: number) {
  return db.deleteFrom('coupon_applications').where('user_id', '=', userId).returning('coupon_id').executeTakeFirst();
}

/** Records that an order used a coupon (what the per-customer limit counts). */
export async function insertRedemption(
  db: Db,
  redemption: { coupon_id: number; user_id: number; order_id: number; created_at: string },
) {
  await db.insertInto('coupon_redemptions').values(redemption).execute();
}

/** Forgets an order's coupon uses (a cancelled order) and answers the coupons they were of. */
export async function deleteRedemptionsOfOrder(db: Db, orderId: number) {
  return db.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).returning('coupon_id').execute();
}
