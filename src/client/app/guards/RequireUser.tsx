import type { UserInfo } from '@common/contract/accounts';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@/stores/session-store';

export interface UserGuard {
  /** The return path keeps the query too (encoded whole): /order?id=5 comes back to the same order. */
  keepSearch?: boolean;
  /** Which users may see the page (e.g. a role check); the others go to `otherwise`. */
  allow?: (user: UserInfo) => boolean;
  otherwise?: string;
}

/**
 * The router's guard for pages that need a user (docs/product.md §3): a guest goes to /login with the page as
 * `redirect` (the log-in comes back to it). The user is read from storage at start-up, so there is no loading state:
 * the page or the redirect shows at once. `allow` narrows it further (agents only, and next staff roles); a user who is
 * not allowed goes to `otherwise`. Used as a layout route (renders the matched child) or around `children`.
 */
export function RequireUser({
  keepSearch = false,
  allow,
  otherwise = '/',
  children,
}: UserGuard & { children?: ReactNode }) {
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (!user) {
    const back = keepSearch ? encodeURIComponent(`${location.pathname}${location.search}`) : location.pathname;
    return <Navigate to={`/login?redirect=${back}`} replace />;
  }
  if (allow && !allow(user)) return <Navigate to={otherwise} replace />;
  return children ?? <Outlet />;
}

/** The guard of each page that needs a user, by route path (the router and the page tests use the same). */
export const USER_PAGES = {
  checkout: {},
  order: { keepSearch: true },
  profile: {},
  cashReward: {},
  subscriptions: {},
  // Agents have the affiliate dashboard; everyone else the referral page (docs/product.md §3).
  affiliate: { allow: (user) => user.is_agent === 1, otherwise: '/referral' },
  referral: { allow: (user) => user.is_agent !== 1, otherwise: '/affiliate' },
} satisfies Record<string, UserGuard>;
