import { ROLE_PERMISSIONS, type StaffRole } from '@common/staff-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AdminApp from '../../../../src/client/app/admin/AdminApp';
import { useSession } from '../../../../src/client/stores/session-store';
import { logIn, makeUser, mockApi, renderRoutes } from '../toolkit';

const me = (role: StaffRole) => ({
  user_id: 7,
  email: 'mei@example.com',
  nickname: 'Mei',
  role,
  notify_telegram: true,
  telegram_linked: false,
  created_at: '2026-11-01T00:00:00.000Z',
  permissions: [...ROLE_PERMISSIONS[role]],
});

const renderAdmin = (url: string) => renderRoutes([{ path: '/admin/*', Component: AdminApp }], url);

afterEach(() => {
  useSession.getState().clear();
});

describe('the back office frame', () => {
  it('sends a guest to log in and back to the same screen', async () => {
    mockApi({});
    renderAdmin('/admin/orders?status=Paid');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/login?redirect=${encodeURIComponent('/admin/orders?status=Paid')}`,
      ),
    );
  });

  it('tells a customer the page is for the staff, with a way back to the shop', async () => {
    logIn(makeUser());
    mockApi({
      '/v1/get-user-info': () => ({ bare: { success: true, user_info: makeUser(), token: 'tok-123' } }),
      '/admin/me': () => ({ status: 403, message: 'This page is for the shop’s staff' }),
    });
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'This page is for the shop’s staff.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it('shows a fulfilment member only the screens the role allows, and the role', async () => {
    logIn(makeUser());
    mockApi({
      '/v1/get-user-info': () => ({ bare: { success: true, user_info: makeUser(), token: 'tok-123' } }),
      '/admin/me': () => ({ data: me('fulfilment') }),
    });
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toContain('Dashboard');
    for (const hidden of ['Customers', 'Affiliates', 'Subscriptions', 'Staff', 'Audit log']) {
      expect(links).not.toContain(hidden);
    }
    expect(screen.getByText('Fulfilment')).toBeInTheDocument();
  });

  it('says so when a screen does not exist or the role does not allow it', async () => {
    logIn(makeUser());
    mockApi({
      '/v1/get-user-info': () => ({ bare: { success: true, user_info: makeUser(), token: 'tok-123' } }),
      '/admin/me': () => ({ data: me('fulfilment') }),
    });
    renderAdmin('/admin/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such page in the back office.');
  });
});
