import type { AdminSettingsView } from '@common/contract/admin/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens } from '../toolkit';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

allowSlowScreens();
logOutAfterEach();

const view = (): AdminSettingsView => ({
  settings: {
    cash_reward_percent: 5,
    referral_award_cents: 500,
    unpaid_order_hours: 48,
    low_stock_default: 5,
    exchange_days: 14,
    bank_name: 'BDO Unibank',
    bank_account_name: 'Leaf & Cup Trading',
    bank_account_number: '0123-4567-89',
    staff_new_order_alerts: true,
    staff_receipt_alerts: true,
    staff_payout_request_alerts: true,
    staff_low_stock_alerts: true,
    staff_exchange_request_alerts: true,
    staff_payment_attention_alerts: true,
    staff_client_error_alerts: true,
    abandoned_cart_reminders: false,
    abandoned_cart_hours: 24,
  },
  unpaid_order_hours_set: false,
  unpaid_order_hours_default: 48,
});

/** The owner on /admin/settings with a server that keeps what it is sent (or answers `refuse` to an update). */
function asOwner(refuse?: { field: string; message: string }) {
  let current = view();
  return asStaff(staffMe('owner'), {
    '/admin/settings': () => ({ data: current }),
    '/admin/settings/update': (body) => {
      if (refuse) return { status: 422, message: refuse.message, errors: [refuse] };
      const s = { ...current.settings } as Record<string, unknown>;
      for (const [key, value] of body.entries()) {
        if (!(key in s)) continue;
        s[key] = typeof s[key] === 'number' ? Number(value) : typeof s[key] === 'boolean' ? value === 'true' : value;
      }
      current = {
        ...current,
        settings: s as AdminSettingsView['settings'],
        unpaid_order_hours_set: body.has('unpaid_order_hours') || current.unpaid_order_hours_set,
      };
      return { data: current, message: 'Settings saved: the shop uses them from now on' };
    },
  });
}

const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

