import { useTranslation } from 'react-i18next';

/** "Load more" under a cursor-paged list (react-query's infinite query): shown while there is a next page. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const { t } = useTranslation('admin');
  if (!hasNextPage) return null;
  return (
    <div className="admin-load-more">
      <button
        type="button"
        className="btn"
        onClick={() => fetchNextPage()}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage || undefined}
      >
        {isFetchingNextPage ? t('loading') : t('loadMore')}
      </button>
    </div>
  );
}
