import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: (q: string) => ['admin', 'customers', 'list', q] as const,
  detail: (id: number) => ['admin', 'customers', 'detail', id] as const,
};

/** Customers matching `q` (name, e-mail or phone), newest first, a page at a time. */
export const useCustomerSearch = (q: string) =>
  useInfiniteQuery({
    queryKey: customerKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      api('/admin/customers/list', { q: q || undefined, cursor: pageParam }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useCustomer = (id: number) =>
  useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => api('/admin/customers/get', { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
