import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SearchField } from '@/entities/product/components/SearchField';
import { focusables, useDialogFocus } from '@/lib/hooks/use-dialog-focus';
import { useScrollLock } from '@/lib/hooks/use-scroll-lock';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/lib/icons';
import { Brand } from '@/lib/ui/Brand';
import { useSession } from '@/stores/session-store';
import { ShopMenuStatus } from './ShopMenuStatus';
import { SocialLinks } from './SocialLinks';
import { useLogout } from './use-logout';
import { categoryHref, TAG_GROUPS, type TagKind, tagHref, useShopMenu } from './use-shop-menu';

type PanelId = 'main' | 'shop' | TagKind;

interface Props {
  open: boolean;
  onClose(): void;
}

/**
 * The side menu of narrow screens (spec §2): Search (issue 17), the header's links (Account for /profile, Log in when
 * logged out), a sliding Shop submenu with Types / Benefits / Tags sub-submenus (each with a back
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
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const menu = useShopMenu();
  const { categories, byKind, isLoading, isError } = menu;
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [path, setPath] = useState<PanelId[]>(['main']);
  const active = path[path.length - 1] ?? 'main';
  // The control that opened each submenu gets focus back when the submenu is left.
  const openers = useRef(new Map<PanelId, HTMLElement>());
  const returning = useRef<PanelId | null>(null);
  const first = useRef(true);

  useDialogFocus(dialog, true, { onEscape: onClose, initial: closeButton });

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = dialog.current?.querySelector<HTMLElement>(`[data-panel="${active}"]`);
    const back = returning.current ? openers.current.get(returning.current) : undefined;
    returning.current = null;
    // preventScroll: the panel is still sliding in; scrolling it into view would shift the whole viewport.
    (back ?? (root ? focusables(root)[0] : undefined))?.focus({ preventScroll: true });
  }, [active]);

  const enter = (panel: PanelId) => (e: { currentTarget: HTMLElement }) => {
    openers.current.set(panel, e.currentTarget);
    setPath((p) => [...p, panel]);
  };
  const back = () => {
    returning.current = active;
    setPath((p) => (p.length > 1 ? p.slice(0, -1) : p));
  };

  const state = (panel: PanelId): 'active' | 'before' | 'after' =>
    panel === active ? 'active' : path.includes(panel) ? 'before' : 'after';

  const title = (panel: PanelId) =>
    panel === 'shop' ? t('nav.shop') : t(TAG_GROUPS.find((g) => g.kind === panel)?.label ?? 'nav.shop');

  const subPanel = (panel: Exclude<PanelId, 'main'>, body: ReactNode) => (
    <Panel id={panel} state={state(panel)}>
      <div className="side-menu__subhead">
        <button type="button" className="side-menu__back" onClick={back}>
          <ChevronLeftIcon size={20} />
          {t('nav.back')}
        </button>
        <h2 className="side-menu__title">{title(panel)}</h2>
      </div>
      {body}
    </Panel>
  );

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
          <Panel id="main" state={state('main')}>
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
                <button type="button" onClick={enter('shop')} aria-haspopup="true">
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
            {user && (
              <ul className="side-menu__list side-menu__list--minor" aria-label={t('nav.account')}>
                <li>
                  {user.is_agent === 1 ? (
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
            )}
            <SocialLinks className="side-menu__social" />
          </Panel>

          {subPanel(
            'shop',
            shopStatus ?? (
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
            ),
          )}

          {TAG_GROUPS.map((g) => (
            <Fragment key={g.kind}>
              {subPanel(
                g.kind,
                shopStatus ?? (
                  <ul className="side-menu__list">
                    {byKind[g.kind].map((tag) => (
                      <li key={tag.id}>
                        <Link to={tagHref(tag)} onClick={onClose}>
                          {tag.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ),
              )}
            </Fragment>
          ))}
        </div>
      </div>
    </div>
  );
}

/** One sliding level of the menu; only the active one can be reached (the others are hidden from focus and readers). */
function Panel({ id, state, children }: { id: PanelId; state: 'active' | 'before' | 'after'; children: ReactNode }) {
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
