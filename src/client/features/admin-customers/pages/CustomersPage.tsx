import type { AdminCustomerRow } from '@common/contract/admin/customers';
import { formatCents } from '@common/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from '@/lib/format/date';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { useCustomerSearch } from '../api/customers-list';
import '../locales';

/** /admin/customers: search by name, e-mail or phone; newest first; "Load more". The search is kept in the URL. */
export default function CustomersPage() {
  const { t } = useTranslation('admin-customers');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 300);
  const list = useCustomerSearch(q);
  const rows = list.data?.pages.flatMap((p) => p.customers) ?? [];
  const searchId = useId();

  const columns: Column<AdminCustomerRow>[] = [
    {
      key: 'customer',
      label: t('col.customer'),
      render: (c) => <Link to={`/admin/customers/${c.id}`}>{c.nickname || c.email}</Link>,
    },
    { key: 'email', label: t('col.email'), render: (c) => c.email },
    { key: 'phone', label: t('col.phone'), render: (c) => c.phone },
    { key: 'joined', label: t('col.joined'), render: (c) => formatDate(c.joined_at) },
    { key: 'orders', label: t('col.orders'), numeric: true, render: (c) => c.orders_count },
    { key: 'balance', label: t('col.balance'), numeric: true, render: (c) => formatCents(c.cash_balance_cents) },
    {
      key: 'agent',
      label: t('col.agent'),
      render: (c) => (c.is_agent ? <span className="admin-badge admin-badge--ok">{t('yes')}</span> : t('no')),
    },
    { key: 'telegram', label: t('col.telegram'), render: (c) => (c.telegram_linked ? t('linked') : t('notLinked')) },
  ];

  return (
    <AdminPage title={t('title')}>
      <div className="admin-filters">
        <label htmlFor={searchId}>
          {t('search')}
          <input
            id={searchId}
            type="search"
            value={text}
            placeholder={t('searchHint')}
            autoComplete="off"
            onChange={(e) => {
              setText(e.target.value);
              setParams(e.target.value.trim() ? { q: e.target.value.trim() } : {}, { replace: true });
            }}
          />
        </label>
      </div>
      <PagedTable
        list={list}
        caption={t('listCaption')}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        empty={t('empty')}
      />
    </AdminPage>
  );
}
