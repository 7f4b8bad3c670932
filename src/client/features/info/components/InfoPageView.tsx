import type { InfoPage } from '@common/contract/info';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from './QueryState';
import '../locales';
import '../info.css';
import { formatDate } from '@/lib/format/date';
import { InfoArticle } from '@/lib/ui/InfoArticle';
import { usePageTitle } from '@/lib/use-page-title';

/** One information page: its title and paragraphs, with loading and error states. */
export function InfoPageView({ query }: { query: UseQueryResult<{ page: InfoPage }> }) {
  const { t } = useTranslation('info');
  const page = query.data?.page;

  usePageTitle(page?.title);

  return (
    <main className="page info">
      {page ? (
        <InfoArticle title={page.title} body={page.body}>
          {formatDate(page.updated_at, { style: 'long' }) && (
            <p className="info__updated">{t('updated', { date: formatDate(page.updated_at, { style: 'long' }) })}</p>
          )}
        </InfoArticle>
      ) : (
        <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </main>
  );
}
