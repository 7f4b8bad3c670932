import type { AdminMeOutput } from '@common/contract/admin/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { allows } from '@/entities/staff/api/use-staff';
import { LogoMark } from '@/lib/icons';
import { LanguageSelect } from '@/lib/ui/LanguageSelect';
import { ADMIN_SCREENS } from './admin-screens';
import './admin.css';

/**
 * The back office's frame: a top bar (brand, the member's role, language, back to the shop) and the navigation
 * of the screens the role allows: a side column on a laptop, a scrolling row of tabs on a phone.
 */
export function AdminLayout({ me, children }: { me: AdminMeOutput; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const items = ADMIN_SCREENS.filter((s) => s.nav && allows(me, s.permission));
  return (
    <div className="admin">
      <header className="admin__bar">
        <Link to="/admin" className="admin__brand">
          <LogoMark />
          <span>{t('title')}</span>
        </Link>
        <span className="admin__who">
          <span className="admin__email">{me.email}</span> <span className="admin-badge">{t(`role.${me.role}`)}</span>
        </span>
        <Link to="/admin/me" className="admin__me">
          {t('nav.myAlerts')}
        </Link>
        <LanguageSelect className="admin__lang" />
        <Link to="/" className="admin__shop">
          {t('nav.toShop')}
        </Link>
      </header>
      <nav className="admin__nav" aria-label={t('nav.label')}>
        <ul>
          {items.map((s) => (
            <li key={s.path}>
              <NavLink to={s.path === '' ? '/admin' : `/admin/${s.path}`} end={s.path === ''}>
                {t(`nav.${s.nav!}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin__main">{children}</main>
    </div>
  );
}
