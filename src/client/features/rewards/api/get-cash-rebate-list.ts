import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const getCashRebateList = (cursor: string | undefined, signal?: AbortSignal) =>
  api('/v2/get-cash-rebate-list', { cursor, limit: 20 }, { signal });

/** The caller's cash-reward ledger (newest first, paged) with balance and totals on every page. */
export const useCashRebateList = () =>
  useInfiniteQuery({
    queryKey: ['cash-rewards'],
    queryFn: ({ pageParam, signal }) => getCashRebateList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
