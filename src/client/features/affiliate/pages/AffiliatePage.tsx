import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AFFILIATE_TABS, type AffiliateTab, AffiliateTabs, panelId, tabId } from '../components/AffiliateTabs';
import { CommissionTab } from '../components/CommissionTab';
import { DashboardTab } from '../components/DashboardTab';
import { DownlinesTab } from '../components/DownlinesTab';
import { LinkGeneratorTab } from '../components/LinkGeneratorTab';
import { PaymentsTab } from '../components/PaymentsTab';
import { SettingsTab } from '../components/SettingsTab';
import { VisitsTab } from '../components/VisitsTab';
import '../locales';
import '@/lib/ui/panels.css';
import '../affiliate.css';
import { usePageTitle } from '@/lib/use-page-title';

const PANELS: Record<AffiliateTab, () => JSX.Element> = {
  dashboard: DashboardTab,
  commission: CommissionTab,
  visits: VisitsTab,
  payments: PaymentsTab,
  links: LinkGeneratorTab,
  settings: SettingsTab,
  downlines: DownlinesTab,
};

const isTab = (v: string | null): v is AffiliateTab => (AFFILIATE_TABS as readonly string[]).includes(v ?? '');

/**
 * /affiliate (agents): Dashboard, Commission, Visits, Payments, Link generator, Settings, Downlines.
 * The open section is in the address (?tab=…). Guests go to the login screen; other users to /referral.
 */
// Agents only: the router's RequireUser (app/guards) sends guests to /login and other users to /referral.
export default function AffiliatePage() {
  return <AffiliateDashboardScreen />;
}

function AffiliateDashboardScreen() {
  const { t } = useTranslation('affiliate');
  const [params, setParams] = useSearchParams();
  const tab = isTab(params.get('tab')) ? (params.get('tab') as AffiliateTab) : 'dashboard';
  const Panel = PANELS[tab];

  usePageTitle(t('title'));

  return (
    <main className="page affiliate">
      <h1>{t('title')}</h1>
      <AffiliateTabs
        active={tab}
        onSelect={(next) => setParams(next === 'dashboard' ? {} : { tab: next }, { replace: true })}
      />
      <section id={panelId(tab)} role="tabpanel" aria-labelledby={tabId(tab)} className="aff-panel">
        <Panel />
      </section>
    </main>
  );
}
