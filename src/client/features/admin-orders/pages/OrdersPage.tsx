import { ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS, type PaymentMethodCode } from '@common/checkout-rules';
import type { AdminOrderRow } from '@common/contract/admin/orders';
import { formatCents } from '@common/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format/date';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { downloadOrdersCsv, type OrderFilters, useOrderList } from '../api';
import { StatusBadge, TodoBadges } from '../components/OrderBadges';
import '../locales';

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
  const [params, setParams] = useSearchParams();
  const fromUrl = readFilters(params);
  const [text, setText] = useState(fromUrl.q ?? '');
  const q = useDebounced(text.trim(), 300);
  // react-query compares keys by value, so a new object per render is the same list.
  const filters: OrderFilters = { ...fromUrl, q: q || undefined };
  const list = useOrderList(filters);
  const rows = list.data?.pages.flatMap((p) => p.orders) ?? [];
  const [exporting, setExporting] = useState(false);
  const ids = { status: useId(), method: useId(), from: useId(), to: useId(), search: useId() };

  const setFilter = (name: keyof OrderFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(filters);
      notify.success(t('exported'));
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

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
          <small>{o.customer.email}</small>
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
        <button
          type="button"
          className="btn"
          onClick={exportCsv}
          disabled={exporting}
          aria-busy={exporting || undefined}
        >
          {exporting ? t('exporting') : t('exportCsv')}
        </button>
      }
    >
      <search className="admin-filters" aria-label={t('filters')}>
        <label htmlFor={ids.status}>
          {t('status')}
          <select id={ids.status} value={fromUrl.status ?? ''} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">{t('anyStatus')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`orderStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.method}>
          {t('paymentMethod')}
          <select
            id={ids.method}
            value={fromUrl.payment_method ?? ''}
            onChange={(e) => setFilter('payment_method', e.target.value)}
          >
            <option value="">{t('anyMethod')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`method.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.from}>
          {t('from')}
          <input
            id={ids.from}
            type="date"
            value={fromUrl.from ?? ''}
            onChange={(e) => setFilter('from', e.target.value)}
          />
        </label>
        <label htmlFor={ids.to}>
          {t('to')}
          <input id={ids.to} type="date" value={fromUrl.to ?? ''} onChange={(e) => setFilter('to', e.target.value)} />
        </label>
        <label htmlFor={ids.search}>
          {t('search')}
          <input
            id={ids.search}
            type="search"
            value={text}
            placeholder={t('searchHint')}
            autoComplete="off"
            onChange={(e) => {
              setText(e.target.value);
              setFilter('q', e.target.value.trim());
            }}
          />
        </label>
        {params.toString() !== '' && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setText('');
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            {t('clear')}
          </button>
        )}
      </search>
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
