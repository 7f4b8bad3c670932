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
    free_shipping_threshold_cents: 7500,
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
  },
  unpaid_order_hours_set: false,
  unpaid_order_hours_default: 48,
  countries: [
    {
      country: 'PH',
      states: [
        {
          id: 1,
          code: 'PH-MM',
          name_en: 'Metro Manila',
          name_zh: '马尼拉大都会',
          standard_fee_cents: 450,
          expedited_fee_cents: 900,
        },
        { id: 2, code: 'PH-CEB', name_en: 'Cebu', name_zh: '宿务', standard_fee_cents: 650, expedited_fee_cents: 1200 },
      ],
    },
    {
      country: 'CN',
      states: [
        {
          id: 7,
          code: 'CN-BJ',
          name_en: 'Beijing',
          name_zh: '北京',
          standard_fee_cents: 800,
          expedited_fee_cents: 1500,
        },
      ],
    },
  ],
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
    '/admin/settings/delivery-fees': (body) => {
      const fees = JSON.parse(body.get('fees') ?? '[]') as Array<Record<string, number>>;
      current = {
        ...current,
        countries: current.countries.map((c) => ({
          ...c,
          states: c.states.map((s) => ({ ...s, ...fees.find((f) => f.state_id === s.id), id: s.id })),
        })),
      };
      return { data: current, message: 'Delivery fees saved: the next quote and order use them' };
    },
  });
}

const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

describe('back office: Settings (/admin/settings)', () => {
  it('shows fees and amounts in dollars, grouped by country, with the bank preview and alert switches', async () => {
    asOwner();
    renderAdmin('/admin/settings');
    const ph = await screen.findByRole('table', { name: 'Philippines' });
    expect(screen.getByRole('table', { name: 'China' })).toBeInTheDocument();
    expect(within(ph).getByRole('textbox', { name: 'Standard fee for Metro Manila ($)' })).toHaveValue('4.50');
    expect(within(ph).getByRole('textbox', { name: 'Expedited fee for Cebu ($)' })).toHaveValue('12.00');
    expect(screen.getByRole('textbox', { name: 'Free delivery from ($)' })).toHaveValue('75.00');
    expect(screen.getByRole('textbox', { name: 'Referral award ($)' })).toHaveValue('5.00');
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

  it('sends cents, and only what changed: fees to one path, settings to the other', async () => {
    const api = asOwner();
    renderAdmin('/admin/settings');
    const cebu = await screen.findByRole('textbox', { name: 'Standard fee for Cebu ($)' });
    await userEvent.clear(cebu);
    await userEvent.type(cebu, '7.25');
    const free = screen.getByRole('textbox', { name: 'Free delivery from ($)' });
    await userEvent.clear(free);
    await userEvent.type(free, '$1,000');
    const percent = screen.getByRole('textbox', { name: 'Cash reward (% of the goods)' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '7');
    await userEvent.click(screen.getByRole('switch', { name: /^Low stock/ }));
    await userEvent.click(saveButton());

    await waitFor(() => expect(api.callsTo('/admin/settings/update')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('/admin/settings/delivery-fees')[0]!.body.get('fees')!)).toEqual([
      { state_id: 2, standard_fee_cents: 725 },
    ]);
    const sent = Object.fromEntries(
      [...api.callsTo('/admin/settings/update')[0]!.body.entries()].filter(
        ([k]) => !['lang', 'is_frontend', 'token'].includes(k),
      ),
    );
    expect(sent).toEqual({
      free_shipping_threshold_cents: '100000',
      cash_reward_percent: '7',
      staff_low_stock_alerts: 'false',
    });
    expect(await screen.findByText('Settings saved: the shop uses them from now on')).toBeInTheDocument();
    // The form now shows what was saved, as dollars again.
    expect(screen.getByRole('textbox', { name: 'Free delivery from ($)' })).toHaveValue('1000.00');
    expect(screen.getByRole('switch', { name: /^Low stock/ })).not.toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it('refuses bad values at their fields, focuses the first and sends nothing', async () => {
    const api = asOwner();
    renderAdmin('/admin/settings');
    const mm = await screen.findByRole('textbox', { name: 'Standard fee for Metro Manila ($)' });
    await userEvent.clear(mm);
    await userEvent.type(mm, '1,25');
    const percent = screen.getByRole('textbox', { name: 'Cash reward (% of the goods)' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '101');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Bank' }));
    await userEvent.click(saveButton());

    await waitFor(() => expect(mm).toHaveAttribute('aria-invalid', 'true'));
    expect(mm).toHaveFocus();
    expect(mm).toHaveAccessibleDescription('Enter dollars from $0.00 to $1000.00, e.g. 12.50');
    expect(percent).toHaveAccessibleDescription(
      'What a customer earns when an order completes: a whole percentage (0–100) of what they paid for its goods, after coupon and cash reward spent. Enter a whole number from 0 to 100',
    );
    expect(screen.getByRole('textbox', { name: 'Bank' })).toHaveAccessibleDescription('This must not be empty');
    expect(api.callsTo('/admin/settings/update')).toHaveLength(0);
    expect(api.callsTo('/admin/settings/delivery-fees')).toHaveLength(0);

    // Fixing a field clears its message.
    await userEvent.clear(mm);
    await userEvent.type(mm, '5');
    expect(mm).not.toHaveAttribute('aria-invalid');
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
    expect(await screen.findByRole('table', { name: '菲律宾' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '北京的加急运费（$）' })).toHaveValue('15.00');
  });

  it('after a save, the shop’s fees and totals in this tab are stale, and a new low-stock default refreshes the products and dashboard', async () => {
    asOwner();
    const { client } = renderAdmin('/admin/settings');
    const stale = {
      fee: ['shipping-fee', 3, 'standard', '12:1'],
      summary: ['checkout-summary', 'en', '12:1', 4, 'standard'],
      products: ['admin', 'products', 'list', {}],
      dashboard: ['admin', 'dashboard'],
    };
    for (const key of Object.values(stale)) client.setQueryData(key, {});
    const low = await screen.findByRole('textbox', { name: 'Low stock at or below' });
    const free = screen.getByRole('textbox', { name: 'Free delivery from ($)' });
    await userEvent.clear(free);
    await userEvent.type(free, '80');
    await userEvent.click(saveButton());
    expect(await screen.findByText('Settings saved: the shop uses them from now on')).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryState(stale.fee)?.isInvalidated).toBe(true));
    expect(client.getQueryState(stale.summary)?.isInvalidated).toBe(true);
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
