import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getAgentDownlines = (cursor: string | undefined, signal?: AbortSignal) =>
  api('/v2/get-agent-downlines', { cursor, limit: 20 }, { signal });

/** The agent's downlines, newest first, paged. */
export const useAgentDownlines = () =>
  useInfiniteQuery({
    queryKey: queryKeys.affiliate.downlines,
    queryFn: ({ pageParam, signal }) => getAgentDownlines(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
