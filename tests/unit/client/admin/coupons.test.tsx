import type { AdminCoupon } from '@common/contract/admin/coupons';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../../src/client/app/admin/locales';
import CouponPage from '../../../../src/client/features/admin-coupons/pages/CouponPage';
import CouponsPage from '../../../../src/client/features/admin-coupons/pages/CouponsPage';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();
logOutAfterEach();

const routes = [
  { path: '/admin/coupons', Component: CouponsPage },
  { path: '/admin/coupons/new', Component: CouponPage },
  { path: '/admin/coupons/:id', Component: CouponPage },
];

const coupon = (id: number, extra: Partial<AdminCoupon> = {}): AdminCoupon => ({
  id,
  code: `TEA${id}`,
  kind: 'percent',
  value: 10,
  min_spend_cents: 2000,
  starts_at: null,
  ends_at: null,
  starts_on: null,
  ends_on: null,
  usage_limit: 100,
  per_user_limit: null,
  used_count: 12,
  is_active: true,
  state: 'active',
  created_at: '2026-11-20T00:00:00.000Z',
  ...extra,
});

describe('back office: Coupons list', () => {
  it('lists coupons with discount, days, "12 of 100 used" and state; searches, filters, pages; New coupon opens the form', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/coupons/list': (body) => {
        if (body.get('state') === 'paused') {
          return { data: { coupons: [coupon(1, { is_active: false, state: 'paused' })], next_cursor: null } };
        }
        if (body.get('q')) return { data: { coupons: [coupon(9, { code: 'SPRING9' })], next_cursor: null } };
        return body.get('cursor')
          ? { data: { coupons: [coupon(2, { kind: 'fixed', value: 500, usage_limit: null })], next_cursor: null } }
          : {
              data: {
                coupons: [
                  coupon(4, {
                    starts_on: '2030-01-10',
                    ends_on: '2030-01-20',
                    per_user_limit: 2,
                    state: 'scheduled',
                    used_count: 0,
                  }),
                  coupon(3),
                ],
                next_cursor: 3,
              },
            };
      },
    });
    renderRoutes(routes, '/admin/coupons');
    expect(await screen.findByRole('heading', { name: 'Coupons', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('TEA4');
    expect(first).toHaveTextContent('10% off');
    expect(first).toHaveTextContent('$20.00');
    expect(first).toHaveTextContent('Jan 10, 2030 – Jan 20, 2030');
    expect(first).toHaveTextContent('0 of 100 used');
    expect(first).toHaveTextContent('2 per customer');
    expect(first).toHaveTextContent('Scheduled');
    expect(second).toHaveTextContent('12 of 100 used');
    expect(second).toHaveTextContent('Always');
    expect(second).toHaveTextContent('No limit');
    expect(within(second!).getByRole('link', { name: 'TEA3' })).toHaveAttribute('href', '/admin/coupons/3');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByText('$5.00 off')).toBeInTheDocument());
    expect(screen.getByText('12 used (no limit)')).toBeInTheDocument();
    expect(callsTo('/admin/coupons/list').at(-1)!.body.get('cursor')).toBe('3');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Paused');
    await waitFor(() => expect(screen.getByText('TEA1')).toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/coupons?state=paused');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Any state');
    await user.type(screen.getByRole('searchbox', { name: 'Search codes' }), 'spr');
    await waitFor(() => expect(screen.getByText('SPRING9')).toBeInTheDocument());
    expect(callsTo('/admin/coupons/list').filter((c) => c.body.get('q'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/coupons/new'));
    expect(await screen.findByRole('heading', { name: 'New coupon', level: 1 })).toBeInTheDocument();
  });

  it('is in the navigation for a manager', async () => {
    asStaff(staffMe('manager'), {
      '/admin/coupons/list': () => ({ data: { coupons: [coupon(3)], next_cursor: null } }),
      '/admin/dashboard': () => ({ status: 500, message: 'not in this test' }),
    });
    renderAdmin('/admin/coupons');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Coupons' })).toHaveAttribute('href', '/admin/coupons');
    expect(await screen.findByRole('table', { name: 'Coupons' })).toHaveTextContent('TEA3');
  });

  it('is not offered to fulfilment', async () => {
    asStaff(staffMe('fulfilment'), {
      '/admin/dashboard': () => ({ status: 500, message: 'not in this test' }),
    });
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Coupons' })).not.toBeInTheDocument();
  });
});

