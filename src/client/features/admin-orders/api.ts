import type { OrderStatus } from '@common/checkout-rules';
import type { PaymentMethodCode } from '@common/contract/checkout';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '@/lib/api/client';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { currentLang } from '@/lib/i18n/i18n';
import { useSession } from '@/stores/session-store';

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
 * Downloads the filtered list as CSV: a POST with the bearer token (a plain link could not carry it), the answer
 * saved as `orders-YYYY-MM-DD.csv`. A refusal arrives as the usual JSON envelope and is thrown as an ApiError.
 */
export async function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  const token = useSession.getState().token;
  const form = new URLSearchParams({ lang: currentLang(), is_frontend: '1' });
  for (const [k, v] of Object.entries(filters)) if (v) form.append(k, v);
  const response = await fetch(`${API_BASE}/admin/orders/export`, {
    method: 'POST',
    body: form,
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }).catch(() => {
    throw new ApiError('Network error', 0);
  });
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as {
      message?: string;
      code?: number;
      data?: { errors?: Array<{ field: string; message: string }> };
    } | null;
    throw new ApiError(json?.message ?? response.statusText, json?.code ?? response.status, json?.data?.errors ?? []);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName();
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
