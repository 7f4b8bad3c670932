import { downloadFile } from '@/lib/api/transfer';
import type { OrderFilters } from './keys';

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
