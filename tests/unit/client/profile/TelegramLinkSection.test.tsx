import type { UserInfo } from '@common/contract/accounts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toasts from '../../../../src/client/app/Toasts';
import { TelegramLinkSection } from '../../../../src/client/features/profile/components/TelegramLinkSection';
import { confirmTelegramHost } from '../../../../src/client/lib/telegram/launch';
import { useSession } from '../../../../src/client/stores/session-store';
import { leaveTelegram, makeUser, mockApi, openInTelegram, storeLaunchCopy, testInitData } from '../toolkit';

const user = (o: Partial<UserInfo> = {}): UserInfo => makeUser({ phone: '+639170000000', ...o });

afterEach(() => {
  act(() => useSession.getState().clear());
  leaveTelegram();
});

const renderSection = () =>
  render(
    <>
      <TelegramLinkSection />
      <Toasts />
    </>,
  );

const previewOf = (over: Record<string, unknown> = {}) => ({
  data: {
    telegram_user: { id: '4242', username: 'mei_tea', name: 'Mei Chen' },
    current_link: null,
    linked_to_other_account: false,
    ...over,
  },
});

const linkedAnswer = () => ({
  data: {
    user_info: user({ telegram_user_id: '4242', telegram_username: 'mei_tea', telegram_name: 'Mei Chen' }),
    telegram_user: { id: '4242', username: 'mei_tea', name: 'Mei Chen' },
  },
});

