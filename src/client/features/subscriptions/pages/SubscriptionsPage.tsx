import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAddresses } from '@/entities/user/api/get-addresses';
import { useSubscriptions } from '../api/get-subscriptions';
import { SubscriptionCard } from '../components/SubscriptionCard';
import '../locales';
import '../subscriptions.css';
import { usePageTitle } from '@/lib/use-page-title';

/** /subscriptions: the customer's Subscribe & save subscriptions, to change, skip or cancel. Guests log in first. */
// A user only: the router's RequireUser (app/guards) sends guests to /login.
export default function SubscriptionsPage() {
  return <Subscriptions />;
}

function Subscriptions() {
  const { t } = useTranslation('subscriptions');
  const query = useSubscriptions();
  const addresses = useAddresses();
  const list = query.data?.subscriptions ?? [];
  const active = list.filter((s) => s.status === 'active');
  const ended = list.filter((s) => s.status !== 'active');
  const saved = addresses.data?.addresses ?? [];

  usePageTitle(t('title'));

  return (
    <main className="page sub-page">
      <h1>{t('title')}</h1>
      <p className="sub-hint">{t('intro')}</p>
      {query.isPending && (
        <p className="sub-hint" role="status">
          {t('loading')}
        </p>
      )}
      {query.isError && (
        <div role="alert" className="sub-empty">
          <p>{query.error.message || t('loadFailed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {query.isSuccess && active.length === 0 && (
        <div className="sub-empty">
          <p>{t('empty')}</p>
          <Link to="/products" className="btn btn--primary">
            {t('shopNow')}
          </Link>
        </div>
      )}
      {active.length > 0 && (
        <ul className="sub-list" aria-label={t('title')}>
          {active.map((s) => (
            <SubscriptionCard key={s.id} subscription={s} addresses={saved} />
          ))}
        </ul>
      )}
      {ended.length > 0 && (
        <section aria-labelledby="sub-ended-title" className="sub-ended">
          <h2 id="sub-ended-title" className="sub-section-title">
            {t('cancelledTitle')}
          </h2>
          <ul className="sub-list" aria-labelledby="sub-ended-title">
            {ended.map((s) => (
              <SubscriptionCard key={s.id} subscription={s} addresses={saved} />
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
