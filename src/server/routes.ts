import type { FastifyInstance } from 'fastify';
import accountRoutes from './accounts/routes';
import addressRoutes from './addresses/routes';
import cashRewardRoutes from './cash-rewards/routes';
import catalogRoutes from './catalog/routes';
import checkoutRoutes from './checkout/routes';
import couponRoutes from './coupons/routes';
import infoRoutes from './info/routes';
import orderRoutes from './orders/routes';
import referralRoutes from './referral/routes';
import settingsRoutes from './settings/routes';
import staffRoutes from './staff/routes';
import subscriptionRoutes from './subscriptions/routes';
import telegramRoutes from './telegram/routes';

/** Every domain's routes. Each domain folder owns its routes, repository (SQL) and service. */
export const domainRoutes: Array<(app: FastifyInstance) => Promise<void>> = [
  accountRoutes,
  catalogRoutes,
  settingsRoutes,
  addressRoutes,
  couponRoutes,
  cashRewardRoutes,
  checkoutRoutes,
  orderRoutes,
  infoRoutes,
  referralRoutes,
  telegramRoutes,
  subscriptionRoutes,
  // The back office (`/admin/…`, docs/decisions/013): each domain's staff paths.
  staffRoutes,
];
