import type { AdminDashboardOutput, DashboardFigure, DashboardFigures } from '@common/contract/admin/dashboard';
import { formatCents } from '@common/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { DataTable } from '@/lib/ui/DataTable';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useDashboard } from '../api/dashboard';
import { BackupStatus } from '../components/BackupStatus';
import { dayLabel } from '../components/day-label';
import { PaymentAttentionList } from '../components/PaymentAttentionList';
import { RevenueChart } from '../components/RevenueChart';
import '../locales';
import '../dashboard.css';

/**
 * The back office's first screen (docs/decisions/013, 014): what needs doing now (each card opens the list it counts),
 * then, for roles with `reports`, today / 7 days / 30 days figures and the revenue per day (a chart, or the same as a
 * table).
 */
export default function DashboardPage() {
  const { t } = useTranslation('admin-dashboard');
  const dashboard = useDashboard();
  return (
    <AdminPage title={t('title')}>
      {dashboard.data ? (
        <>
          <Todo todo={dashboard.data.todo} />
          {dashboard.data.todo.payment_attention && (
            <PaymentAttentionList attention={dashboard.data.todo.payment_attention} />
          )}
          {dashboard.data.figures && <Figures figures={dashboard.data.figures} />}
          {dashboard.data.figures && <RevenuePerDay figures={dashboard.data.figures} />}
          <LowStock lowStock={dashboard.data.todo.low_stock} />
          {dashboard.data.backups && <BackupStatus status={dashboard.data.backups} />}
        </>
      ) : (
        <ListStatus isPending={dashboard.isPending} error={dashboard.error} onRetry={() => dashboard.refetch()} />
      )}
    </AdminPage>
  );
}

function TodoCount({ count }: { count: number }) {
  return <span className={`dash-todo__count${count > 0 ? ' dash-todo__count--due' : ''}`}>{count}</span>;
}