describe('TelegramLinkSection', () => {
  it('shows the linked Telegram username and name', () => {
    useSession
      .getState()
      .setSession(user({ telegram_user_id: '42', telegram_username: 'mei_tea', telegram_name: 'Mei Chen' }), 't');
    renderSection();
    expect(screen.getByText('Linked to @mei_tea · Mei Chen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).not.toBeInTheDocument();
  });

  it('inside Telegram: shows whom it links, then links with the password and says so', async () => {
    const initData = await openInTelegram('4242');
    useSession.getState().setSession(user(), 't');
    const api = mockApi({
      '/v2/get-telegram-link-preview': () => previewOf(),
      '/v2/link-telegram': () => linkedAnswer(),
    });
    renderSection();
    expect(screen.getByText('Not linked')).toBeInTheDocument();
    // Whom, before anything is confirmed.
    expect(await screen.findByTestId('telegram-link-who')).toHaveTextContent(
      'You are linking Telegram user Mei Chen (@mei_tea).',
    );
    expect(api.callsTo('/v2/link-telegram')).toEqual([]);
    await userEvent.type(screen.getByLabelText('Your account password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram' }));
    expect(await screen.findByText('Linked to @mei_tea · Mei Chen')).toBeInTheDocument();
    expect(await screen.findByText('Telegram linked successfully')).toBeInTheDocument();
    const [call] = api.callsTo('/v2/link-telegram');
    expect(call?.body.get('init_data')).toBe(initData);
    expect(call?.body.get('password')).toBe('secret1');
    expect(call?.body.has('expected_telegram_user_id')).toBe(false);
    expect(call?.body.has('replaces_telegram_user_id')).toBe(false);
  });

  it('asks for the password before calling the server', async () => {
    await openInTelegram('4242');
    useSession.getState().setSession(user(), 't');
    const api = mockApi({ '/v2/get-telegram-link-preview': () => previewOf() });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Link Telegram' }));
    expect(await screen.findByText('Password must not be empty')).toBeInTheDocument();
    expect(api.callsTo('/v2/link-telegram')).toEqual([]);
  });

  it("shows the server's refusals: a wrong password at the field, anything else above it", async () => {
    await openInTelegram('4242');
    useSession.getState().setSession(user(), 't');
    const wrong = 'The password is not correct, so nothing was changed';
    const refusals = [
      { status: 422, message: wrong, errors: [{ field: 'password', message: wrong }] },
      { status: 409, message: 'This Telegram account is already linked to another account, so nothing was linked' },
    ];
    mockApi({
      '/v2/get-telegram-link-preview': () => previewOf(),
      '/v2/link-telegram': () => refusals.shift()!,
    });
    renderSection();
    await userEvent.type(await screen.findByLabelText('Your account password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
    expect(screen.getByLabelText('Your account password')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram' }));
    expect(await screen.findByText(/already linked to another account/)).toBeInTheDocument();
    expect(screen.getByText('Not linked')).toBeInTheDocument();
  });

  it('says what a re-link replaces, and names that link in the request', async () => {
    await openInTelegram('4242');
    useSession
      .getState()
      .setSession(user({ telegram_user_id: '42', telegram_username: 'old_me', telegram_name: 'Old Me' }), 't');
    const api = mockApi({
      '/v2/get-telegram-link-preview': () =>
        previewOf({ current_link: { id: '42', username: 'old_me', name: 'Old Me' } }),
      '/v2/link-telegram': () => linkedAnswer(),
    });
    renderSection();
    expect(await screen.findByTestId('telegram-link-who')).toHaveTextContent(
      'You are linking Telegram user Mei Chen (@mei_tea).',
    );
    expect(
      screen.getByText('This account is linked to Telegram user Old Me (@old_me) now: linking replaces that link.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your account password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Replace the link' }));
    expect(await screen.findByText('Linked to @mei_tea · Mei Chen')).toBeInTheDocument();
    const [call] = api.callsTo('/v2/link-telegram');
    expect(call?.body.get('replaces_telegram_user_id')).toBe('42');
    expect(call?.body.get('password')).toBe('secret1');
  });

  it('offers no link when the Telegram user is linked to another account', async () => {
    await openInTelegram('4242');
    useSession.getState().setSession(user(), 't');
    mockApi({ '/v2/get-telegram-link-preview': () => previewOf({ linked_to_other_account: true }) });
    renderSection();
    expect(await screen.findByTestId('telegram-link-who')).toHaveTextContent(
      'This Telegram user is already linked to another account',
    );
    expect(screen.queryByLabelText('Your account password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).not.toBeInTheDocument();
  });

  it('unlinks with the password, in a browser too', async () => {
    useSession
      .getState()
      .setSession(user({ telegram_user_id: '42', telegram_username: 'mei_tea', telegram_name: 'Mei Chen' }), 't');
    const api = mockApi({ '/v2/unlink-telegram': () => ({ data: { user_info: user() } }) });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink Telegram' }));
    expect(
      screen.getByText('Enter your password to unlink Mei Chen (@mei_tea) from this account.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your account password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Not linked')).toBeInTheDocument();
    expect(await screen.findByText('Telegram unlinked')).toBeInTheDocument();
    expect(api.callsTo('/v2/unlink-telegram')[0]?.body.get('password')).toBe('secret1');
    expect(api.callsTo('/v2/unlink-telegram')[0]?.body.has('init_data')).toBe(false);
  });

  it('outside Telegram: no link action, but says how to link', () => {
    useSession.getState().setSession(user(), 't');
    renderSection();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).not.toBeInTheDocument();
    expect(screen.getByText(/open the shop from our bot in Telegram/)).toBeInTheDocument();
  });

  it('a tab holding launch parameters without a Telegram host is outside Telegram: no preview, no link', async () => {
    storeLaunchCopy('4242', testInitData('4242'));
    useSession.getState().setSession(user(), 't');
    const api = mockApi({ '/v2/get-telegram-link-preview': () => previewOf() });
    // As the app starts (main.tsx): the host check runs first.
    expect(await confirmTelegramHost()).toBe(false);
    renderSection();
    await waitFor(() => expect(screen.getByText(/open the shop from our bot in Telegram/)).toBeInTheDocument());
    expect(api.calls).toEqual([]);
    expect(screen.queryByLabelText('Your account password')).not.toBeInTheDocument();
  });
});
