import type { FastifyInstance } from 'fastify';
import {
  cancelCouponApplication,
  checkoutSummary,
  clearCouponApplications,
  deleteAddress,
  getAddresses,
  getAllPaymentMethod,
  getCashRebateList,
  getShippingFee,
  getStates,
  saveAddress,
  updateOnholdRebateAmount,
  validateCoupon,
} from '../../common/contract/checkout';
import { enforce } from '../accounts/rate-limit';
import { route } from '../lib/endpoint';
import * as repo from './repository';
import * as service from './service';

/**
 * validate-coupon calls per customer: plenty for any checkout, far too few to try coupon codes until one works
 * (each answer says whether a code exists).
 */
export const COUPON_CHECK_LIMITS = { perAccount: 20, windowMinutes: 10 } as const;
export const couponCheckKey = (userId: number): string => `coupon-check:user:${userId}`;

export default async function checkoutRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, getStates, async ({ input, lang }) => service.getStates(db, lang, input.country));

  route(app, getShippingFee, async ({ input }) =>
    service.getShippingFee(db, { stateId: input.state_id, method: input.method, items: input.items }),
  );

  route(app, getAllPaymentMethod, async ({ lang }) => ({
    payment_methods: await service.getPaymentMethods(db, app.config, lang),
  }));

  route(app, getAddresses, async ({ auth, lang }) => ({
    addresses: await service.listAddresses(db, auth.user, lang),
  }));

  route(app, saveAddress, async ({ auth, input, lang, say }) => {
    const address = await service.saveAddress(db, auth.user, input, lang);
    say('addressUpdated');
    return { address };
  });

  route(app, deleteAddress, async ({ auth, input, say }) => {
    await service.deleteAddress(db, auth.user, input.address_id);
    say('addressDeleted');
    return { deleted: true as const };
  });

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

  route(app, updateOnholdRebateAmount, async ({ auth, input }) =>
    service.updateHold(db, auth.user, input.amount_cents),
  );

  route(app, getCashRebateList, async ({ auth, input }) =>
    service.cashRebateList(db, auth.user, { cursor: input.cursor, limit: input.limit }),
  );

  route(app, checkoutSummary, async ({ auth, input, lang }) =>
    service.checkoutSummary(db, auth.user, lang, {
      items: input.items,
      addressId: input.address_id,
      stateId: input.state_id,
      method: input.shipping_method,
      useCoupon: input.use_coupon,
      useCashReward: input.use_cash_reward,
    }),
  );
}
