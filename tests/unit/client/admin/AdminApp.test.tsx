import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../toolkit';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

logOutAfterEach();

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
    asStaff('customer');
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'This page is for the shop’s staff.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it('shows a fulfilment member only the screens the role allows, and the role', async () => {
    asStaff(staffMe('fulfilment'));
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
    asStaff(staffMe('fulfilment'));
    renderAdmin('/admin/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such page in the back office.');
  });

  it('sits in telegram-ui’s AppRoot, and shows telegram-ui’s Spinner while it loads (decision 021)', async () => {
    let answer: (value: { data: ReturnType<typeof staffMe> }) => void = () => {};
    asStaff(staffMe('owner'), { '/admin/me': () => new Promise((resolve) => (answer = resolve)) });
    const { container } = renderAdmin('/admin');
    // The loading state draws telegram-ui's spinner (its classes), not the shop's CSS one.
    await waitFor(() => expect(container.querySelector('[role="status"][class*="tgui-"]')).not.toBeNull());
    expect(container.querySelector('.spinner')).toBeNull();
    answer({ data: staffMe('owner') });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(nav.closest('.admin')?.parentElement?.className).toMatch(/^tgui-/);
  });
});
