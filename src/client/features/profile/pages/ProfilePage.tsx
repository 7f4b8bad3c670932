import { normalizeEmail, normalizePhone } from '@common/account-rules';
import type { UserDetail, UserInfo } from '@common/contract/accounts';
import { formatCents } from '@common/money';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '@/entities/user/account-rules';
import { NewPasswordFields } from '@/entities/user/components/NewPasswordFields';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { FormError } from '@/lib/ui/FormError';
import { FormField } from '@/lib/ui/FormField';
import { useSession } from '@/stores/session-store';
import { editUserDetail } from '../api/edit-user-detail';
import { editUserProfile } from '../api/edit-user-profile';
import { useEmailStatus } from '../api/email-status';
import { useUserDetail } from '../api/get-user-detail';
import { DataExportSection } from '../components/DataExportSection';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { EmailStatus } from '../components/EmailStatus';
import { MarketingSection } from '../components/MarketingSection';
import { SavedCardsSection } from '../components/SavedCardsSection';
import { StockAlertsSection } from '../components/StockAlertsSection';
import { TelegramLinkSection } from '../components/TelegramLinkSection';
import { UnlinkTelegramChoice } from '../components/UnlinkTelegramChoice';
import '../locales';
import '../profile.css';
import { ContactFields } from '@/entities/user/components/ContactFields';
import { usePageTitle } from '@/lib/use-page-title';
import '@/lib/i18n/server-messages';

/** /profile: account details (password optional), the account summary, Telegram link state, preferences. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useSession((s) => s.user);

  usePageTitle(t('pageTitle'));

  // A user only: the router's RequireUser (app/guards) sends guests to /login.
  if (!user) return null;

  return (
    <main className="page profile">
      <h1>{t('title')}</h1>
      <div className="profile__grid">
        <ProfileForm user={user} />
        <div className="profile__side">
          <AccountSummary user={user} />
          <EmailStatus userId={user.id} email={user.email} />
          <TelegramLinkSection />
          <StockAlertsSection userId={user.id} />
          <SavedCardsSection />
          <DataExportSection userId={user.id} />
          <Preferences userId={user.id} email={user.email} />
          <MarketingSection userId={user.id} />
          <DeleteAccountSection userId={user.id} />
        </div>
      </div>
    </main>
  );
}

interface ProfileValues {
  nickname: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  current_password: string;
  unlink_telegram: boolean;
}

const PROFILE_FIELDS = ['nickname', 'email', 'phone', 'password', 'confirm_password', 'current_password'] as const;

/**
 * Whether the form changes what the server guards with the current password: the password, the e-mail or the phone
 * number (compared as the server stores them: normalizeEmail, normalizePhone).
 */
function needsCurrentPassword(
  user: Pick<UserInfo, 'email' | 'phone'>,
  values: Pick<ProfileValues, 'email' | 'phone' | 'password'>,
): boolean {
  return (
    values.password !== '' || normalizeEmail(values.email) !== user.email || normalizePhone(values.phone) !== user.phone
  );
}

function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profile');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    defaultValues: {
      nickname: user.nickname,
      email: user.email,
      phone: user.phone,
      password: '',
      confirm_password: '',
      current_password: '',
      unlink_telegram: false,
    },
  });
  // Asked only when the password, e-mail or phone changes (a nickname-only change needs none).
  const [email, phone, password] = watch(['email', 'phone', 'password']);
  const askCurrent = needsCurrentPassword(user, { email, phone, password });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { user_info } = await editUserProfile({
        nickname: values.nickname.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        // Blank means "unchanged" (docs/product.md §9, Profile changes).
        password: values.password || undefined,
        confirm_password: values.confirm_password || undefined,
        current_password: needsCurrentPassword(user, values) ? values.current_password : undefined,
        unlink_telegram: values.password && values.unlink_telegram ? true : undefined,
      });
      useSession.getState().setUser(user_info);
      reset({
        nickname: user_info.nickname,
        email: user_info.email,
        phone: user_info.phone,
        password: '',
        confirm_password: '',
        current_password: '',
        unlink_telegram: false,
      });
      notify.success(t('messages:profileUpdated'));
    } catch (err) {
      const message = showServerError(err, PROFILE_FIELDS, setError, t('somethingWrong'));
      setFormError(message);
      if (message) notify.error(message);
    }
  });

  return (
    <section className="profile-card" aria-labelledby="profile-account">
      <h2 id="profile-account" className="profile-card__title">
        {t('account')}
      </h2>
      <form className="form-stack" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <FormError>{formError}</FormError>
        <ContactFields register={register} errors={errors} />
        <NewPasswordFields
          register={register}
          errors={errors}
          labels={{ password: t('newPassword'), confirm: t('confirmPassword') }}
          hint={t('passwordHint')}
          mismatchKey="messages:passwordNotMatch"
          optional
        />
        {password !== '' && <UnlinkTelegramChoice user={user} registration={register('unlink_telegram')} />}
        {askCurrent && (
          <FormField
            label={t('currentPassword')}
            type="password"
            autoComplete="current-password"
            hint={t('currentPasswordHint')}
            error={errors.current_password?.message}
            registration={register('current_password', {
              validate: (v, all) =>
                !needsCurrentPassword(user, all) || v.length > 0 || t('messages:currentPasswordRequired'),
            })}
          />
        )}
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t('messages:pleaseWait') : t('save')}
        </button>
      </form>
    </section>
  );
}

