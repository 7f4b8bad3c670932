import type { AdminCommissionRow, CommissionAction } from '@common/contract/admin/affiliates';
import { formatCents } from '@common/money';
import { COMMISSION_STATUSES, type CommissionStatus } from '@common/referral-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/error-text';
import { formatDate } from '@/lib/format/date';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { useCommissionAction } from '../api/affiliates-commission-status';
import { useCommissions } from '../api/affiliates-commissions';
import { bpToPercent } from '../percent';
import { HeldFor, RowAction, StatusAgentFilters } from './TabParts';

const BADGE: Record<CommissionStatus, string> = {
  'Not Confirm': 'admin-badge',
  'On Hold': 'admin-badge admin-badge--warn',
  'Pending Payment': 'admin-badge admin-badge--warn',
  Paid: 'admin-badge admin-badge--ok',
  Canceled: 'admin-badge admin-badge--bad',
};

/**
 * Commissions filtered by status and agent; per row the buttons its status allows (Confirm, Hold, Cancel: the
 * server's own table, sent with each row). Cancel asks first; a refusal (e.g. the order was cancelled meanwhile)
 * is shown and the list read again.
 */
export function CommissionsTab({ agent: agentText, onAgent }: { agent: string; onAgent(email: string): void }) {
  const { t } = useTranslation('admin-affiliates');
  const [status, setStatus] = useState<CommissionStatus | ''>('');
  const agent = useDebounced(agentText.trim(), 300);
  const list = useCommissions(status, agent);
  const rows = list.data?.pages.flatMap((p) => p.commissions) ?? [];
  const act = useCommissionAction();
  const [cancelling, setCancelling] = useState<AdminCommissionRow | null>(null);

  const run = (c: AdminCommissionRow, action: CommissionAction, done?: () => void) =>
    act.mutate(
      { commission_id: c.id, action },
      {
        onSuccess: () => {
          notify.success(t(`done.${action}`));
          done?.();
        },
        onError: (err) => notify.error(errorText(err) ?? ''),
      },
    );

  const columns: Column<AdminCommissionRow>[] = [
    { key: 'date', label: t('commissions.col.date'), render: (c) => formatDate(c.created_at) },
    { key: 'agent', label: t('commissions.col.agent'), render: (c) => c.agent.email },
    { key: 'order', label: t('commissions.col.order'), render: (c) => c.order_no },
    { key: 'downline', label: t('commissions.col.downline'), render: (c) => c.downline.email },
    {
      key: 'amount',
      label: t('commissions.col.amount'),
      numeric: true,
      render: (c) => formatCents(c.amount_cents),
    },
    { key: 'rate', label: t('commissions.col.rate'), numeric: true, render: (c) => `${bpToPercent(c.rate_bp)}%` },
    {
      key: 'status',
      label: t('commissions.col.status'),
      render: (c) => (
        <>
          <span className={BADGE[c.status]}>{t(`statuses.${c.status}`)}</span>
          <HeldFor signals={c.hold_reason} />
        </>
      ),
    },
    {
      key: 'actions',
      label: t('commissions.col.actions'),
      render: (c) => (
        <CommissionActions
          commission={c}
          busy={act.isPending}
          onAction={(action) => (action === 'cancel' ? setCancelling(c) : run(c, action))}
        />
      ),
    },
  ];

  return (
    <>
      <StatusAgentFilters
        statusLabel={t('commissions.status')}
        statuses={COMMISSION_STATUSES}
        status={status}
        onStatus={setStatus}
        statusName={(s) => t(`statuses.${s}`)}
        agent={agentText}
        onAgent={onAgent}
      />
      <PagedTable
        list={list}
        caption={t('commissions.caption')}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        empty={t('commissions.empty')}
      />
      {cancelling && (
        <CancelCommissionDialog
          commission={cancelling}
          busy={act.isPending}
          onConfirm={() => run(cancelling, 'cancel', () => setCancelling(null))}
          onClose={() => setCancelling(null)}
        />
      )}
    </>
  );
}

/** The buttons a commission's status allows (none for a paid or cancelled one). */
function CommissionActions({
  commission: c,
  busy,
  onAction,
}: {
  commission: AdminCommissionRow;
  busy: boolean;
  onAction(action: CommissionAction): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  return c.actions.length ? (
    <div className="aaf-actions">
      {c.actions.map((action) => (
        <RowAction
          key={action}
          primary={action === 'confirm'}
          disabled={busy}
          label={t(`commissions.actions.${action}`)}
          name={t('commissions.actionLabel', { action: t(`commissions.actions.${action}`), id: c.id })}
          onClick={() => onAction(action)}
        />
      ))}
    </div>
  ) : null;
}

/** Cancelling a commission asks first: its amount, agent and order named. */
function CancelCommissionDialog({
  commission,
  busy,
  onConfirm,
  onClose,
}: {
  commission: AdminCommissionRow;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  return (
    <ConfirmDialog
      title={t('commissions.cancelTitle', { id: commission.id })}
      closeLabel={t('close')}
      confirmLabel={t('commissions.cancelConfirm')}
      cancelLabel={t('commissions.keep')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        {t('commissions.cancelText', {
          amount: formatCents(commission.amount_cents),
          agent: commission.agent.email,
          order: commission.order_no,
        })}
      </p>
    </ConfirmDialog>
  );
}
