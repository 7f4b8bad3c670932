import type { OrderDetails } from '@common/contract/orders';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';

/** The shop's deduction style: "−$1.50", "$0.00" when none. */
const minus = (cents: number) => (cents > 0 ? `−${formatCents(cents)}` : formatCents(0));

/** Subtotal, delivery fee, coupon, cash reward and the grand total. */
export function OrderTotals({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('orders');
  return (
    <dl className="ord-totals">
      <div>
        <dt>{t('detail.subtotal')}</dt>
        <dd>{formatCents(order.subtotal_cents)}</dd>
      </div>
      <div>
        <dt>{t('detail.deliveryFee')}</dt>
        <dd>{formatCents(order.delivery_fee_cents)}</dd>
      </div>
      <div>
        <dt>{order.coupon_code ? t('detail.couponCode', { code: order.coupon_code }) : t('detail.couponDiscount')}</dt>
        <dd>{minus(order.coupon_discount_cents)}</dd>
      </div>
      <div>
        <dt>{t('detail.cashReward')}</dt>
        <dd>{minus(order.cash_reward_cents)}</dd>
      </div>
      <div className="ord-totals__grand">
        <dt>{t('detail.grandTotal')}</dt>
        <dd>{formatCents(order.total_cents)}</dd>
      </div>
    </dl>
  );
}
