import type { ShippingMethod } from '@common/contract/checkout';
import { currentLang } from '../i18n/i18n';

/**
 * Every react-query key of the client, spelt in one place. A screen that changes data elsewhere invalidates by the
 * prefix (`queryKeys.orders.all`, `queryKeys.product.all`, …) instead of repeating the string. Keys of data that
 * depends on the language carry it, so a language change never shows the other language's cached answer.
 */
export const queryKeys = {
  categories: () => ['categories', currentLang()] as const,
  tags: () => ['tags', currentLang()] as const,
  banners: () => ['banners', currentLang()] as const,
  product: {
    all: ['product'] as const,
    one: (productId: number) => ['product', currentLang(), productId] as const,
  },
  products: {
    all: ['products'] as const,
    list: (filters: object, limit: number) => ['products', currentLang(), filters, limit] as const,
  },
  reviews: {
    ofProduct: (productId: number) => ['reviews', productId] as const,
    page: (productId: number, limit: number) => ['reviews', productId, limit] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: () => ['orders', currentLang()] as const,
  },
  order: {
    all: ['order'] as const,
    one: (orderId: number) => ['order', currentLang(), orderId] as const,
  },
  /** An order's exchange requests (docs/decisions/020). */
  exchanges: {
    all: ['exchanges'] as const,
    ofOrder: (orderId: number) => ['exchanges', currentLang(), orderId] as const,
  },
  paymentMethods: () => ['payment-methods', currentLang()] as const,
  addresses: ['addresses'] as const,
  states: () => ['states', currentLang()] as const,
  checkoutSummary: {
    all: ['checkout-summary'] as const,
    /** `items`: the cart as one string (checkout's itemsKey). */
    one: (items: string, addressId: number | null, method: ShippingMethod) =>
      ['checkout-summary', currentLang(), items, addressId, method] as const,
  },
  shippingFee: (stateId: number | null, method: ShippingMethod, items: string) =>
    ['shipping-fee', stateId, method, items] as const,
  subscriptions: {
    all: ['subscriptions'] as const,
    list: () => ['subscriptions', currentLang()] as const,
  },
  /** The customer's cards saved for Subscribe & save renewals (docs/decisions/040). */
  savedCards: ['saved-cards'] as const,
  /** The logged-in customer's back-in-stock alerts (docs/decisions/018): one product's, and the list. */
  stockAlerts: {
    all: ['stock-alerts'] as const,
    one: (userId: number, productId: number) => ['stock-alerts', userId, productId] as const,
    list: (userId: number) => ['stock-alerts', userId, 'list', currentLang()] as const,
  },
  userDetail: (userId: number | undefined) => ['user-detail', userId] as const,
  /** Whether the shop sends e-mail (login screen: "Forgot password?"). */
  mailOptions: ['mail-options'] as const,
  /** The caller's e-mail address and whether it is confirmed (profile). */
  emailStatus: (userId: number, email: string) => ['email-status', userId, email] as const,
  cashReward: ['cash-reward'] as const,
  affiliate: {
    all: ['affiliate'] as const,
    dashboard: ['affiliate', 'dashboard'] as const,
    visits: ['affiliate', 'visits'] as const,
    payouts: ['affiliate', 'payouts'] as const,
    commissions: (status: string) => ['affiliate', 'commissions', status] as const,
    downlines: ['affiliate', 'downlines'] as const,
  },
  referral: {
    members: ['referral', 'members'] as const,
    link: ['referral', 'link-customer'] as const,
  },
  recordVisit: (code: string) => ['record-visit', code] as const,
  faq: () => ['faq', currentLang()] as const,
  /** An info page by its name (`shipping`, `privacy`, `tnc` or a page slug). */
  infoPage: (page: string) => ['info-page', page, currentLang()] as const,
};
