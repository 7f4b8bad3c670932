import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

const getCategories = (signal?: AbortSignal) => api('/v2/get-category', {}, { signal });

export const useCategories = () =>
  useQuery({
    queryKey: queryKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });
