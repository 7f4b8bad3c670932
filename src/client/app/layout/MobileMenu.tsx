import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SearchField } from '@/entities/product/components/SearchField';
import { useDialogFocus } from '@/lib/hooks/use-dialog-focus';
import { useScrollLock } from '@/lib/hooks/use-scroll-lock';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/lib/icons';
import { Brand } from '@/lib/ui/Brand';
import { useSession } from '@/stores/session-store';
import { ShopMenuStatus } from './ShopMenuStatus';
import { SocialLinks } from './SocialLinks';
import { useLogout } from './use-logout';
import { type PanelId, type PanelState, useMenuPanels } from './use-menu-panels';
import { categoryHref, TAG_GROUPS, tagHref, useShopMenu } from './use-shop-menu';

interface Props {
  open: boolean;
  onClose(): void;
}

/**
 * The side menu of narrow screens (docs/product.md §2): Search (docs/decisions/017), the header's links (Account for
 * /profile, Log in when logged out), a sliding Shop submenu with Types / Benefits / Tags sub-submenus (each with a back
 * control), and the social icons. A modal dialog: focus stays inside, Escape and the backdrop close it,
 * the page does not scroll behind it.
 */
export function MobileMenu({ open, onClose }: Props) {
  useScrollLock(open);
  if (!open) return null;
  return <MenuDialog onClose={onClose} />;
}

function MenuDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const menu = useShopMenu();
  const { categories, byKind, isLoading, isError } = menu;
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useDialogFocus(dialog, true, { onEscape: onClose, initial: closeButton });
  const { enter, back, state } = useMenuPanels(dialog);

  const shopStatus = isError || isLoading ? <ShopMenuStatus menu={menu} className="side-menu__status" /> : null;

  return (
    <div className="side-menu">
      <div className="side-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={dialog}
        className="side-menu__drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        tabIndex={-1}
      >
        <div className="side-menu__top">
          <Brand onClick={onClose} />
          <button
            ref={closeButton}
            type="button"
            className="icon-btn"
            aria-label={t('nav.closeMenu')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="side-menu__viewport">
          <MainPanel state={state('main')} onClose={onClose} onShop={enter('shop')} />

          <SubPanel id="shop" state={state('shop')} onBack={back}>
            {shopStatus ?? (
              <>
                <ul className="side-menu__list">
                  {categories.map((c) => (
                    <li key={c.id}>
                      <Link to={categoryHref(c)} onClick={onClose}>
                        {c.name}
                      </Link>
                    </li>
                  ))}
                </ul>
                <ul className="side-menu__list side-menu__list--groups">
                  {TAG_GROUPS.map((g) => (
                    <li key={g.kind}>
                      <button type="button" onClick={enter(g.kind)} aria-haspopup="true">
                        {t(g.label)}
                        <ChevronRightIcon size={20} />
                      </button>
                    </li>
                  ))}
                  <li>
                    <Link to="/products" onClick={onClose}>
                      {t('nav.shopAll')}
                    </Link>
                  </li>
                </ul>
              </>
            )}
          </SubPanel>

          {TAG_GROUPS.map((g) => (
            <SubPanel key={g.kind} id={g.kind} state={state(g.kind)} onBack={back}>
              {shopStatus ?? (
                <ul className="side-menu__list">
                  {byKind[g.kind].map((tag) => (
                    <li key={tag.id}>
                      <Link to={tagHref(tag)} onClick={onClose}>
                        {tag.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </SubPanel>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The first level: search, the header's links, the account's links when logged in, and the social icons. */
function MainPanel({
  state,
  onClose,
  onShop,
}: {
  state: PanelState;
  onClose(): void;
  onShop(e: { currentTarget: HTMLElement }): void;
}) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  return (
    <Panel id="main" state={state}>
      <SearchField className="side-menu__search" onSearch={onClose} />
      <ul className="side-menu__list">
        <li>
          <Link to="/" onClick={onClose}>
            {t('nav.home')}
          </Link>
        </li>
        <li>
          <Link to="/about" onClick={onClose}>
            {t('nav.about')}
          </Link>
        </li>
        <li>
          <button type="button" onClick={onShop} aria-haspopup="true">
            {t('nav.shop')}
            <ChevronRightIcon size={20} />
          </button>
        </li>
        {user ? (
          <li>
            <Link to="/profile" onClick={onClose}>
              {t('nav.account')}
            </Link>
          </li>
        ) : (
          <li>
            <Link to="/login" onClick={onClose}>
              {t('nav.logIn')}
            </Link>
          </li>
        )}
      </ul>
      {user && <AccountLinks isAgent={user.is_agent === 1} onClose={onClose} />}
      <SocialLinks className="side-menu__social" />
    </Panel>
  );
}

/** A logged-in user's entries: the referral (or affiliate) screen, cart, orders, subscriptions, cash reward, Log out. */
function AccountLinks({ isAgent, onClose }: { isAgent: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <ul className="side-menu__list side-menu__list--minor" aria-label={t('nav.account')}>
      <li>
        {isAgent ? (
          <Link to="/affiliate" onClick={onClose}>
            {t('nav.affiliate')}
          </Link>
        ) : (
          <Link to="/referral" onClick={onClose}>
            {t('nav.referral')}
          </Link>
        )}
      </li>
      <li>
        <Link to="/cart" onClick={onClose}>
          {t('nav.myCart')}
        </Link>
      </li>
      <li>
        <Link to="/order" onClick={onClose}>
          {t('nav.orderHistory')}
        </Link>
      </li>
      <li>
        <Link to="/subscriptions" onClick={onClose}>
          {t('nav.subscriptions')}
        </Link>
      </li>
      <li>
        <Link to="/cashReward" onClick={onClose}>
          {t('nav.cashReward')}
        </Link>
      </li>
      <li>
        <button
          type="button"
          onClick={() => {
            onClose();
            logout();
          }}
        >
          {t('nav.logout')}
        </button>
      </li>
    </ul>
  );
}

/** A submenu: a back control and the submenu's title above its body. */
function SubPanel({
  id,
  state,
  onBack,
  children,
}: {
  id: Exclude<PanelId, 'main'>;
  state: PanelState;
  onBack(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = id === 'shop' ? t('nav.shop') : t(TAG_GROUPS.find((g) => g.kind === id)?.label ?? 'nav.shop');
  return (
    <Panel id={id} state={state}>
      <div className="side-menu__subhead">
        <button type="button" className="side-menu__back" onClick={onBack}>
          <ChevronLeftIcon size={20} />
          {t('nav.back')}
        </button>
        <h2 className="side-menu__title">{title}</h2>
      </div>
      {children}
    </Panel>
  );
}

/** One sliding level of the menu; only the active one can be reached (the others are hidden from focus and readers). */
function Panel({ id, state, children }: { id: PanelId; state: PanelState; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.toggleAttribute('inert', state !== 'active');
  }, [state]);
  return (
    <div
      ref={ref}
      className={`side-menu__panel side-menu__panel--${state}`}
      data-panel={id}
      aria-hidden={state !== 'active'}
    >
      {children}
    </div>
  );
}
