import type { AdminAgentRow } from '@common/contract/admin/affiliates';
import { formatCents } from '@common/money';
import { COMMISSION_STATUSES } from '@common/referral-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { FormField } from '@/lib/ui/FormField';
import { useAgents } from '../api/affiliates-agents';
import { useMakeAgent } from '../api/affiliates-make-agent';
import { useSetRate } from '../api/affiliates-rate';
import { useRevokeAgent } from '../api/affiliates-revoke';
import { bpToPercent, percentToBp } from '../percent';
import { FormDialog, Person, RowAction } from './TabParts';

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
  const searchId = useId();

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
      render: (a) => {
        const shown = COMMISSION_STATUSES.filter((s) => a.commission_cents[s] > 0);
        if (!shown.length) return <span className="aaf-muted">{t('agents.none')}</span>;
        return (
          <ul className="aaf-sums">
            {shown.map((s) => (
              <li key={s}>
                {t(`statuses.${s}`)}: {formatCents(a.commission_cents[s])}
              </li>
            ))}
          </ul>
        );
      },
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
        <div className="aaf-actions">
          {a.is_agent ? (
            <>
              <RowAction
                label={t('agents.editRate')}
                name={t('agents.editRateLabel', { email: a.email })}
                onClick={() => setEditing(a)}
              />
              <RowAction
                label={t('agents.revoke')}
                name={t('agents.revokeLabel', { email: a.email })}
                onClick={() => setRevoking(a)}
              />
            </>
          ) : (
            <RowAction label={t('agents.makeAgain')} onClick={() => setRemaking(a)} />
          )}
          <RowAction
            label={t('agents.viewCommissions')}
            name={t('agents.viewCommissionsLabel', { email: a.email })}
            onClick={() => onShowCommissions(a.email)}
          />
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="admin-filters">
        <label htmlFor={searchId}>
          {t('agents.search')}
          <input
            id={searchId}
            type="search"
            value={qText}
            autoComplete="off"
            onChange={(e) => setQText(e.target.value)}
          />
        </label>
      </div>
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

function MakeAgentDialog({
  defaultRateBp,
  email: initialEmail = '',
  rateBp,
  onClose,
}: {
  defaultRateBp?: number;
  email?: string;
  rateBp?: number;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  const make = useMakeAgent();
  const [email, setEmail] = useState(initialEmail);
  const [rate, setRate] = useState(rateBp === undefined ? '' : bpToPercent(rateBp));
  const [errors, setErrors] = useState<{ email?: string; rate?: string }>({});
  const submit = () => {
    const next: typeof errors = {};
    if (!email.trim()) next.email = t('agents.emailRequired');
    const bp = rate.trim() ? percentToBp(rate) : undefined;
    if (bp === null) next.rate = t('agents.rateInvalid');
    setErrors(next);
    if (next.email || next.rate) return;
    make.mutate(
      { email: email.trim(), ...(bp === undefined || bp === null ? {} : { rate_bp: bp }) },
      {
        onSuccess: (agent) => {
          notify.success(t('done.made', { email: agent.email, rate: bpToPercent(agent.rate_bp) }));
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.field('email')) setErrors({ email: err.field('email') ?? err.message });
          else if (err instanceof ApiError && err.field('rate_bp')) setErrors({ rate: err.field('rate_bp') ?? '' });
        },
      },
    );
  };
  const fieldError = make.error instanceof ApiError && (make.error.field('email') || make.error.field('rate_bp'));
  return (
    <FormDialog
      title={t('agents.makeTitle')}
      confirmLabel={t('agents.make')}
      busy={make.isPending}
      error={fieldError ? null : make.error}
      onConfirm={submit}
      onClose={onClose}
    >
      <p>{t('agents.makeIntro')}</p>
      <FormField
        label={t('agents.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        required
      />
      <FormField
        label={t('agents.rate')}
        inputMode="decimal"
        autoComplete="off"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        hint={t('agents.rateHint', { rate: defaultRateBp === undefined ? '10' : bpToPercent(defaultRateBp) })}
        error={errors.rate}
      />
    </FormDialog>
  );
}

function RateDialog({ agent, onClose }: { agent: AdminAgentRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const setRate = useSetRate();
  const [rate, setRateText] = useState(bpToPercent(agent.rate_bp));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const bp = percentToBp(rate);
    if (bp === null) return setError(t('agents.rateInvalid'));
    setError(null);
    setRate.mutate(
      { user_id: agent.user_id, rate_bp: bp },
      {
        onSuccess: (saved) => {
          notify.success(t('done.rate', { rate: bpToPercent(saved.rate_bp) }));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('agents.rateTitle', { email: agent.email })}
      confirmLabel={t('agents.save')}
      busy={setRate.isPending}
      error={setRate.error}
      onConfirm={submit}
      onClose={onClose}
    >
      <FormField
        label={t('agents.rate')}
        inputMode="decimal"
        autoComplete="off"
        value={rate}
        onChange={(e) => setRateText(e.target.value)}
        hint={t('agents.rateHintEdit')}
        error={error}
      />
    </FormDialog>
  );
}

function RevokeDialog({ agent, onClose }: { agent: AdminAgentRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const revoke = useRevokeAgent();
  return (
    <ConfirmDialog
      title={t('agents.revokeTitle', { email: agent.email })}
      closeLabel={t('close')}
      confirmLabel={t('agents.revokeConfirm')}
      cancelLabel={t('agents.keep')}
      busy={revoke.isPending}
      error={revoke.error}
      onConfirm={() =>
        revoke.mutate(agent.user_id, {
          onSuccess: (saved) => {
            notify.success(t('done.revoked', { email: saved.email }));
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>{t('agents.revokeText')}</p>
    </ConfirmDialog>
  );
}
