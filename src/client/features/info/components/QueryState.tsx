import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { Spinner } from '@/lib/ui/Spinner';
import '../locales';

/** Loading and error states of an information page's query. */
export function QueryState({ isPending, error, onRetry }: { isPending: boolean; error: unknown; onRetry(): void }) {
  const { t } = useTranslation('info');
  if (isPending) {
    return (
      <div className="info__status" role="status" aria-live="polite">
        <Spinner size="m" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  }
  if (error) {
    // A refusal from the server says what is wrong (e.g. "This page does not exist"); else a network problem.
    const message =
      error instanceof ApiError && error.code >= 400 && error.code < 500 ? error.message : t('loadFailed');
    return (
      <div className="info__status info__status--error" role="alert">
        <p>{message}</p>
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return null;
}
