import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { type OrderFilters, orderKeys } from './keys';

/** The filtered list, newest first, a page at a time ("Load more"). */
export const useOrderList = (filters: OrderFilters) =>
  useCursorPages(orderKeys.list(filters), '/admin/orders/list', filters);
