import type { AdminMeOutput } from '@common/contract/admin/staff';
import type { Permission } from '@common/staff-rules';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/**
 * The back office's react-query keys start with 'admin' (one prefix to drop them all at log-out); each admin
 * feature keeps its own keys under it (`['admin', 'orders', …]`). They are not in lib/api/query-keys.ts so the
 * shop's first load never carries them. The prefixes other features refresh after their own changes are here
 * (features do not import each other): a catalogue change refreshes the dashboard's low-stock count, a new
 * low-stock default in Settings the products' low marks.
 */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  products: ['admin', 'products'] as const,
  dashboard: ['admin', 'dashboard'] as const,
};

/** The staff member using the back office: role and permissions (a customer's call answers 403). */
export function useStaffMe() {
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: ({ signal }) => api('/admin/me', {}, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/** Whether staff member `me` (useStaffMe's data) has `permission` (none: any staff member). The server checks too. */
export function allows(me: Pick<AdminMeOutput, 'permissions'> | undefined, permission?: Permission): boolean {
  return !!me && (permission === undefined || me.permissions.includes(permission));
}