describe('back office: a coupon', () => {
  it('New coupon: checks the fields with the shop’s rules, sends a percentage or cents, then opens the coupon', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/coupons/create': (body) => {
        if (body.get('code') === 'WELCOME10') {
          return {
            status: 409,
            message: 'Another coupon already has the code WELCOME10',
            errors: [{ field: 'code', message: 'Another coupon already has the code WELCOME10' }],
          };
        }
        return { data: coupon(7, { code: 'SPRING', kind: 'fixed', value: 550 }), message: 'Coupon SPRING created' };
      },
      '/admin/coupons/get': () => ({
        data: { coupon: coupon(7, { code: 'SPRING', used_count: 0 }), redemptions: [], redemptions_total: 0 },
      }),
    });
    renderRoutes(routes, '/admin/coupons/new');
    await screen.findByRole('heading', { name: 'New coupon', level: 1 });
    // The days' meaning is in the hints.
    expect(screen.getByText(/from the start of this day, in the shop’s time zone/)).toBeInTheDocument();
    expect(screen.getByText(/until the end of this day, in the shop’s time zone/)).toBeInTheDocument();

    const create = screen.getByRole('button', { name: 'Create coupon' });
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'x!');
    await user.type(screen.getByRole('textbox', { name: 'Percentage off (%)' }), '150');
    await user.clear(screen.getByRole('textbox', { name: 'Minimum spend ($)' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum spend ($)' }), '1,5');
    await user.type(screen.getByLabelText('First day'), '2030-02-10');
    await user.type(screen.getByLabelText('Last day'), '2030-02-01');
    await user.type(screen.getByRole('textbox', { name: 'Total uses' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'Uses per customer' }), 'two');
    await user.click(create);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
      /A code is 3 to 32 letters, digits, “-” or “_”, starting with a letter or digit/,
    );
    expect(screen.getByRole('textbox', { name: 'Percentage off (%)' })).toHaveAccessibleDescription(
      /A percentage is a whole number from 1 to 100/,
    );
    expect(screen.getByRole('textbox', { name: 'Minimum spend ($)' })).toHaveAccessibleDescription(
      /The minimum spend must be \$0\.00 or more/,
    );
    expect(screen.getByLabelText('Last day')).toHaveAccessibleDescription(
      /The last day must not be before the first day/,
    );
    expect(screen.getByRole('textbox', { name: 'Total uses' })).toHaveAccessibleDescription(/at least 1/);
    expect(screen.getByRole('textbox', { name: 'Uses per customer' })).toHaveAccessibleDescription(/at least 1/);
    expect(callsTo('/admin/coupons/create')).toHaveLength(0);

    // Fixed: dollars typed, cents sent.
    await user.click(screen.getByRole('radio', { name: 'Fixed amount off' }));
    const amount = screen.getByRole('textbox', { name: 'Amount off ($)' });
    await user.clear(amount);
    await user.type(amount, '5.50');
    await user.clear(screen.getByRole('textbox', { name: 'Code' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'WELCOME10');
    await user.clear(screen.getByRole('textbox', { name: 'Minimum spend ($)' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum spend ($)' }), '30');
    await user.clear(screen.getByLabelText('Last day'));
    await user.clear(screen.getByRole('textbox', { name: 'Total uses' }));
    await user.type(screen.getByRole('textbox', { name: 'Total uses' }), '100');
    await user.clear(screen.getByRole('textbox', { name: 'Uses per customer' }));
    await user.click(create);
    // The server's refusal at its field.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
        /Another coupon already has the code WELCOME10/,
      ),
    );
    const sent = callsTo('/admin/coupons/create')[0]!.body;
    expect(
      Object.fromEntries(
        ['code', 'kind', 'value', 'min_spend_cents', 'starts_on', 'usage_limit'].map((k) => [k, sent.get(k)]),
      ),
    ).toEqual({
      code: 'WELCOME10',
      kind: 'fixed',
      value: '550',
      min_spend_cents: '3000',
      starts_on: '2030-02-10',
      usage_limit: '100',
    });
    expect(sent.has('ends_on')).toBe(false);
    expect(sent.has('per_user_limit')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: 'Code' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'spring');
    await user.click(create);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/coupons/7'));
    expect(notify.success).toHaveBeenCalledWith('Coupon SPRING created');
    expect(await screen.findByRole('heading', { name: 'Coupon SPRING', level: 1 })).toBeInTheDocument();
  });

  it('a coupon’s page: uses so far and the latest orders, edit with the used-coupon notice, Pause after asking', async () => {
    const user = userEvent.setup();
    let current = coupon(3, { per_user_limit: 1, ends_on: '2030-01-20', ends_at: '2030-01-20T16:00:00.000Z' });
    const { callsTo } = mockApi({
      '/admin/coupons/get': () => ({
        data: {
          coupon: current,
          redemptions: [
            {
              order_no: 'LC-20261124-ABC123',
              customer: { id: 41, email: 'mei@example.com', nickname: 'Mei' },
              discount_cents: 250,
              used_at: '2026-11-24T03:00:00.000Z',
            },
          ],
          redemptions_total: 12,
        },
      }),
      '/admin/coupons/update': (body) => {
        if (body.get('usage_limit') === '12') {
          return {
            status: 422,
            message: 'The coupon has been used 13 times: the total limit cannot be lower',
            errors: [
              { field: 'usage_limit', message: 'The coupon has been used 13 times: the total limit cannot be lower' },
            ],
          };
        }
        current = { ...current, usage_limit: Number(body.get('usage_limit')), value: Number(body.get('value')) };
        return { data: current, message: 'Coupon TEA3 saved' };
      },
      '/admin/coupons/pause': () => {
        current = { ...current, is_active: false, state: 'paused' };
        return {
          data: { coupon: current, changed: true },
          message: 'Coupon TEA3 paused: customers can no longer use it',
        };
      },
      '/admin/coupons/resume': () => {
        current = { ...current, is_active: true, state: 'active' };
        return { data: { coupon: current, changed: true }, message: 'Coupon TEA3 resumed' };
      },
    });
    renderRoutes(routes, '/admin/coupons/3');
    await screen.findByRole('heading', { name: 'Coupon TEA3', level: 1 });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('12 of 100 used');
    expect(summary).toHaveTextContent('Until Jan 20, 2030');
    expect(summary).toHaveTextContent('1 per customer');
    const uses = screen.getByRole('table', { name: 'The latest orders that used this coupon' });
    expect(within(uses).getByRole('link', { name: 'LC-20261124-ABC123' })).toHaveAttribute(
      'href',
      '/admin/orders/LC-20261124-ABC123',
    );
    expect(within(uses).getByRole('link', { name: 'Mei' })).toHaveAttribute('href', '/admin/customers/41');
    expect(uses).toHaveTextContent('$2.50');
    expect(screen.getByText('The latest 1 of 12 are shown.')).toBeInTheDocument();

    // The form, filled from the coupon; the notice that the discount changes only new orders.
    expect(
      screen.getByText(
        /This coupon has been used 12 times\. Changing its discount applies to orders placed from now on/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('TEA3');
    expect(screen.getByRole('radio', { name: 'Percentage off' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Minimum spend ($)' })).toHaveValue('20.00');
    expect(screen.getByLabelText('Last day')).toHaveValue('2030-01-20');
    const limit = screen.getByRole('textbox', { name: 'Total uses' });
    expect(limit).toHaveAccessibleDescription(/used 12 times so far, so not lower/);

    // Below the uses: refused here first, then (uses grew meanwhile) by the server.
    await user.clear(limit);
    await user.type(limit, '11');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(limit).toHaveAccessibleDescription(/The coupon has been used 12 times: the total limit cannot be lower/);
    expect(callsTo('/admin/coupons/update')).toHaveLength(0);
    await user.clear(limit);
    await user.type(limit, '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(limit).toHaveAccessibleDescription(/The coupon has been used 13 times: the total limit cannot be lower/),
    );
    await user.clear(limit);
    await user.type(limit, '13');
    const percent = screen.getByRole('textbox', { name: 'Percentage off (%)' });
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Coupon TEA3 saved'));
    const sent = callsTo('/admin/coupons/update')[1]!.body;
    expect(sent.get('id')).toBe('3');
    expect(sent.get('value')).toBe('15');
    expect(sent.get('usage_limit')).toBe('13');
    expect(sent.get('ends_on')).toBe('2030-01-20');
    expect(sent.get('per_user_limit')).toBe('1');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent('12 of 13 used'));

    // Pause asks first; "Keep it active" changes nothing.
    await user.click(screen.getByRole('button', { name: 'Pause coupon TEA3' }));
    await user.click(await screen.findByRole('button', { name: 'Keep it active' }));
    expect(callsTo('/admin/coupons/pause')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Pause coupon TEA3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause coupon TEA3?' });
    expect(dialog).toHaveTextContent('Orders already placed keep their discount.');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('Coupon TEA3 paused: customers can no longer use it');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent('Paused'));
    await user.click(screen.getByRole('button', { name: 'Resume coupon TEA3' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Coupon TEA3 resumed'));
    expect(callsTo('/admin/coupons/resume')[0]!.body.get('id')).toBe('3');
  });

  it('shows a refusal that names no field above the form’s button', async () => {
    const user = userEvent.setup();
    mockApi({
      '/admin/coupons/get': () => ({
        data: { coupon: coupon(3, { used_count: 0 }), redemptions: [], redemptions_total: 0 },
      }),
      '/admin/coupons/update': () => ({ status: 500, message: 'Something went wrong on our side' }),
    });
    renderRoutes(routes, '/admin/coupons/3');
    await screen.findByRole('heading', { name: 'Coupon TEA3', level: 1 });
    expect(screen.getByText('No order has used it yet.')).toBeInTheDocument();
    expect(screen.queryByText(/This coupon has been used/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong on our side')).toHaveAttribute('role', 'alert');
  });

  it('a missing coupon says so', async () => {
    mockApi({ '/admin/coupons/get': () => ({ status: 404, message: 'There is no such coupon' }) });
    renderRoutes(routes, '/admin/coupons/404');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such coupon');
  });

  it.each(['abc', '0', '12x'])(
    '/admin/coupons/%s is the back office’s “no such page”, not the New coupon form',
    async (id) => {
      const { callsTo } = mockApi({});
      renderRoutes(routes, `/admin/coupons/${id}`);
      expect(await screen.findByRole('alert')).toHaveTextContent('There is no such page in the back office.');
      expect(screen.queryByRole('heading', { name: 'New coupon' })).not.toBeInTheDocument();
      expect(callsTo('/admin/coupons/get')).toHaveLength(0);
    },
  );

  it('Pause and Resume that do not reach the server say so in the screen’s language', async () => {
    const user = userEvent.setup();
    mockApi({
      '/admin/coupons/get': () => ({
        data: { coupon: coupon(3, { is_active: false, state: 'paused' }), redemptions: [], redemptions_total: 0 },
      }),
      '/admin/coupons/resume': () => ({ network: true }),
    });
    renderRoutes(routes, '/admin/coupons/3', { lang: 'zh' });
    await user.click(await screen.findByRole('button', { name: '恢复优惠券 TEA3' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('操作未能完成，请检查网络后重试。'));
  });
});
