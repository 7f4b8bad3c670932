import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** The agent's totals, payout eligibility and bank details. */
export const getAffiliateDashboard = (signal?: AbortSignal) => api('/v2/affiliate-dashboard', {}, { signal });

export const useAffiliateDashboard = () =>
  useQuery({ queryKey: queryKeys.affiliate.dashboard, queryFn: ({ signal }) => getAffiliateDashboard(signal) });
