import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

export const getStates = (signal?: AbortSignal) => api('/v2/get-states', {}, { signal });

/** Every delivery state (the address form filters them by country), with fees and the free-delivery threshold. */
export const useStates = () =>
  useQuery({
    queryKey: ['states', currentLang()],
    queryFn: ({ signal }) => getStates(signal),
    staleTime: 10 * 60_000,
  });
