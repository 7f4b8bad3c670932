import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { productKeys } from './keys';

/**
 * A product's stock history, newest first, a page at a time. The packagings' stock and low marks are the product's
 * read (products-get.ts), so the page and its Stock card read the product once.
 */
export const useStockHistory = (productId: number) =>
  useCursorPages(productKeys.stockHistory(productId), '/admin/stock/history', { product_id: productId });
