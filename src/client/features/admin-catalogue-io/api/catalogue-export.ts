import { downloadFile } from '@/lib/api/transfer';

/** Downloads the whole catalogue as CSV (catalogue-YYYY-MM-DD.csv, the name the server gives). */
export const downloadCatalogueCsv = (): Promise<void> => downloadFile('/admin/catalogue/export', {});
