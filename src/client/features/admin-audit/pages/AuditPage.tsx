import type { AuditEntryRow } from '@common/contract/admin/audit';
import { AUDIT_KINDS, type AuditKind } from '@common/staff-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/format/date';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { PagedList } from '@/lib/ui/admin/PagedTable';
import { useAuditActors } from '../api/audit-actors';
import { useAuditLog } from '../api/audit-list';
import '../locales';
import '../audit.css';

/** /admin/audit (owner): who changed what and when, "before → after" per changed value; filters and "Load more". */
export default function AuditPage() {
  const { t } = useTranslation('admin-audit');
  const [actor, setActor] = useState('');
  const [kind, setKind] = useState<AuditKind | ''>('');
  const [orderText, setOrderText] = useState('');
  const orderNo = useDebounced(orderText.trim(), 300);
  const log = useAuditLog({ actor, kind, orderNo });
  const actors = useAuditActors();
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const ids = { actor: useId(), kind: useId(), order: useId() };

  return (
    <AdminPage title={t('title')}>
      <div className="admin-filters">
        <label htmlFor={ids.actor}>
          {t('staff')}
          <select id={ids.actor} value={actor} onChange={(e) => setActor(e.target.value)}>
            <option value="">{t('anyone')}</option>
            {(actors.data?.actors ?? []).map((a) => (
              <option key={a.user_id ?? 'cli'} value={a.user_id === null ? 'cli' : String(a.user_id)}>
                {a.user_id === null ? t('commandLine') : a.label}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.kind}>
          {t('kind')}
          <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as AuditKind | '')}>
            <option value="">{t('allKinds')}</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.order}>
          {t('orderNo')}
          <input
            id={ids.order}
            type="search"
            value={orderText}
            autoComplete="off"
            onChange={(e) => setOrderText(e.target.value)}
          />
        </label>
      </div>
      <PagedList list={log}>
        {entries.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <ol className="audit-list" aria-label={t('listLabel')}>
            {entries.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </ol>
        )}
      </PagedList>
    </AdminPage>
  );
}

/** A value as it reads in one line: text as it is, anything else as JSON. */
const show = (value: unknown): string =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The keys whose value changed (or that only one side has), in a stable order. */
function changes(e: AuditEntryRow): Array<{ key: string; before: unknown; after: unknown }> {
  const before = e.before ?? {};
  const after = e.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .map((key) => ({ key, before: before[key], after: after[key] }))
    .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after) || !(c.key in before) || !(c.key in after));
}

function Entry({ entry: e }: { entry: AuditEntryRow }) {
  const { t } = useTranslation('admin-audit');
  const who = e.source === 'cli' ? t('commandLine') : e.actor;
  const list = changes(e);
  return (
    <li className="audit-entry admin-card">
      <p className="audit-entry__head">
        <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time> · <strong>{who}</strong>{' '}
        <span className="admin-badge">{t('via', { source: t(`source.${e.source}`) })}</span>
      </p>
      <p className="audit-entry__what">
        <code>{e.action}</code> {e.entity}
        {e.entity_id ? ` #${e.entity_id}` : ''}
        {e.order_no && (
          <>
            {' · '}
            <Link to={`/admin/orders/${e.order_no}`}>{t('order', { orderNo: e.order_no })}</Link>
          </>
        )}
      </p>
      {list.length > 0 ? (
        <ul className="audit-entry__changes" aria-label={t('changes')}>
          {list.map((c) => (
            <li key={c.key}>
              <span className="audit-entry__key">{c.key}</span>:{' '}
              {c.key in (e.before ?? {}) ? show(c.before) : t('none')} →{' '}
              {c.key in (e.after ?? {}) ? show(c.after) : t('none')}
            </li>
          ))}
        </ul>
      ) : (
        <p className="audit-entry__none">{t('nothingShown')}</p>
      )}
    </li>
  );
}
