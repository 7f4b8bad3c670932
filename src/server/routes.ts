import type { FastifyInstance } from 'fastify';
import accountDeletionRoutes from './account-deletion/routes';
import accountRoutes from './accounts/routes';
import addressRoutes from './addresses/routes';
import auditRoutes from './audit/routes';
import cartRoutes from './cart/routes';
import cashRewardRoutes from './cash-rewards/routes';
import productAdminRoutes from './catalog/admin-routes';
import catalogueIoRoutes from './catalog/catalogue-io/routes';
import catalogRoutes from './catalog/routes';
import checkoutRoutes from './checkout/routes';
import clientErrorRoutes from './client-errors/routes';
import couponAdminRoutes from './coupons/admin-routes';
import couponRoutes from './coupons/routes';
import customerAdminRoutes from './customers/admin-routes';
import dashboardRoutes from './dashboard/routes';
import dataExportAdminRoutes from './data-export/admin-routes';
import dataExportRoutes from './data-export/routes';
import exchangeAdminRoutes from './exchanges/admin-routes';
import exchangeRoutes from './exchanges/routes';
import fileRoutes from './files/routes';
import contentAdminRoutes from './info/admin-routes';
import infoRoutes from './info/routes';
import marketingRoutes from './marketing/routes';
import orderActionRoutes from './orders/admin-action-routes';
import orderAdminRoutes from './orders/admin-routes';
import orderRoutes from './orders/routes';
import paymentRoutes from './payments/routes';
import affiliateAdminRoutes from './referral/admin-routes';
import referralRoutes from './referral/routes';
import settingsAdminRoutes from './settings/admin-routes';
import settingsRoutes from './settings/routes';
import shippingAdminRoutes from './shipping/admin-routes';
import shippingRoutes from './shipping/routes';
import staffRoutes from './staff/routes';
import stockRoutes from './stock/routes';
import stockAlertRoutes from './stock-alerts/routes';
import subscriptionAdminRoutes from './subscriptions/admin-routes';
import subscriptionRoutes from './subscriptions/routes';
import systemRoutes from './system/routes';
import telegramRoutes from './telegram/routes';
import webPresenceRoutes from './web-presence/routes';

/** Every domain's routes. Each domain folder owns its routes, repository (SQL) and service. */
export const domainRoutes: Array<(app: FastifyInstance) => Promise<void>> = [
  accountRoutes,
  // Deleting an account, the customer's and the owner's (docs/decisions/050).
  accountDeletionRoutes,
  catalogRoutes,
  settingsRoutes,
  shippingRoutes,
  addressRoutes,
  couponRoutes,
  cashRewardRoutes,
  checkoutRoutes,
  // The cart kept on the server for a logged-in customer (docs/decisions/052).
  cartRoutes,
  orderRoutes,
  exchangeRoutes,
  infoRoutes,
  fileRoutes,
  referralRoutes,
  telegramRoutes,
  // robots.txt and the sitemaps (docs/decisions/047).
  webPresenceRoutes,
  // The card provider's notices (docs/decisions/040).
  paymentRoutes,
  subscriptionRoutes,
  stockAlertRoutes,
  // Errors from shoppers' phones, and the owners' list of them (docs/decisions/045).
  clientErrorRoutes,
  // "Download my data" and its signed links (docs/decisions/051).
  dataExportRoutes,
  // Marketing messages: the profile's switch and the reminders' stop link (docs/decisions/056).
  marketingRoutes,
  // The back office (`/admin/…`, docs/decisions/013): each domain's staff paths.
  staffRoutes,
  affiliateAdminRoutes,
  orderAdminRoutes,
  customerAdminRoutes,
  dataExportAdminRoutes,
  subscriptionAdminRoutes,
  auditRoutes,
  orderActionRoutes,
  dashboardRoutes,
  systemRoutes,
  catalogueIoRoutes,
  productAdminRoutes,
  contentAdminRoutes,
  settingsAdminRoutes,
  shippingAdminRoutes,
  couponAdminRoutes,
  stockRoutes,
  exchangeAdminRoutes,
];
