import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Terms of service: title and body (paragraphs separated by blank lines) in the current language. */
export const getTnc = (signal?: AbortSignal) => api('/v2/get-tnc', {}, { signal });

export const useTnc = () =>
  useQuery({
    queryKey: queryKeys.infoPage('tnc'),
    queryFn: ({ signal }) => getTnc(signal),
    staleTime: 10 * 60_000,
  });
