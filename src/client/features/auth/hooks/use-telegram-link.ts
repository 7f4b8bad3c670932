import type { UserInfo } from '@common/contract/accounts';
import type { ResponseOf } from '@common/contract/endpoint';
import type { getTelegramLinkPreview as previewEndpoint, TelegramUser } from '@common/contract/telegram';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getTelegramLinkPreview } from '@/entities/user/api/get-telegram-link-preview';
import { linkTelegram } from '@/entities/user/api/link-telegram';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { notify } from '@/lib/toast';
import { useSession } from '@/stores/session-store';
import '@/lib/i18n/server-messages';

type Preview = ResponseOf<typeof previewEndpoint>;

/** Where /login_be stands: the log-in form, linking, asking before replacing another link, or a refusal. */
export type LinkStep =
  | { kind: 'form' }
  | { kind: 'linking' }
  | { kind: 'replace'; current: TelegramUser; password: string }
  | { kind: 'refused'; message: string };

/** The Telegram link an account holds, as the session knows it (null when not linked). */
export const linkOf = (info: UserInfo): TelegramUser | null =>
  info.telegram_user_id === null
    ? null
    : { id: info.telegram_user_id, username: info.telegram_username, name: info.telegram_name ?? '' };

/** Whom the link is for, from the validated initData, before anything is typed (asked only when `wanted`). */
export function useTelegramLinkPreview(wanted: boolean) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const aborter = new AbortController();
    getTelegramLinkPreview(aborter.signal)
      .then(setPreview)
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setPreviewError(err instanceof ApiError && err.message ? err.message : null);
      });
    return () => aborter.abort();
  }, [wanted]);
  return { preview, previewError };
}

/**
 * Linking the account to `telegramUserId` with its password, then `go` (docs/decisions/001): `link` links (a refusal
 * other than at the password becomes the page's result); `linkAndGo`, after a log-in, first asks before replacing
 * another link, and outside Telegram only goes, saying why nothing was linked.
 */
export function useTelegramLink({
  telegramUserId,
  inTelegram,
  otherUser,
  go,
}: {
  telegramUserId: string;
  inTelegram: boolean;
  /** Telegram's launch names another user than the link's. */
  otherUser: boolean;
  go(): void;
}) {
  const { t } = useTranslation('telegram');
  const { t: tAuth } = useTranslation('auth');
  const [step, setStep] = useState<LinkStep>({ kind: 'form' });

  const linked = (info: UserInfo) => {
    useSession.getState().setUser(info);
    haptic('success');
    notify.success(t('messages:telegramLinked'));
    go();
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
      go();
      return;
    }
    const current = linkOf(info);
    if (current && current.id === telegramUserId) {
      go();
      return;
    }
    if (current && !otherUser) {
      setStep({ kind: 'replace', current, password });
      return;
    }
    await link(password);
  };

  return { step, link, linkAndGo };
}
