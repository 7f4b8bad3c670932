import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

export const getProductDetails = (productId: number, signal?: AbortSignal) =>
  api('/v2/get-product-details', { product_id: productId }, { signal });

export const useProductDetails = (productId: number) =>
  useQuery({
    queryKey: ['product', currentLang(), productId],
    queryFn: ({ signal }) => getProductDetails(productId, signal),
    enabled: Number.isInteger(productId) && productId > 0,
  });
