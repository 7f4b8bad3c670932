import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { haptic } from '../../../lib/telegram/haptics';
import { isInTelegram, telegramUserIdFromLaunch } from '../../../lib/telegram/launch';
import '../../../lib/telegram/locales';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../stores/session-store';
import { linkTelegram } from '../../auth/api/link-telegram';
import '../locales';
import '../profile.css';

/**
 * The profile's Telegram section (decisions.md §3): the linked Telegram user (username and name) or
 * "Not linked". Inside Telegram it can link the Telegram user using the app now ("Link Telegram");
 * the server links only the user of the validated initData, never one linked to someone else.
 */
export function TelegramLinkSection() {
  const { t } = useTranslation('profile');
  const { t: tg } = useTranslation('telegram');
  const user = useSession((s) => s.user);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const who = [user.telegram_username ? `@${user.telegram_username}` : null, user.telegram_name]
    .filter(Boolean)
    .join(' · ');
  const linked = user.telegram_user_id !== null;
  const inTelegram = isInTelegram();
  const current = telegramUserIdFromLaunch();
  const canLink = inTelegram && (!linked || (current !== undefined && current !== user.telegram_user_id));

  const link = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await linkTelegram();
      useSession.getState().setUser(answer.user_info);
      haptic('success');
      notify.success(t('messages:telegramLinked'));
    } catch (err) {
      const message = err instanceof ApiError && err.message ? err.message : t('messages:serverError');
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile-card" aria-labelledby="profile-telegram">
      <h2 id="profile-telegram" className="profile-card__title">
        {t('telegram')}
      </h2>
      <p className="profile-telegram__state" data-linked={linked}>
        {linked ? t('telegramLinked', { who: who || user.telegram_user_id }) : t('telegramNotLinked')}
      </p>
      {canLink ? (
        <>
          <p className="field__hint">{linked ? tg('relinkTelegramHint') : tg('linkTelegramHint')}</p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void link()}
            disabled={busy}
            aria-describedby={error ? 'profile-telegram-error' : undefined}
          >
            {busy ? t('messages:pleaseWait') : tg('linkTelegram')}
          </button>
          {error ? (
            <p id="profile-telegram-error" className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : !linked && !inTelegram ? (
        <p className="field__hint">{tg('openInTelegramToLink')}</p>
      ) : null}
    </section>
  );
}
