import type { OrderStatus } from '@common/contract/orders';
import { useTranslation } from 'react-i18next';
import '../orders.css';

/** An order's status as a coloured badge (Pending, Paid, Processing, Completed, Cancelled). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <span className={`ord-badge ord-badge--${status.toLowerCase()}`}>{t(`statuses.${status}`)}</span>;
}
