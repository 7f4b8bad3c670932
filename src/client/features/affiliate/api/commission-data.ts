import type { CommissionStatus } from '@common/contract/referral';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getCommissionData = (
  cursor: string | undefined,
  status: CommissionStatus | undefined,
  signal?: AbortSignal,
) => api('/v2/commission-data', { cursor, status, limit: 20 }, { signal });

/** The agent's commissions (optionally one status), newest first, paged. */
export const useCommissionData = (status?: CommissionStatus) =>
  useInfiniteQuery({
    queryKey: queryKeys.affiliate.commissions(status ?? 'all'),
    queryFn: ({ pageParam, signal }) => getCommissionData(pageParam, status, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
