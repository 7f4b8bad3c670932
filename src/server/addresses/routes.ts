import type { FastifyInstance } from 'fastify';
import { deleteAddress, getAddresses, saveAddress } from '../../common/contract/checkout';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The customer's delivery addresses (paths get-addresses, save-address, delete-address; docs/product.md section 5). */
export default async function addressRoutes(app: FastifyInstance) {
  const db = app.db;

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
}
