import { useDownload } from '../../hooks/use-download';

/**
 * A screen's "Export CSV" button (useDownload): disabled and busy while the file downloads, `busyLabel` meanwhile
 * when given; then `doneText` as a toast, or the refusal's message.
 */
export function DownloadButton({
  download,
  doneText,
  label,
  busyLabel,
}: {
  download(): Promise<void>;
  doneText: string;
  label: string;
  busyLabel?: string;
}) {
  const { run, busy } = useDownload(download, doneText);
  return (
    <button type="button" className="btn" onClick={run} disabled={busy} aria-busy={busy || undefined}>
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}
