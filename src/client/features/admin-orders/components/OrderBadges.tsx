import type { OrderStatus } from '@common/checkout-rules';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import '../locales';

const STATUS_TONE: Record<OrderStatus, string> = {
  Pending: 'admin-badge--warn',
  Paid: 'admin-badge--ok',
  Processing: 'admin-badge--ok',
  Completed: '',
  Cancelled: 'admin-badge--bad',
};

/** An order's status as a coloured badge (the word says it; the colour only helps). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('admin-orders');
  return <span className={`admin-badge ${STATUS_TONE[status]}`.trim()}>{t(`orderStatus.${status}`)}</span>;
}

/** What needs doing about an order: a receipt to check, or a refund owed. */
export function TodoBadges({ receiptWaiting, refundOwedCents }: { receiptWaiting: boolean; refundOwedCents: number }) {
  const { t } = useTranslation('admin-orders');
  return (
    <>
      {receiptWaiting && <span className="admin-badge admin-badge--warn">{t('receiptToCheck')}</span>}
      {refundOwedCents > 0 && (
        <span className="admin-badge admin-badge--bad" title={formatCents(refundOwedCents)}>
          {t('refundOwed')}
        </span>
      )}
    </>
  );
}
