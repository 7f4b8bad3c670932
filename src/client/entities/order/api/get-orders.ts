import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getOrders = (cursor: string | undefined, signal?: AbortSignal) =>
  api('/v1/get-orders', { cursor, limit: 20 }, { signal });

/** The caller's orders, newest first; `fetchNextPage` reads the next page (keyset cursor). */
export const useOrders = (enabled = true) =>
  useInfiniteQuery({
    queryKey: queryKeys.orders.list(),
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
