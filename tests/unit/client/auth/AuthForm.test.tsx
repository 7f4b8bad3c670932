import type { UserInfo } from '@common/contract/accounts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthForm } from '../../../../src/client/features/auth/components/AuthForm';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { makeUser, mockApi, renderRoute } from '../toolkit';

// The customer these screens show (the account summary reads referral code and balance).
const user = (o: Partial<UserInfo> = {}): UserInfo =>
  makeUser({ id: 1, phone: '+639171234567', referral_code: 'MEI23456', cash_balance_cents: 1234, ...o });

/** The message shown at a field: role=alert, and the input points at it with aria-describedby. */
function errorAt(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const alert = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
  if (!alert) return null;
  expect(input).toHaveAttribute('aria-invalid', 'true');
  return alert.textContent;
}

const renderForm = (props: Partial<Parameters<typeof AuthForm>[0]> = {}) => {
  const onLoggedIn = vi.fn();
  renderRoute(<AuthForm onLoggedIn={onLoggedIn} {...props} />, { path: '/login', pattern: '/login' });
  return onLoggedIn;
};

const fillRegister = async (values: Partial<Record<string, string>>) => {
  const labels: Record<string, string> = {
    nickname: 'Nickname',
    email: 'Email',
    phone: 'Phone Number',
    password: 'Password',
    confirm_password: 'Confirm Password',
    referral_code: 'Referral code (optional)',
  };
  for (const [field, value] of Object.entries(values)) {
    const input = screen.getByLabelText(labels[field]!);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
};

afterEach(async () => {
  if (i18n.language !== 'en') await act(() => i18n.changeLanguage('en'));
});

describe('login form', () => {
  it('shows both required-field messages at their fields when empty, and sends nothing', async () => {
    const api = mockApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(errorAt('Email / Phone Number')).toBe('Email / Phone Number must not be empty');
    expect(errorAt('Password')).toBe('Password must not be empty');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the messages in Chinese when the language is zh', async () => {
    mockApi({});
    await act(() => i18n.changeLanguage('zh'));
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(errorAt('邮箱 / 手机号码')).toBe('邮箱 / 手机号码不能为空');
    expect(errorAt('密码')).toBe('密码不能为空');
  });

  it('logs in and hands the user and token to onLoggedIn', async () => {
    const me = user();
    const api = mockApi({ '/v1/user-login': () => ({ data: { user_info: me, token: 'tok-1' } }) });
    const onLoggedIn = renderForm();
    await userEvent.type(screen.getByLabelText('Email / Phone Number'), ' mei@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // With the password just typed: /login_be sends it with the Telegram link it makes next (docs/decisions/001).
    expect(onLoggedIn).toHaveBeenCalledWith(me, 'tok-1', 'secret1');
    const body = api.callsTo('/v1/user-login')[0]!.body;
    expect(body.get('login')).toBe('mei@example.com');
    expect(body.get('password')).toBe('secret1');
  });

  it("shows the server's generic refusal (wrong credentials, too many attempts) above the form", async () => {
    mockApi({
      '/v1/user-login': () => ({ status: 429, message: 'Too many attempts, please try again in 15 minutes' }),
    });
    const onLoggedIn = renderForm();
    await userEvent.type(screen.getByLabelText('Email / Phone Number'), 'mei@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong!');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many attempts, please try again in 15 minutes')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});

describe('register form', () => {
  const openRegister = async () => userEvent.click(screen.getByRole('tab', { name: 'Register' }));

  it('empty: the one-line summary and every field message', async () => {
    const api = mockApi({});
    renderForm();
    await openRegister();
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Please enter nickname, email, phone number, password, confirm password')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(errorAt('Nickname')).toBe('Nickname must not be empty');
    expect(errorAt('Email')).toBe('Email must not be empty');
    expect(errorAt('Phone Number')).toBe('Phone Number must not be empty');
    expect(errorAt('Password')).toBe('Password must not be empty');
    expect(errorAt('Confirm Password')).toBe('Confirm Password must not be empty');
    expect(api.calls).toHaveLength(0);
  });

  it('each format error at its field, each cleared once fixed', async () => {
    const api = mockApi({ '/v1/user-register': () => ({ data: { user_info: user(), token: 't' } }) });
    const onLoggedIn = renderForm();
    await openRegister();
    await fillRegister({
      nickname: 'Mei',
      email: 'mei.example.com',
      phone: 'call me',
      password: 'abc',
      confirm_password: 'abc',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.queryByText(/Please enter nickname/)).toBeNull();
    expect(errorAt('Nickname')).toBeNull();
    expect(errorAt('Email')).toBe('Invalid email format');
    expect(errorAt('Phone Number')).toBe('Invalid phone number format');
    expect(errorAt('Password')).toBe('Password must be at least 6 characters');
    expect(errorAt('Confirm Password')).toBe('Confirm Password must be at least 6 characters');

    await fillRegister({
      email: 'mei@example.com',
      phone: '+63 917 123 4567',
      password: 'secret1',
      confirm_password: 'secret2',
    });
    expect(errorAt('Email')).toBeNull();
    expect(errorAt('Phone Number')).toBeNull();
    expect(errorAt('Password')).toBeNull();
    expect(errorAt('Confirm Password')).toBe('Passwords do not match');

    await fillRegister({ confirm_password: 'secret1' });
    expect(errorAt('Confirm Password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
    const body = api.callsTo('/v1/user-register')[0]!.body;
    expect(Object.fromEntries(body)).toMatchObject({
      nickname: 'Mei',
      email: 'mei@example.com',
      phone: '+63 917 123 4567',
      password: 'secret1',
      confirm_password: 'secret1',
    });
    expect(body.has('referral_code')).toBe(false);
  });

  it("puts the server's field refusals at their fields", async () => {
    mockApi({
      '/v1/user-register': () => ({
        status: 422,
        message: 'This email is already registered',
        data: {
          errors: [
            { field: 'email', message: 'This email is already registered' },
            { field: 'referral_code', message: 'This referral code does not exist' },
          ],
        },
      }),
    });
    const onLoggedIn = renderForm();
    await openRegister();
    await fillRegister({
      nickname: 'Mei',
      email: 'mei@example.com',
      phone: '+639171234567',
      password: 'secret1',
      confirm_password: 'secret1',
      referral_code: 'NOPE2345',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email is already registered')).toHaveAttribute('role', 'alert');
    expect(errorAt('Email')).toBe('This email is already registered');
    expect(errorAt('Referral code (optional)')).toBe('This referral code does not exist');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('prefills a referral code from the link and says it came from the link', async () => {
    const api = mockApi({ '/v1/user-register': () => ({ data: { user_info: user(), token: 't' } }) });
    renderForm({ referralCode: 'ABCD2345', initialTab: 'register' });
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('ABCD2345');
    expect(screen.getByText('You were invited with this code.')).toBeInTheDocument();
    await fillRegister({
      nickname: 'Mei',
      email: 'mei@example.com',
      phone: '+639171234567',
      password: 'secret1',
      confirm_password: 'secret1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const body = api.callsTo('/v1/user-register')[0]!.body;
    expect(body.get('referral_code')).toBe('ABCD2345');
    expect(body.get('joined_via')).toBe('link');
  });

  it('shows the register messages in Chinese', async () => {
    mockApi({});
    await act(() => i18n.changeLanguage('zh'));
    renderForm({ initialTab: 'register' });
    await fillRegister({});
    const form = screen.getByRole('tabpanel');
    await userEvent.click(within(form).getByRole('button', { name: '创建账户' }));
    expect(screen.getByText('请输入昵称、邮箱、手机号码、密码和确认密码')).toBeInTheDocument();
    expect(errorAt('昵称')).toBe('昵称不能为空');
    expect(errorAt('确认密码')).toBe('确认密码不能为空');
    await userEvent.type(screen.getByLabelText('邮箱'), 'bad');
    await userEvent.type(screen.getByLabelText('密码'), 'abcdef');
    await userEvent.type(screen.getByLabelText('确认密码'), 'abcdeg');
    expect(errorAt('邮箱')).toBe('邮箱格式无效');
    expect(errorAt('确认密码')).toBe('两次输入的密码不一致');
  });
});
