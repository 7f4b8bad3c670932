import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Privacy policy: title and body (paragraphs separated by blank lines) in the current language. */
export const getPrivacyPolicy = (signal?: AbortSignal) => api('/v2/get-privacy-policy', {}, { signal });

export const usePrivacyPolicy = () =>
  useQuery({
    queryKey: queryKeys.infoPage('privacy'),
    queryFn: ({ signal }) => getPrivacyPolicy(signal),
    staleTime: 10 * 60_000,
  });
