import type { FastifyInstance } from 'fastify';
import { getShippingFee, getStates } from '../../common/contract/checkout';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The shop's delivery states and the fee of a cart (docs/decisions/041). */
export default async function shippingRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, getStates, async ({ input, lang }) => service.getStates(db, lang, input.country));

  route(app, getShippingFee, async ({ input }) =>
    service.getShippingFee(db, { stateId: input.state_id, method: input.method, items: input.items }),
  );
}
