import { type CouponProblem, couponDiscountCents, couponProblem } from '../../common/checkout-rules';
import type { CouponInfo } from '../../common/contract/checkout';
import { formatCents } from '../../common/money';
import { type CartInput, priceCart, requireItems } from '../cart/service';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { conflict, invalidField } from '../lib/errors';
import { nowIso } from '../lib/time';
import * as repo from './repository';

export type CouponRow = NonNullable<Awaited<ReturnType<typeof repo.findCoupon>>>;

export const couponInfo = (c: CouponRow): CouponInfo => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  min_spend_cents: c.min_spend_cents,
  ends_at: c.ends_at,
});

/** Why the user cannot use this coupon on a cart of `subtotalCents` now, or null. */
export async function checkCoupon(
  db: Db,
  coupon: CouponRow,
  userId: number,
  subtotalCents: number,
): Promise<CouponProblem | null> {
  const userUses = coupon.per_user_limit === null ? 0 : await repo.countUserRedemptions(db, coupon.id, userId);
  return couponProblem(coupon, { nowIso: nowIso(), subtotalCents, userUses, formatAmount: formatCents });
}

/** Checks a coupon against the caller's cart and applies it (replacing any other). */
export async function validateCoupon(db: Db, user: User, input: { code?: string; items?: CartInput[] }) {
  if (!input.code) throw invalidField('code', 'enterCouponCode');
  const items = requireItems(input.items);
  const coupon = await repo.findCouponByCode(db, input.code);
  if (coupon?.is_active !== 1) throw invalidField('code', 'couponNotFound');
  const cart = await priceCart(db, items);
  const problem = await checkCoupon(db, coupon, user.id, cart.subtotalCents);
  if (problem) throw invalidField('code', problem.key, problem.params);
  await repo.upsertCouponApplication(db, user.id, coupon.id);
  return {
    coupon: couponInfo(coupon),
    discount_cents: couponDiscountCents(coupon, cart.subtotalCents),
    subtotal_cents: cart.subtotalCents,
  };
}

/**
 * Placing an order, step 2 (docs/decisions/005): the customer's applied coupon. The application ends with this
 * checkout, used or not (`use` false: the customer took it off). Used: the coupon row is locked first (coupon → user →
 * packagings → products), checked again, its use counted with a conditional update, the customer's uses counted under
 * that lock, and the redemption recorded; refused with 409 at `coupon`. Answers the coupon and its discount, or null.
 */
export async function redeemAppliedCoupon(
  trx: Db,
  order: { userId: number; orderId: number; subtotalCents: number; at: string; use: boolean },
): Promise<{ id: number; code: string; discount: number } | null> {
  const applied = await repo.takeCouponApplication(trx, order.userId);
  if (!applied || !order.use) return null;
  const row = await repo.lockCoupon(trx, applied.coupon_id);
  if (!row) return null;
  const problem = await checkCoupon(trx, row, order.userId, order.subtotalCents);
  if (problem) throw conflict(problem.key, problem.params, 'coupon');
  if (!(await repo.takeCouponUse(trx, row.id))) throw conflict('couponUsedUp', undefined, 'coupon');
  // The coupon row is locked: this count sees every committed use by this customer.
  if (
    row.per_user_limit !== null &&
    (await repo.countUserRedemptions(trx, row.id, order.userId)) >= row.per_user_limit
  ) {
    throw conflict('couponUserLimit', undefined, 'coupon');
  }
  await repo.insertRedemption(trx, {
    coupon_id: row.id,
    user_id: order.userId,
    order_id: order.orderId,
    created_at: order.at,
  });
  return { id: row.id, code: row.code, discount: couponDiscountCents(row, order.subtotalCents) };
}

/** The coupon the customer applied at checkout and has not used yet, if any (the checkout summary). */
export const appliedCoupon = (db: Db, userId: number) => repo.findCouponApplication(db, userId);

/** A cancelled order gives its coupon uses back: its redemptions are forgotten and each coupon's use returned. */
export async function returnOrderCoupons(trx: Db, orderId: number): Promise<void> {
  const redemptions = await repo.deleteRedemptionsOfOrder(trx, orderId);
  for (const r of redemptions) await repo.returnCouponUse(trx, r.coupon_id);
}
