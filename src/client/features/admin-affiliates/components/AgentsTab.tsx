import type { AdminAgentRow } from '@common/contract/admin/affiliates';
import { formatCents } from '@common/money';
import { COMMISSION_STATUSES } from '@common/referral-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { useAgents } from '../api/affiliates-agents';
import { bpToPercent } from '../percent';
import { MakeAgentDialog, RateDialog, RevokeDialog } from './AgentDialogs';
import { Person, RowAction } from './TabParts';

/**
 * Agents: search, the list (rate, commissions by status, balance owed, payout requested, downlines) and per row
 * Edit rate, Revoke (or Make agent again for a revoked one) and a link to its commissions. The Make agent dialog
 * is opened by the screen's main action.
 */
export function AgentsTab({
  making,
  onCloseMaking,
  onShowCommissions,
}: {
  making: boolean;
  onCloseMaking(): void;
  onShowCommissions(email: string): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  const [qText, setQText] = useState('');
  const q = useDebounced(qText.trim(), 300);
  const list = useAgents(q);
  const rows = list.data?.pages.flatMap((p) => p.agents) ?? [];
  const defaultRate = list.data?.pages[0]?.default_rate_bp;
  const [editing, setEditing] = useState<AdminAgentRow | null>(null);
  const [revoking, setRevoking] = useState<AdminAgentRow | null>(null);
  const [remaking, setRemaking] = useState<AdminAgentRow | null>(null);

  const columns: Column<AdminAgentRow>[] = [
    {
      key: 'agent',
      label: t('agents.col.agent'),
      render: (a) => <Person email={a.email} nickname={a.nickname} />,
    },
    {
      key: 'status',
      label: t('agents.col.status'),
      render: (a) =>
        a.is_agent ? (
          <span className="admin-badge admin-badge--ok">{t('agents.active')}</span>
        ) : (
          <span className="admin-badge admin-badge--warn">{t('agents.revoked')}</span>
        ),
    },
    { key: 'rate', label: t('agents.col.rate'), numeric: true, render: (a) => `${bpToPercent(a.rate_bp)}%` },
    {
      key: 'commissions',
      label: t('agents.col.commissions'),
      render: (a) => <CommissionSums sums={a.commission_cents} />,
    },
    { key: 'owed', label: t('agents.col.owed'), numeric: true, render: (a) => formatCents(a.owed_cents) },
    {
      key: 'requested',
      label: t('agents.col.requested'),
      numeric: true,
      render: (a) => formatCents(a.requested_cents),
    },
    { key: 'downlines', label: t('agents.col.downlines'), numeric: true, render: (a) => a.downlines },
    {
      key: 'actions',
      label: t('agents.col.actions'),
      render: (a) => (
        <AgentActions
          agent={a}
          onEdit={() => setEditing(a)}
          onRevoke={() => setRevoking(a)}
          onRemake={() => setRemaking(a)}
          onShowCommissions={() => onShowCommissions(a.email)}
        />
      ),
    },
  ];

  return (
    <>
      <AgentSearch value={qText} onChange={setQText} />
      <PagedTable
        list={list}
        caption={t('agents.caption')}
        columns={columns}
        rows={rows}
        rowKey={(a) => a.user_id}
        empty={t('agents.empty')}
      />
      {making && <MakeAgentDialog defaultRateBp={defaultRate} onClose={onCloseMaking} />}
      {remaking && (
        <MakeAgentDialog
          defaultRateBp={defaultRate}
          email={remaking.email}
          rateBp={remaking.rate_bp}
          onClose={() => setRemaking(null)}
        />
      )}
      {editing && <RateDialog agent={editing} onClose={() => setEditing(null)} />}
      {revoking && <RevokeDialog agent={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

/** The search box of the agents' list (by e-mail or nickname). */
function AgentSearch({ value, onChange }: { value: string; onChange(text: string): void }) {
  const { t } = useTranslation('admin-affiliates');
  const searchId = useId();
  return (
    <div className="admin-filters">
      <label htmlFor={searchId}>
        {t('agents.search')}
        <input
          id={searchId}
          type="search"
          value={value}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}

/** An agent's commissions summed by status (the statuses it has any of). */
function CommissionSums({ sums }: { sums: AdminAgentRow['commission_cents'] }) {
  const { t } = useTranslation('admin-affiliates');
  const shown = COMMISSION_STATUSES.filter((s) => sums[s] > 0);
  if (!shown.length) return <span className="aaf-muted">{t('agents.none')}</span>;
  return (
    <ul className="aaf-sums">
      {shown.map((s) => (
        <li key={s}>
          {t(`statuses.${s}`)}: {formatCents(sums[s])}
        </li>
      ))}
    </ul>
  );
}

/** An agent's row actions: Edit rate and Revoke (or Make agent again for a revoked one), and its commissions. */
function AgentActions({
  agent: a,
  onEdit,
  onRevoke,
  onRemake,
  onShowCommissions,
}: {
  agent: AdminAgentRow;
  onEdit(): void;
  onRevoke(): void;
  onRemake(): void;
  onShowCommissions(): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  return (
    <div className="aaf-actions">
      {a.is_agent ? (
        <>
          <RowAction
            label={t('agents.editRate')}
            name={t('agents.editRateLabel', { email: a.email })}
            onClick={onEdit}
          />
          <RowAction label={t('agents.revoke')} name={t('agents.revokeLabel', { email: a.email })} onClick={onRevoke} />
        </>
      ) : (
        <RowAction label={t('agents.makeAgain')} onClick={onRemake} />
      )}
      <RowAction
        label={t('agents.viewCommissions')}
        name={t('agents.viewCommissionsLabel', { email: a.email })}
        onClick={onShowCommissions}
      />
    </div>
  );
}
