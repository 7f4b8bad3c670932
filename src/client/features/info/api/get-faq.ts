import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

/** The FAQ, in display order, in the current language. */
export const getFaq = (signal?: AbortSignal) => api('/v2/get-faq', {}, { signal });

export const useFaq = () =>
  useQuery({ queryKey: ['faq', currentLang()], queryFn: ({ signal }) => getFaq(signal), staleTime: 10 * 60_000 });
