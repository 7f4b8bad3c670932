import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AdminPage } from './AdminPage';
import './locales';

/**
 * The back office's "no such page": an unknown address, or a screen's address with an id that cannot be one.
 * A page like any other (its own heading, the page's title), so a screen reader lands on it as on any screen.
 */
export function AdminNotFound() {
  const { t } = useTranslation('admin-ui');
  return (
    <AdminPage title={t('notFoundTitle')}>
      <p role="alert">{t('notFound')}</p>
      <p>
        <Link to="/admin">{t('notFoundBack')}</Link>
      </p>
    </AdminPage>
  );
}
