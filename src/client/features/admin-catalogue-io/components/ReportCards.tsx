import type { CatalogueImportChange, CatalogueImportReport } from '@common/contract/admin/catalogue-io';
import { useTranslation } from 'react-i18next';
import { Card, Facts } from '@/lib/ui/admin/Card';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import '../locales';

type Problem = CatalogueImportReport['problems'][number];

/** A check's or an import's answer: the counts, every bad row (line, column, reason) and the changes. */
export function ReportCards({ answer }: { answer: CatalogueImportReport }) {
  const { t } = useTranslation('admin-catalogue-io');
  const s = answer.summary;
  return (
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
      {answer.problems_total > 0 && <ProblemsCard answer={answer} />}
      <ChangesCard answer={answer} />
    </>
  );
}

function ProblemsCard({ answer }: { answer: CatalogueImportReport }) {
  const { t } = useTranslation('admin-catalogue-io');
  const columns: Column<Problem>[] = [
    { key: 'line', label: t('col.line'), numeric: true, render: (p) => p.line },
    { key: 'column', label: t('col.column'), render: (p) => (p.column ? <code>{p.column}</code> : '—') },
    { key: 'reason', label: t('col.reason'), render: (p) => p.message },
  ];
  return (
    <Card title={t('problems')} className="catalogue-io__problems">
      <DataTable
        caption={t('problems')}
        columns={columns}
        rows={answer.problems}
        rowKey={(p) => `${p.line}-${p.column}-${p.message}`}
        empty=""
      />
      {answer.problems_total > answer.problems.length && (
        <p>{t('moreProblems', { count: answer.problems_total - answer.problems.length })}</p>
      )}
    </Card>
  );
}

function ChangesCard({ answer }: { answer: CatalogueImportReport }) {
  const { t } = useTranslation('admin-catalogue-io');
  const columns: Column<CatalogueImportChange>[] = [
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
  return (
    <Card title={t('changes')}>
      <DataTable
        caption={t('changes')}
        columns={columns}
        rows={answer.changes}
        rowKey={(c) => `${c.line}-${c.action}`}
        empty={t('noChanges')}
      />
      {answer.changes_total > answer.changes.length && (
        <p>{t('moreChanges', { count: answer.changes_total - answer.changes.length })}</p>
      )}
    </Card>
  );
}
