import type { Permission } from '@common/staff-rules';
import type { ComponentType } from 'react';

/**
 * The back office's screens (docs/decisions/013): path under /admin, the navigation label's key (admin shell
 * strings, locales.ts `nav`), the permission that shows it (the server checks the same on every path), and the
 * page, loaded on demand. Part 2 adds its screens here.
 */
export interface AdminScreen {
  path: string;
  nav?: 'dashboard' | 'orders' | 'customers' | 'affiliates' | 'subscriptions' | 'staff' | 'audit';
  permission?: Permission;
  load: () => Promise<{ default: ComponentType }>;
}

export const ADMIN_SCREENS: AdminScreen[] = [
  { path: '', nav: 'dashboard', permission: 'dashboard', load: () => import('./pages/AdminHomePage') },
];
