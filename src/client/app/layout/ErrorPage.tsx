import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { signalReady } from '@/lib/telegram/launch';
import { usePageTitle } from '@/lib/use-page-title';

/** The generic error page: unknown routes (404, `notFound`) and render errors (`error`, from RouteErrorBoundary). */
export function ErrorPage({ notFound = false, error }: { notFound?: boolean; error?: unknown }) {
  const { t } = useTranslation();
  const is404 = notFound;
  if (error && !is404) console.error(error);
  const title = is404 ? t('error.notFoundTitle') : t('error.title');
  usePageTitle(title);
  // The error page is a first screen too: Telegram's placeholder goes (FirstScreenReady).
  useEffect(() => signalReady(), []);
  return (
    <main className="page error-page">
      <h1>{title}</h1>
      <p>{is404 ? t('error.notFound') : t('error.unexpected')}</p>
      <p className="error-page__actions">
        {!is404 && (
          <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
            {t('error.retry')}
          </button>
        )}
        <Link className="btn btn--primary" to="/">
          {t('error.goHome')}
        </Link>
      </p>
    </main>
  );
}
