import type { UserInfo } from '@common/contract/accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Brand } from '../../../app/layout/Brand';
import { LanguageSelect } from '../../../app/layout/LanguageSelect';
import { ApiError } from '../../../lib/api/client';
import { haptic } from '../../../lib/telegram/haptics';
import { isInTelegram, telegramUserIdFromLaunch } from '../../../lib/telegram/launch';
import '../../../lib/telegram/locales';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../stores/session-store';
import { linkTelegram } from '../api/link-telegram';
import { AuthForm } from '../components/AuthForm';
import { safeRedirect } from '../safe-redirect';
import '../locales';
import '../auth.css';
import { usePageTitle } from '../../../lib/use-page-title';

type Step = { kind: 'form' } | { kind: 'linking' } | { kind: 'refused'; message: string };

/**
 * /login_be/{telegram_user_id}/{path} (decisions.md §3): log in or register, then — inside Telegram —
 * link the account to that Telegram user (the server links only when the validated initData names the
 * same user, and never a Telegram user linked to someone else), then go to /{path}. A refusal is shown
 * here and links nothing. Outside Telegram it logs in without linking and says why.
 */
export default function LoginBePage() {
  const { t } = useTranslation('telegram');
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const { telegramUserId = '', '*': rest = '' } = useParams();
  const target = safeRedirect(`/${rest.replace(/^\/+/, '')}${location.search}`);
  const inTelegram = isInTelegram();
  const launchId = telegramUserIdFromLaunch();
  const otherUser = inTelegram && launchId !== undefined && launchId !== telegramUserId;
  const user = useSession((s) => (s.token ? s.user : null));
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [showForm, setShowForm] = useState(false);

  usePageTitle(t('loginBeTitle'));

  const linkAndGo = async () => {
    if (!inTelegram) {
      notify.info(t('loggedInNotLinked'));
      navigate(target, { replace: true });
      return;
    }
    setStep({ kind: 'linking' });
    try {
      const linked = await linkTelegram({ expected_telegram_user_id: telegramUserId });
      useSession.getState().setUser(linked.user_info);
      haptic('success');
      notify.success(t('messages:telegramLinked'));
      navigate(target, { replace: true });
    } catch (err) {
      const message = err instanceof ApiError && err.message ? err.message : tAuth('somethingWrong');
      haptic('error');
      setStep({ kind: 'refused', message });
    }
  };

  const onLoggedIn = async (info: UserInfo, token: string) => {
    useSession.getState().setSession(info, token);
    setShowForm(false);
    await linkAndGo();
  };

  const notice = !inTelegram ? t('loginBeOutside') : otherUser ? t('loginBeOtherUser') : t('loginBeIntro');

  return (
    <main className="page auth-page">
      <div className="auth-page__top">
        <Brand />
        <LanguageSelect />
      </div>
      <h1 className="auth-page__title">{t('loginBeTitle')}</h1>
      <p className={`tg-notice${inTelegram && !otherUser ? '' : ' tg-notice--warn'}`} data-testid="login-be-notice">
        {notice}
      </p>

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
      ) : user && !showForm ? (
        <div className="tg-result">
          <p className="tg-result__message">{t('loggedInAs', { nickname: user.nickname })}</p>
          <button type="button" className="btn btn--primary" onClick={() => void linkAndGo()}>
            {inTelegram ? t('continueAndLink') : t('continueOnly')}
          </button>
          <button type="button" className="btn btn--link" onClick={() => setShowForm(true)}>
            {t('useAnotherAccount')}
          </button>
        </div>
      ) : (
        <AuthForm onLoggedIn={onLoggedIn} />
      )}

      <Link to="/" className="auth-page__back">
        {tAuth('backToShop')}
      </Link>
    </main>
  );
}
