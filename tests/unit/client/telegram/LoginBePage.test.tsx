import './i18n-first';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginBePage from '../../../../src/client/features/auth/pages/LoginBePage';
import { resetLaunchCache } from '../../../../src/client/lib/telegram/launch';
import { useSession } from '../../../../src/client/stores/session-store';
import { mockApi, openInTelegram, renderAt, user } from './test-utils';

const routes = [{ path: '/login_be/:telegramUserId/*', Component: LoginBePage }];

afterEach(() => {
  act(() => useSession.getState().clear());
  resetLaunchCache();
});

async function logIn() {
  await userEvent.type(screen.getByLabelText('Email / Phone Number'), 'mei@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/login_be/{telegram_user_id}/{path}', () => {
  it('inside Telegram: logs in, links that Telegram user, then goes to /{path}', async () => {
    const initData = openInTelegram('4242');
    const api = mockApi({
      '/v1/user-login': () => ({ data: { user_info: user(), token: 'tok-1' } }),
      '/v2/link-telegram': () => ({
        data: {
          user_info: user({ telegram_user_id: '4242', telegram_username: 'mei_tea', telegram_name: 'Mei Chen' }),
          telegram_user: { id: '4242', username: 'mei_tea', name: 'Mei Chen' },
        },
      }),
    });
    const { router } = renderAt(routes, '/login_be/4242/profile');
    expect(screen.getByTestId('login-be-notice')).toHaveTextContent(
      'your account will then be linked to this Telegram account',
    );
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const [link] = api.callsTo('/v2/link-telegram');
    expect(link?.body.get('expected_telegram_user_id')).toBe('4242');
    expect(link?.body.get('init_data')).toBe(initData);
    expect(useSession.getState().user?.telegram_user_id).toBe('4242');
    expect(useSession.getState().token).toBe('tok-1');
    expect(await screen.findByText('Telegram linked successfully')).toBeInTheDocument();
  });

  it('shows a refusal clearly and stays, logged in but not linked', async () => {
    openInTelegram('4242');
    mockApi({
      '/v1/user-login': () => ({ data: { user_info: user(), token: 'tok-2' } }),
      '/v2/link-telegram': () => ({
        status: 409,
        message: 'This Telegram account is already linked to another account, so nothing was linked',
      }),
    });
    const { router } = renderAt(routes, '/login_be/4242/order');
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
    openInTelegram('1111');
    mockApi({});
    renderAt(routes, '/login_be/4242/profile');
    expect(screen.getByTestId('login-be-notice')).toHaveTextContent('made for a different Telegram account');
  });

  it('outside Telegram: logs in without linking, says why, and goes on', async () => {
    const api = mockApi({ '/v1/user-login': () => ({ data: { user_info: user(), token: 'tok-3' } }) });
    const { router } = renderAt(routes, '/login_be/4242/checkout?step=1');
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
    const { router } = renderAt(routes, '/login_be/4242/%2F%2Fevil.example.com');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).not.toContain('login_be'));
    expect(router.state.location.pathname).toBe('/evil.example.com');
    expect(window.location.origin).toBe('http://localhost:3000');
  });

  it('offers a logged-in user to link and continue without logging in again', async () => {
    openInTelegram('4242');
    useSession.getState().setSession(user({ nickname: 'Lin' }), 'tok-5');
    const api = mockApi({
      '/v2/link-telegram': () => ({
        data: {
          user_info: user({ nickname: 'Lin', telegram_user_id: '4242' }),
          telegram_user: { id: '4242', username: null, name: 'Lin' },
        },
      }),
    });
    const { router } = renderAt(routes, '/login_be/4242/profile');
    expect(screen.getByText('You are logged in as Lin.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(api.callsTo('/v2/link-telegram')).toHaveLength(1);
  });
});
