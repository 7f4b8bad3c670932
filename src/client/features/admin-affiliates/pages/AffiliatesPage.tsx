import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useUrlTab } from '@/lib/hooks/use-url-tab';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Tabs } from '@/lib/ui/admin/Tabs';
import { AgentsTab } from '../components/AgentsTab';
import { AwardsTab } from '../components/AwardsTab';
import { CommissionsTab } from '../components/CommissionsTab';
import { PayoutsTab } from '../components/PayoutsTab';
import '../locales';
import '../affiliates.css';

const TABS = ['agents', 'commissions', 'payouts', 'awards'] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin/affiliates (permission `affiliates`): Agents, Commissions, Payout requests and Referral awards as tabs (the tab is in the
 * address, `?tab=`). The main action is "Make agent" (Telegram's MainButton inside Telegram). An agent's
 * "Commissions" button opens the Commissions tab filtered by that agent.
 */
export default function AffiliatesPage() {
  const { t } = useTranslation('admin-affiliates');
  const [params] = useSearchParams();
  const [tab, showTab] = useUrlTab(TABS);
  const [agent, setAgent] = useState(params.get('agent') ?? '');
  const [making, setMaking] = useState(false);

  const open = (next: Tab, agentEmail?: string) => {
    if (agentEmail !== undefined) setAgent(agentEmail);
    showTab(next);
  };

  return (
    <AdminPage
      title={t('title')}
      mainAction={tab === 'agents' ? { label: t('agents.make'), onClick: () => setMaking(true) } : undefined}
    >
      <Tabs
        tabs={TABS}
        selected={tab}
        label={t('tabs.label')}
        tabLabel={(name) => t(`tabs.${name}`)}
        onSelect={(name) => open(name)}
      >
        {tab === 'agents' && (
          <AgentsTab
            making={making}
            onCloseMaking={() => setMaking(false)}
            onShowCommissions={(email) => open('commissions', email)}
          />
        )}
        {tab === 'commissions' && <CommissionsTab agent={agent} onAgent={setAgent} />}
        {tab === 'payouts' && <PayoutsTab agent={agent} onAgent={setAgent} />}
        {tab === 'awards' && <AwardsTab />}
      </Tabs>
    </AdminPage>
  );
}
