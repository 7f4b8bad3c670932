import type { AdminExchangeRow } from '@common/contract/admin/exchanges';
import { EXCHANGE_STATUSES, type ExchangeStatus } from '@common/exchange-rules';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { allows, useStaffMe } from '@/entities/staff/api/use-staff';
import { focusPageTitle } from '@/lib/hooks/use-dialog-focus';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Decision } from '../api/decide-exchange';
import { useAdminExchanges } from '../api/exchanges';
import { DecideDialog } from '../components/DecideDialog';
import { requestStatusId, useExchangeColumns } from '../components/exchange-columns';
import '../locales';
import '../admin-exchanges.css';

const isStatus = (v: string | null): v is ExchangeStatus => EXCHANGE_STATUSES.some((s) => s === v);

/**
 * /admin/exchanges (docs/decisions/020-exchanges.md): customers' exchange requests, newest first, by status
 * (`?status=requested` from the dashboard) or of one order (`?order=<id>&no=<order no>` from the order's page). Approve
 * and Decline for roles with `exchanges` (owner, manager); fulfilment sees the list read-only.
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
  const setDecided = useFocusDecided(rows, statusId);
  const columns = useExchangeColumns({
    statusId,
    mayDecide,
    onDecide: (request, decision) => setDeciding({ request, decision }),
  });

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

/**
 * A request just decided: its Approve and Decline go once the list is read again; the focus goes to its new status
 * (or, when the filter no longer shows it, to the page's title) rather than to the page's body. Answers the setter
 * the dialog calls with the decided request's id.
 */
function useFocusDecided(rows: AdminExchangeRow[], statusId: string) {
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
  return setDecided;
}
