import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getProductReviews = (
  input: { product_id: number; cursor?: string; limit?: number },
  signal?: AbortSignal,
) => api('/v2/get-product-reviews', input, { signal });

/** A product's reviews, newest first; `fetchNextPage` is "Load more". */
export const useProductReviews = (productId: number, limit = 5) =>
  useInfiniteQuery({
    queryKey: queryKeys.reviews.page(productId, limit),
    queryFn: ({ pageParam, signal }) => getProductReviews({ product_id: productId, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Number.isInteger(productId) && productId > 0,
  });