describe('back office: Settings (/admin/settings)', () => {
  it('shows amounts in dollars with the bank preview and alert switches; delivery fees are a link to Shipping', async () => {
    asOwner();
    renderAdmin('/admin/settings');
    expect(await screen.findByRole('textbox', { name: 'Referral award ($)' })).toHaveValue('5.00');
    // Delivery fees and free delivery moved to the Shipping page (docs/decisions/041): linked, not repeated.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Free delivery from ($)' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Shipping' })).toHaveAttribute('href', '/admin/shipping');
    expect(screen.getByRole('textbox', { name: 'Cash reward (% of the goods)' })).toHaveValue('5');
    expect(
      screen.getByText('Not set here yet: the server’s default of 48 hours applies until you save another value.'),
    ).toBeInTheDocument();
    const newOrders = screen.getByRole('switch', { name: 'New orders' });
    expect(newOrders).toBeChecked();
    // The name is the name alone; the hint is its description (read once, not twice).
    expect(newOrders).toHaveAccessibleName('New orders');
    expect(newOrders).toHaveAccessibleDescription('A new order was placed (owners, managers and fulfilment).');
    expect(saveButton()).toBeDisabled();

    // The preview follows what is typed, trimmed.
    const bank = screen.getByRole('region', { name: 'Bank account for transfers' });
    await userEvent.clear(within(bank).getByRole('textbox', { name: 'Account number' }));
    await userEvent.type(within(bank).getByRole('textbox', { name: 'Account number' }), '  555-1234 ');
    expect(within(bank).getByText('555-1234')).toBeInTheDocument();
  });

  it('sends cents, and only what changed', async () => {
    const api = asOwner();
    renderAdmin('/admin/settings');
    const award = await screen.findByRole('textbox', { name: 'Referral award ($)' });
    await userEvent.clear(award);
    await userEvent.type(award, '$1,000');
    const percent = screen.getByRole('textbox', { name: 'Cash reward (% of the goods)' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '7');
    await userEvent.click(screen.getByRole('switch', { name: /^Low stock/ }));
    await userEvent.click(saveButton());

    await waitFor(() => expect(api.callsTo('/admin/settings/update')).toHaveLength(1));
    const sent = Object.fromEntries(
      [...api.callsTo('/admin/settings/update')[0]!.body.entries()].filter(
        ([k]) => !['lang', 'is_frontend', 'token'].includes(k),
      ),
    );
    expect(sent).toEqual({
      referral_award_cents: '100000',
      cash_reward_percent: '7',
      staff_low_stock_alerts: 'false',
    });
    expect(await screen.findByText('Settings saved: the shop uses them from now on')).toBeInTheDocument();
    // The form now shows what was saved, as dollars again.
    expect(screen.getByRole('textbox', { name: 'Referral award ($)' })).toHaveValue('1000.00');
    expect(screen.getByRole('switch', { name: /^Low stock/ })).not.toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it('the abandoned-cart reminder: off on a new shop, turned on with its idle hours, sent as changed', async () => {
    const api = asOwner();
    renderAdmin('/admin/settings');
    const reminders = await screen.findByRole('region', { name: 'Reminders' });
    const toggle = within(reminders).getByRole('switch', { name: 'Abandoned-cart reminder' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'One reminder per cart when a logged-in customer leaves items in it without ordering.',
    );
    const hours = within(reminders).getByRole('textbox', { name: 'Remind after (hours idle)' });
    expect(hours).toHaveValue('24');
    await userEvent.click(toggle);
    await userEvent.clear(hours);
    await userEvent.type(hours, '6');
    await userEvent.click(saveButton());
    await waitFor(() => expect(api.callsTo('/admin/settings/update')).toHaveLength(1));
    const body = api.callsTo('/admin/settings/update')[0]!.body;
    expect(body.get('abandoned_cart_reminders')).toBe('true');
    expect(body.get('abandoned_cart_hours')).toBe('6');
    expect(await within(reminders).findByRole('switch', { name: 'Abandoned-cart reminder' })).toBeChecked();

    // Out of range: refused at the field, nothing sent.
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    await userEvent.click(saveButton());
    expect(await within(reminders).findByText('Enter a whole number from 1 to 720')).toBeInTheDocument();
    expect(api.callsTo('/admin/settings/update')).toHaveLength(1);
  });

  it('refuses bad values at their fields, focuses the first and sends nothing', async () => {
    const api = asOwner();
    renderAdmin('/admin/settings');
    const award = await screen.findByRole('textbox', { name: 'Referral award ($)' });
    await userEvent.clear(award);
    await userEvent.type(award, '1,25');
    const percent = screen.getByRole('textbox', { name: 'Cash reward (% of the goods)' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '101');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Bank' }));
    await userEvent.click(saveButton());

    await waitFor(() => expect(award).toHaveAttribute('aria-invalid', 'true'));
    // The first refused field in the page's order takes the focus.
    expect(percent).toHaveFocus();
    expect(award).toHaveAccessibleDescription(
      'Added to a member’s cash reward when someone they referred completes a first order (agents earn commissions instead). Enter dollars from $0.00 to $1000.00, e.g. 12.50',
    );
    expect(percent).toHaveAccessibleDescription(
      'What a customer earns when an order completes: a whole percentage (0–100) of what they paid for its goods, after coupon and cash reward spent. Enter a whole number from 0 to 100',
    );
    expect(screen.getByRole('textbox', { name: 'Bank' })).toHaveAccessibleDescription('This must not be empty');
    expect(api.callsTo('/admin/settings/update')).toHaveLength(0);

    // Fixing a field clears its message.
    await userEvent.clear(award);
    await userEvent.type(award, '5');
    expect(award).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server’s refusal at the field it names', async () => {
    asOwner({ field: 'bank_account_number', message: 'must be at most 40 characters' });
    renderAdmin('/admin/settings');
    const number = await screen.findByRole('textbox', { name: 'Account number' });
    await userEvent.type(number, '9');
    await userEvent.click(saveButton());
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription('must be at most 40 characters');
  });

  it('is the owner’s only: a manager has no Settings in the navigation and cannot open it', async () => {
    asStaff(staffMe('manager'));
    renderAdmin('/admin/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such page in the back office.');
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    asOwner();
    renderAdmin('/admin/settings', { lang: 'zh' });
    expect(await screen.findByRole('heading', { level: 1, name: '设置' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '打开配送页面' })).toHaveAttribute('href', '/admin/shipping');
  });

  it('after a save, the shop’s payment methods in this tab are stale, and a new low-stock default refreshes the products and dashboard', async () => {
    asOwner();
    const { client } = renderAdmin('/admin/settings');
    const stale = {
      methods: ['payment-methods', 'en'],
      products: ['admin', 'products', 'list', {}],
      dashboard: ['admin', 'dashboard'],
    };
    for (const key of Object.values(stale)) client.setQueryData(key, {});
    const low = await screen.findByRole('textbox', { name: 'Low stock at or below' });
    const bankName = screen.getByRole('textbox', { name: 'Bank' });
    await userEvent.clear(bankName);
    await userEvent.type(bankName, 'Metrobank');
    await userEvent.click(saveButton());
    expect(await screen.findByText('Settings saved: the shop uses them from now on')).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryState(stale.methods)?.isInvalidated).toBe(true));
    // The low-stock default did not change: the products' low marks stand.
    expect(client.getQueryState(stale.products)?.isInvalidated).toBe(false);
    expect(client.getQueryState(stale.dashboard)?.isInvalidated).toBe(false);

    await userEvent.clear(low);
    await userEvent.type(low, '9');
    await userEvent.click(saveButton());
    await waitFor(() => expect(client.getQueryState(stale.products)?.isInvalidated).toBe(true));
    expect(client.getQueryState(stale.dashboard)?.isInvalidated).toBe(true);
  });
});
