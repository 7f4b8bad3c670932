import type { FastifyInstance } from 'fastify';
import { adminOrderGet, adminOrdersExport, adminOrdersList } from '../../common/contract/admin/orders';
import { fileRoute, route } from '../lib/endpoint';
import * as service from './admin-read-service';

/** The back office's order reads: the list, its CSV export and one order's page (the actions: admin-action-routes.ts). */
export default async function orderAdminRoutes(app: FastifyInstance) {
  route(app, adminOrdersList, async ({ input, staff }) =>
    service.listOrders(app.db, input, app.config.SHOP_TIMEZONE, staff.role),
  );

  fileRoute(app, adminOrdersExport, async ({ input, staff }) => ({
    contentType: 'text/csv; charset=utf-8',
    filename: service.exportFileName(),
    body: service.exportOrdersCsv(app.db, input, app.config.SHOP_TIMEZONE, staff.role),
  }));

  route(app, adminOrderGet, async ({ input, staff }) => ({
    order: await service.getOrder(app.db, input.order_no, staff.role),
  }));
}
