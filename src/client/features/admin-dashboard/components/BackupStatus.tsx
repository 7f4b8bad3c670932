import type { BackupStatus as Status } from '@common/contract/admin/dashboard';
import { useTranslation } from 'react-i18next';

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * Scheduled backups at a glance, for roles with `settings` (docs/decisions/042): the last round and, when it failed,
 * why and when the last good one was. A failure is shown as an alert (it also reached the owners by bot and e-mail).
 */
export function BackupStatus({ status }: { status: Status }) {
  const { t } = useTranslation('admin-dashboard');
  let lines: string[];
  if (!status.scheduled && !status.last_at) lines = [t('backups.off')];
  else if (!status.last_at) lines = [t('backups.none')];
  else if (status.last_ok) lines = [t('backups.ok', { at: minute(status.last_at) })];
  else {
    lines = [
      t('backups.failed', { at: minute(status.last_at), error: status.last_error ?? '' }),
      status.last_good_at ? t('backups.lastGood', { at: minute(status.last_good_at) }) : t('backups.neverGood'),
    ];
  }
  const failed = status.last_ok === false;
  return (
    <section className="admin-card" aria-labelledby="dash-backups-heading">
      <h2 id="dash-backups-heading">{t('backups.heading')}</h2>
      <div role={failed ? 'alert' : undefined}>
        {lines.map((line, i) => (
          <p key={line} className={failed && i === 0 ? 'admin-badge admin-badge--bad' : 'dash-note'}>
            {line}
          </p>
        ))}
      </div>
    </section>
  );
}
