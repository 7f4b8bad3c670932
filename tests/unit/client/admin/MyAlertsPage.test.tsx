import type { StaffRole } from '@common/staff-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

/** A member linked to Telegram unless `extra` says otherwise. */
const me = (role: StaffRole, extra: { notify_telegram?: boolean; telegram_linked?: boolean } = {}) =>
  staffMe(role, { telegram_linked: true, ...extra });

const SWITCH = 'Telegram alerts for new orders, receipts, payout requests and low stock';

logOutAfterEach();

describe('My alerts (/admin/me)', () => {
  const withMe = (member: ReturnType<typeof me>) => {
    let current = member;
    return asStaff(member, {
      '/admin/me': () => ({ data: current }),
      '/admin/me/notifications': (body) => {
        current = { ...current, notify_telegram: body.get('notify_telegram') === 'true' };
        const { permissions: _, ...member } = current;
        return { data: member, message: 'Saved' };
      },
    });
  };

  it('is reached from the admin bar by any role, and turns the alerts off and on again', async () => {
    const api = withMe(me('fulfilment'));
    renderAdmin('/admin');
    const link = await screen.findByRole('link', { name: 'My alerts' });
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'My alerts' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/me');
    const toggle = screen.getByRole('switch', { name: SWITCH });
    expect(toggle).toBeChecked();
    expect(screen.getByText('Alerts come to your chat with the shop’s bot.')).toBeInTheDocument();

    await userEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('/admin/me/notifications')).toHaveLength(1));
    expect(api.callsTo('/admin/me/notifications')[0]?.body.get('notify_telegram')).toBe('false');
    await waitFor(() => expect(screen.getByRole('switch', { name: SWITCH })).not.toBeChecked());
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: SWITCH }));
    await waitFor(() => expect(api.callsTo('/admin/me/notifications')).toHaveLength(2));
    expect(api.callsTo('/admin/me/notifications')[1]?.body.get('notify_telegram')).toBe('true');
    await waitFor(() => expect(screen.getByRole('switch', { name: SWITCH })).toBeChecked());
  });

  it('tells a member who is not linked to Telegram to link it from the profile', async () => {
    withMe(me('manager', { telegram_linked: false, notify_telegram: false }));
    renderAdmin('/admin/me');
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    expect(toggle).not.toBeChecked();
    const card = toggle.closest('section')!;
    expect(within(card).getByText('Link Telegram from your profile to get alerts')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open profile' })).toHaveAttribute('href', '/profile');
  });

  it('keeps the switch as it was when saving fails, and says so', async () => {
    asStaff(me('owner'), { '/admin/me/notifications': () => ({ network: true }) });
    renderAdmin('/admin/me');
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    await userEvent.click(toggle);
    expect(await screen.findByText('Could not save. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: SWITCH })).toBeChecked();
  });

  it('speaks Chinese', async () => {
    withMe(me('owner'));
    renderAdmin('/admin/me', { lang: 'zh' });
    expect(await screen.findByRole('heading', { level: 1, name: '我的提醒' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '新订单、付款凭证、提现申请和库存不足的 Telegram 提醒' })).toBeChecked();
  });
});
