import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { Spinner } from './Spinner';
import './locales';
import './list-status.css';

/** Loading and error states of a list or panel (a server refusal shows its own message). */
export function ListStatus({ isPending, error, onRetry }: { isPending: boolean; error: unknown; onRetry(): void }) {
  const { t } = useTranslation('ui');
  if (isPending) {
    return (
      <div className="list-status" role="status" aria-live="polite">
        <Spinner size="s" />
        <span className="visually-hidden">{t('list.loading')}</span>
      </div>
    );
  }
  if (error) {
    const message =
      error instanceof ApiError && error.code >= 400 && error.code < 500 && error.code !== 401
        ? error.message
        : t('list.loadFailed');
    return (
      <div className="list-status list-status--error" role="alert">
        <p>{message}</p>
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  return null;
}

/** "Load more" under a paged list. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad(): void }) {
  const { t } = useTranslation('ui');
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="btn btn--secondary" onClick={onLoad} disabled={loading} aria-busy={loading}>
        {loading ? t('list.loading') : t('list.loadMore')}
      </button>
    </div>
  );
}
