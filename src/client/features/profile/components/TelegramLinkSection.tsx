import type { ResponseOf } from '@common/contract/endpoint';
import type { getTelegramLinkPreview as previewEndpoint } from '@common/contract/telegram';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { telegramUserIdFromLaunch, useIsInTelegram } from '@/lib/telegram/launch';
import '@/lib/telegram/locales';
import { getTelegramLinkPreview } from '@/entities/user/api/get-telegram-link-preview';
import { linkTelegram } from '@/entities/user/api/link-telegram';
import { unlinkTelegram } from '@/entities/user/api/unlink-telegram';
import { PasswordConfirmForm, telegramWho } from '@/entities/user/components/PasswordConfirmForm';
import { notify } from '@/lib/toast';
import { useSession } from '@/stores/session-store';
import '../locales';
import '../profile.css';
import '@/lib/i18n/server-messages';

type Preview = ResponseOf<typeof previewEndpoint>;
type PreviewState = { kind: 'loading' } | { kind: 'ready'; preview: Preview } | { kind: 'failed'; message: string };

/**
 * The profile's Telegram section (docs/decisions/001): the linked Telegram user (username and name) or
 * "Not linked". Inside Telegram (a host that answered, lib/telegram/launch.ts) it can link the Telegram user using the
 * app now: it first shows whom ("You are linking Telegram user …") and what that replaces, from the server's preview,
 * then asks for the account's password, then links. A linked account can be unlinked here, with the password, in
 * Telegram or in a browser. The server links only the user of the validated initData, never one linked to someone else.
 */
export function TelegramLinkSection() {
  const { t } = useTranslation('profile');
  const { t: tg } = useTranslation('telegram');
  const user = useSession((s) => s.user);
  const inTelegram = useIsInTelegram();
  const [unlinking, setUnlinking] = useState(false);
  const linked = user?.telegram_user_id != null;
  const current = inTelegram ? telegramUserIdFromLaunch() : undefined;
  const canLink =
    user !== null && inTelegram && (!linked || (current !== undefined && current !== user.telegram_user_id));
  if (!user) return null;
  const who = [user.telegram_username ? `@${user.telegram_username}` : null, user.telegram_name]
    .filter(Boolean)
    .join(' · ');

  const unlink = async (password: string) => {
    const answer = await unlinkTelegram(password);
    useSession.getState().setUser(answer.user_info);
    setUnlinking(false);
    notify.success(t('messages:telegramUnlinked'));
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
        // Keyed by the link: after a link or an unlink the preview is asked again.
        <LinkTelegramForm key={user.telegram_user_id ?? 'none'} />
      ) : !linked && !inTelegram ? (
        <p className="field__hint">{tg('openInTelegramToLink')}</p>
      ) : null}
      {linked ? (
        unlinking ? (
          <PasswordConfirmForm
            submitLabel={tg('unlinkConfirm')}
            onConfirm={unlink}
            onCancel={() => setUnlinking(false)}
          >
            <p className="field__hint">
              {tg('unlinkHint', {
                who: telegramWho({
                  name: user.telegram_name,
                  username: user.telegram_username,
                  id: user.telegram_user_id,
                }),
              })}
            </p>
          </PasswordConfirmForm>
        ) : (
          <button type="button" className="btn btn--link" onClick={() => setUnlinking(true)}>
            {tg('unlinkTelegram')}
          </button>
        )
      ) : null}
    </section>
  );
}

/** Whom linking would link (the server's preview), what it replaces, the password, then the link. */
function LinkTelegramForm() {
  const { t } = useTranslation('profile');
  const { t: tg } = useTranslation('telegram');
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });

  useEffect(() => {
    const aborter = new AbortController();
    getTelegramLinkPreview(aborter.signal)
      .then((preview) => setState({ kind: 'ready', preview }))
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setState({
          kind: 'failed',
          message: err instanceof ApiError && err.message ? err.message : t('messages:serverError'),
        });
      });
    return () => aborter.abort();
  }, [t]);

  if (state.kind === 'loading') {
    return (
      <p className="field__hint" role="status">
        {tg('checkingTelegramUser')}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <p className="field__error" role="alert">
        {state.message}
      </p>
    );
  }
  const { preview } = state;
  if (preview.linked_to_other_account) {
    return (
      <p className="tg-notice tg-notice--warn" data-testid="telegram-link-who">
        {tg('linkingWho', { who: telegramWho(preview.telegram_user) })} {tg('linkTakenByOther')}
      </p>
    );
  }
  const replaces = preview.current_link;

  const link = async (password: string) => {
    try {
      const answer = await linkTelegram({ password, replaces_telegram_user_id: replaces?.id });
      useSession.getState().setUser(answer.user_info);
      haptic('success');
      notify.success(t('messages:telegramLinked'));
    } catch (err) {
      haptic('error');
      throw err;
    }
  };

  return (
    <PasswordConfirmForm submitLabel={replaces ? tg('replaceLink') : tg('linkTelegram')} onConfirm={link}>
      <p className="tg-confirm__who" data-testid="telegram-link-who">
        {tg('linkingWho', { who: telegramWho(preview.telegram_user) })}
      </p>
      {replaces ? (
        <p className="tg-notice tg-notice--warn">{tg('linkReplaces', { current: telegramWho(replaces) })}</p>
      ) : null}
    </PasswordConfirmForm>
  );
}
