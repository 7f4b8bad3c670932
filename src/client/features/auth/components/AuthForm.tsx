import type { UserInfo } from '@common/contract/accounts';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { blank, showServerError } from '@/entities/user/account-rules';
import { NewPasswordFields } from '@/entities/user/components/NewPasswordFields';
import { FormError } from '@/lib/ui/FormError';
import { FormField } from '@/lib/ui/FormField';
import { userLogin } from '../api/user-login';
import { userRegister } from '../api/user-register';
import '../locales';
import '../auth.css';
import { ContactFields } from '@/entities/user/components/ContactFields';
import { getVisitorKey } from '@/entities/user/referral-code';
import '@/lib/i18n/server-messages';

type AuthTab = 'login' | 'register';

interface AuthFormProps {
  /**
   * Called after a successful login or registration; the caller stores the session and moves on. `password` is the one
   * just typed: /login_be sends it with the Telegram link it makes next (linking needs the password,
   * docs/decisions/001).
   */
  onLoggedIn(user: UserInfo, token: string, password: string): void | Promise<void>;
  /** A referral code to prefill (from `/login/{code}`). */
  referralCode?: string;
  initialTab?: AuthTab;
  /** Shows "Forgot password?" under the log-in form (the shop sends e-mail: docs/decisions/016). */
  forgotPassword?: boolean;
}

/**
 * Log in and register on one screen (/login, docs/product.md §3): two tabs, every validation message of
 * docs/product.md §9 shown at its field in the current language, the server's refusals mapped to the fields.
 * Reused by the Telegram login (`/login_be`) through `onLoggedIn`.
 */
export function AuthForm({ onLoggedIn, referralCode, initialTab = 'login', forgotPassword = false }: AuthFormProps) {
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const id = useId();
  const tabs = useRef<Record<AuthTab, HTMLButtonElement | null>>({ login: null, register: null });

  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: AuthTab = tab === 'login' ? 'register' : 'login';
    setTab(next);
    tabs.current[next]?.focus();
  };

  const tabButton = (name: AuthTab, label: string) => (
    <button
      ref={(el) => {
        tabs.current[name] = el;
      }}
      type="button"
      role="tab"
      id={`${id}-${name}-tab`}
      aria-selected={tab === name}
      aria-controls={`${id}-${name}-panel`}
      tabIndex={tab === name ? 0 : -1}
      className={tab === name ? 'auth__tab auth__tab--active' : 'auth__tab'}
      onClick={() => setTab(name)}
    >
      {label}
    </button>
  );

  return (
    <div className="auth">
      <div className="auth__tabs" role="tablist" aria-label={t('tabs')} onKeyDown={onTabKey}>
        {tabButton('login', t('loginTab'))}
        {tabButton('register', t('registerTab'))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} className="auth__panel">
        {tab === 'login' ? (
          <LoginForm onLoggedIn={onLoggedIn} forgotPassword={forgotPassword} />
        ) : (
          <RegisterForm onLoggedIn={onLoggedIn} referralCode={referralCode} />
        )}
      </div>
    </div>
  );
}

interface LoginValues {
  login: string;
  password: string;
}

function LoginForm({ onLoggedIn, forgotPassword }: Pick<AuthFormProps, 'onLoggedIn' | 'forgotPassword'>) {
  const { t } = useTranslation('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { login: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { user_info, token } = await userLogin({ login: values.login.trim(), password: values.password });
      await onLoggedIn(user_info, token, values.password);
    } catch (err) {
      setFormError(showServerError(err, ['login', 'password'], setError, t('somethingWrong')));
    }
  });

  return (
    <form className="form-stack" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <FormError>{formError}</FormError>
      <FormField
        label={t('loginId')}
        autoComplete="username"
        inputMode="email"
        error={errors.login?.message}
        registration={register('login', {
          validate: (v) => !blank(v) || t('messages:loginIdRequired'),
        })}
      />
      <FormField
        label={t('password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        registration={register('password', { validate: (v) => v.length > 0 || t('messages:passwordRequired') })}
      />
      {forgotPassword && (
        <Link to="/forgot-password" className="auth__forgot">
          {t('forgotLink')}
        </Link>
      )}
      <button type="submit" className="btn btn--primary auth__submit" disabled={isSubmitting}>
        {isSubmitting ? t('messages:pleaseWait') : t('loginSubmit')}
      </button>
    </form>
  );
}

interface RegisterValues {
  nickname: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  referral_code: string;
}

const REGISTER_FIELDS = ['nickname', 'email', 'phone', 'password', 'confirm_password', 'referral_code'] as const;

function RegisterForm({ onLoggedIn, referralCode }: Pick<AuthFormProps, 'onLoggedIn' | 'referralCode'>) {
  const { t } = useTranslation('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    defaultValues: {
      nickname: '',
      email: '',
      phone: '',
      password: '',
      confirm_password: '',
      referral_code: referralCode ?? '',
    },
  });

  const onInvalid = () => {
    const v = getValues();
    const all = [v.nickname, v.email, v.phone, v.password, v.confirm_password];
    // docs/product.md §9: an untouched form gets the one-line summary above the fields too.
    setFormError(all.every(blank) ? t('messages:registerAllRequired') : null);
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const code = values.referral_code.trim();
    try {
      const { user_info, token } = await userRegister({
        nickname: values.nickname.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        password: values.password,
        confirm_password: values.confirm_password,
        referral_code: code || undefined,
        visitor_key: code ? getVisitorKey() : undefined,
        joined_via: code
          ? referralCode && code.toUpperCase() === referralCode.toUpperCase()
            ? 'link'
            : 'code'
          : undefined,
      });
      await onLoggedIn(user_info, token, values.password);
    } catch (err) {
      setFormError(showServerError(err, REGISTER_FIELDS, setError, t('somethingWrong')));
    }
  }, onInvalid);

  return (
    <form className="form-stack" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <FormError>{formError}</FormError>
      <ContactFields register={register} errors={errors} />
      <NewPasswordFields
        register={register}
        errors={errors}
        labels={{ password: t('password'), confirm: t('confirmPassword') }}
        mismatchKey="messages:passwordsDoNotMatch"
      />
      <FormField
        label={t('referralCode')}
        autoComplete="off"
        autoCapitalize="characters"
        hint={referralCode ? t('referralFromLink') : undefined}
        error={errors.referral_code?.message}
        registration={register('referral_code')}
      />
      <button type="submit" className="btn btn--primary auth__submit" disabled={isSubmitting}>
        {isSubmitting ? t('messages:pleaseWait') : t('registerSubmit')}
      </button>
    </form>
  );
}
