import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { AgentsTab } from '../components/AgentsTab';
import { CommissionsTab } from '../components/CommissionsTab';
import { PayoutsTab } from '../components/PayoutsTab';
import '../locales';
import '../affiliates.css';

const TABS = ['agents', 'commissions', 'payouts'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * /admin/affiliates (permission `affiliates`): Agents, Commissions and Payout requests as tabs (the tab is in the
 * address, `?tab=`). The main action is "Make agent" (Telegram's MainButton inside Telegram). An agent's
 * "Commissions" button opens the Commissions tab filtered by that agent.
 */
export default function AffiliatesPage() {
  const { t } = useTranslation('admin-affiliates');
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'agents';
  const [agent, setAgent] = useState(params.get('agent') ?? '');
  const [making, setMaking] = useState(false);
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const open = (next: Tab, agentEmail?: string) => {
    if (agentEmail !== undefined) setAgent(agentEmail);
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const to =
      e.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (index + TABS.length - 1) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    open(TABS[to]!);
    tabRefs.current[to]?.focus();
  };

  return (
    <AdminPage
      title={t('title')}
      mainAction={tab === 'agents' ? { label: t('agents.make'), onClick: () => setMaking(true) } : undefined}
    >
      <div className="aaf-tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown}>
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'aaf-tab aaf-tab--on' : 'aaf-tab'}
            onClick={() => open(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}`} className="aaf-panel">
        {tab === 'agents' && (
          <AgentsTab
            making={making}
            onCloseMaking={() => setMaking(false)}
            onShowCommissions={(email) => open('commissions', email)}
          />
        )}
        {tab === 'commissions' && <CommissionsTab agent={agent} onAgent={setAgent} />}
        {tab === 'payouts' && <PayoutsTab agent={agent} onAgent={setAgent} />}
      </div>
    </AdminPage>
  );
}
