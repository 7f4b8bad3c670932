import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useSystem } from '../api/system';
import { ErrorGroupsSection } from '../components/ErrorGroups';
import {
  BackupsSection,
  DatabaseSection,
  InstancesSection,
  JobsSection,
  OutboxesSection,
  ReleaseSection,
  WebhooksSection,
} from '../components/Sections';
import { When } from '../components/When';
import '../locales';
import '../system.css';

/**
 * The back office's System page (owner): the release, the live instances, the database, the background jobs, the
 * outboxes, the backups, the webhooks and the errors from phones, read once when opened (and again on Refresh). Times are shown relative to
 * when the server answered, and in full.
 */
export default function SystemPage() {
  const { t } = useTranslation('admin-system');
  const system = useSystem();
  const data = system.data;
  return (
    <AdminPage
      title={t('title')}
      actions={
        <button
          type="button"
          className="btn"
          onClick={() => system.refetch()}
          disabled={system.isFetching}
          aria-busy={system.isFetching || undefined}
        >
          {t('refresh')}
        </button>
      }
    >
      {data ? (
        <>
          <p className="sys-read">
            {t('asOf')} <When at={data.now} now={data.now} />
          </p>
          <ReleaseSection release={data.release} />
          <InstancesSection instances={data.instances} now={data.now} />
          <DatabaseSection database={data.database} />
          <JobsSection jobs={data.jobs} now={data.now} />
          <OutboxesSection outboxes={data.outboxes} now={data.now} />
          <BackupsSection backups={data.backups} now={data.now} />
          <WebhooksSection webhooks={data.webhooks} now={data.now} />
          <ErrorGroupsSection groups={data.error_groups} now={data.now} />
        </>
      ) : (
        <ListStatus isPending={system.isPending} error={system.error} onRetry={() => system.refetch()} />
      )}
    </AdminPage>
  );
}
