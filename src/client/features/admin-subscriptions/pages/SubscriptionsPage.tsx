import type { AdminSubscriptionRow } from '@common/contract/admin/subscriptions';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@common/subscription-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/format/date';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { useCancelSubscription } from '../api/subscriptions-cancel';
import { useAdminSubscriptions } from '../api/subscriptions-list';
import '../locales';
import { EmailText } from '@/lib/ui/admin/EmailText';

/** /admin/subscriptions: filter by status and customer e-mail; Cancel per active row, after a confirmation. */
export default function SubscriptionsPage() {
  const { t } = useTranslation('admin-subscriptions');
  const [status, setStatus] = useState<SubscriptionStatus | ''>('active');
  const [emailText, setEmailText] = useState('');
  const email = useDebounced(emailText.trim(), 300);
  const list = useAdminSubscriptions(status, email);
  const rows = list.data?.pages.flatMap((p) => p.subscriptions) ?? [];
  const [confirming, setConfirming] = useState<AdminSubscriptionRow | null>(null);
  const statusId = useId();
  const emailId = useId();

  const columns: Column<AdminSubscriptionRow>[] = [
    {
      key: 'customer',
      label: t('col.customer'),
      render: (s) => (
        <Link to={`/admin/customers/${s.customer.id}`}>
          <EmailText email={s.customer.email} />
        </Link>
      ),
    },
    { key: 'product', label: t('col.product'), render: (s) => `${s.product} (${s.packaging})` },
    { key: 'quantity', label: t('col.quantity'), numeric: true, render: (s) => s.quantity },
    { key: 'every', label: t('col.every'), render: (s) => t('every', { count: s.frequency_weeks }) },
    {
      key: 'status',
      label: t('col.status'),
      render: (s) => (
        <span className={s.status === 'active' ? 'admin-badge admin-badge--ok' : 'admin-badge'}>{t(s.status)}</span>
      ),
    },
    {
      key: 'next',
      label: t('col.nextDue'),
      render: (s) => (s.status === 'active' ? formatDate(s.next_due_at) : '—'),
    },
    {
      key: 'actions',
      label: t('col.actions'),
      render: (s) =>
        s.status === 'active' ? (
          <button
            type="button"
            className="btn btn--secondary"
            aria-label={t('cancelLabel', { id: s.id })}
            onClick={() => setConfirming(s)}
          >
            {t('cancel')}
          </button>
        ) : null,
    },
  ];

  return (
    <AdminPage title={t('title')}>
      <div className="admin-filters">
        <label htmlFor={statusId}>
          {t('status')}
          <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as SubscriptionStatus | '')}>
            <option value="">{t('all')}</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(s)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={emailId}>
          {t('email')}
          <input
            id={emailId}
            type="search"
            value={emailText}
            autoComplete="off"
            onChange={(e) => setEmailText(e.target.value)}
          />
        </label>
      </div>
      <PagedTable
        list={list}
        caption={t('listCaption')}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        empty={t('empty')}
      />
      {confirming && <ConfirmCancel subscription={confirming} onClose={() => setConfirming(null)} />}
    </AdminPage>
  );
}

function ConfirmCancel({ subscription: s, onClose }: { subscription: AdminSubscriptionRow; onClose(): void }) {
  const { t } = useTranslation('admin-subscriptions');
  const cancel = useCancelSubscription();
  return (
    <ConfirmDialog
      title={t('confirmTitle')}
      closeLabel={t('close')}
      confirmLabel={t('confirm')}
      cancelLabel={t('keep')}
      busy={cancel.isPending}
      error={cancel.error}
      onConfirm={() =>
        cancel.mutate(s.id, {
          onSuccess: () => {
            notify.success(t('done'));
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>
        {t('confirmText', {
          product: `${s.product} (${s.packaging})`,
          customer: s.customer.email,
          count: s.frequency_weeks,
        })}
      </p>
    </ConfirmDialog>
  );
}
