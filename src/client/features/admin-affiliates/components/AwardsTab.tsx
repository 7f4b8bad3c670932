import type { AdminAwardRow } from '@common/contract/admin/affiliates';
import { formatCents } from '@common/money';
import { REFERRAL_AWARD_STATUSES, type ReferralAwardStatus } from '@common/referral-signals';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/error-text';
import { formatDate } from '@/lib/format/date';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { useAwardDecision } from '../api/affiliates-award-decision';
import { useAwards } from '../api/affiliates-awards';
import { HeldFor, Person, RowAction } from './TabParts';

const BADGE: Record<ReferralAwardStatus, string> = {
  credited: 'admin-badge admin-badge--ok',
  on_hold: 'admin-badge admin-badge--warn',
  refused: 'admin-badge admin-badge--bad',
};

/**
 * Referral awards, On Hold first (the tab opens on them): an award whose referrer and member share a signal waits for
 * staff with the signals named (docs/decisions/032). Release credits it to the referrer's cash reward; Refuse asks
 * first. A decision someone else made first is shown and the list read again.
 */
export function AwardsTab() {
  const { t } = useTranslation('admin-affiliates');
  const [status, setStatus] = useState<ReferralAwardStatus | ''>('on_hold');
  const list = useAwards(status);
  const rows = list.data?.pages.flatMap((p) => p.awards) ?? [];
  const decide = useAwardDecision();
  const [refusing, setRefusing] = useState<AdminAwardRow | null>(null);

  const run = (a: AdminAwardRow, decision: 'release' | 'refuse') =>
    decide.mutate(
      { member_id: a.member.id, decision },
      {
        onSuccess: () => {
          notify.success(
            decision === 'release'
              ? t('awards.released', { amount: formatCents(a.amount_cents) })
              : t('awards.refused'),
          );
          setRefusing(null);
        },
        onError: (err) => notify.error(errorText(err) ?? ''),
      },
    );

  const columns: Column<AdminAwardRow>[] = [
    { key: 'date', label: t('awards.col.date'), render: (a) => formatDate(a.created_at) },
    { key: 'member', label: t('awards.col.member'), render: (a) => <Person {...a.member} /> },
    { key: 'referrer', label: t('awards.col.referrer'), render: (a) => <Person {...a.referrer} /> },
    { key: 'order', label: t('awards.col.order'), render: (a) => a.order_no },
    { key: 'amount', label: t('awards.col.amount'), numeric: true, render: (a) => formatCents(a.amount_cents) },
    {
      key: 'status',
      label: t('awards.col.status'),
      render: (a) => (
        <>
          <span className={BADGE[a.status]}>{t(`awards.statuses.${a.status}`)}</span>
          <HeldFor signals={a.hold_reason} />
        </>
      ),
    },
    {
      key: 'actions',
      label: t('awards.col.actions'),
      render: (a) =>
        a.status === 'on_hold' ? (
          <div className="aaf-actions">
            <RowAction
              primary
              disabled={decide.isPending}
              label={t('awards.release')}
              name={t('awards.releaseLabel', { email: a.member.email })}
              onClick={() => run(a, 'release')}
            />
            <RowAction
              disabled={decide.isPending}
              label={t('awards.refuse')}
              name={t('awards.refuseLabel', { email: a.member.email })}
              onClick={() => setRefusing(a)}
            />
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <AwardStatusFilter status={status} onStatus={setStatus} />
      <PagedTable
        list={list}
        caption={t('awards.caption')}
        columns={columns}
        rows={rows}
        rowKey={(a) => a.member.id}
        empty={t('awards.empty')}
      />
      {refusing && (
        <RefuseAwardDialog
          award={refusing}
          busy={decide.isPending}
          onConfirm={() => run(refusing, 'refuse')}
          onClose={() => setRefusing(null)}
        />
      )}
    </>
  );
}

/** The awards' status filter (On Hold when the tab opens). */
function AwardStatusFilter({
  status,
  onStatus,
}: {
  status: ReferralAwardStatus | '';
  onStatus(status: ReferralAwardStatus | ''): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  const statusId = useId();
  return (
    <div className="admin-filters">
      <label htmlFor={statusId}>
        {t('awards.status')}
        <select id={statusId} value={status} onChange={(e) => onStatus(e.target.value as ReferralAwardStatus | '')}>
          <option value="">{t('all')}</option>
          {REFERRAL_AWARD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`awards.statuses.${s}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Refusing an award asks first: the referrer named, and the amount they would not get. */
function RefuseAwardDialog({
  award,
  busy,
  onConfirm,
  onClose,
}: {
  award: AdminAwardRow;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-affiliates');
  return (
    <ConfirmDialog
      title={t('awards.refuseTitle', { email: award.member.email })}
      closeLabel={t('close')}
      confirmLabel={t('awards.refuse')}
      cancelLabel={t('awards.keep')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{t('awards.refuseText', { amount: formatCents(award.amount_cents), referrer: award.referrer.email })}</p>
    </ConfirmDialog>
  );
}
