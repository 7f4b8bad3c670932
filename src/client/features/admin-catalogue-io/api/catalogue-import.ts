import type { CatalogueImportReport } from '@common/contract/admin/catalogue-io';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { queryKeys } from '@/lib/api/query-keys';
import { uploadWithProgress } from '@/lib/api/transfer';

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

/** What a send is doing: uploading (with the share sent), then waiting for the server's check or import. */
export type ImportBusy = { dryRun: boolean; sent: number } | null;

/**
 * Sends a CSV with its progress in `busy`; once an import is applied, every back-office list (products, dashboard,
 * audit) and the shop's cached products in this tab are read again.
 */
export function useCatalogueImport() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ImportBusy>(null);
  const send = async (file: File, dryRun: boolean): Promise<CatalogueImportReport> => {
    setBusy({ dryRun, sent: 0 });
    try {
      const answer = await sendCatalogueCsv(file, dryRun, (sent) => setBusy({ dryRun, sent }));
      if (answer.applied) {
        for (const queryKey of [adminKeys.all, queryKeys.product.all, queryKeys.products.all])
          void queryClient.invalidateQueries({ queryKey });
      }
      return answer;
    } finally {
      setBusy(null);
    }
  };
  return { send, busy };
}
