import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStaffMe } from '@/entities/staff/api/use-staff';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useSetMyAlerts } from '../api/me-notifications';
import '../locales';
import '../admin-me.css';

/**
 * /admin/me, "My alerts" (any staff member): the caller's own switch for the bot's staff alerts (new orders,
 * receipts, payout requests, low stock) and whether their account is linked to Telegram, where the alerts go.
 */
export default function MyAlertsPage() {
  const { t } = useTranslation('admin-me');
  const me = useStaffMe();
  const setAlerts = useSetMyAlerts();
  const id = useId();

  if (!me.data) {
    return (
      <AdminPage title={t('title')}>
        <ListStatus isPending={me.isPending} error={me.error} onRetry={() => me.refetch()} />
      </AdminPage>
    );
  }
  const on = setAlerts.isPending && setAlerts.variables !== undefined ? setAlerts.variables : me.data.notify_telegram;
  const toggle = (next: boolean) =>
    setAlerts.mutate(next, {
      onSuccess: () => notify.success(t('saved')),
      onError: (err) => notify.error(errorText(err, t('saveFailed')) ?? t('saveFailed')),
    });

  return (
    <AdminPage title={t('title')}>
      <div className="admin-me">
        <section className="admin-card admin-me__card" aria-labelledby={`${id}-alerts`}>
          <h2 id={`${id}-alerts`}>{t('telegram')}</h2>
          <p className="admin-me__note">{t('intro')}</p>
          <label className="admin-me__switch" htmlFor={`${id}-switch`}>
            <span>{t('switchLabel')}</span>
            <span className="admin-me__control">
              <input
                id={`${id}-switch`}
                type="checkbox"
                role="switch"
                aria-checked={on}
                checked={on}
                disabled={setAlerts.isPending}
                onChange={(e) => toggle(e.target.checked)}
              />
              <span aria-hidden="true">{on ? t('on') : t('off')}</span>
            </span>
          </label>
          <div className="admin-me__telegram">
            {me.data.telegram_linked ? (
              <p>
                <span className="admin-badge admin-badge--ok">{t('linkedBadge')}</span> {t('linked')}
              </p>
            ) : (
              <p>
                <span className="admin-badge admin-badge--warn">{t('notLinkedBadge')}</span> {t('notLinked')}{' '}
                <Link to="/profile">{t('openProfile')}</Link>
              </p>
            )}
          </div>
          <p className="admin-me__note">{t('roleNote')}</p>
          <p className="admin-me__note">{t('adminCommand')}</p>
        </section>
      </div>
    </AdminPage>
  );
}
