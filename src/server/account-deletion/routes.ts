import type { FastifyInstance } from 'fastify';
import { deleteAccount, getAccountDeletion } from '../../common/contract/account-deletion';
import { adminCustomerDelete } from '../../common/contract/admin/customer-deletion';
import { route } from '../lib/endpoint';
import * as service from './service';

/** Deleting an account (docs/decisions/050): the customer's own paths, and the owner's on the customer page. */
export default async function accountDeletionRoutes(app: FastifyInstance) {
  route(app, getAccountDeletion, async ({ auth }) => ({ preview: await service.deletionPreview(app.db, auth.user) }));

  route(app, deleteAccount, async ({ input, auth, say }) => {
    const result = await service.deleteOwnAccount(app.shop, auth.user, input);
    say(result.deleted ? 'accountDeleted' : 'accountDeleteConfirmSent');
    return result;
  });

  route(app, adminCustomerDelete, async ({ input, staff, say }) => {
    await service.deleteCustomerByStaff(app.shop, staff, input);
    say('customerDeleted', { id: input.id });
    return { deleted: true as const, id: input.id };
  });
}
