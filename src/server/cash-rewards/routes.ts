import type { FastifyInstance } from 'fastify';
import { getCashRebateList, updateOnholdRebateAmount } from '../../common/contract/checkout';
import { route } from '../lib/endpoint';
import * as service from './service';

/**
 * The customer's cash reward: the amount held for the next order and the ledger (the path /v2/get-cash-rebate-list
 * keeps the older word "rebate", docs/decisions/009).
 */
export default async function cashRewardRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, updateOnholdRebateAmount, async ({ auth, input }) =>
    service.updateHold(db, auth.user, input.amount_cents),
  );

  route(app, getCashRebateList, async ({ auth, input }) =>
    service.listCashRewards(db, auth.user, { cursor: input.cursor, limit: input.limit }),
  );
}
