import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getPayoutRequests = (cursor: string | undefined, signal?: AbortSignal) =>
  api('/v2/get-payout-requests', { cursor, limit: 20 }, { signal });

/** The agent's payout requests, newest first, paged, with whether a new one may be requested. */
export const usePayoutRequests = () =>
  useInfiniteQuery({
    queryKey: queryKeys.affiliate.payouts,
    queryFn: ({ pageParam, signal }) => getPayoutRequests(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
