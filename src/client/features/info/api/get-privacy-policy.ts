import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

/** Privacy policy: title and body (paragraphs separated by blank lines) in the current language. */
export const getPrivacyPolicy = (signal?: AbortSignal) => api('/v2/get-privacy-policy', {}, { signal });

export const usePrivacyPolicy = () =>
  useQuery({
    queryKey: ['info-page', 'privacy', currentLang()],
    queryFn: ({ signal }) => getPrivacyPolicy(signal),
    staleTime: 10 * 60_000,
  });
