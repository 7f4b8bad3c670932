import { useEffect } from 'react';
import { confirmTelegramHost, telegramInitData } from '@/lib/telegram/launch';
import { useSession } from '@/stores/session-store';
import { getInfoFromTelegram } from './api/get-info-from-telegram';

let attempted = false;

/**
 * Inside Telegram, once per page load: a visitor with no session whose Telegram user is linked to an
 * account is logged in to it, with no password (docs/decisions/001). The server decides from the
 * validated initData; a refusal (expired initData, …) just leaves the visitor a guest.
 * It waits for the Telegram host's answer (launch.ts): in a browser, even with `#tgWebAppData=…` in the URL, it
 * does nothing.
 */
export function useTelegramAutoLogin(): void {
  useEffect(() => {
    if (attempted) return;
    attempted = true;
    void confirmTelegramHost().then((inTelegram) => {
      if (!inTelegram || !telegramInitData()) return;
      if (useSession.getState().token) return;
      getInfoFromTelegram()
        .then((answer) => {
          // A login meanwhile (the /login_be form) wins.
          if (answer.linked && !useSession.getState().token) {
            useSession.getState().setSession(answer.user_info, answer.token);
          }
        })
        .catch((err: unknown) => {
          console.info('Telegram auto-login skipped:', err instanceof Error ? err.message : err);
        });
    });
  }, []);
}

/** For tests: allow another attempt. */
export function resetTelegramAutoLogin(): void {
  attempted = false;
}
