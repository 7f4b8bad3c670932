import type { InfoPage } from '@common/contract/info';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Paragraphs } from './Paragraphs';
import { QueryState } from './QueryState';
import '../locales';
import '../info.css';
import { usePageTitle } from '../../../lib/use-page-title';

const formatDate = (iso: string, lang: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'long' }).format(date);
};

/** One information page: its title and paragraphs, with loading and error states. */
export function InfoPageView({ query }: { query: UseQueryResult<{ page: InfoPage }> }) {
  const { t, i18n } = useTranslation('info');
  const page = query.data?.page;

  usePageTitle(page?.title);

  return (
    <main className="page info">
      {page ? (
        <article className="info__article">
          <h1 className="info__title">{page.title}</h1>
          <div className="info__body">
            <Paragraphs text={page.body} />
          </div>
          {formatDate(page.updated_at, i18n.language) && (
            <p className="info__updated">{t('updated', { date: formatDate(page.updated_at, i18n.language) })}</p>
          )}
        </article>
      ) : (
        <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </main>
  );
}
