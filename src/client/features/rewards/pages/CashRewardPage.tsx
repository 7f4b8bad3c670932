import type { CashRewardEntry } from '@common/contract/checkout';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { useSession } from '../../../stores/session-store';
import { type Column, DataTable } from '../../referral/components/DataTable';
import { ListStatus, LoadMore } from '../../referral/components/ListStatus';
import { formatCents, formatDate } from '../../referral/format';
import { useCashRebateList } from '../api/get-cash-rebate-list';
import '../locales';
import '../../referral/referral.css';
import '../rewards.css';
import { usePageTitle } from '../../../lib/use-page-title';

/** /cashReward: balance, totals and the ledger (type, spend, rewards amount, status, balance). Guests log in first. */
export default function CashRewardPage() {
  const user = useSession((s) => s.user);
  if (!user) return <Navigate to="/login?redirect=/cashReward" replace />;
  return <CashRewards />;
}

function CashRewards() {
  const { t, i18n } = useTranslation('rewards');
  const list = useCashRebateList();
  const first = list.data?.pages[0];
  const rows = list.data?.pages.flatMap((p) => p.entries) ?? [];

  usePageTitle(t('title'));

  const columns: Column<CashRewardEntry>[] = [
    { key: 'date', label: t('columns.date'), render: (e) => formatDate(e.created_at, i18n.language) },
    { key: 'type', label: t('columns.type'), render: (e) => t(`types.${e.type}`) },
    { key: 'order', label: t('columns.order'), render: (e) => e.order_no ?? '—' },
    { key: 'spend', label: t('columns.spend'), numeric: true, render: (e) => formatCents(e.spend_cents) },
    {
      key: 'amount',
      label: t('columns.amount'),
      numeric: true,
      render: (e) => (
        <span className={e.amount_cents < 0 ? 'rewards__minus' : 'rewards__plus'}>
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
    <main className="page rewards">
      <h1>{t('title')}</h1>
      {first ? (
        <>
          <p className="rewards__intro">{t('intro', { percent: first.reward_percent })}</p>
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
          <h2 className="rewards__history">{t('historyTitle')}</h2>
          {rows.length === 0 ? (
            <div className="rewards__empty">
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
