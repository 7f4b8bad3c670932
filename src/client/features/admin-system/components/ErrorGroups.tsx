import type { AdminSystemOutput } from '@common/contract/admin/system';
import { ERROR_GROUP_DAYS } from '@common/system-rules';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/lib/ui/DataTable';
import { Section } from './Facts';
import { When } from './When';

/** Errors from shoppers' phones, grouped (docs/decisions/045-errors-from-phones.md): message, where, counts. */
export function ErrorGroupsSection({ groups, now }: { groups: AdminSystemOutput['error_groups']; now: string }) {
  const { t } = useTranslation('admin-system');
  const days = ERROR_GROUP_DAYS;
  return (
    <Section id="errors" heading={t('errors.heading')}>
      <DataTable
        caption={t('errors.caption', { days })}
        rows={groups}
        rowKey={(g) => g.id}
        empty={t('errors.none', { days })}
        columns={[
          { key: 'message', label: t('errors.message'), render: (g) => `${g.kind}: ${g.message}` },
          {
            key: 'where',
            label: t('errors.where'),
            render: (g) => [g.route, g.top_frame].filter(Boolean).join(' · ') || '—',
          },
          { key: 'recent', label: t('errors.recent', { days }), render: (g) => g.recent, numeric: true },
          { key: 'total', label: t('errors.total'), render: (g) => g.total, numeric: true },
          { key: 'last', label: t('errors.lastSeen'), render: (g) => <When at={g.last_seen} now={now} /> },
        ]}
      />
    </Section>
  );
}
