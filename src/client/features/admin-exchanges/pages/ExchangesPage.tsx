import type { AdminExchangeRow } from '@common/contract/admin/exchanges';
import { EXCHANGE_STATUSES, type ExchangeStatus } from '@common/exchange-rules';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { allows, useStaffMe } from '@/entities/staff/api/use-staff';
import { API_BASE } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format/date';
import { focusPageTitle } from '@/lib/hooks/use-dialog-focus';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { ExternalLink } from '@/lib/ui/ExternalLink';
import { type Decision, useAdminExchanges } from '../api';
import { DecideDialog } from '../components/DecideDialog';
import '../locales';
import '../admin-exchanges.css';

const isStatus = (v: string | null): v is ExchangeStatus => EXCHANGE_STATUSES.some((s) => s === v);
/** The id of a request's status in the list (focused once it is decided). */
const requestStatusId = (prefix: string, id: number) => `${prefix}-request-${id}`;

/**
 * /admin/exchanges (issue 17): customers' exchange requests, newest first, by status (`?status=requested` from the
 * dashboard) or of one order (`?order=<id>&no=<order no>` from the order's page). Approve and Decline for roles with
 * `exchanges` (owner, manager); fulfilment sees the list read-only.
 */
export default function ExchangesPage() {
  const { t } = useTranslation('admin-exchanges');
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as ExchangeStatus) : '';
  const orderId = Number(params.get('order')) || null;
  const orderNo = params.get('no');
  const list = useAdminExchanges(status, orderId);
  const rows = list.data?.pages.flatMap((p) => p.requests) ?? [];
  const me = useStaffMe().data;
  const mayDecide = allows(me, 'exchanges');
  const [deciding, setDeciding] = useState<{ request: AdminExchangeRow; decision: Decision } | null>(null);
  const statusId = useId();
  // A request just decided: its Approve and Decline go once the list is read again; the focus goes to its new status
  // (or, when the filter no longer shows it, to the page's title) rather than to the page's body.
  const [decided, setDecided] = useState<number | null>(null);
  useEffect(() => {
    if (decided === null) return;
    const request = rows.find((r) => r.id === decided);
    if (request?.status === 'requested') return;
    setDecided(null);
    const status = request && document.getElementById(requestStatusId(statusId, request.id));
    if (status) status.focus();
    else focusPageTitle();
  }, [decided, rows, statusId]);

  const itemText = (r: AdminExchangeRow) =>
    t('item', { name: r.name, variant: r.variant_name, quantity: r.quantity, of: r.line_quantity });

  const columns: Column<AdminExchangeRow>[] = [
    { key: 'asked', label: t('col.asked'), render: (r) => formatDateTime(r.created_at) },
    {
      key: 'order',
      label: t('col.order'),
      render: (r) => <Link to={`/admin/orders/${encodeURIComponent(r.order_no)}`}>{r.order_no}</Link>,
    },
    {
      key: 'customer',
      label: t('col.customer'),
      render: (r) => r.customer.email,
    },
    {
      key: 'item',
      label: t('col.item'),
      render: (r) => (
        <>
          {itemText(r)}
          {r.photo_url && (
            <>
              {' · '}
              <ExternalLink href={`${API_BASE}${r.photo_url}`}>{t('photo')}</ExternalLink>
            </>
          )}
        </>
      ),
    },
    {
      key: 'reason',
      label: t('col.reason'),
      render: (r) => (r.note ? `${t(`reasons.${r.reason}`)}: ${r.note}` : t(`reasons.${r.reason}`)),
    },
    {
      key: 'status',
      label: t('col.status'),
      render: (r) => (
        <>
          <span
            id={requestStatusId(statusId, r.id)}
            tabIndex={-1}
            className={
              r.status === 'approved'
                ? 'admin-badge admin-badge--ok'
                : r.status === 'requested'
                  ? 'admin-badge admin-badge--warn'
                  : 'admin-badge'
            }
          >
            {t(`statuses.${r.status}`)}
          </span>
          {r.answer && (
            <div>{t(r.status === 'approved' ? 'approvedAnswer' : 'declinedAnswer', { answer: r.answer })}</div>
          )}
          {r.decided_at && (
            <div className="axc-muted">
              {t('decidedBy', { who: r.decided_by ?? '—', date: formatDateTime(r.decided_at) })}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      label: t('col.actions'),
      render: (r) =>
        r.status === 'requested' && mayDecide ? (
          <div className="axc-actions">
            <button
              type="button"
              className="btn btn--primary"
              aria-label={t('approveLabel', { item: itemText(r), orderNo: r.order_no })}
              onClick={() => setDeciding({ request: r, decision: 'approve' })}
            >
              {t('approve')}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              aria-label={t('declineLabel', { item: itemText(r), orderNo: r.order_no })}
              onClick={() => setDeciding({ request: r, decision: 'decline' })}
            >
              {t('decline')}
            </button>
          </div>
        ) : null,
    },
  ];

  const setFilter = (next: ExchangeStatus | '') => {
    const p = new URLSearchParams(params);
    if (next) p.set('status', next);
    else p.delete('status');
    setParams(p, { replace: true });
  };

  return (
    <AdminPage title={t('title')}>
      <div className="admin-filters">
        <label htmlFor={statusId}>
          {t('status')}
          <select id={statusId} value={status} onChange={(e) => setFilter(e.target.value as ExchangeStatus | '')}>
            <option value="">{t('all')}</option>
            {EXCHANGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {orderId && (
          <p>
            {t('ofOrder', { orderNo: orderNo ?? orderId })} <Link to="/admin/exchanges">{t('showAll')}</Link>
          </p>
        )}
      </div>
      {me && !mayDecide && <p className="axc-muted">{t('readOnly')}</p>}
      <PagedTable
        list={list}
        caption={t('listCaption')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('empty')}
      />
      {deciding && (
        <DecideDialog
          request={deciding.request}
          decision={deciding.decision}
          onDecided={setDecided}
          onClose={() => setDeciding(null)}
        />
      )}
    </AdminPage>
  );
}
