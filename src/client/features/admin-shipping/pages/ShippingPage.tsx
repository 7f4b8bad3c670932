import { isShippingCountry, type ShippingCountry } from '@common/shipping-rules';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Tabs } from '@/lib/ui/admin/Tabs';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useShipping } from '../api/shipping';
import { AddStateForm } from '../components/AddStateForm';
import { FreeThreshold } from '../components/FreeThreshold';
import { StateList } from '../components/StateList';
import '../locales';
import '../shipping.css';

/**
 * /admin/shipping (owner, manager; docs/decisions/041): the free-delivery threshold, then one tab per country (the
 * address keeps it, `?country=`) with the form that adds a state and the country's states in order.
 */
export default function ShippingPage() {
  const { t } = useTranslation('admin-shipping');
  const shipping = useShipping();
  const [params, setParams] = useSearchParams();
  const asked = params.get('country');
  const countries = (shipping.data?.countries ?? []).map((c) => c.country).filter(isShippingCountry);
  const selected: ShippingCountry = isShippingCountry(asked) && countries.includes(asked) ? asked : 'PH';
  const countryName = (c: string) => t(`countries.${c}`, { defaultValue: c });
  if (!shipping.data) {
    return (
      <AdminPage title={t('title')}>
        <ListStatus isPending={shipping.isPending} error={shipping.error} onRetry={() => shipping.refetch()} />
      </AdminPage>
    );
  }
  const states = shipping.data.countries.find((c) => c.country === selected)?.states ?? [];
  return (
    <AdminPage title={t('title')}>
      <p className="ash-note">{t('intro')}</p>
      <FreeThreshold
        key={shipping.data.free_shipping_threshold_cents}
        cents={shipping.data.free_shipping_threshold_cents}
      />
      <Tabs
        tabs={countries}
        selected={selected}
        label={t('countriesLabel')}
        tabLabel={countryName}
        onSelect={(c) => setParams({ country: c }, { replace: true })}
      >
        <div className="ash-country">
          <AddStateForm key={selected} country={selected} countryName={countryName(selected)} />
          <StateList country={selected} countryName={countryName(selected)} states={states} />
        </div>
      </Tabs>
    </AdminPage>
  );
}
