import { useTranslation } from 'react-i18next';
import { Spinner } from '@/lib/ui/Spinner';

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
