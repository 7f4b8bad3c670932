import type { AdminPayoutRow } from '@common/contract/admin/affiliates';
import { PAYOUT_STATUSES, type PayoutStatus } from '@common/contract/referral';
import { formatCents } from '@common/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { formatDate } from '@/lib/format/date';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { notify } from '@/lib/toast';
import { LoadMore } from '@/lib/ui/admin/LoadMore';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus } from '@/lib/ui/ListStatus';
import { Modal } from '@/lib/ui/Modal';
import { useMarkPayoutPaid, usePayouts, useRejectPayout } from '../api';
import { errorText, Field } from './Field';

const BADGE: Record<PayoutStatus, string> = {
  requested: 'admin-badge admin-badge--warn',
  paid: 'admin-badge admin-badge--ok',
  rejected: 'admin-badge admin-badge--bad',
};

/** Payout requests by status (Requested first) with the agent's bank details; Mark as paid and Reject dialogs. */
export function PayoutsTab({ agent: agentText, onAgent }: { agent: string; onAgent(email: string): void }) {
  const { t } = useTranslation('admin-affiliates');
  const [status, setStatus] = useState<PayoutStatus | ''>('requested');
  const agent = useDebounced(agentText.trim(), 300);
  const list = usePayouts(status, agent);
  const rows = list.data?.pages.flatMap((p) => p.payouts) ?? [];
  const [deciding, setDeciding] = useState<{ payout: AdminPayoutRow; kind: 'paid' | 'reject' } | null>(null);
  const statusId = useId();
  const agentId = useId();

  const columns: Column<AdminPayoutRow>[] = [
    { key: 'requested', label: t('payouts.col.requested'), render: (p) => formatDate(p.requested_at) },
    {
      key: 'agent',
      label: t('payouts.col.agent'),
      render: (p) => (
        <span className="aaf-person">
          <span>{p.agent.email}</span>
          <span className="aaf-muted">{p.agent.nickname}</span>
        </span>
      ),
    },
    { key: 'amount', label: t('payouts.col.amount'), numeric: true, render: (p) => formatCents(p.amount_cents) },
    { key: 'bank', label: t('payouts.col.bank'), render: (p) => <Bank payout={p} /> },
    {
      key: 'status',
      label: t('payouts.col.status'),
      render: (p) => (
        <span className="aaf-person">
          <span className={BADGE[p.status]}>{t(`payouts.statuses.${p.status}`)}</span>
          {p.reference && <span className="aaf-muted">{t('payouts.reference', { reference: p.reference })}</span>}
          {p.reject_reason && <span className="aaf-muted">{t('payouts.reason', { reason: p.reject_reason })}</span>}
          {p.decided_at && (
            <span className="aaf-muted">
              {t('payouts.decided', { who: p.decided_by ?? '', date: formatDate(p.decided_at) })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('payouts.col.actions'),
      render: (p) =>
        p.status === 'requested' ? (
          <div className="aaf-actions">
            <button
              type="button"
              className="btn btn--primary"
              aria-label={t('payouts.markPaidLabel', { id: p.id })}
              onClick={() => setDeciding({ payout: p, kind: 'paid' })}
            >
              {t('payouts.markPaid')}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              aria-label={t('payouts.rejectLabel', { id: p.id })}
              onClick={() => setDeciding({ payout: p, kind: 'reject' })}
            >
              {t('payouts.reject')}
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <div className="admin-filters">
        <label htmlFor={statusId}>
          {t('payouts.status')}
          <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as PayoutStatus | '')}>
            <option value="">{t('all')}</option>
            {PAYOUT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`payouts.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={agentId}>
          {t('agentEmail')}
          <input
            id={agentId}
            type="search"
            value={agentText}
            autoComplete="off"
            onChange={(e) => onAgent(e.target.value)}
          />
        </label>
      </div>
      {list.isPending || list.isError ? (
        <ListStatus isPending={list.isPending} error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <>
          <DataTable
            caption={t('payouts.caption')}
            columns={columns}
            rows={rows}
            rowKey={(p) => p.id}
            empty={t('payouts.empty')}
          />
          <LoadMore
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
          />
        </>
      )}
      {deciding?.kind === 'paid' && <PaidDialog payout={deciding.payout} onClose={() => setDeciding(null)} />}
      {deciding?.kind === 'reject' && <RejectDialog payout={deciding.payout} onClose={() => setDeciding(null)} />}
    </>
  );
}

function Bank({ payout: p }: { payout: AdminPayoutRow }) {
  const { t } = useTranslation('admin-affiliates');
  if (!p.bank.bank_name && !p.bank.bank_account_number) return <span className="aaf-muted">{t('payouts.noBank')}</span>;
  return (
    <dl className="aaf-bank">
      <dt>{t('payouts.bankName')}</dt>
      <dd>{p.bank.bank_name}</dd>
      <dt>{t('payouts.accountName')}</dt>
      <dd>{p.bank.bank_account_name}</dd>
      <dt>{t('payouts.accountNumber')}</dt>
      <dd>{p.bank.bank_account_number}</dd>
    </dl>
  );
}

function PaidDialog({ payout: p, onClose }: { payout: AdminPayoutRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const mark = useMarkPayoutPaid();
  const [reference, setReference] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mark.mutate(
      { payout_id: p.id, reference: reference.trim() || undefined },
      {
        onSuccess: (saved) => {
          notify.success(t('done.paid', { amount: formatCents(saved.amount_cents) }));
          onClose();
        },
      },
    );
  };
  const fieldError = mark.error instanceof ApiError ? mark.error.field('reference') : undefined;
  return (
    <Modal
      title={t('payouts.paidTitle', { amount: formatCents(p.amount_cents), agent: p.agent.email })}
      closeLabel={t('close')}
      onClose={onClose}
      busy={mark.isPending}
    >
      <form className="aaf-form" onSubmit={submit} noValidate>
        <p>{t('payouts.paidIntro')}</p>
        <Bank payout={p} />
        <Field
          label={t('payouts.referenceField')}
          autoComplete="off"
          maxLength={100}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          error={fieldError}
        />
        {mark.error && !fieldError && (
          <p role="alert" className="field__error">
            {errorText(mark.error)}
          </p>
        )}
        <div className="admin-page__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={mark.isPending}
            aria-busy={mark.isPending || undefined}
          >
            {t('payouts.markPaid')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={mark.isPending}>
            {t('back')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function RejectDialog({ payout: p, onClose }: { payout: AdminPayoutRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const reject = useRejectPayout();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t('payouts.reasonRequired'));
    setError(null);
    reject.mutate(
      { payout_id: p.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(t('done.rejected'));
          onClose();
        },
      },
    );
  };
  const fieldError = reject.error instanceof ApiError ? reject.error.field('reason') : undefined;
  return (
    <Modal
      title={t('payouts.rejectTitle', { amount: formatCents(p.amount_cents), agent: p.agent.email })}
      closeLabel={t('close')}
      onClose={onClose}
      busy={reject.isPending}
    >
      <form className="aaf-form" onSubmit={submit} noValidate>
        <p>{t('payouts.rejectIntro')}</p>
        <Field
          label={t('payouts.reasonField')}
          autoComplete="off"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error ?? fieldError}
          required
        />
        {reject.error && !fieldError && (
          <p role="alert" className="field__error">
            {errorText(reject.error)}
          </p>
        )}
        <div className="admin-page__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={reject.isPending}
            aria-busy={reject.isPending || undefined}
          >
            {t('payouts.reject')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={reject.isPending}>
            {t('back')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