function Todo({ todo }: { todo: AdminDashboardOutput['todo'] }) {
  const { t } = useTranslation('admin-dashboard');
  const links = [
    {
      key: 'receipts',
      to: '/admin/orders?status=Pending&payment=bank_transfer',
      count: todo.receipts_to_check,
      label: t('todo.receipts'),
      hint: t('todo.receiptsHint'),
    },
    {
      key: 'toPack',
      to: '/admin/orders?status=Paid',
      count: todo.paid_to_pack,
      label: t('todo.toPack'),
      hint: t('todo.toPackHint'),
    },
    ...(todo.payout_requests === undefined
      ? []
      : [
          {
            key: 'payouts',
            to: '/admin/affiliates',
            count: todo.payout_requests,
            label: t('todo.payouts'),
            hint: t('todo.payoutsHint'),
          },
        ]),
    ...(todo.exchange_requests === undefined
      ? []
      : [
          {
            key: 'exchanges',
            to: '/admin/exchanges?status=requested',
            count: todo.exchange_requests,
            label: t('todo.exchanges'),
            hint: t('todo.exchangesHint'),
          },
        ]),
  ];
  // The low-stock list is at the bottom of the page: the card takes the reader (and the keyboard) there.
  const showLowStock = () => {
    const heading = document.getElementById(LOW_STOCK_HEADING);
    // Smooth only where motion is welcome (docs/decisions/049).
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    heading?.scrollIntoView?.({ behavior: still ? 'auto' : 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  return (
    <section aria-labelledby="dash-todo-heading">
      <h2 id="dash-todo-heading" className="dash-heading">
        {t('todo.heading')}
      </h2>
      <ul className="dash-todo">
        {links.map((l) => (
          <li key={l.key}>
            <Link to={l.to} className="dash-todo__card">
              <TodoCount count={l.count} />
              <span className="dash-todo__label">{l.label}</span>
              <span className="dash-todo__hint">{l.hint}</span>
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="dash-todo__card" onClick={showLowStock}>
            <TodoCount count={todo.low_stock.count} />
            <span className="dash-todo__label">{t('todo.lowStock')}</span>
            <span className="dash-todo__hint">{t('todo.lowStockHint')}</span>
          </button>
        </li>
      </ul>
    </section>
  );
}

const LOW_STOCK_HEADING = 'dash-low-stock-heading';

function LowStock({ lowStock }: { lowStock: AdminDashboardOutput['todo']['low_stock'] }) {
  const { t } = useTranslation('admin-dashboard');
  return (
    <section className="admin-card" aria-labelledby={LOW_STOCK_HEADING}>
      <h2 id={LOW_STOCK_HEADING} tabIndex={-1}>
        {t('lowStock.heading')}
      </h2>
      <DataTable
        caption={t('lowStock.caption')}
        rows={lowStock.items}
        rowKey={(r) => r.packaging_id}
        empty={t('lowStock.none')}
        columns={[
          { key: 'product', label: t('lowStock.product'), render: (r) => r.product_name },
          { key: 'packaging', label: t('lowStock.packaging'), render: (r) => r.packaging_name },
          {
            key: 'stock',
            label: t('lowStock.stock'),
            numeric: true,
            render: (r) => (
              <span className={r.stock === 0 ? 'admin-badge admin-badge--bad' : undefined}>{r.stock}</span>
            ),
          },
          { key: 'threshold', label: t('lowStock.threshold'), numeric: true, render: (r) => r.threshold },
        ]}
      />
      {lowStock.count > lowStock.items.length && (
        <p className="dash-note">{t('lowStock.more', { shown: lowStock.items.length, count: lowStock.count })}</p>
      )}
    </section>
  );
}

function Figure({ id, title, figure }: { id: string; title: string; figure: DashboardFigure }) {
  const { t } = useTranslation('admin-dashboard');
  return (
    <article className="admin-card dash-figure" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <dl>
        <div>
          <dt>{t('figures.revenue')}</dt>
          <dd className="dash-figure__main">{formatCents(figure.revenue_cents)}</dd>
        </div>
        <div>
          <dt>{t('figures.orders')}</dt>
          <dd>{figure.orders}</dd>
        </div>
        <div>
          <dt>{t('figures.average')}</dt>
          <dd>{formatCents(figure.average_order_cents)}</dd>
        </div>
      </dl>
    </article>
  );
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const { t } = useTranslation('admin-dashboard');
  return (
    <section aria-labelledby="dash-figures-heading">
      <h2 id="dash-figures-heading" className="dash-heading">
        {t('figures.heading')}
      </h2>
      <div className="dash-figures">
        <Figure id="dash-figure-today" title={t('figures.today')} figure={figures.today} />
        <Figure id="dash-figure-7" title={t('figures.days7')} figure={figures.days_7} />
        <Figure id="dash-figure-30" title={t('figures.days30')} figure={figures.days_30} />
      </div>
      <p className="dash-note">{t('figures.note', { timezone: figures.timezone })}</p>
    </section>
  );
}

function RevenuePerDay({ figures }: { figures: DashboardFigures }) {
  const { t } = useTranslation('admin-dashboard');
  const [asTable, setAsTable] = useState(false);
  const days = figures.revenue_per_day;
  // Nothing sold in the period: a sentence, not an empty chart with a blank legend (docs/decisions/055).
  if (days.every((d) => d.revenue_cents === 0 && d.orders === 0)) {
    return (
      <section className="admin-card dash-chart" aria-labelledby="dash-chart-heading">
        <h2 id="dash-chart-heading">{t('chart.heading')}</h2>
        <p className="dash-chart__empty">{t('chart.empty')}</p>
      </section>
    );
  }
  return (
    <section className="admin-card dash-chart" aria-labelledby="dash-chart-heading">
      <div className="dash-chart__head">
        <h2 id="dash-chart-heading">{t('chart.heading')}</h2>
        <button
          type="button"
          className="btn btn--secondary"
          aria-controls="dash-chart-table"
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </button>
      </div>
      {/* The canvas says nothing to a screen reader; the table below says the same, visibly or not. */}
      {!asTable && (
        <div aria-hidden="true">
          <RevenueChart
            days={days}
            labels={{ day: t('chart.day'), revenue: t('chart.revenue') }}
            failed={t('chart.loadFailed')}
          />
        </div>
      )}
      <div id="dash-chart-table" className={asTable ? 'dash-chart__table' : 'visually-hidden'}>
        <DataTable
          caption={t('chart.caption')}
          rows={days}
          rowKey={(d) => d.date}
          empty=""
          columns={[
            { key: 'day', label: t('chart.day'), render: (d) => dayLabel(d.date, 'date') },
            { key: 'revenue', label: t('chart.revenue'), numeric: true, render: (d) => formatCents(d.revenue_cents) },
            { key: 'orders', label: t('chart.orders'), numeric: true, render: (d) => d.orders },
          ]}
        />
      </div>
    </section>
  );
}
