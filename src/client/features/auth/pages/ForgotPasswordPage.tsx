import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { accountRules, showServerError } from '@/entities/user/account-rules';
import { Brand } from '@/lib/ui/Brand';
import { FormField } from '@/lib/ui/FormField';
import { LanguageSelect } from '@/lib/ui/LanguageSelect';
import { usePageTitle } from '@/lib/use-page-title';
import { forgotPassword } from '../api/account-mail';
import '../locales';
import '../auth.css';

/**
 * /forgot-password (issue 14): the customer enters the account's e-mail address; the answer is the same whether or
 * not an account has it. The e-mail holds a link to /reset-password/{token}.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const rules = accountRules(t);
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  usePageTitle(t('forgotTitle'));

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await forgotPassword(email.trim());
      setSent(true);
    } catch (err) {
      setFormError(showServerError(err, ['email'], setError, t('somethingWrong')));
    }
  });

  return (
    <main className="page auth-page">
      <div className="auth-page__top">
        <Brand />
        <LanguageSelect />
      </div>
      <h1 className="auth-page__title">{t('forgotTitle')}</h1>
      <div className="auth auth--single">
        {sent ? (
          <p className="auth__note" role="status">
            {t('forgotSent')}
          </p>
        ) : (
          <form className="form-stack" noValidate onSubmit={submit} aria-busy={isSubmitting}>
            <p className="auth__note">{t('forgotIntro')}</p>
            {formError && (
              <p className="form-error" role="alert">
                {formError}
              </p>
            )}
            <FormField
              label={t('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email?.message}
              registration={register('email', { validate: rules.email })}
            />
            <button type="submit" className="btn btn--primary auth__submit" disabled={isSubmitting}>
              {isSubmitting ? t('messages:pleaseWait') : t('forgotSubmit')}
            </button>
          </form>
        )}
      </div>
      <Link to="/login" className="auth-page__back">
        {t('backToLogin')}
      </Link>
    </main>
  );
}
