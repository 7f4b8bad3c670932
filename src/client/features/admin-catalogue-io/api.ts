import type { CatalogueImportReport } from '@common/contract/admin/catalogue-io';
import { downloadFile, uploadWithProgress } from '@/lib/api/transfer';

/** Downloads the whole catalogue as CSV (catalogue-YYYY-MM-DD.csv, the name the server gives). */
export const downloadCatalogueCsv = (): Promise<void> => downloadFile('/admin/catalogue/export', {});

/**
 * Sends a catalogue CSV to be checked (`dryRun`) or imported; `onProgress` gets the share uploaded (0 to 1). The
 * answer lists the changes and every bad row; with any bad row nothing was written.
 */
export const sendCatalogueCsv = (
  file: File,
  dryRun: boolean,
  onProgress: (sent: number) => void,
): Promise<CatalogueImportReport> =>
  uploadWithProgress('/admin/catalogue/import', { file, file_name: file.name, dry_run: dryRun }, onProgress);
