import type { ApiInput } from '@common/contract/api-map';

/** The list's filters, as kept in the URL's query (`?status=Paid&q=…`); the export takes the same. */
export type OrderFilters = ApiInput<'/admin/orders/export'>;

/**
 * This feature's react-query keys, under the back office's 'admin' prefix. The order actions invalidate
 * `['admin', 'orders']` after each change, which refreshes the list and every order page.
 */
export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (f: OrderFilters) => ['admin', 'orders', 'list', f] as const,
  detail: (orderNo: string) => ['admin', 'orders', 'detail', orderNo] as const,
  /** Under the Exchanges screen's prefix, so that a decision there refreshes the order page's requests too. */
  exchanges: (orderId: number) => ['admin', 'exchanges', 'order', orderId] as const,
};
