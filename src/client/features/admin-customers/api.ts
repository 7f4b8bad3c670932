import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: (q: string) => ['admin', 'customers', 'list', q] as const,
  detail: (id: number) => ['admin', 'customers', 'detail', id] as const,
};

/** Customers matching `q` (name, e-mail or phone), newest first, a page at a time. */
export const useCustomerSearch = (q: string) =>
  useCursorPages(customerKeys.list(q), '/admin/customers/list', { q: q || undefined });

export const useCustomer = (id: number) =>
  useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => api('/admin/customers/get', { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
