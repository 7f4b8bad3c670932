import type { ApiInput, ApiPath } from '@common/contract/api-map';
import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** The cursor a paged path takes (`cursor` in its request, `next_cursor` in its answer). */
type CursorOf<P extends ApiPath> = ApiInput<P> extends { cursor?: infer C } ? Exclude<C, undefined> : never;

/**
 * A list read a page at a time from `path` with `filters` ("Load more"): each answer names the next page in
 * `next_cursor` (null on the last one). While new filters load, the rows read before stay on screen.
 */
export function useCursorPages<P extends ApiPath>(queryKey: QueryKey, path: P, filters: Omit<ApiInput<P>, 'cursor'>) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => api(path, { ...filters, cursor: pageParam } as ApiInput<P>, { signal }),
    initialPageParam: undefined as CursorOf<P> | undefined,
    getNextPageParam: (last) => (last as { next_cursor?: CursorOf<P> | null }).next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
