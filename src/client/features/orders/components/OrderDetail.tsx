import type { OrderDetails, OrderItem } from '@common/contract/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderDetails } from '@/entities/order/api/get-order-details';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { Modal } from '@/lib/ui/Modal';
import { useCancelOrder } from '../api/cancel-order';
import '../orders.css';
import type { CheckoutReturn } from './CardPayment';
import { ChangeAddress } from './ChangeAddress';
import { OrderBody } from './OrderBody';
import { ReviewForm } from './ReviewForm';
import '@/lib/i18n/server-messages';

/** Which part of the order the dialog shows. */
export type DetailView = 'view' | 'track' | 'review';
type Mode = 'view' | 'cancel' | 'address' | 'review';

interface Props {
  orderId: number;
  /** `track` scrolls to the tracking details; `review` opens the review forms. */
  initialView: DetailView;
  /** The order was just placed on this device (a thank-you line). */
  justPlaced: boolean;
  /** Back from the card provider's page: how, and the session id to have the server ask the provider about. */
  checkout?: { return: CheckoutReturn; session: string | null };
  onClose(): void;
}

/**
 * One order in a dialog (opened by `/order?id=`): items, totals, payment (reference, receipt, how to
 * pay), delivery address, tracking once set; within 15 minutes of placing, "Change address" and
 * "Cancel order" with a countdown; for a completed order, a review form per product.
 */
export function OrderDetail({ orderId, initialView, justPlaced, checkout, onClose }: Props) {
  const { t } = useTranslation('orders');
  const query = useOrderDetails(orderId, { checkoutSession: checkout?.session });
  const [mode, setMode] = useState<Mode>(initialView === 'review' ? 'review' : 'view');
  const order = query.data?.order;

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
    return <CancelOrderDialog key="cancel" order={order} onBack={back} onFailed={() => void query.refetch()} />;
  }

  if (mode === 'address') {
    return (
      <Modal key="address" title={t('window.changeAddress')} closeLabel={t('window.cancel')} onClose={back}>
        <ChangeAddress order={order} onDone={back} />
      </Modal>
    );
  }

  if (mode === 'review') {
    return <ReviewDialog key="review" order={order} onBack={back} onClose={onClose} />;
  }

  return (
    <Modal key="view" title={title} closeLabel={t('detail.close')} onClose={onClose} className="ord-detail">
      <OrderBody
        order={order}
        justPlaced={justPlaced}
        checkoutReturn={checkout?.return ?? null}
        scrollToTracking={initialView === 'track'}
        onCancel={() => setMode('cancel')}
        onChangeAddress={() => setMode('address')}
        onReview={() => setMode('review')}
      />
    </Modal>
  );
}

/** "Cancel order" asks first; a refusal (the window closed meanwhile) is told and the order read again. */
function CancelOrderDialog({ order, onBack, onFailed }: { order: OrderDetails; onBack(): void; onFailed(): void }) {
  const { t } = useTranslation('orders');
  const cancel = useCancelOrder();
  return (
    <Modal title={t('window.cancelOrder')} closeLabel={t('detail.close')} onClose={onBack} busy={cancel.isPending}>
      <p>{t('window.confirmCancel', { no: order.order_no })}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onBack} disabled={cancel.isPending}>
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
              onBack();
            } catch (err) {
              haptic('error');
              toast.error(err instanceof Error ? err.message : t('loadFailed'));
              onFailed();
              onBack();
            }
          }}
        >
          {cancel.isPending ? t('messages:processing') : t('window.cancelOrder')}
        </button>
      </div>
    </Modal>
  );
}

/** The review forms of a completed order, one per product not yet reviewed. */
function ReviewDialog({ order, onBack, onClose }: { order: OrderDetails; onBack(): void; onClose(): void }) {
  const { t } = useTranslation('orders');
  return (
    <Modal title={t('review.title', { no: order.order_no })} closeLabel={t('detail.close')} onClose={onClose}>
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
        <button type="button" className="btn btn--secondary" onClick={onBack}>
          {t('actions.view')}
        </button>
      </div>
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
