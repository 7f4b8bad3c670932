import { COMMISSION_STATUSES, type CommissionRow, type CommissionStatus } from '@common/contract/referral';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDate, formatRate } from '@/lib/format/format';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus, LoadMore } from '@/lib/ui/ListStatus';
import { useCommissionData } from '../api/commission-data';
import '../locales';

export const statusClass = (status: string) => `badge badge--${status.toLowerCase().replace(/\s+/g, '-')}`;

/** Commissions: date, order, conversion, order value, rate, amount, status; filter by status; Load more. */
export function CommissionTab() {
  const { t } = useTranslation('affiliate');
  const filterId = useId();
  const [status, setStatus] = useState<CommissionStatus | undefined>(undefined);
  const list = useCommissionData(status);
  const rows = list.data?.pages.flatMap((p) => p.commissions) ?? [];

  const columns: Column<CommissionRow>[] = [
    { key: 'date', label: t('commission.date'), render: (c) => formatDate(c.created_at) },
    { key: 'order', label: t('commission.order'), render: (c) => c.order_no },
    { key: 'member', label: t('commission.member'), render: (c) => c.downline_nickname },
    { key: 'base', label: t('commission.base'), numeric: true, render: (c) => formatCents(c.base_cents) },
    { key: 'rate', label: t('commission.rate'), numeric: true, render: (c) => formatRate(c.rate_bp) },
    { key: 'amount', label: t('commission.amount'), numeric: true, render: (c) => formatCents(c.amount_cents) },
    {
      key: 'status',
      label: t('commission.status'),
      render: (c) => <span className={statusClass(c.status)}>{t(`status.${c.status}`)}</span>,
    },
  ];

  return (
    <div>
      <div className="aff-filter">
        <label htmlFor={filterId}>{t('commission.filter')}</label>
        <select
          id={filterId}
          className="aff-input"
          value={status ?? ''}
          onChange={(e) => setStatus((e.target.value || undefined) as CommissionStatus | undefined)}
        >
          <option value="">{t('commission.all')}</option>
          {COMMISSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {list.data ? (
        <>
          <DataTable
            caption={t('commission.caption')}
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            empty={t('commission.empty')}
          />
          <LoadMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoad={() => void list.fetchNextPage()}
          />
        </>
      ) : (
        <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      )}
    </div>
  );
}
