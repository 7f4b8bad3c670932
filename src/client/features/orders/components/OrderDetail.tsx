import type { OrderDetails, OrderItem } from '@common/contract/orders';
import { formatCents } from '@common/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { usePaymentMethods } from '@/entities/order/api/get-all-payment-method';
import { useOrderDetails } from '@/entities/order/api/get-order-details';
import { SubmitPaymentForm } from '@/entities/order/components/SubmitPaymentForm';
import { openPaymentLink } from '@/entities/order/open-payment-link';
import { AddressLines } from '@/entities/user/components/AddressLines';
import { API_BASE, ApiError } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format/date';
import { haptic } from '@/lib/telegram/haptics';
import { Modal } from '@/lib/ui/Modal';
import { useCancelOrder } from '../api/cancel-order';
import '../orders.css';
import { formatCountdown, useCountdown } from '../use-countdown';
import { ChangeAddress } from './ChangeAddress';
import { ReviewForm } from './ReviewForm';
import { StatusBadge } from './StatusBadge';

/** Which part of the order the dialog shows. */
export type DetailView = 'view' | 'track' | 'review';
type Mode = 'view' | 'cancel' | 'address' | 'review';

interface Props {
  orderId: number;
  /** `track` scrolls to the tracking details; `review` opens the review forms. */
  initialView: DetailView;
  /** The order was just placed on this device (a thank-you line). */
  justPlaced: boolean;
  onClose(): void;
}

/** The spec's deduction style: "−$1.50", "$0.00" when none. */
const minus = (cents: number) => (cents > 0 ? `−${formatCents(cents)}` : formatCents(0));

/**
 * One order in a dialog (opened by `/order?id=`): items, totals, payment (reference, receipt, how to
 * pay), delivery address, tracking once set; within 15 minutes of placing, "Change address" and
 * "Cancel order" with a countdown; for a completed order, a review form per product.
 */
