import type { VisitRow } from '@common/contract/referral';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format/format';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus, LoadMore } from '@/lib/ui/ListStatus';
import { useReferralVisitData } from '../api/referral-visit-data';
import '../locales';

/** Visits of the agent's links: date, link, origin, converted or not, converted date; Load more. */
export function VisitsTab() {
  const { t } = useTranslation('affiliate');
  const list = useReferralVisitData();
  const rows = list.data?.pages.flatMap((p) => p.visits) ?? [];
  const columns: Column<VisitRow>[] = [
    { key: 'date', label: t('visits.date'), render: (v) => formatDate(v.created_at) },
    { key: 'link', label: t('visits.link'), render: (v) => <code className="aff-code">{v.link}</code> },
    {
      key: 'origin',
      label: t('visits.origin'),
      render: (v) => (v.origin === 'direct' ? t('visits.direct') : v.origin),
    },
    {
      key: 'converted',
      label: t('visits.converted'),
      render: (v) => (
        <span className={v.converted ? 'badge badge--converted' : 'badge'}>
          {v.converted ? t('visits.yes') : t('visits.no')}
        </span>
      ),
    },
    {
      key: 'convertedDate',
      label: t('visits.convertedDate'),
      render: (v) => formatDate(v.converted_at) || '—',
    },
  ];
  if (!list.data)
    return <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <DataTable
        caption={t('visits.caption')}
        columns={columns}
        rows={rows}
        rowKey={(v) => v.id}
        empty={t('visits.empty')}
      />
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </>
  );
}
