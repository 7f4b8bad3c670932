import type { OrderSummary } from '@common/contract/orders';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useOrders } from '@/entities/order/api/get-orders';
import { useCheckoutForm } from '@/entities/order/checkout-store';
import { formatDateTime } from '@/lib/format/date';
import { BuyAgain } from '../components/BuyAgain';
import type { CheckoutReturn } from '../components/CardPayment';
import { type DetailView, OrderDetail } from '../components/OrderDetail';
import { StatusBadge } from '../components/StatusBadge';
import '../locales';
import '../orders.css';
import { Thumbnail } from '@/lib/ui/Thumbnail';
import { usePageTitle } from '@/lib/use-page-title';

/** /order: the order history, newest first; `?id=` opens one order (`&view=track|review` a part of it). */
// A user only: the router's RequireUser (app/guards) sends guests to /login, keeping `?id=` for the way back.
export default function OrdersPage() {
  return <Orders />;
}

function Orders() {
  const { t } = useTranslation('orders');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const orders = useOrders();
  const placedOrderId = useCheckoutForm((s) => s.placedOrderId);
  const rawId = Number(params.get('id'));
  const openId = Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const view = (['track', 'review'].includes(params.get('view') ?? '') ? params.get('view') : 'view') as DetailView;
  const checkout = checkoutReturnOf(params);

  const open = (id: number, v: DetailView = 'view') =>
    setParams(v === 'view' ? { id: String(id) } : { id: String(id), view: v });
  const close = () => setParams({}, { replace: true });

  const list = orders.data?.pages.flatMap((p) => p.orders) ?? [];

  return (
    <main className="page ord-page">
      <h1>{t('title')}</h1>
      {orders.isPending && <p className="ord-hint">{t('loading')}</p>}
      {orders.isError && (
        <div role="alert" className="ord-empty">
          <p>{orders.error.message || t('loadFailed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void orders.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {orders.isSuccess && list.length === 0 && (
        <div className="ord-empty">
          <p>{t('empty')}</p>
          <Link to="/products" className="btn btn--primary">
            {t('shopNow')}
          </Link>
        </div>
      )}
      {list.length > 0 && (
        <ul className="ord-list" aria-label={t('title')}>
          {list.map((o) => (
            <OrderCard key={o.id} order={o} onOpen={open} />
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <div className="ord-more">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            {orders.isFetchingNextPage ? t('loading') : t('loadMore')}
          </button>
        </div>
      )}
      {openId !== null && (
        <OrderDetail
          key={`${openId}-${view}`}
          orderId={openId}
          initialView={view}
          justPlaced={placedOrderId === openId}
          checkout={checkout}
          onClose={close}
        />
      )}
    </main>
  );
}

/**
 * Back from the card provider's page (docs/decisions/040): `checkout=success&session_id=…` (the server is asked about
 * that session; the page never shows Paid on the URL alone) or `checkout=cancel`.
 */
function checkoutReturnOf(params: URLSearchParams): { return: CheckoutReturn; session: string | null } | undefined {
  const how = params.get('checkout');
  if (how === 'success') return { return: 'success', session: params.get('session_id') || null };
  if (how === 'cancel') return { return: 'cancel', session: null };
  return undefined;
}

function OrderCard({ order, onOpen }: { order: OrderSummary; onOpen(id: number, view?: DetailView): void }) {
  const { t } = useTranslation('orders');
  const names = order.items.map((i) => `${i.name} × ${i.quantity}`).join(', ');
  return (
    <li className="ord-card">
      <div className="ord-card__head">
        <span className="ord-card__no">
          <span className="visually-hidden">{t('orderId')} </span>
          {order.order_no}
        </span>
        <StatusBadge status={order.status} />
      </div>
      <div className="ord-card__body">
        {order.items[0]?.image && <Thumbnail className="ord-card__img" src={order.items[0].image} size={56} />}
        <div className="ord-card__text">
          <span className="ord-hint">{formatDateTime(order.placed_at)}</span>
          <span className="ord-card__items">{names}</span>
          <span className="ord-hint">{t('itemCount', { count: order.item_count })}</span>
        </div>
        <span className="ord-card__total">
          <span className="visually-hidden">{t('total')} </span>
          {formatCents(order.total_cents)}
        </span>
      </div>
      <div className="ord-card__actions">
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={t('actions.viewOrder', { no: order.order_no })}
          onClick={() => onOpen(order.id)}
        >
          {t('actions.view')}
        </button>
        {order.has_tracking && (
          <button
            type="button"
            className="btn btn--secondary"
            aria-label={t('actions.trackOrder', { no: order.order_no })}
            onClick={() => onOpen(order.id, 'track')}
          >
            {t('actions.track')}
          </button>
        )}
        {order.can_review && (
          <button
            type="button"
            className="btn btn--primary"
            aria-label={t('actions.reviewOrder', { no: order.order_no })}
            onClick={() => onOpen(order.id, 'review')}
          >
            {t('actions.review')}
          </button>
        )}
        {order.status === 'Completed' && !order.can_review && (
          <span className="ord-badge ord-badge--completed">{t('review.reviewed')}</span>
        )}
        <BuyAgain orderId={order.id} orderNo={order.order_no} />
      </div>
    </li>
  );
}
