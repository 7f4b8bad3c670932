import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConfirmEmailPage from '../../../../src/client/features/auth/pages/ConfirmEmailPage';
import ForgotPasswordPage from '../../../../src/client/features/auth/pages/ForgotPasswordPage';
import LoginPage from '../../../../src/client/features/auth/pages/LoginPage';
import ResetPasswordPage from '../../../../src/client/features/auth/pages/ResetPasswordPage';
import { useSession } from '../../../../src/client/stores/session-store';
import { makeUser, mockApi, renderRoutes } from '../toolkit';

// Forgot password, reset by link, confirming the address (docs/decisions/016).

const SAME_ANSWER = 'If an account exists for that address, we have sent a link to reset the password.';

function renderApp(url: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/confirm-email/:token', element: <ConfirmEmailPage /> },
      { path: '/profile', element: <p>Profile screen</p> },
    ],
    url,
  ).router;
}

beforeEach(() => {
  act(() => useSession.getState().clear());
});

describe('the login screen', () => {
  it('offers "Forgot password?" when the shop sends e-mail, and it opens the forgot-password screen', async () => {
    mockApi({
      '/v2/get-mail-options': () => ({ data: { mail_on: true } }),
      '/v2/forgot-password': () => ({ data: { requested: true }, message: SAME_ANSWER }),
    });
    const router = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('hides it without e-mail', async () => {
    const api = mockApi({ '/v2/get-mail-options': () => ({ data: { mail_on: false } }) });
    renderApp('/login');
    await waitFor(() => expect(api.callsTo('/v2/get-mail-options')).toHaveLength(1));
    await screen.findByLabelText('Password');
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });
});

describe('/forgot-password', () => {
  it('checks the address, sends it, and answers the same in any case', async () => {
    const api = mockApi({ '/v2/forgot-password': () => ({ data: { requested: true }, message: SAME_ANSWER }) });
    renderApp('/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Email must not be empty')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), ' Mei@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(SAME_ANSWER)).toBeInTheDocument();
    expect(api.callsTo('/v2/forgot-password')[0]!.body.get('email')).toBe('Mei@Example.com');
  });

  it('shows the refusal of a shop without e-mail', async () => {
    mockApi({
      '/v2/forgot-password': () => ({
        status: 404,
        message: 'E-mail is not set up on this shop, so this is not available',
      }),
    });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'mei@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail is not set up on this shop');
  });
});

describe('/reset-password/{token}', () => {
  it("checks the new password with the shop's messages, resets, and ends this browser's session", async () => {
    act(() => useSession.getState().setSession(makeUser({ id: 3 }), 'old-token'));
    const api = mockApi({ '/v2/reset-password': () => ({ data: { reset: true } }) });
    renderApp('/reset-password/tok123');
    // Before anything is saved, the page says what a reset ends (docs/decisions/031).
    expect(
      await screen.findByText(/logs you out on every device and removes the link to any Telegram account/),
    ).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('New Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password must not be empty')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret13');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('/v2/reset-password')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    const body = api.callsTo('/v2/reset-password')[0]!.body;
    expect([body.get('link_token'), body.get('password'), body.get('confirm_password')]).toEqual([
      'tok123',
      'secret12',
      'secret12',
    ]);
    expect(useSession.getState().token).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('an expired or used link says so and offers to ask again', async () => {
    const message = 'This link has expired or has already been used. Please ask for a new one.';
    mockApi({
      '/v2/reset-password': () => ({ status: 422, message, errors: [{ field: 'link_token', message }] }),
    });
    renderApp('/reset-password/old');
    await userEvent.type(await screen.findByLabelText('New Password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('/confirm-email/{token}', () => {
  it('confirms the address once', async () => {
    const api = mockApi({ '/v2/confirm-email': () => ({ data: { email: 'mei@example.com', confirmed: true } }) });
    renderApp('/confirm-email/abc');
    expect(await screen.findByText('Thank you! mei@example.com is confirmed.')).toBeInTheDocument();
    expect(api.callsTo('/v2/confirm-email')).toHaveLength(1);
    expect(api.callsTo('/v2/confirm-email')[0]!.body.get('link_token')).toBe('abc');
  });

  it('a dead link points to the profile', async () => {
    const message = 'This confirmation link has expired or has already been used. Please ask for a new one.';
    mockApi({ '/v2/confirm-email': () => ({ status: 422, message, errors: [{ field: 'link_token', message }] }) });
    renderApp('/confirm-email/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Send a new link from your profile' })).toHaveAttribute('href', '/profile');
  });
});
