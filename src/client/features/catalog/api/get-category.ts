import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

export const getCategories = (signal?: AbortSignal) => api('/v2/get-category', {}, { signal });

export const useCategories = () =>
  useQuery({
    queryKey: ['categories', currentLang()],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });
