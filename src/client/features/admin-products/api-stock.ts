import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useMessageMutation } from '@/lib/api/use-message-mutation';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { catalogueKeys, productKeys } from './api';

/**
 * The product page's stock (issue 13): Adjust stock and the stock history. The packagings' stock and low marks
 * are the product's read (api.ts `useProduct`), so the page and its Stock card read the product once.
 */
export const stockKeys = {
  history: (productId: number) => [...productKeys.all, 'stock-history', productId] as const,
};

export const useStockHistory = (productId: number) =>
  useCursorPages(stockKeys.history(productId), '/admin/stock/history', { product_id: productId });

/**
 * Adjust stock: answers the server's message with its data; the catalogue's queries (every product query, the
 * dashboard's low-stock count, the shop's cached products) are read again.
 */
export const useAdjustStock = () =>
  useMessageMutation(
    (input: ApiInput<'/admin/stock/adjust'>, onMessage) => api('/admin/stock/adjust', input, { onMessage }),
    catalogueKeys,
  );
