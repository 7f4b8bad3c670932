import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { productKeys } from './keys';

export const getProduct = (productId: number, signal?: AbortSignal) =>
  api('/admin/products/get', { product_id: productId }, { signal }).then((r) => r.product);

/** One product with its packagings (their stock and low marks) for its page. */
export const useProduct = (productId: number) =>
  useQuery({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
    enabled: productId > 0,
  });
