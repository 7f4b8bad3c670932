import type { FastifyInstance } from 'fastify';
import { adminExchangeApprove, adminExchangeDecline, adminExchangesList } from '../../common/contract/admin/exchanges';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The back office's Exchanges (docs/decisions/020): see (orders.view), approve or decline (exchanges). */
export default async function exchangeAdminRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, adminExchangesList, async ({ input, lang }) =>
    service.listForStaff(db, lang, {
      status: input.status,
      orderId: input.order_id,
      cursor: input.cursor,
      limit: input.limit,
    }),
  );

  const decisions = [
    [adminExchangeApprove, 'approved', 'exchangeApproved'],
    [adminExchangeDecline, 'declined', 'exchangeDeclined'],
  ] as const;
  for (const [def, status, said] of decisions) {
    route(app, def, async ({ input, staff, lang, say }) => {
      const request = await service.decideExchange(app.shop, staff, input.id, { status, answer: input.answer }, lang);
      say(said);
      return { request };
    });
  }
}
