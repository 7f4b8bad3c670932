import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Shipping policy: title and body (paragraphs separated by blank lines) in the current language. */
export const getShippingPolicy = (signal?: AbortSignal) => api('/v2/get-shipping-policy', {}, { signal });

export const useShippingPolicy = () =>
  useQuery({
    queryKey: queryKeys.infoPage('shipping'),
    queryFn: ({ signal }) => getShippingPolicy(signal),
    staleTime: 10 * 60_000,
  });
