import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/customers';
import { route } from '../lib/endpoint';
import * as service from './admin-service';

/** The back office's Customers paths (permission `customers`). */
export default async function customerAdminRoutes(app: FastifyInstance) {
  route(app, contract.adminCustomersList, async ({ input }) =>
    service.searchCustomers(app.db, { q: input.q, cursor: input.cursor, limit: input.limit }),
  );

  route(app, contract.adminCustomerGet, async ({ input, lang }) => service.customerDetail(app.db, input.id, lang));
}
