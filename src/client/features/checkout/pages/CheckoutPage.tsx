import { formatCents } from '@common/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCheckoutForm } from '@/entities/order/checkout-store';
import { useClosingConfirmation } from '@/lib/telegram/closing-confirmation';
import { useTelegramMainButton } from '@/lib/telegram/main-button';
import { AddressSection } from '../components/AddressSection';
import { CashRewardSection } from '../components/CashRewardSection';
import { CouponSection } from '../components/CouponSection';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentSection } from '../components/PaymentSection';
import { ShippingSection } from '../components/ShippingSection';
import '../locales';
import '../checkout.css';
import { usePageTitle } from '@/lib/use-page-title';
import { useCheckoutData } from '../use-checkout-data';
import { usePlaceOrder } from '../use-place-order';
import '@/lib/i18n/server-messages';

/** /checkout: contact and delivery, shipping method, payment, coupon, cash reward and the server's summary. */
// A user only: the router's RequireUser (app/guards) sends guests to /login.
export default function CheckoutPage() {
  return <Checkout />;
}

function Checkout() {
  const { t } = useTranslation('checkout');
  const data = useCheckoutData();
  const { canPlace, placing, place, totalCents } = usePlaceOrder();
  const placedOrderId = useCheckoutForm((s) => s.placedOrderId);
  const dirty = useCheckoutForm((s) => s.dirty);
  const summary = data.summary.data;

  usePageTitle(t('title'));

  // A new visit after an order was placed starts a new checkout.
  useEffect(() => {
    if (useCheckoutForm.getState().placedOrderId !== null) useCheckoutForm.getState().reset();
  }, []);

  // Inside Telegram: confirm before closing the Mini App while the form holds input.
  useClosingConfirmation(dirty && placedOrderId === null && data.lines.length > 0);
  // Inside Telegram the MainButton places the order: its spinner while placing, disabled while the form is invalid
  // or the totals are being recomputed for new choices (then it says so, as the page's button does).
  useTelegramMainButton({
    text:
      data.summaryStale && totalCents !== null
        ? t('messages:pleaseWait')
        : t('telegram:placeOrderTotal', { total: totalCents !== null ? formatCents(totalCents) : '' }),
    visible: placedOrderId === null && data.lines.length > 0 && totalCents !== null,
    enabled: canPlace,
    loading: placing,
    onClick: () => void place(),
  });

  if (placedOrderId !== null) {
    // The order is placed; the order screen is opening.
    return (
      <main className="page co-page">
        <h1>{t('title')}</h1>
        <p className="co-hint" role="status">
          {t('messages:processing')}
        </p>
      </main>
    );
  }

  if (data.lines.length === 0) {
    return (
      <main className="page co-page">
        <h1>{t('title')}</h1>
        <div className="co-empty">
          <p role="alert">{t('messages:emptyCartCheckout')}</p>
          <Link to="/products" className="btn btn--primary">
            {t('shopNow')}
          </Link>
        </div>
      </main>
    );
  }

  const stale = data.summaryStale;
  return (
    <main className="page co-page">
      <h1>{t('title')}</h1>
      <div className="co-layout">
        <CheckoutSections data={data} />
        <aside className="co-side">
          <OrderSummary
            summary={summary}
            updating={stale}
            failed={data.summary.isError}
            onRetry={() => void data.summary.refetch()}
          />
          <PlaceOrderButton
            placing={placing}
            canPlace={canPlace}
            waiting={stale && summary !== undefined}
            totalCents={totalCents}
            onPlace={() => void place()}
          />
          <Link to="/cart" className="co-back">
            {t('backToCart')}
          </Link>
        </aside>
      </div>
    </main>
  );
}

/** The checkout's choices: address, shipping method, payment, coupon and cash reward. */
function CheckoutSections({ data }: { data: ReturnType<typeof useCheckoutData> }) {
  const summary = data.summary.data;
  const total = summary?.totals.total_cents;
  return (
    <div className="co-main">
      <AddressSection
        addresses={data.addresses.data?.addresses}
        loading={data.addresses.isPending}
        failed={data.addresses.isError}
        onRetry={() => void data.addresses.refetch()}
        selectedId={data.addressId}
      />
      <ShippingSection stateId={data.address?.state_id ?? null} items={data.items} />
      <PaymentSection
        methods={data.paymentMethods.data?.payment_methods}
        loading={data.paymentMethods.isPending}
        failed={data.paymentMethods.isError}
        onRetry={() => void data.paymentMethods.refetch()}
        selected={data.paymentMethod}
        needsReceipt={(total ?? 1) > 0}
        renewalFrequencies={data.renewalFrequencies}
      />
      <CouponSection applied={summary?.coupon} items={data.items} />
      <CashRewardSection reward={summary?.cash_reward} />
    </div>
  );
}

/** The page's Place order button: the total on it once known, "Please wait" while new totals load. */
function PlaceOrderButton({
  placing,
  canPlace,
  waiting,
  totalCents,
  onPlace,
}: {
  placing: boolean;
  canPlace: boolean;
  /** The shown totals are not yet those of the current choices. */
  waiting: boolean;
  totalCents: number | null;
  onPlace(): void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <button
      type="button"
      className="btn btn--primary co-place"
      data-primary-action="place-order"
      disabled={placing || !canPlace}
      aria-busy={placing || undefined}
      onClick={onPlace}
    >
      {placing
        ? t('messages:processing')
        : waiting
          ? t('messages:pleaseWait')
          : totalCents !== null
            ? t('place.withTotal', { total: formatCents(totalCents) })
            : t('place.button')}
    </button>
  );
}
