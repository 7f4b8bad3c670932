import type { CatalogueImportReport } from '@common/contract/admin/catalogue-io';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/lib/ui/admin/Card';
import type { ImportBusy } from '../api/catalogue-import';
import '../locales';

/**
 * The file to read back, "Dry run" and "Import" (only after a clean dry run of the same file), and what is happening:
 * the upload's progress, the outcome, or the refusal.
 */
export function SendCard({
  file,
  onFile,
  answer,
  checkedClean,
  busy,
  error,
  onSend,
}: {
  file: File | null;
  onFile(file: File | null): void;
  /** The answer about the chosen file, if any. */
  answer: CatalogueImportReport | undefined;
  checkedClean: boolean;
  busy: ImportBusy;
  error: string | null;
  onSend(dryRun: boolean): void;
}) {
  const { t } = useTranslation('admin-catalogue-io');
  const fileId = useId();
  const outcome =
    answer && file
      ? answer.applied
        ? t('applied', { name: file.name })
        : answer.problems_total
          ? t('refused')
          : t('checked', { name: file.name })
      : '';
  return (
    <Card title={t('sendTitle')}>
      <p>{t('intro')}</p>
      <div className="catalogue-io__pick">
        <label htmlFor={fileId}>{t('file')}</label>
        <input id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      </div>
      <div className="catalogue-io__buttons">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => onSend(true)}
          disabled={!file || busy !== null}
        >
          {t('dryRun')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => onSend(false)}
          disabled={!checkedClean || busy !== null}
          aria-describedby={checkedClean ? undefined : `${fileId}-hint`}
        >
          {t('import')}
        </button>
      </div>
      {!checkedClean && (
        <p id={`${fileId}-hint`} className="catalogue-io__hint">
          {t('importHint')}
        </p>
      )}
      {/* Screen readers hear the start ("Checking prices.csv…") once, then the outcome (or the alert below); the
          upload's bar and percentage are outside the live region, so its steps are not read out. */}
      <p role="status" className="catalogue-io__status">
        {busy ? t(busy.dryRun ? 'checking' : 'importing', { name: file?.name }) : outcome}
      </p>
      {busy && busy.sent < 1 && (
        <div className="catalogue-io__progress">
          <progress max={1} value={busy.sent} aria-label={t('progress')} />
          <span>{t('uploading', { percent: Math.round(busy.sent * 100) })}</span>
        </div>
      )}
      {error && (
        <p role="alert" className="catalogue-io__error">
          {error}
        </p>
      )}
    </Card>
  );
}
