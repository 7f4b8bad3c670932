import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Types, benefits and tags of the Shop menu (each with kind 'type' | 'benefit' | 'tag'), in menu order. */
export const getTags = (signal?: AbortSignal) => api('/v2/get-tags', {}, { signal });

export const useTags = () =>
  useQuery({
    queryKey: queryKeys.tags(),
    queryFn: ({ signal }) => getTags(signal),
    staleTime: 10 * 60_000,
  });
