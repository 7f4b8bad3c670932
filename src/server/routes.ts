import type { FastifyInstance } from 'fastify';
import accountRoutes from './accounts/routes';
import catalogRoutes from './catalog/routes';
import checkoutRoutes from './checkout/routes';
import infoRoutes from './info/routes';
import orderRoutes from './orders/routes';
import referralRoutes from './referral/routes';
import subscriptionRoutes from './subscriptions/routes';
import telegramRoutes from './telegram/routes';

/** Every domain's routes. Each domain folder owns its routes, repository (SQL) and service. */
export const domainRoutes: Array<(app: FastifyInstance) => Promise<void>> = [
  accountRoutes,
  catalogRoutes,
  checkoutRoutes,
  orderRoutes,
  infoRoutes,
  referralRoutes,
  telegramRoutes,
  subscriptionRoutes,
];
