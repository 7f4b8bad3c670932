import type { CatalogueImportReport } from '@common/contract/admin/catalogue-io';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { DownloadButton } from '@/lib/ui/admin/DownloadButton';
import { downloadCatalogueCsv } from '../api/catalogue-export';
import { useCatalogueImport } from '../api/catalogue-import';
import { ReportCards } from '../components/ReportCards';
import { SendCard } from '../components/SendCard';
import '../locales';
import '../catalogue-io.css';

/**
 * /admin/products/import: "Export CSV" of the whole catalogue, and a CSV read back: "Dry run" shows what would
 * change and every bad row (line, column, reason); "Import" is possible only after a dry run of the same chosen file
 * with no bad rows (the server checks everything again and writes nothing if a row has gone bad since).
 */
export default function CatalogueIoPage() {
  const { t } = useTranslation('admin-catalogue-io');
  const upload = useCatalogueImport();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<{ file: File; answer: CatalogueImportReport } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const checkedClean =
    report !== null && report.file === file && report.answer.dry_run && report.answer.problems_total === 0;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    try {
      const answer = await upload.send(file, dryRun);
      setReport({ file, answer });
      if (answer.applied) notify.success(t('applied', { name: file.name }));
    } catch (err) {
      setReport(null);
      setError(errorText(err));
    }
  };

  const answer = report?.file === file ? report?.answer : undefined;
  return (
    <AdminPage
      title={t('title')}
      mainAction={{
        label: checkedClean ? t('import') : t('dryRun'),
        onClick: () => void send(!checkedClean),
        disabled: !file,
        loading: upload.busy !== null,
      }}
      mainActionInPage={false}
      actions={<DownloadButton download={downloadCatalogueCsv} doneText={t('exported')} label={t('export')} />}
    >
      <SendCard
        file={file}
        onFile={(chosen) => {
          setFile(chosen);
          setError(null);
        }}
        answer={answer}
        checkedClean={checkedClean}
        busy={upload.busy}
        error={error}
        onSend={(dryRun) => void send(dryRun)}
      />
      {answer?.summary && file && <ReportCards answer={answer} />}
    </AdminPage>
  );
}
