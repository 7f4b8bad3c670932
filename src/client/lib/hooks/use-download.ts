import { useState } from 'react';
import { errorText } from '../api/error-text';
import { notify } from '../toast';

/**
 * A screen's "Export CSV": runs a download (lib/api/transfer.ts `downloadFile`), busy meanwhile (the button shows it),
 * then `doneText` as a toast, or the refusal's message (a network failure in the user's language).
 */
export function useDownload(download: () => Promise<void>, doneText: string) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
      notify.success(doneText);
    } catch (err) {
      notify.error(errorText(err) ?? '');
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
