import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useCart } from '@/entities/cart/cart-store';
import { SearchField } from '@/entities/product/components/SearchField';
import { BagIcon, MenuIcon, TelegramIcon } from '@/lib/icons';
import { useHydrated } from '@/lib/ssr/hydrated';
import { Brand } from '@/lib/ui/Brand';
import { LanguageSelect } from '@/lib/ui/LanguageSelect';
import { useSession } from '@/stores/session-store';
import { useUi } from '@/stores/ui-store';
import { AccountMenu } from './AccountMenu';
import { MegaMenu } from './MegaMenu';
import { TELEGRAM_CHANNEL_URL } from './shop-links';
import { useHeaderVisibility } from './use-header-visibility';
import './layout.css';

const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
/** The pointer or focus on the hamburger fetches the side menu's chunk, so it is there when it opens. */
const prefetchMobileMenu = () => void loadMobileMenu().catch(() => {});

/** Cart icon with the number of cart lines; opens the cart panel (docs/product.md §2, logged in only). */
function CartButton() {
  const { t } = useTranslation();
  const count = useCart((s) => s.itemCount);
  const openCart = useUi((s) => s.openCart);
  return (
    <button
      type="button"
      className="icon-btn header__cart"
      aria-label={t('nav.cartWithCount', { count })}
      onClick={openCart}
    >
      <BagIcon />
      {count > 0 && (
        <span className="header__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}

/**
 * The site header (docs/product.md §2): brand, Home / About Us / Shop (mega-dropdown), Search (docs/decisions/017),
 * the Telegram channel, EN / 中文, Login or the Acct dropdown, the cart when logged in. Below 769 px a hamburger
 * opens the side menu instead of the links. On wide screens it hides while scrolling down.
 */
export function Header() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // The server renders a guest's header; the stored user shows once hydrated (docs/decisions/022).
  const loggedIn = useSession((s) => s.user !== null) && hydrated;
  const location = useLocation();
  const [shopOpen, setShopOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { hidden, transparent } = useHeaderVisibility({ pinned: shopOpen || accountOpen });

  // A new page closes every menu.
  useEffect(() => {
    setShopOpen(false);
    setAccountOpen(false);
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);

  const classes = ['header', hidden && 'header--hidden', transparent && !shopOpen && 'header--transparent']
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <header className={classes}>
        <div className="header__inner">
          <button
            type="button"
            className="icon-btn header__burger"
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onPointerEnter={prefetchMobileMenu}
            onPointerDown={prefetchMobileMenu}
            onFocus={prefetchMobileMenu}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <Brand className="header__brand" />
          <nav aria-label={t('nav.mainNavigation')} className="header__nav">
            <ul>
              <li>
                <NavLink to="/" end className="header__link">
                  {t('nav.home')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/about" className="header__link">
                  {t('nav.about')}
                </NavLink>
              </li>
              <li>
                <MegaMenu open={shopOpen} onOpenChange={setShopOpen} />
              </li>
            </ul>
          </nav>
          <div className="header__actions">
            <SearchField className="header__search" />
            <a
              className="icon-btn header__channel"
              href={TELEGRAM_CHANNEL_URL}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('nav.messagingChannel')}
            >
              <TelegramIcon />
            </a>
            <LanguageSelect className="header__lang" />
            {loggedIn ? (
              <>
                <CartButton />
                <div className="header__account">
                  <AccountMenu open={accountOpen} onOpenChange={setAccountOpen} />
                </div>
              </>
            ) : (
              <Link to="/login" className="header__pill header__login">
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </header>
      {/* The side menu is its own chunk, rendered only while open. */}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu open onClose={closeMenu} />
        </Suspense>
      )}
    </>
  );
}
