import type { FastifyInstance } from 'fastify';
import { cancelStockAlert, getStockAlert, getStockAlerts, setStockAlert } from '../../common/contract/stock-alerts';
import { route } from '../lib/endpoint';
import * as service from './service';

/**
 * The customer's back-in-stock alerts (docs/decisions/018): the product page's "Notify me when available", and the
 * list.
 */
export default async function stockAlertRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, getStockAlert, async ({ auth, input }) => ({
    alert: await service.getAlert(db, auth.user.id, input.product_id),
  }));

  route(app, setStockAlert, async ({ auth, input, say }) => {
    const alert = await service.setAlert(db, auth.user.id, input.product_id);
    say('stockAlertSet');
    return { alert };
  });

  route(app, cancelStockAlert, async ({ auth, input, say }) => {
    await service.cancelAlert(db, auth.user.id, input.product_id);
    say('stockAlertCancelled');
    return { alert: null };
  });

  route(app, getStockAlerts, async ({ auth, lang }) => ({
    alerts: await service.listAlerts(db, auth.user.id, lang),
  }));
}
