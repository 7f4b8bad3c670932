import { useTranslation } from 'react-i18next';
import { useFaq } from '../api/get-faq';
import { QueryState } from '../components/QueryState';
import '../locales';
import '../info.css';
import { FaqAccordion } from '@/lib/ui/FaqAccordion';
import { usePageTitle } from '@/lib/use-page-title';

/** /faq: the questions from the API as an accordion. */
export default function FaqPage() {
  const { t } = useTranslation('info');
  const faq = useFaq();

  usePageTitle(t('faq.title'));

  return (
    <main className="page info">
      <h1 className="info__title">{t('faq.title')}</h1>
      {faq.data ? (
        faq.data.faqs.length > 0 ? (
          <>
            <p className="info__intro">{t('faq.intro')}</p>
            <FaqAccordion items={faq.data.faqs} />
          </>
        ) : (
          <p className="info__intro">{t('faq.empty')}</p>
        )
      ) : (
        <QueryState isPending={faq.isPending} error={faq.error} onRetry={() => void faq.refetch()} />
      )}
    </main>
  );
}
