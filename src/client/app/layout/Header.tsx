import type { Lang } from '@common/contract/lang';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { currentLang } from '../../lib/i18n/i18n';
import { changeLanguage } from '../../lib/i18n/language';
import { useSession } from '../../stores/session-store';

/** Interim header: brand, main links, language select, Login. (The shell issue work replaces it.) */
export function Header() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  return (
    <header className="header">
      <Link to="/" className="header__brand">
        {t('brand')}
      </Link>
      <nav aria-label={t('nav.mainNavigation')} className="header__nav">
        <NavLink to="/">{t('nav.home')}</NavLink>
        <NavLink to="/about">{t('nav.about')}</NavLink>
        <NavLink to="/products">{t('nav.shop')}</NavLink>
      </nav>
      <label className="header__lang">
        <span className="visually-hidden">{t('nav.language')}</span>
        <select value={currentLang()} onChange={(e) => changeLanguage(e.target.value as Lang)}>
          <option value="en">EN</option>
          <option value="zh">中文</option>
        </select>
      </label>
      {user ? <Link to="/profile">{t('nav.acct')}</Link> : <Link to="/login">{t('nav.login')}</Link>}
    </header>
  );
}
