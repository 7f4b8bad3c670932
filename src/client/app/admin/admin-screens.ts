import type { Permission } from '@common/staff-rules';
import type { ComponentType } from 'react';

/**
 * The back office's screens (docs/decisions/013): path under /admin, the navigation label's key (admin shell
 * strings, locales.ts `nav`), the permission that shows it (the server checks the same on every path), and the
 * page, loaded on demand. Part 2 adds its screens here.
 */
export interface AdminScreen {
  path: string;
  nav?:
    | 'dashboard'
    | 'orders'
    | 'exchanges'
    | 'products'
    | 'customers'
    | 'coupons'
    | 'content'
    | 'affiliates'
    | 'subscriptions'
    | 'staff'
    | 'shipping'
    | 'settings'
    | 'audit'
    | 'system';
  permission?: Permission;
  load: () => Promise<{ default: ComponentType }>;
}

export const ADMIN_SCREENS: AdminScreen[] = [
  {
    path: '',
    nav: 'dashboard',
    permission: 'dashboard',
    load: () => import('@/features/admin-dashboard/pages/DashboardPage'),
  },
  {
    path: 'orders',
    nav: 'orders',
    permission: 'orders.view',
    load: () => import('@/features/admin-orders/pages/OrdersPage'),
  },
  {
    path: 'orders/:orderNo',
    permission: 'orders.view',
    load: () => import('@/features/admin-orders/pages/OrderPage'),
  },
  {
    path: 'orders/:orderNo/slip',
    permission: 'orders.view',
    load: () => import('@/features/admin-orders/pages/PackingSlipPage'),
  },
  // Exchanges (docs/decisions/020): every role that sees orders; approving and declining needs `exchanges`.
  {
    path: 'exchanges',
    nav: 'exchanges',
    permission: 'orders.view',
    load: () => import('@/features/admin-exchanges/pages/ExchangesPage'),
  },
  {
    path: 'customers',
    nav: 'customers',
    permission: 'customers',
    load: () => import('@/features/admin-customers/pages/CustomersPage'),
  },
  {
    path: 'customers/:id',
    permission: 'customers',
    load: () => import('@/features/admin-customers/pages/CustomerPage'),
  },
  {
    path: 'coupons',
    nav: 'coupons',
    permission: 'coupons',
    load: () => import('@/features/admin-coupons/pages/CouponsPage'),
  },
  // New coupon and a coupon's page are one page (no id: New coupon).
  { path: 'coupons/new', permission: 'coupons', load: () => import('@/features/admin-coupons/pages/CouponPage') },
  { path: 'coupons/:id', permission: 'coupons', load: () => import('@/features/admin-coupons/pages/CouponPage') },
  {
    path: 'subscriptions',
    nav: 'subscriptions',
    permission: 'subscriptions',
    load: () => import('@/features/admin-subscriptions/pages/SubscriptionsPage'),
  },
  {
    path: 'affiliates',
    nav: 'affiliates',
    permission: 'affiliates',
    load: () => import('@/features/admin-affiliates/pages/AffiliatesPage'),
  },
  {
    path: 'products',
    nav: 'products',
    permission: 'catalogue',
    load: () => import('@/features/admin-products/pages/ProductsPage'),
  },
  // The catalogue's CSV import and export (linked from the Products list; a static path wins over products/:id).
  {
    path: 'products/import',
    permission: 'catalogue',
    load: () => import('@/features/admin-catalogue-io/pages/CatalogueIoPage'),
  },
  {
    path: 'products/:id',
    permission: 'catalogue',
    load: () => import('@/features/admin-products/pages/ProductPage'),
  },
  { path: 'staff', nav: 'staff', permission: 'staff', load: () => import('@/features/admin-staff/pages/StaffPage') },
  // States, delivery fees and free delivery (docs/decisions/041): owner and manager.
  {
    path: 'shipping',
    nav: 'shipping',
    permission: 'shipping',
    load: () => import('@/features/admin-shipping/pages/ShippingPage'),
  },
  {
    path: 'settings',
    nav: 'settings',
    permission: 'settings',
    load: () => import('@/features/admin-settings/pages/SettingsPage'),
  },
  {
    path: 'content',
    nav: 'content',
    permission: 'content',
    load: () => import('@/features/admin-content/pages/ContentPage'),
  },
  { path: 'audit', nav: 'audit', permission: 'audit', load: () => import('@/features/admin-audit/pages/AuditPage') },
  // Release, instances, database, jobs, outboxes, backups, webhooks (owner); read only when opened.
  {
    path: 'system',
    nav: 'system',
    permission: 'system',
    load: () => import('@/features/admin-system/pages/SystemPage'),
  },
  { path: 'me', load: () => import('@/features/admin-me/pages/MyAlertsPage') },
];
