import type { OrderItem } from '@common/contract/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderDetails } from '@/entities/order/api/get-order-details';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { Modal } from '@/lib/ui/Modal';
import { useCancelOrder } from '../api/cancel-order';
import '../orders.css';
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
  onClose(): void;
}

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
