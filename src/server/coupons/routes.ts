import type { FastifyInstance } from 'fastify';
import { cancelCouponApplication, clearCouponApplications, validateCoupon } from '../../common/contract/checkout';
import { route } from '../lib/endpoint';
import { enforce } from '../rate-limits/rate-limit';
import * as repo from './repository';
import * as service from './service';

/**
 * validate-coupon calls per customer: plenty for any checkout, far too few to try coupon codes until one works
 * (each answer says whether a code exists).
 */
export const COUPON_CHECK_LIMITS = { perAccount: 20, windowMinutes: 10 } as const;
export const couponCheckKey = (userId: number): string => `coupon-check:user:${userId}`;

/** Applying and removing a coupon at checkout. */
export default async function couponRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, validateCoupon, async ({ auth, input, say }) => {
    const { perAccount: max, windowMinutes } = COUPON_CHECK_LIMITS;
    await enforce(db, [{ key: couponCheckKey(auth.user.id), max, windowMinutes }]);
    const result = await service.validateCoupon(db, auth.user, { code: input.code, items: input.items });
    say('couponApplied');
    return result;
  });

  route(app, cancelCouponApplication, async ({ auth, say }) => {
    await repo.deleteCouponApplications(db, auth.user.id);
    say('couponRemoved');
    return { cleared: true as const };
  });

  route(app, clearCouponApplications, async ({ auth }) => {
    await repo.deleteCouponApplications(db, auth.user.id);
    return { cleared: true as const };
  });
}
