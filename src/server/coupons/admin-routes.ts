import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/coupons';
import type { CouponDraft } from '../../common/coupon-rules';
import { route } from '../lib/endpoint';
import * as service from './admin-service';

/** The back office's Coupons paths (permission `coupons`: owner, manager). HTTP only. */
export default async function couponAdminRoutes(app: FastifyInstance) {
  const zone = app.config.SHOP_TIMEZONE;

  /** The contract's fields as the rules take them (a blank minimum spend is none: 0). */
  const draftOf = (input: Omit<CouponDraft, 'min_spend_cents'> & { min_spend_cents?: number }): CouponDraft => ({
    code: input.code,
    kind: input.kind,
    value: input.value,
    min_spend_cents: input.min_spend_cents ?? 0,
    starts_on: input.starts_on ?? null,
    ends_on: input.ends_on ?? null,
    usage_limit: input.usage_limit ?? null,
    per_user_limit: input.per_user_limit ?? null,
  });

  route(app, contract.adminCouponsList, ({ input }) => service.listCoupons(app.db, zone, input));

  route(app, contract.adminCouponGet, ({ input }) => service.getCoupon(app.db, zone, input.id));

  route(app, contract.adminCouponCreate, async ({ input, staff, say }) => {
    const coupon = await service.createCoupon(app.db, staff, zone, draftOf(input));
    say('couponCreated', { code: coupon.code });
    return coupon;
  });

  route(app, contract.adminCouponUpdate, async ({ input, staff, say }) => {
    const coupon = await service.updateCoupon(app.db, staff, zone, input.id, draftOf(input));
    say('couponSaved', { code: coupon.code });
    return coupon;
  });

  route(app, contract.adminCouponPause, async ({ input, staff, say }) => {
    const result = await service.setCouponActive(app.db, staff, zone, input.id, false);
    say(result.changed ? 'couponPaused' : 'couponAlreadyPaused', { code: result.coupon.code });
    return result;
  });

  route(app, contract.adminCouponResume, async ({ input, staff, say }) => {
    const result = await service.setCouponActive(app.db, staff, zone, input.id, true);
    say(result.changed ? 'couponResumed' : 'couponAlreadyActive', { code: result.coupon.code });
    return result;
  });
}
