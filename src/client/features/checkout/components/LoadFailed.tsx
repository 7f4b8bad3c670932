import { useTranslation } from 'react-i18next';

/** "Could not load … Try again" for a part of checkout whose data did not arrive. */
export function LoadFailed({ onRetry, className = 'co-hint' }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation('checkout');
  return (
    <p className={className} role="alert">
      {t('loadFailed')}{' '}
      <button type="button" className="btn--link" onClick={onRetry}>
        {t('retry')}
      </button>
    </p>
  );
}
