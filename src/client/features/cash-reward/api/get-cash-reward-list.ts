import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getCashRewardList = (cursor: string | undefined, signal?: AbortSignal) =>
  api('/v2/get-cash-rebate-list', { cursor, limit: 20 }, { signal });

/** The caller's cash-reward ledger (newest first, paged) with balance and totals on every page. */
export const useCashRewardList = () =>
  useInfiniteQuery({
    queryKey: queryKeys.cashReward,
    queryFn: ({ pageParam, signal }) => getCashRewardList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
