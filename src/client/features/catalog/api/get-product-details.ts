import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getProductDetails = (productId: number, signal?: AbortSignal) =>
  api('/v2/get-product-details', { product_id: productId }, { signal });

export const useProductDetails = (productId: number) =>
  useQuery({
    queryKey: queryKeys.product.one(productId),
    queryFn: ({ signal }) => getProductDetails(productId, signal),
    enabled: Number.isInteger(productId) && productId > 0,
  });