function AccountSummary({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profile');
  return (
    <section className="profile-card" aria-labelledby="profile-summary">
      <h2 id="profile-summary" className="profile-card__title">
        {t('summary')}
      </h2>
      <dl className="profile-facts">
        <div>
          <dt>{t('referralCode')}</dt>
          <dd className="profile-facts__code">{user.referral_code}</dd>
        </div>
        <div>
          <dt>{t('upline')}</dt>
          <dd>{user.upline_nickname ?? t('noUpline')}</dd>
        </div>
        <div>
          <dt>{t('cashBalance')}</dt>
          <dd>{formatCents(user.cash_balance_cents)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Preferences({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation('profile');
  const detail = useUserDetail(userId);
  // The e-mail switch only where the shop sends e-mail (the same query as EmailStatus's).
  const mailOn = useEmailStatus(userId, email).data?.mail_on === true;
  return (
    <section className="profile-card" aria-labelledby="profile-preferences">
      <h2 id="profile-preferences" className="profile-card__title">
        {t('preferences')}
      </h2>
      {detail.isError ? (
        <div role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void detail.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : detail.data ? (
        <PreferencesForm key={JSON.stringify(detail.data.detail)} detail={detail.data.detail} mailOn={mailOn} />
      ) : (
        <p className="profile-card__loading" aria-busy="true">
          {t('messages:pleaseWait')}
        </p>
      )}
    </section>
  );
}

function PreferencesForm({ detail, mailOn }: { detail: UserDetail; mailOn: boolean }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [notify_orders, setNotify] = useState(detail.notify_orders);
  const [notify_email, setNotifyEmail] = useState(detail.notify_email);
  const [language, setLanguage] = useState(detail.language);
  const [saving, setSaving] = useState(false);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const { user_info } = await editUserDetail({ notify_orders, notify_email, language });
      useSession.getState().setUser(user_info);
      notify.success(t('messages:infoUpdated'));
    } catch (err) {
      notify.error(err instanceof ApiError && err.code !== 0 ? err.message : t('somethingWrong'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="profile-prefs" onSubmit={save}>
      <label className="profile-switch" htmlFor={`${id}-notify`}>
        <span>{t('notifyOrders')}</span>
        <span className="profile-switch__control">
          <input
            id={`${id}-notify`}
            type="checkbox"
            role="switch"
            aria-checked={notify_orders}
            checked={notify_orders}
            onChange={(e) => setNotify(e.target.checked)}
          />
          <span aria-hidden="true">{notify_orders ? t('on') : t('off')}</span>
        </span>
      </label>
      {mailOn && (
        <>
          <label className="profile-switch" htmlFor={`${id}-notify-email`}>
            <span>{t('notifyEmail')}</span>
            <span className="profile-switch__control">
              <input
                id={`${id}-notify-email`}
                type="checkbox"
                role="switch"
                aria-checked={notify_email}
                aria-describedby={`${id}-notify-email-hint`}
                checked={notify_email}
                onChange={(e) => setNotifyEmail(e.target.checked)}
              />
              <span aria-hidden="true">{notify_email ? t('on') : t('off')}</span>
            </span>
          </label>
          <p id={`${id}-notify-email-hint`} className="field__hint">
            {t('notifyEmailHint')}
          </p>
        </>
      )}
      <label className="field" htmlFor={`${id}-lang`}>
        <span className="field__label">{t('botLanguage')}</span>
        <select
          id={`${id}-lang`}
          className="input field__input"
          value={language}
          onChange={(e) => setLanguage(e.target.value === 'zh' ? 'zh' : 'en')}
        >
          <option value="en">English</option>
          <option value="zh">中文</option>
        </select>
      </label>
      <button type="submit" className="btn btn--secondary" disabled={saving}>
        {saving ? t('messages:pleaseWait') : t('savePreferences')}
      </button>
    </form>
  );
}
