import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { api } from '@/lib/api/client';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const dashboardKeys = {
  all: adminKeys.dashboard,
};

/** What needs doing now and, for roles with `reports`, the figures; asked again every minute while open. */
export const useDashboard = () =>
  useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => api('/admin/dashboard', {}, { signal }),
    refetchInterval: 60_000,
  });
