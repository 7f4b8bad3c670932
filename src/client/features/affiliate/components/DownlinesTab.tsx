import type { DownlineRow } from '@common/contract/referral';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format/format';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus, LoadMore } from '@/lib/ui/ListStatus';
import { useAgentDownlines } from '../api/get-agent-downlines';
import '../locales';

/** Downlines: member, join date, via, remark; Load more. */
export function DownlinesTab() {
  const { t } = useTranslation('affiliate');
  const list = useAgentDownlines();
  const rows = list.data?.pages.flatMap((p) => p.downlines) ?? [];
  const columns: Column<DownlineRow>[] = [
    { key: 'nickname', label: t('downlines.nickname'), render: (d) => d.nickname },
    { key: 'joined', label: t('downlines.joined'), render: (d) => formatDate(d.joined_at) },
    {
      key: 'via',
      label: t('downlines.via'),
      render: (d) =>
        d.via === 'link' || d.via === 'code' || d.via === 'bot'
          ? t(`downlines.viaLabels.${d.via}`)
          : t('downlines.viaLabels.unknown'),
    },
    { key: 'remark', label: t('downlines.remark'), render: (d) => d.remark || '—' },
  ];
  if (!list.data)
    return <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <DataTable
        caption={t('downlines.caption')}
        columns={columns}
        rows={rows}
        rowKey={(d) => d.id}
        empty={t('downlines.empty')}
      />
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </>
  );
}
