import type { AdminOrderDetail } from '@common/contract/admin/orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '@/lib/ui/admin/Card';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useOrderExchanges } from '../api/exchanges';
import '../exchange-locales';

/**
 * An order's exchange requests on its back-office page (docs/decisions/020-exchanges.md): each line asked for, with
 * its status and staff's answer, and the way to the Exchanges screen, where they are approved or declined. Only for a
 * Completed order.
 */
export function OrderExchanges({ d }: { d: AdminOrderDetail }) {
  const { t } = useTranslation('admin-order-exchanges');
  const completed = d.status === 'Completed';
  const list = useOrderExchanges(d.id, completed);
  const requests = list.data?.requests ?? [];
  if (!completed) return null;
  if (list.isError && !list.data) {
    // A failed call says so: "no requests" would be wrong for staff deciding what to pack.
    return (
      <Card title={t('title')}>
        <ListStatus isPending={false} error={list.error} onRetry={() => void list.refetch()} />
      </Card>
    );
  }
  if (requests.length === 0) return null;
  return (
    <Card title={t('title')}>
      <ul>
        {requests.map((r) => (
          <li key={r.id}>
            {t('line', { name: r.name, variant: r.variant_name, quantity: r.quantity })}: {t(`status.${r.status}`)}
            {r.answer ? ` — ${r.answer}` : ''}
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/admin/exchanges?order=${d.id}&no=${encodeURIComponent(d.order_no)}`}>{t('open')}</Link>
      </p>
    </Card>
  );
}
