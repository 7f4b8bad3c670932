import type { ApiInput } from '@common/contract/api-map';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { queryKeys } from '@/lib/api/query-keys';
import { useMessageMutation } from '@/lib/api/use-message-mutation';

/** The list's filters, as kept in the URL's query (`?stock=low&q=…`). */
export type ProductFilters = Omit<ApiInput<'/admin/products/list'>, 'cursor' | 'limit'>;

/**
 * This feature's react-query keys, under `['admin', 'products']`: every change invalidates that prefix, which
 * refreshes the list, the product page and its stock card alike.
 */
export const productKeys = {
  all: adminKeys.products,
  list: (f: ProductFilters) => ['admin', 'products', 'list', f] as const,
  detail: (id: number) => ['admin', 'products', 'detail', id] as const,
  options: ['admin', 'products', 'options'] as const,
  stockHistory: (productId: number) => [...adminKeys.products, 'stock-history', productId] as const,
};

/**
 * What a catalogue change makes stale: every product query of the back office, the dashboard's low-stock count, and
 * the shop's own cached products and lists in this tab (any language), so the shop shows the change at once.
 */
export const catalogueKeys = [productKeys.all, adminKeys.dashboard, queryKeys.product.all, queryKeys.products.all];

/** A change: answers the server's message (for a toast) with its data; the catalogue's queries are read again. */
export const useCatalogueChange = <I, O>(send: (input: I, onMessage: (message: string) => void) => Promise<O>) =>
  useMessageMutation(send, catalogueKeys);
