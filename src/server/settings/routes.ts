import type { FastifyInstance } from 'fastify';
import { getAllPaymentMethod, getShippingFee, getStates } from '../../common/contract/checkout';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The shop's states (with shipping fees) and payment methods: the checkout's paths that read settings. */
export default async function settingsRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, getStates, async ({ input, lang }) => service.getStates(db, lang, input.country));

  route(app, getShippingFee, async ({ input }) =>
    service.getShippingFee(db, { stateId: input.state_id, method: input.method, items: input.items }),
  );

  route(app, getAllPaymentMethod, async ({ lang }) => ({
    payment_methods: await service.getPaymentMethods(db, app.config, lang, { cardOn: app.shop.payments !== null }),
  }));
}
