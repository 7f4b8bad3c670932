import type { OrderStatus } from '@common/checkout-rules';
import type { PaymentMethodCode } from '@common/contract/checkout';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/transfer';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';

/** The list's filters, as kept in the URL's query (`?status=Paid&q=…`). */
export interface OrderFilters {
  status?: OrderStatus;
  payment_method?: PaymentMethodCode;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * This feature's react-query keys, under the back office's 'admin' prefix. The order actions invalidate
 * `['admin', 'orders']` after each change, which refreshes the list and every order page.
 */
export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (f: OrderFilters) => ['admin', 'orders', 'list', f] as const,
  detail: (orderNo: string) => ['admin', 'orders', 'detail', orderNo] as const,
};

/** The filtered list, newest first, a page at a time ("Load more"). */
export const useOrderList = (filters: OrderFilters) =>
  useCursorPages(orderKeys.list(filters), '/admin/orders/list', filters);

/** One order's page. */
export const useOrder = (orderNo: string) =>
  useQuery({
    queryKey: orderKeys.detail(orderNo),
    queryFn: ({ signal }) => api('/admin/orders/get', { order_no: orderNo }, { signal }).then((r) => r.order),
    enabled: orderNo.length > 0,
  });

/** The export's file name for today (local date): orders-YYYY-MM-DD.csv. */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `orders-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/**
 * Downloads the filtered list as CSV (a POST with the session: a plain link could not carry it), saved as
 * `orders-YYYY-MM-DD.csv`. A refusal is thrown as an ApiError.
 */
export function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  return downloadFile('/admin/orders/export', filters, exportFileName());
}
