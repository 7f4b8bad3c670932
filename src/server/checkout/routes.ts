import type { FastifyInstance } from 'fastify';
import { checkoutSummary } from '../../common/contract/checkout';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The checkout summary; the other checkout paths live with their domains (settings, addresses, coupons, cash-rewards). */
export default async function checkoutRoutes(app: FastifyInstance) {
  const db = app.db;

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
