import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/lib/ui/admin/AdminPage';

/** Until the dashboard lands: the back office's first screen. */
export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('nav.dashboard')}>
      <p>{t('title')}</p>
    </AdminPage>
  );
}
