import type { ApiInput } from '@common/contract/api-map';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

export type ProductListFilters = Omit<ApiInput<'/v2/get-product-list'>, 'cursor' | 'limit'>;

export const getProductList = (input: ApiInput<'/v2/get-product-list'>, signal?: AbortSignal) =>
  api('/v2/get-product-list', input, { signal });

const listKey = (filters: ProductListFilters, limit: number) => ['products', currentLang(), filters, limit] as const;

/** The list, page after page (keyset cursors): `fetchNextPage` reads the page after the last one. */
export const useProductList = (filters: ProductListFilters, limit = 20) =>
  useInfiniteQuery({
    queryKey: [...listKey(filters, limit), 'infinite'],
    queryFn: ({ pageParam, signal }) => getProductList({ ...filters, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** Only the first page (e.g. the home page's Best Sellers). */
export const useProductPage = (filters: ProductListFilters, limit = 8) =>
  useQuery({
    queryKey: listKey(filters, limit),
    queryFn: ({ signal }) => getProductList({ ...filters, limit }, signal),
    placeholderData: keepPreviousData,
  });
