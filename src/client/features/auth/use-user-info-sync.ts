import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '@/lib/api/client';
import { useSession } from '@/stores/session-store';
import { useUi } from '@/stores/ui-store';
import { getUserInfo } from './api/get-user-info';

/**
 * docs/product.md §2, Sessions: on each route change, when a token exists, ask the server for the user. Success stores
 * user, telegram_user_id and token; a refusal drops token and telegram_user_id (a 401 is already handled
 * by the API client: storage cleared, user cleared, home). A network failure (offline) changes nothing.
 */
export function useUserInfoSync(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const token = useSession.getState().token;
    if (!token) return;
    const controller = new AbortController();
    const ui = useUi.getState();
    ui.setUserLoading(true);
    getUserInfo(controller.signal)
      .then((answer) => {
        // A login or log-out meanwhile wins over this answer.
        if (useSession.getState().token !== token) return;
        useSession.getState().setSession(answer.user_info, answer.token);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && (err.code === 0 || err.code === 401)) return;
        if (useSession.getState().token === token) useSession.getState().dropCredentials();
      })
      .finally(() => {
        if (!controller.signal.aborted) useUi.getState().setUserLoading(false);
      });
    return () => {
      controller.abort();
      useUi.getState().setUserLoading(false);
    };
  }, [pathname]);
}
