import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { customerKeys } from './keys';

/** Customers matching `q` (name, e-mail or phone), newest first, a page at a time. */
export const useCustomerSearch = (q: string) =>
  useCursorPages(customerKeys.list(q), '/admin/customers/list', { q: q || undefined });
