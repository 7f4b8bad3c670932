import type { OrderDetails } from '@common/contract/orders';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressLines } from '@/entities/user/components/AddressLines';
import { formatDateTime } from '@/lib/format/date';
import { BuyAgain } from './BuyAgain';
import { CardPayment, type CheckoutReturn } from './CardPayment';
import { ChangeWindow } from './ChangeWindow';
import { HomeScreenOffer } from './HomeScreenOffer';
import { OrderExchanges } from './OrderExchanges';
import { OrderItems } from './OrderItems';
import { PaymentInfo, PayNow } from './OrderPayment';
import { OrderTracking } from './OrderTracking';
import { StatusBadge } from './StatusBadge';

interface BodyProps {
  order: OrderDetails;
  justPlaced: boolean;
  /** How the shopper came back from the card provider's page, if they did. */
  checkoutReturn?: CheckoutReturn;
  scrollToTracking: boolean;
  onCancel(): void;
  onChangeAddress(): void;
  onReview(): void;
}

/** The order's dialog content: status, the 15-minute window, items and totals, payment, address, tracking. */
export function OrderBody(props: BodyProps) {
  const { order, justPlaced, checkoutReturn, scrollToTracking, onCancel, onChangeAddress, onReview } = props;
  const { t } = useTranslation('orders');
  const thanksRef = useRef<HTMLParagraphElement>(null);

  return (
    <div className="ord-body">
      <div className="ord-body__head">
        <StatusBadge status={order.status} />
        <span className="ord-hint">{t('detail.placed', { date: formatDateTime(order.placed_at) })}</span>
      </div>
      {justPlaced && (
        <p ref={thanksRef} tabIndex={-1} className="ord-thanks" role="status">
          {t('detail.placedThanks')}
        </p>
      )}
      {justPlaced && <HomeScreenOffer onClose={() => thanksRef.current?.focus()} />}

      <PayNow order={order} />
      <CardPayment order={order} checkoutReturn={checkoutReturn ?? null} />
      {order.pay_by && (
        <p className="ord-hint ord-payby">{t('detail.payBy', { date: formatDateTime(order.pay_by) })}</p>
      )}
      <ChangeWindow order={order} onCancel={onCancel} onChangeAddress={onChangeAddress} />

      <OrderItems order={order} onReview={onReview} />
      <BuyAgain orderId={order.id} orderNo={order.order_no} />
      <OrderExchanges order={order} />

      <section aria-labelledby="ord-payment-title" className="ord-block">
        <h3 id="ord-payment-title" className="ord-block__title">
          {t('detail.payment')}
        </h3>
        <PaymentInfo order={order} />
      </section>

      <section aria-labelledby="ord-address-title" className="ord-block">
        <h3 id="ord-address-title" className="ord-block__title">
          {t('detail.deliveryAddress')}
        </h3>
        <p className="ord-address">
          <AddressLines address={order.delivery_address} />
        </p>
        <p className="ord-hint">
          {t('detail.shippingMethod')}: {t(`detail.${order.shipping_method}`)}
        </p>
      </section>

      <OrderTracking order={order} scrollIntoView={scrollToTracking} />
    </div>
  );
}
