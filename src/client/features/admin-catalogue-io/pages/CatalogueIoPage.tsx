import type { CatalogueImportChange, CatalogueImportReport } from '@common/contract/admin/catalogue-io';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { errorText } from '@/lib/api/error-text';
import { queryKeys } from '@/lib/api/query-keys';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Card, Facts } from '@/lib/ui/admin/Card';
import { DownloadButton } from '@/lib/ui/admin/DownloadButton';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { downloadCatalogueCsv, sendCatalogueCsv } from '../api';
import '../locales';
import '../catalogue-io.css';

type Problem = CatalogueImportReport['problems'][number];

/** What the page is doing: uploading (with the share sent), then waiting for the server's check or import. */
type Busy = { dryRun: boolean; sent: number } | null;

/**
 * /admin/products/import: "Export CSV" of the whole catalogue, and a CSV read back: "Dry run" shows what would
 * change and every bad row (line, column, reason); "Import" is possible only after a dry run of the same chosen file
 * with no bad rows (the server checks everything again and writes nothing if a row has gone bad since).
 */
export default function CatalogueIoPage() {
  const { t } = useTranslation('admin-catalogue-io');
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<{ file: File; answer: CatalogueImportReport } | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);

  const checkedClean =
    report !== null && report.file === file && report.answer.dry_run && report.answer.problems_total === 0;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy({ dryRun, sent: 0 });
    setError(null);
    try {
      const answer = await sendCatalogueCsv(file, dryRun, (sent) => setBusy({ dryRun, sent }));
      setReport({ file, answer });
      if (answer.applied) {
        notify.success(t('applied', { name: file.name }));
        // Every back-office list (products, dashboard, audit) and the shop's cached products in this tab.
        for (const queryKey of [adminKeys.all, queryKeys.product.all, queryKeys.products.all])
          void queryClient.invalidateQueries({ queryKey });
      }
    } catch (err) {
      setReport(null);
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const answer = report?.file === file ? report?.answer : undefined;
  const s = answer?.summary;
  const outcome =
    answer && file
      ? answer.applied
        ? t('applied', { name: file.name })
        : answer.problems_total
          ? t('refused')
          : t('checked', { name: file.name })
      : '';
  const changeColumns: Column<CatalogueImportChange>[] = [
    { key: 'line', label: t('col.line'), numeric: true, render: (c) => c.line },
    { key: 'action', label: t('col.action'), render: (c) => t(`action.${c.action}`) },
    {
      key: 'what',
      label: t('col.what'),
      render: (c) => (c.packaging ? `${c.product_slug} / ${c.packaging}` : c.product_slug),
    },
    {
      key: 'fields',
      label: t('col.fields'),
      render: (c) => (
        <ul className="catalogue-io__fields">
          {c.fields.map((f) => (
            <li key={f.field}>
              <code>{f.field}</code>: {f.before ?? '—'} → {f.after ?? '—'}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  const problemColumns: Column<Problem>[] = [
    { key: 'line', label: t('col.line'), numeric: true, render: (p) => p.line },
    { key: 'column', label: t('col.column'), render: (p) => (p.column ? <code>{p.column}</code> : '—') },
    { key: 'reason', label: t('col.reason'), render: (p) => p.message },
  ];

  return (
    <AdminPage
      title={t('title')}
      mainAction={{
        label: checkedClean ? t('import') : t('dryRun'),
        onClick: () => void send(!checkedClean),
        disabled: !file,
        loading: busy !== null,
      }}
      mainActionInPage={false}
      actions={<DownloadButton download={downloadCatalogueCsv} doneText={t('exported')} label={t('export')} />}
    >
      <Card title={t('title')}>
        <p>{t('intro')}</p>
        <div className="catalogue-io__pick">
          <label htmlFor={fileId}>{t('file')}</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </div>
        <div className="catalogue-io__buttons">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void send(true)}
            disabled={!file || busy !== null}
          >
            {t('dryRun')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void send(false)}
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

      {answer && s && file && (
        <>
          <Card title={t('summary')}>
            <Facts
              items={[
                [t('count.rows'), s.rows],
                [t('count.products_created'), s.products_created],
                [t('count.products_updated'), s.products_updated],
                [t('count.packagings_added'), s.packagings_added],
                [t('count.packagings_updated'), s.packagings_updated],
                [t('count.packagings_retired'), s.packagings_retired],
                [t('count.stock_changes'), s.stock_changes],
                [t('count.units'), `+${s.units_added} / −${s.units_removed}`],
              ]}
            />
            <p className="catalogue-io__hint">{t('took', { seconds: (answer.took_ms / 1000).toFixed(1) })}</p>
          </Card>
          {answer.problems_total > 0 && (
            <Card title={t('problems')} className="catalogue-io__problems">
              <DataTable
                caption={t('problems')}
                columns={problemColumns}
                rows={answer.problems}
                rowKey={(p) => `${p.line}-${p.column}-${p.message}`}
                empty=""
              />
              {answer.problems_total > answer.problems.length && (
                <p>{t('moreProblems', { count: answer.problems_total - answer.problems.length })}</p>
              )}
            </Card>
          )}
          <Card title={t('changes')}>
            <DataTable
              caption={t('changes')}
              columns={changeColumns}
              rows={answer.changes}
              rowKey={(c) => `${c.line}-${c.action}`}
              empty={t('noChanges')}
            />
            {answer.changes_total > answer.changes.length && (
              <p>{t('moreChanges', { count: answer.changes_total - answer.changes.length })}</p>
            )}
          </Card>
        </>
      )}
    </AdminPage>
  );
}
