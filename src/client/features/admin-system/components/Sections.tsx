import type { AdminSystemOutput } from '@common/contract/admin/system';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/lib/ui/DataTable';
import { Facts, Section } from './Facts';
import { useBytes, useDuration, When } from './When';

type System = AdminSystemOutput;

export function ReleaseSection({ release }: { release: System['release'] }) {
  const { t } = useTranslation('admin-system');
  return (
    <Section id="release" heading={t('release.heading')}>
      <Facts
        caption={t('release.caption')}
        rows={[
          [t('release.version'), release.version],
          [t('release.commit'), release.commit ? <code>{release.commit}</code> : t('release.unknown')],
          [t('release.client'), release.client_build ? <code>{release.client_build}</code> : t('release.noClient')],
        ]}
      />
    </Section>
  );
}

export function InstancesSection({ instances, now }: { instances: System['instances']; now: string }) {
  const { t } = useTranslation('admin-system');
  const duration = useDuration();
  return (
    <Section id="instances" heading={t('instances.heading', { count: instances.length })}>
      <DataTable
        caption={t('instances.caption')}
        rows={instances}
        rowKey={(i) => i.id}
        empty={t('instances.none')}
        columns={[
          {
            key: 'host',
            label: t('instances.host'),
            render: (i) => (i.current ? `${i.host} (${t('instances.current')})` : i.host),
          },
          { key: 'pid', label: t('instances.pid'), render: (i) => i.pid, numeric: true },
          { key: 'release', label: t('instances.release'), render: (i) => i.release },
          { key: 'started', label: t('instances.started'), render: (i) => <When at={i.started_at} now={now} /> },
          { key: 'uptime', label: t('instances.uptime'), render: (i) => duration(i.uptime_seconds) },
          { key: 'seen', label: t('instances.lastSeen'), render: (i) => <When at={i.last_seen_at} now={now} /> },
        ]}
      />
    </Section>
  );
}

export function DatabaseSection({ database }: { database: System['database'] }) {
  const { t } = useTranslation('admin-system');
  const bytes = useBytes();
  return (
    <Section id="database" heading={t('database.heading')}>
      <Facts
        caption={t('database.caption')}
        rows={[
          [t('database.kind'), t(`database.${database.kind}`)],
          [t('database.size'), database.bytes === null ? t('database.unknown') : bytes(database.bytes)],
        ]}
      />
    </Section>
  );
}

export function JobsSection({ jobs, now }: { jobs: System['jobs']; now: string }) {
  const { t } = useTranslation('admin-system');
  const outcomes = t('jobs.outcomes', { returnObjects: true }) as Record<string, string>;
  return (
    <Section id="jobs" heading={t('jobs.heading')}>
      <DataTable
        caption={t('jobs.caption')}
        rows={jobs}
        rowKey={(j) => j.name}
        empty={t('jobs.none')}
        columns={[
          { key: 'name', label: t('jobs.name'), render: (j) => j.name },
          {
            key: 'outcome',
            label: t('jobs.outcome'),
            render: (j) => (
              <span className={j.outcome === 'failed' ? 'admin-badge admin-badge--bad' : undefined}>
                {outcomes[j.outcome] ?? j.outcome}
              </span>
            ),
          },
          { key: 'last', label: t('jobs.lastRun'), render: (j) => <When at={j.last_started_at} now={now} /> },
          { key: 'next', label: t('jobs.nextRun'), render: (j) => <When at={j.next_run_at} now={now} /> },
          { key: 'runs', label: t('jobs.runs'), render: (j) => j.runs, numeric: true },
          { key: 'error', label: t('jobs.error'), render: (j) => j.last_error ?? '—' },
        ]}
      />
    </Section>
  );
}

export function OutboxesSection({ outboxes, now }: { outboxes: System['outboxes']; now: string }) {
  const { t } = useTranslation('admin-system');
  return (
    <Section id="outboxes" heading={t('outboxes.heading')}>
      <DataTable
        caption={t('outboxes.caption')}
        rows={outboxes}
        rowKey={(o) => o.outbox}
        empty={t('outboxes.empty')}
        columns={[
          { key: 'outbox', label: t('outboxes.outbox'), render: (o) => t(`outboxes.${o.outbox}`) },
          { key: 'backlog', label: t('outboxes.backlog'), render: (o) => o.backlog, numeric: true },
          {
            key: 'oldest',
            label: t('outboxes.oldest'),
            render: (o) => <When at={o.oldest_at} now={now} empty={t('outboxes.empty')} />,
          },
        ]}
      />
    </Section>
  );
}

export function BackupsSection({ backups, now }: { backups: System['backups']; now: string }) {
  const { t } = useTranslation('admin-system');
  const bytes = useBytes();
  let body: ReactNode;
  if (!backups.scheduled && !backups.last_at) body = <p>{t('backups.off')}</p>;
  else if (!backups.last_at) body = <p>{t('backups.none')}</p>;
  else {
    body = (
      <Facts
        caption={t('backups.caption')}
        rows={[
          [t('backups.lastRun'), <When key="at" at={backups.last_at} now={now} />],
          [
            t('backups.outcome'),
            backups.last_ok ? (
              t('backups.ok')
            ) : (
              <span className="admin-badge admin-badge--bad">
                {t('backups.failed', { error: backups.last_error ?? '' })}
              </span>
            ),
          ],
          [t('backups.lastGood'), <When key="good" at={backups.last_good_at} now={now} />],
          [t('backups.size'), backups.last_good_bytes === null ? '—' : bytes(backups.last_good_bytes)],
        ]}
      />
    );
  }
  return (
    <Section id="backups" heading={t('backups.heading')}>
      {body}
    </Section>
  );
}

export function WebhooksSection({ webhooks, now }: { webhooks: System['webhooks']; now: string }) {
  const { t } = useTranslation('admin-system');
  return (
    <Section id="webhooks" heading={t('webhooks.heading')}>
      <DataTable
        caption={t('webhooks.caption')}
        rows={webhooks}
        rowKey={(w) => w.source}
        empty={t('webhooks.none')}
        columns={[
          { key: 'source', label: t('webhooks.source'), render: (w) => t(`webhooks.${w.source}`) },
          {
            key: 'heard',
            label: t('webhooks.lastHeard'),
            render: (w) =>
              w.on ? <When at={w.last_heard_at} now={now} empty={t('webhooks.none')} /> : t('webhooks.off'),
          },
        ]}
      />
    </Section>
  );
}
