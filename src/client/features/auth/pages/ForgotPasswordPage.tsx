import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountRules, showServerError } from '@/entities/user/account-rules';
import { FormError } from '@/lib/ui/FormError';
import { FormField } from '@/lib/ui/FormField';
import { usePageTitle } from '@/lib/use-page-title';
import { forgotPassword } from '../api/account-mail';
import { AuthPageShell } from '../components/AuthPageShell';
import '../locales';
import '../auth.css';
import '@/lib/i18n/server-messages';

/**
 * /forgot-password (docs/decisions/016): the customer enters the account's e-mail address; the answer is the same
 * whether or not an account has it. The e-mail holds a link to /reset-password/{token}.
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
    <AuthPageShell title={t('forgotTitle')} back={{ to: '/login', label: t('backToLogin') }}>
      <div className="auth auth--single">
        {sent ? (
          <p className="auth__note" role="status">
            {t('forgotSent')}
          </p>
        ) : (
          <form className="form-stack" noValidate onSubmit={submit} aria-busy={isSubmitting}>
            <p className="auth__note">{t('forgotIntro')}</p>
            <FormError>{formError}</FormError>
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
    </AuthPageShell>
  );
}
