import type { PayoutRow } from '@common/contract/referral';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDate } from '@/lib/format/format';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus, LoadMore } from '@/lib/ui/ListStatus';
import { usePayoutRequests } from '../api/get-payout-requests';
import { statusClass } from './CommissionTab';
import { PayoutRequestForm } from './PayoutRequestForm';
import '../locales';

/**
 * Payments: the request form (disabled, with the reason, until a first confirmed commission and bank
 * details exist) and the list of requests (amount, requested on, paid on, status: Requested, Paid with the
 * bank reference, or Rejected with the reason the shop gave; a rejected amount can be requested again).
 */
export function PaymentsTab() {
  const { t } = useTranslation('affiliate');
  const list = usePayoutRequests();
  const rows = list.data?.pages.flatMap((p) => p.payouts) ?? [];

  const columns: Column<PayoutRow>[] = [
    { key: 'amount', label: t('payments.amountCol'), numeric: true, render: (p) => formatCents(p.amount_cents) },
    { key: 'requested', label: t('payments.requestedOn'), render: (p) => formatDate(p.requested_at) },
    {
      key: 'paid',
      label: t('payments.paidOn'),
      render: (p) => formatDate(p.paid_at) || t('payments.notPaid'),
    },
    {
      key: 'status',
      label: t('payments.status'),
      render: (p) => (
        <>
          <span className={statusClass(p.status)}>{t(`payments.statuses.${p.status}`)}</span>
          {p.status === 'Rejected' && p.reject_reason && (
            <span className="aff-payout-note">{t('payments.rejectReason', { reason: p.reject_reason })}</span>
          )}
          {p.status === 'Paid' && p.reference && (
            <span className="aff-payout-note">{t('payments.reference', { reference: p.reference })}</span>
          )}
        </>
      ),
    },
  ];

  if (!list.data)
    return <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <div className="aff-payments">
      <PayoutRequestForm eligibility={list.data.pages[0]?.payout} />

      <h2 className="aff-section-title">{t('payments.historyTitle')}</h2>
      <DataTable
        caption={t('payments.caption')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        empty={t('payments.empty')}
      />
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </div>
  );
}
