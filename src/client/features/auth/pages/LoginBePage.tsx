import type { UserInfo } from '@common/contract/accounts';
import type { ResponseOf } from '@common/contract/endpoint';
import type { getTelegramLinkPreview as previewEndpoint, TelegramUser } from '@common/contract/telegram';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { telegramUserIdFromLaunch, useIsInTelegram } from '@/lib/telegram/launch';
import '@/lib/telegram/locales';
import { getTelegramLinkPreview } from '@/entities/user/api/get-telegram-link-preview';
import { linkTelegram } from '@/entities/user/api/link-telegram';
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

type Preview = ResponseOf<typeof previewEndpoint>;

type Step =
  | { kind: 'form' }
  | { kind: 'linking' }
  | { kind: 'replace'; current: TelegramUser; password: string }
  | { kind: 'refused'; message: string };

/** The Telegram link an account holds, as the session knows it (null when not linked). */
const linkOf = (info: UserInfo): TelegramUser | null =>
  info.telegram_user_id === null
    ? null
    : { id: info.telegram_user_id, username: info.telegram_username, name: info.telegram_name ?? '' };

/**
 * /login_be/{telegram_user_id}/{path} (docs/decisions/001, issue 10): shows which Telegram user is about to be linked,
 * then log in or register; inside Telegram the account is then linked to that Telegram user with the password just
 * typed (the server links only when the validated initData names the same user, and never a Telegram user linked to
 * someone else), then the app goes to /{path}. An account linked to another Telegram user is not moved until the
 * customer confirms the replacement. A refusal is shown here and links nothing. Outside Telegram (no Telegram host
 * answered, even with `#tgWebAppData=…` in the URL) it logs in without linking and says why.
 */
export default function LoginBePage() {
  const { t } = useTranslation('telegram');
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const { telegramUserId = '', '*': rest = '' } = useParams();
  const target = safeRedirect(`/${rest.replace(/^\/+/, '')}${location.search}`);
  const inTelegram = useIsInTelegram();
  const launchId = inTelegram ? telegramUserIdFromLaunch() : undefined;
  const otherUser = inTelegram && launchId !== undefined && launchId !== telegramUserId;
  const user = useSession((s) => (s.token ? s.user : null));
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [showForm, setShowForm] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);

  usePageTitle(t('loginBeTitle'));

  // Whom the link is for, from the validated initData, before anything is typed.
  useEffect(() => {
    if (!inTelegram || otherUser) return;
    const aborter = new AbortController();
    getTelegramLinkPreview(aborter.signal)
      .then(setPreview)
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setPreviewError(err instanceof ApiError && err.message ? err.message : null);
      });
    return () => aborter.abort();
  }, [inTelegram, otherUser]);

  const who = preview ? telegramWho(preview.telegram_user) : null;

  const linked = (info: UserInfo) => {
    useSession.getState().setUser(info);
    haptic('success');
    notify.success(t('messages:telegramLinked'));
    navigate(target, { replace: true });
  };

  /** Links with the password; a refusal other than at the password is shown as this page's result. */
  const link = async (password: string, replaces?: string, { passwordErrorsToField = false } = {}) => {
    if (!passwordErrorsToField) setStep({ kind: 'linking' });
    try {
      const answer = await linkTelegram({
        expected_telegram_user_id: telegramUserId,
        password,
        replaces_telegram_user_id: replaces,
      });
      linked(answer.user_info);
    } catch (err) {
      if (passwordErrorsToField && err instanceof ApiError && err.field('password')) throw err;
      const message = err instanceof ApiError && err.message ? err.message : tAuth('somethingWrong');
      haptic('error');
      setStep({ kind: 'refused', message });
    }
  };

  /** After a log-in (or from the logged-in screen): link, or first ask before replacing another link. */
  const linkAndGo = async (info: UserInfo, password: string) => {
    if (!inTelegram) {
      notify.info(t('loggedInNotLinked'));
      navigate(target, { replace: true });
      return;
    }
    const current = linkOf(info);
    if (current && current.id === telegramUserId) {
      navigate(target, { replace: true });
      return;
    }
    if (current && !otherUser) {
      setStep({ kind: 'replace', current, password });
      return;
    }
    await link(password);
  };

  const onLoggedIn = async (info: UserInfo, token: string, password: string) => {
    useSession.getState().setSession(info, token);
    setShowForm(false);
    await linkAndGo(info, password);
  };

  const notice = !inTelegram ? t('loginBeOutside') : otherUser ? t('loginBeOtherUser') : t('loginBeIntro');
  const userLink = user ? linkOf(user) : null;
  const userLinkedHere = userLink?.id === telegramUserId;

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
          <button type="button" className="btn btn--primary" onClick={() => navigate(target, { replace: true })}>
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
          <button type="button" className="btn btn--link" onClick={() => navigate(target, { replace: true })}>
            {t('continueWithoutLinking')}
          </button>
        </div>
      ) : user && !showForm ? (
        <div className="tg-result">
          <p className="tg-result__message">{t('loggedInAs', { nickname: user.nickname })}</p>
          {inTelegram && !userLinkedHere ? (
            <PasswordConfirmForm
              submitLabel={userLink && !otherUser ? t('replaceAndContinue') : t('continueAndLink')}
              onConfirm={(password) =>
                link(password, otherUser ? undefined : userLink?.id, { passwordErrorsToField: true })
              }
            >
              {userLink && !otherUser ? (
                <p className="tg-notice tg-notice--warn" data-testid="login-be-replaces">
                  {t('loginBeReplaces', { current: telegramWho(userLink), who: who ?? telegramUserId })}
                </p>
              ) : null}
            </PasswordConfirmForm>
          ) : (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                if (!inTelegram) notify.info(t('loggedInNotLinked'));
                navigate(target, { replace: true });
              }}
            >
              {t('continueOnly')}
            </button>
          )}
          <button type="button" className="btn btn--link" onClick={() => setShowForm(true)}>
            {t('useAnotherAccount')}
          </button>
        </div>
      ) : (
        <AuthForm onLoggedIn={onLoggedIn} />
      )}
    </AuthPageShell>
  );
}
