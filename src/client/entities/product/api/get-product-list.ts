import type { ApiInput } from '@common/contract/api-map';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export type ProductListFilters = Omit<ApiInput<'/v2/get-product-list'>, 'cursor' | 'limit'>;

export const getProductList = (input: ApiInput<'/v2/get-product-list'>, signal?: AbortSignal) =>
  api('/v2/get-product-list', input, { signal });

/** The list, page after page (keyset cursors): `fetchNextPage` reads the page after the last one. */
export const useProductList = (filters: ProductListFilters, limit = 20) =>
  useInfiniteQuery({
    queryKey: [...queryKeys.products.list(filters, limit), 'infinite'],
    queryFn: ({ pageParam, signal }) => getProductList({ ...filters, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** Only the first page (e.g. the home page's Best Sellers). */
export const useProductPage = (filters: ProductListFilters, limit = 8) =>
  useQuery({
    queryKey: queryKeys.products.list(filters, limit),
    queryFn: ({ signal }) => getProductList({ ...filters, limit }, signal),
    placeholderData: keepPreviousData,
  });
