import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api/client';
import { formatDate } from '@/lib/format/date';
import { notify } from '@/lib/toast';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useCancelStockAlert, useStockAlerts } from '../api/stock-alerts';
import '../locales';

/**
 * The customer's back-in-stock alerts on the profile (docs/decisions/018): each product with its state — waiting
 * (with "Cancel alert") or told on a day. Nothing is shown while the customer has none, unless they cancelled the last
 * one here: then the section stays, saying there are none, with the focus on its title (not lost to the page's body).
 */
export function StockAlertsSection({ userId }: { userId: number }) {
  const { t } = useTranslation('profile');
  const alerts = useStockAlerts(userId);
  const cancel = useCancelStockAlert();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // An alert was cancelled here: its row (and its button) goes, the focus goes to the section's title.
  const [cancelled, setCancelled] = useState(0);
  useEffect(() => {
    if (cancelled) titleRef.current?.focus();
  }, [cancelled]);
  const list = alerts.data?.alerts ?? [];
  if (alerts.isError && !alerts.data) {
    // A failed call says so (it is not "no alerts").
    return (
      <section className="profile-card" aria-labelledby="profile-stock-alerts">
        <h2 id="profile-stock-alerts" className="profile-card__title">
          {t('stockAlerts')}
        </h2>
        <ListStatus isPending={false} error={alerts.error} onRetry={() => void alerts.refetch()} />
      </section>
    );
  }
  if (!list.length && !cancelled) return null;

  const onCancel = (productId: number) =>
    cancel.mutate(productId, {
      onSuccess: (message) => {
        if (message) notify.success(message);
        setCancelled((n) => n + 1);
      },
      onError: (err) => notify.error(err instanceof ApiError && err.code !== 0 ? err.message : t('somethingWrong')),
    });

  return (
    <section className="profile-card" aria-labelledby="profile-stock-alerts">
      <h2 id="profile-stock-alerts" ref={titleRef} tabIndex={-1} className="profile-card__title">
        {t('stockAlerts')}
      </h2>
      {!list.length && <p>{t('stockAlertsNone')}</p>}
      <ul className="profile-alerts" hidden={!list.length}>
        {list.map((a) => (
          <li key={a.product_id} className="profile-alerts__item">
            <Link to={`/details/${a.product_id}`}>{a.name}</Link>
            <span className="profile-alerts__state">
              {a.told_at ? t('stockAlertTold', { date: formatDate(a.told_at) }) : t('stockAlertWaiting')}
            </span>
            {a.told_at === null && (
              <button
                type="button"
                className="btn btn--secondary profile-alerts__cancel"
                aria-label={t('stockAlertCancelOf', { name: a.name })}
                disabled={cancel.isPending}
                onClick={() => onCancel(a.product_id)}
              >
                {t('stockAlertCancel')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
