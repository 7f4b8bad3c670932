import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/subscriptions';
import { route } from '../lib/endpoint';
import * as service from './admin-service';

/** The back office's Subscriptions paths (permission `subscriptions`). */
export default async function subscriptionAdminRoutes(app: FastifyInstance) {
  route(app, contract.adminSubscriptionsList, async ({ input, lang }) =>
    service.listSubscriptions(app.db, lang, {
      status: input.status,
      email: input.email,
      cursor: input.cursor,
      limit: input.limit,
    }),
  );

  route(app, contract.adminSubscriptionCancel, async ({ input, lang, staff, say }) => {
    const { changed } = await service.cancelSubscription(app.db, staff, input.id);
    say('subscriptionCancelled');
    return { subscription: await service.subscriptionRow(app.db, input.id, lang), changed };
  });
}
