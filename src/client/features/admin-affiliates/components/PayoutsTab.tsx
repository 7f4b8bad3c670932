import type { AdminPayoutRow } from '@common/contract/admin/affiliates';
import { formatCents } from '@common/money';
import { PAYOUT_STATUSES, type PayoutStatus } from '@common/referral-rules';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { formatDate } from '@/lib/format/date';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { notify } from '@/lib/toast';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { FormField } from '@/lib/ui/FormField';
import { useMarkPayoutPaid } from '../api/affiliates-payout-paid';
import { useRejectPayout } from '../api/affiliates-payout-reject';
import { usePayouts } from '../api/affiliates-payouts';
import { FormDialog, Person, RowAction, StatusAgentFilters } from './TabParts';

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

  const columns: Column<AdminPayoutRow>[] = [
    { key: 'requested', label: t('payouts.col.requested'), render: (p) => formatDate(p.requested_at) },
    {
      key: 'agent',
      label: t('payouts.col.agent'),
      render: (p) => <Person email={p.agent.email} nickname={p.agent.nickname} />,
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
            <RowAction
              primary
              label={t('payouts.markPaid')}
              name={t('payouts.markPaidLabel', { id: p.id })}
              onClick={() => setDeciding({ payout: p, kind: 'paid' })}
            />
            <RowAction
              label={t('payouts.reject')}
              name={t('payouts.rejectLabel', { id: p.id })}
              onClick={() => setDeciding({ payout: p, kind: 'reject' })}
            />
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <StatusAgentFilters
        statusLabel={t('payouts.status')}
        statuses={PAYOUT_STATUSES}
        status={status}
        onStatus={setStatus}
        statusName={(s) => t(`payouts.statuses.${s}`)}
        agent={agentText}
        onAgent={onAgent}
      />
      <PagedTable
        list={list}
        caption={t('payouts.caption')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        empty={t('payouts.empty')}
      />
      {deciding?.kind === 'paid' && <PaidDialog payout={deciding.payout} onClose={() => setDeciding(null)} />}
      {deciding?.kind === 'reject' && <RejectDialog payout={deciding.payout} onClose={() => setDeciding(null)} />}
    </>
  );
}

const BANK_FIELDS = [
  ['bank_name', 'payouts.bankName'],
  ['bank_account_name', 'payouts.accountName'],
  ['bank_account_number', 'payouts.accountNumber'],
] as const;

function BankDetails({ bank }: { bank: AdminPayoutRow['bank'] }) {
  const { t } = useTranslation('admin-affiliates');
  if (!bank.bank_name && !bank.bank_account_number) return <span className="aaf-muted">{t('payouts.noBank')}</span>;
  return (
    <dl className="aaf-bank">
      {BANK_FIELDS.map(([key, label]) => (
        <Fragment key={key}>
          <dt>{t(label)}</dt>
          <dd>{bank[key]}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * Where the payout goes: the account kept with the request. A change since then, or a recent one, is flagged with the
 * agent's account now (docs/decisions/031): staff check with the agent before sending money to a new account.
 */
function Bank({ payout: p }: { payout: AdminPayoutRow }) {
  const { t } = useTranslation('admin-affiliates');
  const open = p.status === 'requested';
  return (
    <>
      <BankDetails bank={p.bank} />
      {open && p.bank_recently_changed && p.bank_changed_at && (
        <span className="admin-badge admin-badge--warn">
          {t('payouts.bankRecent', { date: formatDate(p.bank_changed_at) })}
        </span>
      )}
      {open && p.bank_changed_since_request && (
        <div className="aaf-bank-now">
          <span className="admin-badge admin-badge--bad">{t('payouts.bankChanged')}</span>
          <span className="aaf-muted">{t('payouts.bankNow')}</span>
          <BankDetails bank={p.bank_now} />
        </div>
      )}
    </>
  );
}

function PaidDialog({ payout: p, onClose }: { payout: AdminPayoutRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const mark = useMarkPayoutPaid();
  const [reference, setReference] = useState('');
  const submit = () =>
    mark.mutate(
      { payout_id: p.id, reference: reference.trim() || undefined },
      {
        onSuccess: (saved) => {
          notify.success(t('done.paid', { amount: formatCents(saved.amount_cents) }));
          onClose();
        },
      },
    );
  const fieldError = mark.error instanceof ApiError ? mark.error.field('reference') : undefined;
  return (
    <FormDialog
      title={t('payouts.paidTitle', { amount: formatCents(p.amount_cents), agent: p.agent.email })}
      confirmLabel={t('payouts.markPaid')}
      busy={mark.isPending}
      error={fieldError ? null : mark.error}
      onConfirm={submit}
      onClose={onClose}
    >
      <p>{t('payouts.paidIntro')}</p>
      <Bank payout={p} />
      <FormField
        label={t('payouts.referenceField')}
        autoComplete="off"
        maxLength={100}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        error={fieldError}
      />
    </FormDialog>
  );
}

function RejectDialog({ payout: p, onClose }: { payout: AdminPayoutRow; onClose(): void }) {
  const { t } = useTranslation('admin-affiliates');
  const reject = useRejectPayout();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
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
    <FormDialog
      title={t('payouts.rejectTitle', { amount: formatCents(p.amount_cents), agent: p.agent.email })}
      confirmLabel={t('payouts.reject')}
      busy={reject.isPending}
      error={fieldError ? null : reject.error}
      onConfirm={submit}
      onClose={onClose}
    >
      <p>{t('payouts.rejectIntro')}</p>
      <FormField
        label={t('payouts.reasonField')}
        autoComplete="off"
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? fieldError}
        required
      />
    </FormDialog>
  );
}
