import type { AdminExchangeRow } from '@common/contract/admin/exchanges';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { API_BASE } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format/date';
import type { Column } from '@/lib/ui/DataTable';
import { ExternalLink } from '@/lib/ui/ExternalLink';
import type { Decision } from '../api/decide-exchange';
import '../locales';

/** The id of a request's status in the list (focused once it is decided). */
export const requestStatusId = (prefix: string, id: number) => `${prefix}-request-${id}`;

/**
 * The list's columns: when and who asked, the item (with the customer's photo), the reason, the status with the
 * answer and who decided, and Approve and Decline while it waits (for roles that may decide).
 */
export function useExchangeColumns({
  statusId,
  mayDecide,
  onDecide,
}: {
  /** The prefix of the statuses' ids (requestStatusId). */
  statusId: string;
  mayDecide: boolean;
  onDecide(request: AdminExchangeRow, decision: Decision): void;
}): Column<AdminExchangeRow>[] {
  const { t } = useTranslation('admin-exchanges');
  const itemText = (r: AdminExchangeRow) =>
    t('item', { name: r.name, variant: r.variant_name, quantity: r.quantity, of: r.line_quantity });
  return [
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
    { key: 'status', label: t('col.status'), render: (r) => <StatusCell request={r} statusId={statusId} /> },
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
              onClick={() => onDecide(r, 'approve')}
            >
              {t('approve')}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              aria-label={t('declineLabel', { item: itemText(r), orderNo: r.order_no })}
              onClick={() => onDecide(r, 'decline')}
            >
              {t('decline')}
            </button>
          </div>
        ) : null,
    },
  ];
}

function StatusCell({ request: r, statusId }: { request: AdminExchangeRow; statusId: string }) {
  const { t } = useTranslation('admin-exchanges');
  return (
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
      {r.answer && <div>{t(r.status === 'approved' ? 'approvedAnswer' : 'declinedAnswer', { answer: r.answer })}</div>}
      {r.decided_at && (
        <div className="axc-muted">
          {t('decidedBy', { who: r.decided_by ?? '—', date: formatDateTime(r.decided_at) })}
        </div>
      )}
    </>
  );
}
