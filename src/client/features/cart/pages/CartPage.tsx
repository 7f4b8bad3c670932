import { formatCents } from '@common/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCart } from '@/entities/cart/cart-store';
import { useTelegramMainButton } from '@/lib/telegram/main-button';
import { useUi } from '@/stores/ui-store';
import { CartLines, EmptyCart, Subtotal } from '../components/CartLines';
import { revalidateCart } from '../revalidate-cart';
import '../locales';
import '../cart.css';
import { usePageTitle } from '@/lib/use-page-title';

/** /cart: the same lines as the panel, the subtotal and the checkout button (the screen's primary action). */
export default function CartPage() {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const lines = useCart((s) => s.lines);
  const total = useCart((s) => s.totalCents);
  // Inside Telegram the MainButton is this screen's primary action (docs/decisions/008).
  useTelegramMainButton({
    text: t('telegram:checkoutTotal', { total: formatCents(total) }),
    visible: lines.length > 0,
    onClick: () => navigate('/checkout'),
  });

  usePageTitle(t('pageTitle'));

  useEffect(() => {
    // The page shows the lines itself: the panel would only cover it.
    useUi.getState().closeCart();
    const controller = new AbortController();
    void revalidateCart({ signal: controller.signal });
    return () => controller.abort();
  }, [t]);

  return (
    <main className="page cart-page">
      <div className="cart-page__head">
        <h1>{t('title')}</h1>
        {lines.length > 0 && <span className="cart-page__count">{t('lines', { count: lines.length })}</span>}
      </div>
      {lines.length === 0 ? (
        <EmptyCart onShopNow={() => navigate('/products')} />
      ) : (
        <>
          <CartLines lines={lines} />
          <section className="cart-page__summary" aria-label={t('subtotal')}>
            <Subtotal cents={total} />
            <button
              type="button"
              className="btn btn--primary"
              data-primary-action="checkout"
              onClick={() => navigate('/checkout')}
            >
              {t('checkoutWithTotal', { total: formatCents(total) })}
            </button>
            <div className="cart-page__links">
              <button type="button" className="btn btn--link" onClick={() => navigate('/products')}>
                {t('continueShopping')}
              </button>
            </div>
          </section>
        </>
      )}
    </main>
  );
}