export function OrderDetail({ orderId, initialView, justPlaced, onClose }: Props) {
  const { t } = useTranslation('orders');
  const query = useOrderDetails(orderId);
  const [mode, setMode] = useState<Mode>(initialView === 'review' ? 'review' : 'view');
  const order = query.data?.order;
  const cancel = useCancelOrder();

  const title = order ? t('detail.title', { no: order.order_no }) : t('loading');
  const back = () => setMode('view');

  if (!order) {
    return (
      <Modal title={title} closeLabel={t('detail.close')} onClose={onClose}>
        {query.isPending && <p className="ord-hint">{t('loading')}</p>}
        {query.isError && (
          <div role="alert">
            <p>
              {query.error instanceof ApiError && query.error.code === 404 ? t('detail.notFound') : query.error.message}
            </p>
            {!(query.error instanceof ApiError && query.error.code === 404) && (
              <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
                {t('retry')}
              </button>
            )}
          </div>
        )}
      </Modal>
    );
  }

  if (mode === 'cancel') {
    return (
      <Modal
        key="cancel"
        title={t('window.cancelOrder')}
        closeLabel={t('detail.close')}
        onClose={back}
        busy={cancel.isPending}
      >
        <p>{t('window.confirmCancel', { no: order.order_no })}</p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={back} disabled={cancel.isPending}>
            {t('window.keep')}
          </button>
          <button
            type="button"
            className="btn btn--primary ord-danger-btn"
            disabled={cancel.isPending}
            onClick={async () => {
              try {
                await cancel.mutateAsync(order.id);
                toast.success(t('window.cancelled'));
                back();
              } catch (err) {
                haptic('error');
                toast.error(err instanceof Error ? err.message : t('loadFailed'));
                void query.refetch();
                back();
              }
            }}
          >
            {cancel.isPending ? t('messages:processing') : t('window.cancelOrder')}
          </button>
        </div>
      </Modal>
    );
  }

  if (mode === 'address') {
    return (
      <Modal key="address" title={t('window.changeAddress')} closeLabel={t('window.cancel')} onClose={back}>
        <ChangeAddress order={order} onDone={back} />
      </Modal>
    );
  }

  if (mode === 'review') {
    return (
      <Modal
        key="review"
        title={t('review.title', { no: order.order_no })}
        closeLabel={t('detail.close')}
        onClose={onClose}
      >
        {order.status !== 'Completed' && <p className="ord-hint">{t('review.onlyCompleted')}</p>}
        {order.status === 'Completed' && (
          <div className="ord-reviews">
            {uniqueProducts(order.items).map((item) =>
              item.reviewed ? (
                <div key={item.product_id} className="ord-reviewed">
                  <span className="ord-item__name">{item.name}</span>
                  <span className="ord-badge ord-badge--completed">{t('review.reviewed')}</span>
                </div>
              ) : (
                <ReviewForm key={item.product_id} orderId={order.id} item={item} />
              ),
            )}
          </div>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={back}>
            {t('actions.view')}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal key="view" title={title} closeLabel={t('detail.close')} onClose={onClose} className="ord-detail">
      <OrderBody
        order={order}
        justPlaced={justPlaced}
        scrollToTracking={initialView === 'track'}
        onCancel={() => setMode('cancel')}
        onChangeAddress={() => setMode('address')}
        onReview={() => setMode('review')}
      />
    </Modal>
  );
}

/** Each product once (a product can be on two lines: one-time and subscription). */
function uniqueProducts(items: OrderItem[]): OrderItem[] {
  const seen = new Set<number>();
  return items.filter((i) => {
    if (seen.has(i.product_id)) return false;
    seen.add(i.product_id);
    return true;
  });
}

interface BodyProps {
  order: OrderDetails;
  justPlaced: boolean;
  scrollToTracking: boolean;
  onCancel(): void;
  onChangeAddress(): void;
  onReview(): void;
}

function OrderBody({ order, justPlaced, scrollToTracking, onCancel, onChangeAddress, onReview }: BodyProps) {
  const { t } = useTranslation('orders');
  const trackingRef = useRef<HTMLElement>(null);
  const freq = (weeks: number) => (weeks > 0 ? t('detail.everyWeeks', { count: weeks }) : t('detail.oneTime'));
  const hasTracking = Boolean(order.tracking.company || order.tracking.number || order.tracking.link);

  useEffect(() => {
    if (scrollToTracking) trackingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [scrollToTracking]);

  return (
    <div className="ord-body">
      <div className="ord-body__head">
        <StatusBadge status={order.status} />
        <span className="ord-hint">{t('detail.placed', { date: formatDateTime(order.placed_at) })}</span>
      </div>
      {justPlaced && (
        <p className="ord-thanks" role="status">
          {t('detail.placedThanks')}
        </p>
      )}

      <PayNow order={order} />
      {order.pay_by && (
        <p className="ord-hint ord-payby">{t('detail.payBy', { date: formatDateTime(order.pay_by) })}</p>
      )}
      <ChangeWindow order={order} onCancel={onCancel} onChangeAddress={onChangeAddress} />

      <section aria-labelledby="ord-items-title" className="ord-block">
        <h3 id="ord-items-title" className="ord-block__title">
          {t('detail.items')}
        </h3>
        <ul className="ord-items">
          {order.items.map((item) => (
            <li key={item.id} className="ord-item">
              {item.image ? (
                <img className="ord-item__img" src={item.image} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className="ord-item__img" />
              )}
              <span className="ord-item__body">
                <span className="ord-item__name">{item.name}</span>
                <span className="ord-hint">
                  {[item.variant_name, freq(item.frequency_weeks), t('detail.quantity', { count: item.quantity })]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {order.status === 'Completed' && item.reviewed && (
                  <span className="ord-badge ord-badge--completed ord-item__reviewed">{t('review.reviewed')}</span>
                )}
              </span>
              <span className="ord-item__price">{formatCents(item.line_total_cents)}</span>
            </li>
          ))}
        </ul>
        {order.can_review && (
          <button type="button" className="btn btn--secondary ord-block__action" onClick={onReview}>
            {t('actions.review')}
          </button>
        )}
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
            <dt>
              {order.coupon_code ? t('detail.couponCode', { code: order.coupon_code }) : t('detail.couponDiscount')}
            </dt>
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
      </section>

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

      <section ref={trackingRef} aria-labelledby="ord-tracking-title" className="ord-block" id="ord-tracking">
        <h3 id="ord-tracking-title" className="ord-block__title">
          {t('detail.tracking')}
        </h3>
        {hasTracking ? (
          <dl className="ord-dl">
            {order.tracking.company && (
              <>
                <dt>{t('detail.shippingCompany')}</dt>
                <dd>{order.tracking.company}</dd>
              </>
            )}
            {order.tracking.number && (
              <>
                <dt>{t('detail.trackingNumber')}</dt>
                <dd className="ord-mono">{order.tracking.number}</dd>
              </>
            )}
            {order.tracking.link && (
              <>
                <dt>{t('detail.trackingLink')}</dt>
                <dd>
                  <a href={order.tracking.link} target="_blank" rel="noopener noreferrer">
                    {t('detail.openTracking')}
                  </a>
                </dd>
              </>
            )}
          </dl>
        ) : (
          <p className="ord-hint">{t('detail.noTracking')}</p>
        )}
      </section>
    </div>
  );
}

/** Payment method, reference, receipt link and, while unpaid, how to pay (bank details). */
function PaymentInfo({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('orders');
  const methods = usePaymentMethods();
  const method = methods.data?.payment_methods.find((m) => m.code === order.payment_method);
  const unpaid = order.status === 'Pending';
  return (
    <>
      <dl className="ord-dl">
        <dt>{t('detail.paymentMethod')}</dt>
        <dd>{method?.name ?? order.payment_method}</dd>
        {order.payment_reference && (
          <>
            <dt>{t('detail.paymentReference')}</dt>
            <dd className="ord-mono">{order.payment_reference}</dd>
          </>
        )}
        {order.receipt_url && (
          <>
            <dt>{t('detail.receipt')}</dt>
            <dd>
              <a href={`${API_BASE}${order.receipt_url}`} target="_blank" rel="noopener noreferrer">
                {t('detail.viewReceipt')}
              </a>
            </dd>
          </>
        )}
      </dl>
      {unpaid && method && order.payment_method === 'bank_transfer' && (
        <div className="ord-instructions">
          <h4>{t('detail.instructions')}</h4>
          {method.instructions && <p>{method.instructions}</p>}
          {method.bank && (
            <dl className="ord-dl">
              <dt>{t('bank.name')}</dt>
              <dd>{method.bank.bank_name}</dd>
              <dt>{t('bank.accountName')}</dt>
              <dd>{method.bank.bank_account_name}</dd>
              <dt>{t('bank.accountNumber')}</dt>
              <dd className="ord-mono">{method.bank.bank_account_number}</dd>
            </dl>
          )}
        </div>
      )}
      <SubmitPaymentForm order={order} />
    </>
  );
}

/** A payment-link order still unpaid: "Pay now" opens its link (a fresh click, so no popup blocker). */
function PayNow({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('orders');
  const [opening, setOpening] = useState(false);
  if (!order.awaiting_payment_link) return null;
  return (
    <div className="ord-paynow">
      <button
        type="button"
        className="btn btn--primary"
        disabled={opening}
        onClick={async () => {
          setOpening(true);
          try {
            await openPaymentLink(order.id);
          } catch (err) {
            haptic('error');
            toast.error(err instanceof Error ? err.message : t('messages:methodNotAvailable'));
          } finally {
            setOpening(false);
          }
        }}
      >
        {opening ? t('messages:pleaseWait') : `${t('detail.payNow')} · ${formatCents(order.total_cents)}`}
      </button>
    </div>
  );
}

/**
 * The 15-minute window (spec §4): while open, a countdown and the two changes; afterwards the
 * buttons stay, disabled, with the reason. Cancelled, processing and completed orders show nothing.
 */
function ChangeWindow({ order, onCancel, onChangeAddress }: Pick<BodyProps, 'order' | 'onCancel' | 'onChangeAddress'>) {
  const { t } = useTranslation('orders');
  const left = useCountdown(order.can_change ? order.can_change_until : null);
  if (order.status !== 'Pending' && order.status !== 'Paid') return null;
  const open = order.can_change && left > 0;
  const reasonId = `ord-window-${order.id}`;
  return (
    <div className={`ord-window${open ? ' ord-window--open' : ''}`}>
      <p id={reasonId} className="ord-window__text" aria-live="off">
        {open ? t('window.remaining', { time: formatCountdown(left) }) : t('window.closed')}
      </p>
      <div className="ord-window__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!open}
          aria-describedby={open ? undefined : reasonId}
          onClick={onChangeAddress}
        >
          {t('window.changeAddress')}
        </button>
        <button
          type="button"
          className="btn btn--secondary ord-danger"
          disabled={!open}
          aria-describedby={open ? undefined : reasonId}
          onClick={onCancel}
        >
          {t('window.cancelOrder')}
        </button>
      </div>
    </div>
  );
}
