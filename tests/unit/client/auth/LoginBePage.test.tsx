import type { UserInfo } from '@common/contract/accounts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginBePage from '../../../../src/client/features/auth/pages/LoginBePage';
import { confirmTelegramHost } from '../../../../src/client/lib/telegram/launch';
import { useSession } from '../../../../src/client/stores/session-store';
import {
  leaveTelegram,
  makeUser,
  mockApi,
  openInTelegram,
  renderRoutes,
  storeLaunchCopy,
  testInitData,
} from '../toolkit';

const user = (o: Partial<UserInfo> = {}): UserInfo => makeUser({ phone: '+639170000000', ...o });

const routes = [{ path: '/login_be/:telegramUserId/*', Component: LoginBePage }];

afterEach(() => {
  act(() => useSession.getState().clear());
  leaveTelegram();
});

const preview = () => ({
  data: {
    telegram_user: { id: '4242', username: 'mei_tea', name: 'Mei Chen' },
    current_link: null,
    linked_to_other_account: false,
  },
});

async function logIn() {
  await userEvent.type(screen.getByLabelText('Email / Phone Number'), 'mei@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/login_be/{telegram_user_id}/{path}', () => {
  it('inside Telegram: shows whom, logs in, links that Telegram user with the same password, then goes to /{path}', async () => {
    const initData = await openInTelegram('4242');
    const api = mockApi({
      '/v2/get-telegram-link-preview': preview,
      '/v1/user-login': () => ({ data: { user_info: user(), token: 'tok-1' } }),
      '/v2/link-telegram': () => ({
        data: {
          user_info: user({ telegram_user_id: '4242', telegram_username: 'mei_tea', telegram_name: 'Mei Chen' }),
          telegram_user: { id: '4242', username: 'mei_tea', name: 'Mei Chen' },
        },
      }),
    });
    const { router } = renderRoutes(routes, '/login_be/4242/profile');
    expect(screen.getByTestId('login-be-notice')).toHaveTextContent(
      'your account will then be linked to this Telegram account',
    );
    // Whom, before anything is typed.
    expect(await screen.findByTestId('login-be-who')).toHaveTextContent(
      'You are linking Telegram user Mei Chen (@mei_tea).',
    );
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const [link] = api.callsTo('/v2/link-telegram');
    expect(link?.body.get('expected_telegram_user_id')).toBe('4242');
    expect(link?.body.get('init_data')).toBe(initData);
    expect(link?.body.get('password')).toBe('secret1');
    expect(link?.body.has('replaces_telegram_user_id')).toBe(false);
    expect(useSession.getState().user?.telegram_user_id).toBe('4242');
    expect(useSession.getState().token).toBe('tok-1');
    expect(await screen.findByText('Telegram linked successfully')).toBeInTheDocument();
  });

  it('shows a refusal clearly and stays, logged in but not linked', async () => {
    await openInTelegram('4242');
    mockApi({
      '/v2/get-telegram-link-preview': preview,
      '/v1/user-login': () => ({ data: { user_info: user(), token: 'tok-2' } }),
      '/v2/link-telegram': () => ({
        status: 409,
        message: 'This Telegram account is already linked to another account, so nothing was linked',
      }),
    });
    const { router } = renderRoutes(routes, '/login_be/4242/order');
    await logIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Telegram was not linked');
    expect(alert).toHaveTextContent('already linked to another account');
    expect(router.state.location.pathname).toBe('/login_be/4242/order');
    expect(useSession.getState().user?.telegram_user_id).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/order');
  });

  it('warns when the link names another Telegram user than the one using the app', async () => {
    await openInTelegram('1111');
    mockApi({});
    renderRoutes(routes, '/login_be/4242/profile');
    expect(screen.getByTestId('login-be-notice')).toHaveTextContent('made for a different Telegram account');
  });

  it('outside Telegram: logs in without linking, says why, and goes on', async () => {
    const api = mockApi({ '/v1/user-login': () => ({ data: { user_info: user(), token: 'tok-3' } }) });
    const { router } = renderRoutes(routes, '/login_be/4242/checkout?step=1');
    expect(screen.getByTestId('login-be-notice')).toHaveTextContent('You opened this link outside Telegram');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.search).toBe('?step=1');
    expect(api.callsTo('/v2/link-telegram')).toEqual([]);
    expect(
      await screen.findByText(/Telegram was not linked because the shop is open outside Telegram/),
    ).toBeInTheDocument();
  });

  it('never leaves the shop: //host in the path stays a path of this site', async () => {
    mockApi({ '/v1/user-login': () => ({ data: { user_info: user(), token: 'tok-4' } }) });
    const { router } = renderRoutes(routes, '/login_be/4242/%2F%2Fevil.example.com');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).not.toContain('login_be'));
    expect(router.state.location.pathname).toBe('/evil.example.com');
    expect(window.location.origin).toBe('http://localhost:3000');
  });

  it('offers a logged-in user to link and continue with the password, without logging in again', async () => {
    await openInTelegram('4242');
    useSession.getState().setSession(user({ nickname: 'Lin' }), 'tok-5');
    const api = mockApi({
      '/v2/get-telegram-link-preview': preview,
      '/v2/link-telegram': () => ({
        data: {
          user_info: user({ nickname: 'Lin', telegram_user_id: '4242' }),
          telegram_user: { id: '4242', username: null, name: 'Lin' },
        },
      }),
    });
    const { router } = renderRoutes(routes, '/login_be/4242/profile');
    expect(screen.getByText('You are logged in as Lin.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your account password'), 'lin-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(api.callsTo('/v2/link-telegram')).toHaveLength(1);
    expect(api.callsTo('/v2/link-telegram')[0]?.body.get('password')).toBe('lin-pass');
  });

  it('asks before replacing the link of an account linked to another Telegram user', async () => {
    await openInTelegram('4242');
    const linkedElsewhere = user({ telegram_user_id: '77', telegram_username: 'old_tg', telegram_name: 'Old Tg' });
    const api = mockApi({
      '/v2/get-telegram-link-preview': preview,
      '/v1/user-login': () => ({ data: { user_info: linkedElsewhere, token: 'tok-6' } }),
      '/v2/link-telegram': () => ({
        data: {
          user_info: user({ telegram_user_id: '4242' }),
          telegram_user: { id: '4242', username: 'mei_tea', name: 'Mei Chen' },
        },
      }),
    });
    const { router } = renderRoutes(routes, '/login_be/4242/profile');
    await logIn();
    expect(await screen.findByTestId('login-be-replaces')).toHaveTextContent(
      'This account is linked to Telegram user Old Tg (@old_tg) now. Linking replaces that link with Mei Chen (@mei_tea).',
    );
    // Nothing linked until the customer confirms.
    expect(api.callsTo('/v2/link-telegram')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Replace the link and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const [link] = api.callsTo('/v2/link-telegram');
    expect(link?.body.get('replaces_telegram_user_id')).toBe('77');
    expect(link?.body.get('password')).toBe('secret1');
  });

  it('a plain browser tab holding launch parameters is outside Telegram: logs in without linking', async () => {
    storeLaunchCopy('4242', testInitData('4242'));
    window.history.replaceState(null, '', `/#tgWebAppData=${encodeURIComponent(testInitData('4242'))}`);
    try {
      expect(await confirmTelegramHost()).toBe(false);
      const api = mockApi({ '/v1/user-login': () => ({ data: { user_info: user(), token: 'tok-7' } }) });
      const { router } = renderRoutes(routes, '/login_be/4242/profile');
      expect(screen.getByTestId('login-be-notice')).toHaveTextContent('You opened this link outside Telegram');
      await logIn();
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
      expect(api.callsTo('/v2/link-telegram')).toEqual([]);
      expect(api.callsTo('/v2/get-telegram-link-preview')).toEqual([]);
      expect(api.calls.every((c) => !c.body.has('init_data'))).toBe(true);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
