import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '@/stores/session-store';
import { useLogout } from './use-logout';

/**
 * The "Acct" dropdown's entries (AccountMenu.tsx): its own chunk, loaded when the menu first opens (or the pointer or
 * focus reaches the Acct button).
 */
export function AccountMenuPanel({ close }: { close(): void }) {
  const { t } = useTranslation();
  const isAgent = useSession((s) => s.user?.is_agent === 1);
  const logout = useLogout();
  return (
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
  );
}
