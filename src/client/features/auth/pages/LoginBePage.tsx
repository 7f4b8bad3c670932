import type { UserInfo } from '@common/contract/accounts';
import type { TelegramUser } from '@common/contract/telegram';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { telegramUserIdFromLaunch, useIsInTelegram } from '@/lib/telegram/launch';
import { linkOf, useTelegramLink, useTelegramLinkPreview } from '../hooks/use-telegram-link';
import '@/lib/telegram/locales';
import { PasswordConfirmForm, telegramWho } from '@/entities/user/components/PasswordConfirmForm';
import { notify } from '@/lib/toast';
import { useSession } from '@/stores/session-store';
import { AuthForm } from '../components/AuthForm';
import { AuthPageShell } from '../components/AuthPageShell';
import { safeRedirect } from '../safe-redirect';
import '../locales';
import '../auth.css';
import { usePageTitle } from '@/lib/use-page-title';
import '@/lib/i18n/server-messages';

/**
 * /login_be/{telegram_user_id}/{path} (docs/decisions/001-account-security.md): shows which Telegram user is about
 * to be linked, then log in or register; inside Telegram the account is then linked to that Telegram user with the
 * password just typed (the server links only when the validated initData names the same user, and never a Telegram
 * user linked to someone else), then the app goes to /{path}. An account linked to another Telegram user is not moved
 * until the customer confirms the replacement. A refusal is shown here and links nothing. Outside Telegram (no
 * Telegram host answered, even with `#tgWebAppData=…` in the URL) it logs in without linking and says why.
 */
export default function LoginBePage() {
  const { t } = useTranslation('telegram');
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const { telegramUserId = '', '*': rest = '' } = useParams();
  const target = safeRedirect(`/${rest.replace(/^\/+/, '')}${location.search}`);
  const go = () => navigate(target, { replace: true });
  const inTelegram = useIsInTelegram();
  const launchId = inTelegram ? telegramUserIdFromLaunch() : undefined;
  const otherUser = inTelegram && launchId !== undefined && launchId !== telegramUserId;
  const user = useSession((s) => (s.token ? s.user : null));
  const [showForm, setShowForm] = useState(false);

  usePageTitle(t('loginBeTitle'));
  const { preview, previewError } = useTelegramLinkPreview(inTelegram && !otherUser);
  const { step, link, linkAndGo } = useTelegramLink({ telegramUserId, inTelegram, otherUser, go });

  const who = preview ? telegramWho(preview.telegram_user) : null;

  const onLoggedIn = async (info: UserInfo, token: string, password: string) => {
    useSession.getState().setSession(info, token);
    setShowForm(false);
    await linkAndGo(info, password);
  };

  const notice = !inTelegram ? t('loginBeOutside') : otherUser ? t('loginBeOtherUser') : t('loginBeIntro');

  return (
    <AuthPageShell title={t('loginBeTitle')} back={{ to: '/', label: tAuth('backToShop') }}>
      <p className={`tg-notice${inTelegram && !otherUser ? '' : ' tg-notice--warn'}`} data-testid="login-be-notice">
        {notice}
      </p>
      {who ? (
        <p className="tg-confirm__who" data-testid="login-be-who">
          {t('linkingWho', { who })}
        </p>
      ) : previewError ? (
        <p className="tg-notice tg-notice--warn">{previewError}</p>
      ) : null}

      {step.kind === 'refused' ? (
        <div className="tg-result" role="alert">
          <h2 className="tg-result__title">{t('linkRefusedTitle')}</h2>
          <p className="tg-result__message">{step.message}</p>
          <button type="button" className="btn btn--primary" onClick={go}>
            {t('continueOnly')}
          </button>
        </div>
      ) : step.kind === 'linking' ? (
        <p className="tg-notice" role="status">
          {t('linking')}
        </p>
      ) : step.kind === 'replace' ? (
        <div className="tg-result">
          <p className="tg-result__message tg-notice--warn" data-testid="login-be-replaces">
            {t('loginBeReplaces', { current: telegramWho(step.current), who: who ?? telegramUserId })}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void link(step.password, step.current.id)}>
            {t('replaceAndContinue')}
          </button>
          <button type="button" className="btn btn--link" onClick={go}>
            {t('continueWithoutLinking')}
          </button>
        </div>
      ) : user && !showForm ? (
        <LoggedIn
          nickname={user.nickname}
          userLink={linkOf(user)}
          telegramUserId={telegramUserId}
          who={who}
          inTelegram={inTelegram}
          otherUser={otherUser}
          onLink={(password, replaces) => link(password, replaces, { passwordErrorsToField: true })}
          onContinue={() => {
            if (!inTelegram) notify.info(t('loggedInNotLinked'));
            go();
          }}
          onAnotherAccount={() => setShowForm(true)}
        />
      ) : (
        <AuthForm onLoggedIn={onLoggedIn} />
      )}
    </AuthPageShell>
  );
}

/**
 * Already logged in: inside Telegram, link with the password (saying which link it replaces, if any) unless the
 * account is linked to this Telegram user already; else continue; or log in with another account.
 */
function LoggedIn({
  nickname,
  userLink,
  telegramUserId,
  who,
  inTelegram,
  otherUser,
  onLink,
  onContinue,
  onAnotherAccount,
}: {
  nickname: string;
  /** The Telegram user the account is linked to now, if any. */
  userLink: TelegramUser | null;
  telegramUserId: string;
  /** The Telegram user to link, as the preview named them. */
  who: string | null;
  inTelegram: boolean;
  otherUser: boolean;
  onLink(password: string, replaces: string | undefined): Promise<void>;
  onContinue(): void;
  onAnotherAccount(): void;
}) {
  const { t } = useTranslation('telegram');
  const userLinkedHere = userLink?.id === telegramUserId;
  return (
    <div className="tg-result">
      <p className="tg-result__message">{t('loggedInAs', { nickname })}</p>
      {inTelegram && !userLinkedHere ? (
        <PasswordConfirmForm
          submitLabel={userLink && !otherUser ? t('replaceAndContinue') : t('continueAndLink')}
          onConfirm={(password) => onLink(password, otherUser ? undefined : userLink?.id)}
        >
          {userLink && !otherUser ? (
            <p className="tg-notice tg-notice--warn" data-testid="login-be-replaces">
              {t('loginBeReplaces', { current: telegramWho(userLink), who: who ?? telegramUserId })}
            </p>
          ) : null}
        </PasswordConfirmForm>
      ) : (
        <button type="button" className="btn btn--primary" onClick={onContinue}>
          {t('continueOnly')}
        </button>
      )}
      <button type="button" className="btn btn--link" onClick={onAnotherAccount}>
        {t('useAnotherAccount')}
      </button>
    </div>
  );
}
