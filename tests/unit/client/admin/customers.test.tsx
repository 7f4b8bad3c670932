import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
// The back office shell's strings, as AdminApp loads them.
import '../../../../src/client/app/admin/locales';
import CustomerPage from '../../../../src/client/features/admin-customers/pages/CustomerPage';
import CustomersPage from '../../../../src/client/features/admin-customers/pages/CustomersPage';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { customerRow } from './people-fixtures';

allowSlowScreens();

const routes = [
  { path: '/admin/customers', Component: CustomersPage },
  { path: '/admin/customers/:id', Component: CustomerPage },
];

describe('back office: Customers', () => {
  it('lists customers, searches by what is typed, pages with Load more and opens a customer', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/customers/list': (body) => {
        if (body.get('q'))
          return { data: { customers: [customerRow(9, { nickname: 'Mei Wong' })], next_cursor: null } };
        return body.get('cursor')
          ? { data: { customers: [customerRow(1)], next_cursor: null } }
          : {
              data: {
                customers: [customerRow(3, { is_agent: true, telegram_linked: true }), customerRow(2)],
                next_cursor: 2,
              },
            };
      },
    });
    renderRoutes(routes, '/admin/customers');
    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Customers' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Customer 3');
    expect(first).toHaveTextContent('c3@example.com');
    expect(first).toHaveTextContent('$3.00');
    expect(first).toHaveTextContent('Linked');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByText('Customer 1')).toBeInTheDocument());
    expect(callsTo('/admin/customers/list').at(-1)!.body.get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'mei');
    await waitFor(() => expect(screen.getByText('Mei Wong')).toBeInTheDocument());
    expect(callsTo('/admin/customers/list').at(-1)!.body.get('q')).toBe('mei');
    // Typing asks once the typing pauses, not per key.
    expect(callsTo('/admin/customers/list').filter((c) => c.body.get('q'))).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/customers?q=mei');

    await user.click(screen.getByRole('link', { name: 'Mei Wong' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/customers/9'));
  });

  it('shows a customer’s profile, Telegram, orders, cash reward, referrals and subscriptions', async () => {
    const { callsTo } = mockApi({
      '/admin/customers/get': () => ({
        data: {
          profile: {
            id: 9,
            nickname: 'Mei Wong',
            email: 'mei@example.com',
            phone: '+639170000009',
            language: 'zh',
            joined_at: '2026-10-01T00:00:00.000Z',
            is_agent: true,
            commission_rate_bp: 1200,
            referral_code: 'MEI9',
          },
          telegram: { linked: true, username: 'meiwong', name: 'Mei W' },
          orders: {
            total: 31,
            latest: [
              {
                id: 5,
                order_no: 'LC-20261120-ABCDEF',
                status: 'Paid',
                total_cents: 4530,
                placed_at: '2026-11-20T03:00:00.000Z',
              },
            ],
          },
          cash_reward: {
            balance_cents: 250,
            entries: [
              {
                id: 1,
                type: 'earned',
                amount_cents: 250,
                balance_after_cents: 250,
                order_no: 'LC-20261120-ABCDEF',
                created_at: '2026-11-21T00:00:00.000Z',
              },
            ],
          },
          referral: {
            upline: { id: 2, nickname: 'Lin', email: 'lin@example.com' },
            downlines_count: 1,
            downlines: [{ id: 12, nickname: 'Ana', email: 'ana@example.com', joined_at: '2026-11-02T00:00:00.000Z' }],
          },
          subscriptions: [
            {
              id: 4,
              product: 'Jasmine Pearls',
              packaging: '100 g tin',
              quantity: 2,
              frequency_weeks: 4,
              status: 'active',
              next_due_at: '2026-12-01T00:00:00.000Z',
            },
          ],
        },
      }),
    });
    renderRoutes(routes, '/admin/customers/9');
    expect(await screen.findByRole('heading', { name: 'Mei Wong', level: 1 })).toBeInTheDocument();
    expect(callsTo('/admin/customers/get')[0]!.body.get('id')).toBe('9');

    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile).toHaveTextContent('mei@example.com');
    expect(profile).toHaveTextContent('Agent, 12% commission');
    expect(screen.getByRole('region', { name: 'Telegram' })).toHaveTextContent('Linked');
    expect(screen.getByRole('region', { name: 'Telegram' })).toHaveTextContent('@meiwong');

    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(orders).toHaveTextContent('31 orders in all');
    expect(within(orders).getByRole('link', { name: 'LC-20261120-ABCDEF' })).toHaveAttribute(
      'href',
      '/admin/orders/LC-20261120-ABCDEF',
    );
    expect(orders).toHaveTextContent('$45.30');

    const cash = screen.getByRole('region', { name: 'Cash reward' });
    expect(cash).toHaveTextContent('$2.50');
    expect(cash).toHaveTextContent('Earned');

    const referrals = screen.getByRole('region', { name: 'Referrals' });
    expect(within(referrals).getByRole('link', { name: 'Lin (lin@example.com)' })).toHaveAttribute(
      'href',
      '/admin/customers/2',
    );
    expect(referrals).toHaveTextContent('1 members joined through this customer.');
    expect(within(referrals).getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/admin/customers/12');

    const subs = screen.getByRole('region', { name: 'Subscriptions' });
    expect(subs).toHaveTextContent('Jasmine Pearls (100 g tin)');
    expect(subs).toHaveTextContent('Every 4 weeks');
    expect(subs).toHaveTextContent('Active');
  });

  it('says so when the customer does not exist', async () => {
    mockApi({ '/admin/customers/get': () => ({ status: 404, message: 'There is no customer with this id' }) });
    renderRoutes(routes, '/admin/customers/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no customer with this id');
  });
});
