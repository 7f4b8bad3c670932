import type { CashRewardEntry } from '@common/contract/checkout';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCents, formatDate } from '@/lib/format/format';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus, LoadMore } from '@/lib/ui/ListStatus';
import { useCashRewardList } from '../api/get-cash-reward-list';
import '../locales';
import '@/lib/ui/panels.css';
import '../cash-reward.css';
import { usePageTitle } from '@/lib/use-page-title';

/** /cashReward: balance, totals and the ledger (type, spend, reward amount, status, balance). Guests log in first. */
// A user only: the router's RequireUser (app/guards) sends guests to /login.
export default function CashRewardPage() {
  return <CashRewardLedger />;
}

function CashRewardLedger() {
  const { t } = useTranslation('cashReward');
  const list = useCashRewardList();
  const first = list.data?.pages[0];
  const rows = list.data?.pages.flatMap((p) => p.entries) ?? [];

  usePageTitle(t('title'));

  const columns: Column<CashRewardEntry>[] = [
    { key: 'date', label: t('columns.date'), render: (e) => formatDate(e.created_at) },
    { key: 'type', label: t('columns.type'), render: (e) => t(`types.${e.type}`) },
    { key: 'order', label: t('columns.order'), render: (e) => e.order_no ?? '—' },
    { key: 'spend', label: t('columns.spend'), numeric: true, render: (e) => formatCents(e.spend_cents) },
    {
      key: 'amount',
      label: t('columns.amount'),
      numeric: true,
      render: (e) => (
        <span className={e.amount_cents < 0 ? 'cash-reward__minus' : 'cash-reward__plus'}>
          {e.amount_cents > 0 ? '+' : ''}
          {formatCents(e.amount_cents)}
        </span>
      ),
    },
    {
      key: 'status',
      label: t('columns.status'),
      render: (e) => <span className={`badge badge--${e.status.toLowerCase()}`}>{t(`status.${e.status}`)}</span>,
    },
    { key: 'balance', label: t('columns.balance'), numeric: true, render: (e) => formatCents(e.balance_after_cents) },
  ];

  return (
    <main className="page cash-reward">
      <h1>{t('title')}</h1>
      {first ? (
        <>
          <p className="cash-reward__intro">{t('intro', { percent: first.reward_percent })}</p>
          <dl className="stat-grid">
            <div className="stat stat--accent">
              <dt>{t('balance')}</dt>
              <dd>{formatCents(first.balance_cents)}</dd>
            </div>
            <div className="stat">
              <dt>{t('onHold')}</dt>
              <dd>{formatCents(first.on_hold_cents)}</dd>
            </div>
            <div className="stat">
              <dt>{t('earned')}</dt>
              <dd>{formatCents(first.total_earned_cents)}</dd>
            </div>
            <div className="stat">
              <dt>{t('redeemed')}</dt>
              <dd>{formatCents(first.total_redeemed_cents)}</dd>
            </div>
          </dl>
          <h2 className="cash-reward__history">{t('historyTitle')}</h2>
          {rows.length === 0 ? (
            <div className="cash-reward__empty">
              <p>{t('empty')}</p>
              <Link to="/products" className="btn btn--primary">
                {t('shopNow')}
              </Link>
            </div>
          ) : (
            <DataTable caption={t('caption')} columns={columns} rows={rows} rowKey={(e) => e.id} empty={t('empty')} />
          )}
          <LoadMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoad={() => void list.fetchNextPage()}
          />
        </>
      ) : (
        <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      )}
    </main>
  );
}
