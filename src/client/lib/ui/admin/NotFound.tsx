import { useTranslation } from 'react-i18next';
import './locales';

/** The back office's "no such page": an unknown address, or a screen's address with an id that cannot be one. */
export function AdminNotFound() {
  const { t } = useTranslation('admin-ui');
  return <p role="alert">{t('notFound')}</p>;
}
