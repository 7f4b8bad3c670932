import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

/** Terms of service: title and body (paragraphs separated by blank lines) in the current language. */
export const getTnc = (signal?: AbortSignal) => api('/v2/get-tnc', {}, { signal });

export const useTnc = () =>
  useQuery({
    queryKey: ['info-page', 'tnc', currentLang()],
    queryFn: ({ signal }) => getTnc(signal),
    staleTime: 10 * 60_000,
  });
