import type { FastifyInstance } from 'fastify';
import { getAllPaymentMethod } from '../../common/contract/checkout';
import { route } from '../lib/endpoint';
import * as service from './service';

/** The shop's payment methods: the checkout's path that reads settings (the states are shipping/routes.ts). */
export default async function settingsRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, getAllPaymentMethod, async ({ lang }) => ({
    payment_methods: await service.getPaymentMethods(db, app.config, lang, { cardOn: app.shop.payments !== null }),
  }));
}
