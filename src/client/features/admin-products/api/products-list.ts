import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { type ProductFilters, productKeys } from './keys';

/** The filtered list, a page at a time. */
export const useProductList = (filters: ProductFilters) =>
  useCursorPages(productKeys.list(filters), '/admin/products/list', filters);
