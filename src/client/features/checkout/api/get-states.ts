import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getStates = (signal?: AbortSignal) => api('/v2/get-states', {}, { signal });

/** Every delivery state (the address form filters them by country), with fees and the free-delivery threshold. */
export const useStates = () =>
  useQuery({
    queryKey: queryKeys.states(),
    queryFn: ({ signal }) => getStates(signal),
    staleTime: 10 * 60_000,
  });
