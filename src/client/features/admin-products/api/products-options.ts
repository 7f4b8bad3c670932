import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { productKeys } from './keys';

export const getProductOptions = (signal?: AbortSignal) => api('/admin/products/options', {}, { signal });

/** Categories and tags for the pickers (they change rarely: kept for the session). */
export const useProductOptions = () =>
  useQuery({
    queryKey: productKeys.options,
    queryFn: ({ signal }) => getProductOptions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
