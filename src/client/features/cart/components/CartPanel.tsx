import { formatCents } from '@common/money';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCart } from '@/entities/cart/cart-store';
import { useDialogFocus } from '@/lib/hooks/use-dialog-focus';
import { useScrollLock } from '@/lib/hooks/use-scroll-lock';
import { BagIcon, CloseIcon } from '@/lib/icons';
import { useTelegramMainButton } from '@/lib/telegram/main-button';
import { useUi } from '@/stores/ui-store';
import { revalidateCart } from '../revalidate-cart';
import { CartLines, EmptyCart, Subtotal } from './CartLines';
import '../locales';
import '../cart.css';

/**
 * The cart side panel over any page (docs/product.md §3), shown while `useUi().cartOpen`: header (cart icon with
 * the number of lines → /cart, "Your Cart", close), the empty state or one card per line, and the footer
 * (subtotal, "Continue Shopping", "Secure Checkout" → /checkout). The backdrop and Escape close it; the
 * page does not scroll behind it. Opening it re-checks the stock with the server.
 */
export default function CartPanel() {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const close = useUi((s) => s.closeCart);
  const lines = useCart((s) => s.lines);
  const count = useCart((s) => s.itemCount);
  const total = useCart((s) => s.totalCents);
  const titleId = useId();
  const dialog = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useScrollLock(true);
  useDialogFocus(dialog, true, { onEscape: close, initial: closeButton });

  useEffect(() => {
    const controller = new AbortController();
    void revalidateCart({ signal: controller.signal });
    return () => controller.abort();
  }, []);

  const go = (to: string) => {
    close();
    navigate(to);
  };
  // Inside Telegram the MainButton is the panel's primary action, over the page's (docs/decisions/008).
  useTelegramMainButton({
    text: t('telegram:checkoutTotal', { total: formatCents(total) }),
    visible: lines.length > 0,
    priority: 1,
    onClick: () => go('/checkout'),
  });

  return (
    <div className="cart-panel">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on click; Escape and the close button are the keyboard ways */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
      <div className="cart-panel__backdrop" data-testid="cart-backdrop" onClick={close} />
      <aside
        ref={dialog}
        className="cart-panel__sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="cart-panel__header">
          <Link to="/cart" className="icon-btn cart-panel__icon" aria-label={t('goToCart', { count })} onClick={close}>
            <BagIcon size={24} />
            <span className="cart-bubble" aria-hidden="true">
              {count}
            </span>
          </Link>
          <h2 id={titleId} className="cart-panel__title">
            {t('title')}
          </h2>
          <button ref={closeButton} type="button" className="icon-btn" aria-label={t('close')} onClick={close}>
            <CloseIcon />
          </button>
        </header>
        <div className={lines.length ? 'cart-panel__body cart-panel__body--filled' : 'cart-panel__body'}>
          {lines.length ? <CartLines lines={lines} /> : <EmptyCart onShopNow={() => go('/products')} />}
        </div>
        {lines.length > 0 && (
          <footer className="cart-panel__footer">
            <Subtotal cents={total} />
            <div className="cart-panel__actions">
              <button type="button" className="btn btn--secondary" onClick={close}>
                {t('continueShopping')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                data-primary-action="checkout"
                onClick={() => go('/checkout')}
              >
                {t('secureCheckout')}
              </button>
            </div>
          </footer>
        )}
      </aside>
    </div>
  );
}
