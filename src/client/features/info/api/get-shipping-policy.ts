import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

/** Shipping policy: title and body (paragraphs separated by blank lines) in the current language. */
export const getShippingPolicy = (signal?: AbortSignal) => api('/v2/get-shipping-policy', {}, { signal });

export const useShippingPolicy = () =>
  useQuery({
    queryKey: ['info-page', 'shipping', currentLang()],
    queryFn: ({ signal }) => getShippingPolicy(signal),
    staleTime: 10 * 60_000,
  });
