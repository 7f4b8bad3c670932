import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getReferralVisitData = (cursor: string | undefined, signal?: AbortSignal) =>
  api('/v2/referral-visit-data', { cursor, limit: 20 }, { signal });

/** The visits of the agent's links, newest first, paged. */
export const useReferralVisitData = () =>
  useInfiniteQuery({
    queryKey: queryKeys.affiliate.visits,
    queryFn: ({ pageParam, signal }) => getReferralVisitData(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
