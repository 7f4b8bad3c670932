import type { AdminAgentRow } from '@common/contract/admin/affiliates';
import { COMMISSION_STATUSES } from '@common/contract/referral';
import { formatCents } from '@common/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { notify } from '@/lib/toast';
import { LoadMore } from '@/lib/ui/admin/LoadMore';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus } from '@/lib/ui/ListStatus';
import { Modal } from '@/lib/ui/Modal';
import { bpToPercent, percentToBp, useAgents, useMakeAgent, useRevokeAgent, useSetRate } from '../api';
import { errorText, Field } from './Field';

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
      render: (a) => (
        <span className="aaf-person">
          <span>{a.email}</span>
          <span className="aaf-muted">{a.nickname}</span>
        </span>
      ),
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
              <button
                type="button"
                className="btn btn--secondary"
                aria-label={t('agents.editRateLabel', { email: a.email })}
                onClick={() => setEditing(a)}
              >
                {t('agents.editRate')}
              </button>
              <button
                type="button"
                className="btn btn--secondary"
                aria-label={t('agents.revokeLabel', { email: a.email })}
                onClick={() => setRevoking(a)}
              >
                {t('agents.revoke')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--secondary" onClick={() => setRemaking(a)}>
              {t('agents.makeAgain')}
            </button>
          )}
          <button
            type="button"
            className="btn btn--secondary"
            aria-label={t('agents.viewCommissionsLabel', { email: a.email })}
            onClick={() => onShowCommissions(a.email)}
          >
            {t('agents.viewCommissions')}
          </button>
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
      {list.isPending || list.isError ? (
        <ListStatus isPending={list.isPending} error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <>
          <DataTable
            caption={t('agents.caption')}
            columns={columns}
            rows={rows}
            rowKey={(a) => a.user_id}
            empty={t('agents.empty')}
          />
          <LoadMore
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
          />
        </>
      )}
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
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
    <Modal title={t('agents.makeTitle')} closeLabel={t('close')} onClose={onClose} busy={make.isPending}>
      <form className="aaf-form" onSubmit={submit} noValidate>
        <p>{t('agents.makeIntro')}</p>
        <Field
          label={t('agents.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <Field
          label={t('agents.rate')}
          inputMode="decimal"
          autoComplete="off"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          hint={t('agents.rateHint', { rate: defaultRateBp === undefined ? '10' : bpToPercent(defaultRateBp) })}
          error={errors.rate}
        />
        {make.error && !fieldError && (
          <p role="alert" className="field__error">
            {errorText(make.error)}
          </p>
        )}
        <div className="admin-page__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={make.isPending}
            aria-busy={make.isPending || undefined}
          >
            {t('agents.make')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={make.isPending}>
            {t('back')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function RateDialog({ agent, onClose }: { agent: AdminAgentRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const setRate = useSetRate();
  const [rate, setRateText] = useState(bpToPercent(agent.rate_bp));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
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
    <Modal
      title={t('agents.rateTitle', { email: agent.email })}
      closeLabel={t('close')}
      onClose={onClose}
      busy={setRate.isPending}
    >
      <form className="aaf-form" onSubmit={submit} noValidate>
        <Field
          label={t('agents.rate')}
          inputMode="decimal"
          autoComplete="off"
          value={rate}
          onChange={(e) => setRateText(e.target.value)}
          hint={t('agents.rateHintEdit')}
          error={error}
        />
        {setRate.error && (
          <p role="alert" className="field__error">
            {errorText(setRate.error)}
          </p>
        )}
        <div className="admin-page__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={setRate.isPending}
            aria-busy={setRate.isPending || undefined}
          >
            {t('agents.save')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={setRate.isPending}>
            {t('back')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function RevokeDialog({ agent, onClose }: { agent: AdminAgentRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const revoke = useRevokeAgent();
  return (
    <Modal
      title={t('agents.revokeTitle', { email: agent.email })}
      closeLabel={t('close')}
      onClose={onClose}
      busy={revoke.isPending}
    >
      <p>{t('agents.revokeText')}</p>
      {revoke.error && (
        <p role="alert" className="field__error">
          {errorText(revoke.error)}
        </p>
      )}
      <div className="admin-page__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={revoke.isPending}
          aria-busy={revoke.isPending || undefined}
          onClick={() =>
            revoke.mutate(agent.user_id, {
              onSuccess: (saved) => {
                notify.success(t('done.revoked', { email: saved.email }));
                onClose();
              },
            })
          }
        >
          {t('agents.revokeConfirm')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={revoke.isPending}>
          {t('agents.keep')}
        </button>
      </div>
    </Modal>
  );
}
