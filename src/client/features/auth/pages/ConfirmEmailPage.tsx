import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api/client';
import { FormError } from '@/lib/ui/FormError';
import { usePageTitle } from '@/lib/use-page-title';
import { confirmEmail } from '../api/account-mail';
import { AuthPageShell } from '../components/AuthPageShell';
import '../locales';
import '../auth.css';
import '@/lib/i18n/server-messages';

type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/** /confirm-email/{token} (docs/decisions/016): opening the welcome e-mail's link confirms the address. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'working' });
  const asked = useRef<string | null>(null);

  usePageTitle(t('confirmTitle'));

  useEffect(() => {
    // Once per token (StrictMode runs effects twice in development).
    if (asked.current === token) return;
    asked.current = token;
    confirmEmail(token)
      .then(({ email }) => setState({ kind: 'done', email }))
      .catch((err: unknown) =>
        setState({ kind: 'failed', message: err instanceof ApiError ? err.message : t('somethingWrong') }),
      );
  }, [token, t]);

  return (
    <AuthPageShell title={t('confirmTitle')} back={{ to: '/', label: t('backToShop') }}>
      <div className="auth auth--single">
        {state.kind === 'working' && (
          <p className="auth__note" role="status">
            {t('messages:pleaseWait')}
          </p>
        )}
        {state.kind === 'done' && (
          <p className="auth__note" role="status">
            {t('confirmDone', { email: state.email })}
          </p>
        )}
        {state.kind === 'failed' && (
          <div className="form-stack">
            <FormError>{state.message}</FormError>
            <Link to="/profile" className="btn btn--primary auth__submit">
              {t('confirmAskAgain')}
            </Link>
          </div>
        )}
      </div>
    </AuthPageShell>
  );
}
