import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { api } from '@/lib/api/client';

export const getDashboard = (signal?: AbortSignal) => api('/admin/dashboard', {}, { signal });

/** What needs doing now and, for roles with `reports`, the figures; asked again every minute while open. */
export const useDashboard = () =>
  useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
    refetchInterval: 60_000,
  });
