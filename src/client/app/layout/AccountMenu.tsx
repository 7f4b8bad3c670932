import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronDownIcon, UserIcon } from '@/lib/icons';
import { useSession } from '@/stores/session-store';
import { useLogout } from './use-logout';
import { usePointerDownOutside } from './use-pointer-down-outside';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The logged-in "Acct" dropdown (spec §2): Affiliate for agents (is_agent 1) or Referral, Profile,
 * My Cart, Order History, Cash Reward, Log out. A disclosure: Escape or a click elsewhere closes it.
 */
export function AccountMenu({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const isAgent = useSession((s) => s.user?.is_agent === 1);
  const logout = useLogout();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  usePointerDownOutside(wrapper, open, close);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus-leave handling for the disclosure
    <div
      className="dropdown"
      ref={wrapper}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          onOpenChange(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (open && !wrapper.current?.contains(e.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="header__pill"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpenChange(!open)}
      >
        <UserIcon size={20} />
        <span>{t('nav.acct')}</span>
        <ChevronDownIcon size={16} className="chevron" />
      </button>
      <div id={id} className="dropdown__panel" hidden={!open}>
        <ul className="dropdown__list">
          <li>
            {isAgent ? (
              <Link to="/affiliate" onClick={close}>
                {t('nav.affiliate')}
              </Link>
            ) : (
              <Link to="/referral" onClick={close}>
                {t('nav.referral')}
              </Link>
            )}
          </li>
          <li>
            <Link to="/profile" onClick={close}>
              {t('nav.profile')}
            </Link>
          </li>
          <li>
            <Link to="/cart" onClick={close}>
              {t('nav.myCart')}
            </Link>
          </li>
          <li>
            <Link to="/order" onClick={close}>
              {t('nav.orderHistory')}
            </Link>
          </li>
          <li>
            <Link to="/subscriptions" onClick={close}>
              {t('nav.subscriptions')}
            </Link>
          </li>
          <li>
            <Link to="/cashReward" onClick={close}>
              {t('nav.cashReward')}
            </Link>
          </li>
          <li className="dropdown__sep">
            <button
              type="button"
              onClick={() => {
                close();
                logout();
              }}
            >
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
