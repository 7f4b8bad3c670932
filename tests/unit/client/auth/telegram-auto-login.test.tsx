import type { UserInfo } from '@common/contract/accounts';
import { render, waitFor } from '@testing-library/react';
import {
  resetTelegramAutoLogin,
  useTelegramAutoLogin,
} from '../../../../src/client/features/auth/use-telegram-auto-login';
import { useSession } from '../../../../src/client/stores/session-store';
import { leaveTelegram, makeUser, mockApi, openInTelegram, storeLaunchCopy, testInitData } from '../toolkit';

const user = (o: Partial<UserInfo> = {}): UserInfo => makeUser({ phone: '+639170000000', ...o });

function Shell() {
  useTelegramAutoLogin();
  return null;
}

afterEach(() => {
  resetTelegramAutoLogin();
  leaveTelegram();
  useSession.getState().clear();
});

describe('useTelegramAutoLogin', () => {
  it('logs in a Telegram user linked to an account, with no password, once', async () => {
    const initData = await openInTelegram('4242');
    const api = mockApi({
      '/v2/get-info-from-telegram': () => ({
        data: {
          linked: true,
          telegram_user: { id: '4242', username: 'mei', name: 'Mei' },
          user_info: user({ telegram_user_id: '4242' }),
          token: 'tg-token',
        },
      }),
    });
    const view = render(<Shell />);
    await waitFor(() => expect(useSession.getState().token).toBe('tg-token'));
    expect(useSession.getState().user?.telegram_user_id).toBe('4242');
    expect(api.callsTo('/v2/get-info-from-telegram')[0]?.body.get('init_data')).toBe(initData);
    view.unmount();
    render(<Shell />);
    expect(api.calls).toHaveLength(1);
  });

  it('leaves an unlinked Telegram user a guest', async () => {
    await openInTelegram('4242');
    const api = mockApi({
      '/v2/get-info-from-telegram': () => ({
        data: { linked: false, telegram_user: { id: '4242', username: null, name: 'Mei' } },
      }),
    });
    render(<Shell />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(useSession.getState().token).toBeNull();
  });

  it('keeps an existing session, and does nothing in a browser', async () => {
    const api = mockApi({});
    render(<Shell />);
    expect(api.calls).toEqual([]);
    resetTelegramAutoLogin();
    await openInTelegram('4242');
    useSession.getState().setSession(user(), 'mine');
    render(<Shell />);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toEqual([]);
    expect(useSession.getState().token).toBe('mine');
  });

  // docs/decisions/001: launch parameters in a plain browser tab (a link carrying #tgWebAppData=…, or a tab opened
  // from a Telegram tab, which copies its sessionStorage) are not Telegram: nobody is logged in from them.
  it('logs nobody in from launch parameters in a plain browser tab (URL hash or a copied sessionStorage)', async () => {
    const api = mockApi({
      '/v2/get-info-from-telegram': () => ({
        data: {
          linked: true,
          telegram_user: { id: '4242', username: 'mei', name: 'Mei' },
          user_info: user({ telegram_user_id: '4242' }),
          token: 'stolen',
        },
      }),
    });
    window.history.replaceState(
      null,
      '',
      `/#tgWebAppData=${encodeURIComponent(testInitData('4242'))}&tgWebAppPlatform=android`,
    );
    storeLaunchCopy('4242', testInitData('4242'));
    try {
      render(<Shell />);
      await new Promise((r) => setTimeout(r, 20));
      expect(api.calls).toEqual([]);
      expect(useSession.getState().token).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
