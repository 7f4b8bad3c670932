import { Spinner } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code loads. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="page-fallback" role="status" aria-live="polite">
      <Spinner size="m" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
