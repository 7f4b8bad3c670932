import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { showServerError } from '@/entities/user/account-rules';
import { NewPasswordFields } from '@/entities/user/components/NewPasswordFields';
import { ApiError } from '@/lib/api/client';
import { FormError } from '@/lib/ui/FormError';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/stores/session-store';
import { resetPassword } from '../api/account-mail';
import { AuthPageShell } from '../components/AuthPageShell';
import '../locales';
import '../auth.css';
import '@/lib/i18n/server-messages';

interface ResetValues {
  password: string;
  confirm_password: string;
}

/**
 * /reset-password/{token} (docs/decisions/016, 031): a new password and its confirmation, with the shop's messages
 * (docs/product.md §9). After the reset every session has ended (this browser's too), so the customer logs in with the
 * new password. A link that expired or was used already says so, with a way to ask for a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ defaultValues: { password: '', confirm_password: '' } });

  usePageTitle(t('resetTitle'));

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPassword({ link_token: token, password: values.password, confirm_password: values.confirm_password });
      // The server ended every session, this one included.
      useSession.getState().clear();
      setDone(true);
    } catch (err) {
      const tokenMessage = err instanceof ApiError ? err.field('link_token') : undefined;
      if (tokenMessage) {
        setLinkError(tokenMessage);
        return;
      }
      setFormError(showServerError(err, ['password', 'confirm_password'], setError, t('somethingWrong')));
    }
  });

  let body: ReactNode;
  if (done) {
    body = (
      <div className="form-stack">
        <p className="auth__note" role="status">
          {t('resetDone')}
        </p>
        <Link to="/login" className="btn btn--primary auth__submit">
          {t('loginSubmit')}
        </Link>
      </div>
    );
  } else if (linkError) {
    body = (
      <div className="form-stack">
        <FormError>{linkError}</FormError>
        <Link to="/forgot-password" className="btn btn--primary auth__submit">
          {t('askAgain')}
        </Link>
      </div>
    );
  } else {
    body = (
      <form className="form-stack" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <FormError>{formError}</FormError>
        <p className="auth__note">{t('resetEndsAll')}</p>
        <NewPasswordFields
          register={register}
          errors={errors}
          labels={{ password: t('newPassword'), confirm: t('confirmPassword') }}
          mismatchKey="messages:passwordsDoNotMatch"
        />
        <button type="submit" className="btn btn--primary auth__submit" disabled={isSubmitting}>
          {isSubmitting ? t('messages:pleaseWait') : t('resetSubmit')}
        </button>
      </form>
    );
  }

  return (
    <AuthPageShell title={t('resetTitle')} back={{ to: '/login', label: t('backToLogin') }}>
      <div className="auth auth--single">{body}</div>
    </AuthPageShell>
  );
}
