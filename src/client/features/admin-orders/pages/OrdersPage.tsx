import { ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS, type PaymentMethodCode } from '@common/checkout-rules';
import type { AdminOrderRow } from '@common/contract/admin/orders';
import { formatCents } from '@common/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/format/date';
import { useUrlFilters } from '@/lib/hooks/use-url-filters';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { DownloadButton } from '@/lib/ui/admin/DownloadButton';
import { FilterBar, SearchFilter, SelectFilter } from '@/lib/ui/admin/Filters';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import type { OrderFilters } from '../api/keys';
import { downloadOrdersCsv } from '../api/orders-export';
import { useOrderList } from '../api/orders-list';
import { StatusBadge, TodoBadges } from '../components/OrderBadges';
import '../locales';
import { EmailText } from '@/lib/ui/admin/EmailText';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the URL's query holds (anything unknown is ignored). */
function readFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const method = params.get('payment_method');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : undefined,
    payment_method: (PAYMENT_METHODS as readonly string[]).includes(method ?? '')
      ? (method as PaymentMethodCode)
      : undefined,
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
    q: params.get('q')?.trim() || undefined,
  };
}

/**
 * /admin/orders: filter by status, payment method and placing day, search by number, e-mail or phone (all kept in
 * the URL), newest first with "Load more", and "Export CSV" of the filtered list.
 */
export default function OrdersPage() {
  const { t } = useTranslation('admin-orders');
  const { filters, text, search, setFilter, filtered, clear } = useUrlFilters(readFilters);
  const list = useOrderList(filters);
  const rows = list.data?.pages.flatMap((p) => p.orders) ?? [];
  const ids = { from: useId(), to: useId() };

  const columns: Column<AdminOrderRow>[] = [
    {
      key: 'number',
      label: t('col.number'),
      render: (o) => <Link to={`/admin/orders/${encodeURIComponent(o.order_no)}`}>{o.order_no}</Link>,
    },
    { key: 'date', label: t('col.date'), render: (o) => formatDateTime(o.placed_at) },
    {
      key: 'customer',
      label: t('col.customer'),
      render: (o) => (
        <span>
          {o.customer.nickname || o.customer.email}
          <br />
          <small>
            <EmailText email={o.customer.email} />
          </small>
        </span>
      ),
    },
    { key: 'total', label: t('col.total'), numeric: true, render: (o) => formatCents(o.total_cents) },
    { key: 'payment', label: t('col.payment'), render: (o) => t(`method.${o.payment_method}`) },
    {
      key: 'status',
      label: t('col.status'),
      render: (o) => (
        <span className="admin-orders__badges">
          <StatusBadge status={o.status} />
          <TodoBadges receiptWaiting={o.receipt_waiting} refundOwedCents={o.refund_owed_cents} />
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('title')}
      actions={
        <DownloadButton
          download={() => downloadOrdersCsv(filters)}
          doneText={t('exported')}
          label={t('exportCsv')}
          busyLabel={t('exporting')}
        />
      }
    >
      <FilterBar label={t('filters')} clear={filtered && { label: t('clear'), onClick: clear }}>
        <SelectFilter
          label={t('status')}
          value={filters.status}
          any={t('anyStatus')}
          choices={ORDER_STATUSES}
          choiceLabel={(s) => t(`orderStatus.${s}`)}
          onChange={(v) => setFilter('status', v)}
        />
        <SelectFilter
          label={t('paymentMethod')}
          value={filters.payment_method}
          any={t('anyMethod')}
          choices={PAYMENT_METHODS}
          choiceLabel={(m) => t(`method.${m}`)}
          onChange={(v) => setFilter('payment_method', v)}
        />
        <label htmlFor={ids.from}>
          {t('from')}
          <input
            id={ids.from}
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => setFilter('from', e.target.value)}
          />
        </label>
        <label htmlFor={ids.to}>
          {t('to')}
          <input id={ids.to} type="date" value={filters.to ?? ''} onChange={(e) => setFilter('to', e.target.value)} />
        </label>
        <SearchFilter label={t('search')} value={text} placeholder={t('searchHint')} onChange={search} />
      </FilterBar>
      <PagedTable
        list={list}
        keepRowsOnError
        caption={t('listCaption')}
        columns={columns}
        rows={rows}
        rowKey={(o) => o.id}
        empty={t('empty')}
      />
    </AdminPage>
  );
}
