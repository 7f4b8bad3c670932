import type { UserInfo } from '@common/contract/accounts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import UnguardedProfilePage from '../../../../src/client/features/profile/pages/ProfilePage';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { useSession } from '../../../../src/client/stores/session-store';
import { makeUser, mockApi, renderRoute } from '../toolkit';
import { guarded } from '../toolkit/guarded';

// The customer these screens show (the account summary reads referral code and balance).
const user = (o: Partial<UserInfo> = {}): UserInfo =>
  makeUser({ id: 1, phone: '+639171234567', referral_code: 'MEI23456', cash_balance_cents: 1234, ...o });

// The page as the router serves it: behind RequireUser (app/guards).
const ProfilePage = guarded('profile', UnguardedProfilePage);

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

const detail = {
  bank_name: null,
  bank_account_name: null,
  bank_account_number: null,
  notify_orders: true,
  notify_email: true,
  language: 'en',
};

function errorAt(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? null
  );
}

beforeEach(() => {
  act(() => useSession.getState().clear());
  vi.clearAllMocks();
});

describe('/profile', () => {
  it('sends a guest to the login screen', async () => {
    mockApi({});
    const { router } = renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/profile');
  });

  it('saves nickname, e-mail and phone; a blank password is not sent', async () => {
    const updated = user({ nickname: 'Mei Lin' });
    const api = mockApi({
      '/v2/edit-user-profile': () => ({ data: { user_info: updated } }),
      '/v2/get-user-detail': () => ({ data: { detail } }),
    });
    act(() => useSession.getState().setSession(user(), 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    const nickname = await screen.findByLabelText('Nickname');
    expect(nickname).toHaveValue('Mei');
    expect(screen.getByLabelText('Email')).toHaveValue('mei@example.com');
    expect(screen.getAllByText('Leave blank if not changing')).toHaveLength(2);
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Mei Lin');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profile updated successfully'));
    const body = api.callsTo('/v2/edit-user-profile')[0]!.body;
    expect(body.get('nickname')).toBe('Mei Lin');
    expect(body.has('password')).toBe(false);
    expect(body.has('confirm_password')).toBe(false);
    expect(useSession.getState().user?.nickname).toBe('Mei Lin');
    // A nickname-only change needs no current password (docs/decisions/001): the field is not even shown.
    expect(body.has('current_password')).toBe(false);
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('asks for the current password when the e-mail, phone or password changes, and sends it', async () => {
    const api = mockApi({
      '/v2/get-user-detail': () => ({ data: { detail } }),
      '/v2/edit-user-profile': () => ({ data: { user_info: user({ email: 'new@example.com' }) } }),
    });
    act(() => useSession.getState().setSession(user(), 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    // The same phone written with spaces is no change.
    await userEvent.clear(screen.getByLabelText('Phone Number'));
    await userEvent.type(screen.getByLabelText('Phone Number'), '+63 917 123 4567');
    expect(screen.queryByLabelText('Current password')).toBeNull();

    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByText('Needed to change your e-mail, phone number or password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(errorAt('Current password')).toBe('Please enter your current password');
    expect(api.callsTo('/v2/edit-user-profile')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Current password'), 'old-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profile updated successfully'));
    const body = api.callsTo('/v2/edit-user-profile')[0]!.body;
    expect(body.get('email')).toBe('new@example.com');
    expect(body.get('current_password')).toBe('old-secret');
    // Saved: the form starts again from the new values, with no current password asked.
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull());
  });

  it('with a new password, a linked account may also remove the Telegram link, naming the Telegram user', async () => {
    const linked = user({ telegram_user_id: '42', telegram_username: 'meilin', telegram_name: 'Mei Lin' });
    const api = mockApi({
      '/v2/get-user-detail': () => ({ data: { detail } }),
      '/v2/edit-user-profile': () => ({ data: { user_info: { ...linked, telegram_user_id: null } } }),
    });
    act(() => useSession.getState().setSession(linked, 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    const password = await screen.findByLabelText('New password');
    expect(screen.queryByRole('checkbox', { name: /Also remove the link/ })).toBeNull();
    await userEvent.type(password, 'brand-new');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'brand-new');
    const choice = screen.getByRole('checkbox', {
      name: /Also remove the link to the Telegram account Mei Lin \(@meilin\)/,
    });
    expect(choice).not.toBeChecked();
    await userEvent.click(choice);
    await userEvent.type(screen.getByLabelText('Current password'), 'old-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('/v2/edit-user-profile')).toHaveLength(1));
    expect(api.callsTo('/v2/edit-user-profile')[0]!.body.get('unlink_telegram')).toBe('true');
    await waitFor(() => expect(useSession.getState().user?.telegram_user_id).toBeNull());
  });

  it("shows the server's refusal of the current password at that field", async () => {
    mockApi({
      '/v2/get-user-detail': () => ({ data: { detail } }),
      '/v2/edit-user-profile': () => ({
        status: 422,
        message: 'Current password is incorrect',
        data: { errors: [{ field: 'current_password', message: 'Current password is incorrect' }] },
      }),
    });
    act(() => useSession.getState().setSession(user(), 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    await userEvent.type(await screen.findByLabelText('New password'), 'secret9');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret9');
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorAt('Current password')).toBe('Current password is incorrect'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('labels the field 当前密码 in Chinese', async () => {
    mockApi({ '/v2/get-user-detail': () => ({ data: { detail } }) });
    await act(() => i18n.changeLanguage('zh'));
    try {
      act(() => useSession.getState().setSession(user(), 'tok'));
      renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
      await userEvent.type(await screen.findByLabelText('新密码'), 'secret9');
      expect(screen.getByLabelText('当前密码')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("checks a new password with the shop's messages", async () => {
    const api = mockApi({ '/v2/get-user-detail': () => ({ data: { detail } }) });
    act(() => useSession.getState().setSession(user(), 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    await userEvent.type(await screen.findByLabelText('New password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(errorAt('Confirm Password')).toBe('Password not match');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(errorAt('New password')).toBe('Password must not be empty');
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(errorAt('New password')).toBe('Password must be at least 6 characters');
    expect(errorAt('Confirm Password')).toBe('Confirm Password must not be empty');
    expect(api.callsTo('/v2/edit-user-profile')).toHaveLength(0);
  });

  it("shows the server's refusal at the field", async () => {
    mockApi({
      '/v2/get-user-detail': () => ({ data: { detail } }),
      '/v2/edit-user-profile': () => ({
        status: 422,
        message: 'This email is already registered',
        data: { errors: [{ field: 'email', message: 'This email is already registered' }] },
      }),
    });
    act(() => useSession.getState().setSession(user(), 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorAt('Email')).toBe('This email is already registered'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows the Telegram link state and the account summary', async () => {
    mockApi({ '/v2/get-user-detail': () => ({ data: { detail } }) });
    act(() =>
      useSession
        .getState()
        .setSession(user({ telegram_user_id: '42', telegram_username: 'meilin', telegram_name: 'Mei Lin' }), 'tok'),
    );
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    const telegram = await screen.findByRole('region', { name: 'Telegram' });
    expect(within(telegram).getByText('Linked to @meilin · Mei Lin')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Your account' });
    expect(within(summary).getByText('MEI23456')).toBeInTheDocument();
    expect(within(summary).getByText('$12.34')).toBeInTheDocument();
    act(() => useSession.getState().setUser(user()));
    expect(within(screen.getByRole('region', { name: 'Telegram' })).getByText('Not linked')).toBeInTheDocument();
  });

  it('saves the notification toggle and language with "Info updated successfully"', async () => {
    const api = mockApi({
      '/v2/get-user-detail': () => ({ data: { detail } }),
      '/v2/edit-user-detail': () => ({
        data: { user_info: user({ language: 'zh' }), detail: { ...detail, notify_orders: false, language: 'zh' } },
      }),
    });
    act(() => useSession.getState().setSession(user(), 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    const toggle = await screen.findByRole('switch', { name: /Order notifications in Telegram/ });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await userEvent.selectOptions(screen.getByLabelText('Language of order messages'), 'zh');
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Info updated successfully'));
    const body = api.callsTo('/v2/edit-user-detail')[0]!.body;
    expect(body.get('notify_orders')).toBe('false');
    expect(body.get('language')).toBe('zh');
  });

  it('has one switch per channel: Telegram and e-mail, saved separately', async () => {
    const api = mockApi({
      '/v2/get-user-detail': () => ({ data: { detail } }),
      '/v2/get-email-status': () => ({ data: { email: 'mei@example.com', confirmed: true, mail_on: true } }),
      '/v2/edit-user-detail': () => ({ data: { user_info: user(), detail: { ...detail, notify_email: false } } }),
    });
    act(() => useSession.getState().setSession(user(), 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    const email = await screen.findByRole('switch', { name: /Order notifications by e-mail/ });
    expect(email).toBeChecked();
    expect(email).toHaveAccessibleDescription('E-mail about an order that awaits your payment is always sent.');
    await userEvent.click(email);
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Info updated successfully'));
    const body = api.callsTo('/v2/edit-user-detail')[0]!.body;
    expect(body.get('notify_email')).toBe('false');
    expect(body.get('notify_orders')).toBe('true');
  });

  it('shows no e-mail switch when the shop sends no e-mail', async () => {
    const api = mockApi({
      '/v2/get-user-detail': () => ({ data: { detail } }),
      '/v2/get-email-status': () => ({ data: { email: 'mei@example.com', confirmed: false, mail_on: false } }),
    });
    act(() => useSession.getState().setSession(user(), 'tok'));
    renderRoute(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    expect(await screen.findByRole('switch', { name: /Order notifications in Telegram/ })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/v2/get-email-status')).toHaveLength(1));
    expect(screen.queryByRole('switch', { name: /Order notifications by e-mail/ })).not.toBeInTheDocument();
    expect(
      screen.queryByText('E-mail about an order that awaits your payment is always sent.'),
    ).not.toBeInTheDocument();
  });
});
