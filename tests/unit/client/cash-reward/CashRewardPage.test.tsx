import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import UnguardedCashRewardPage from '../../../../src/client/features/cash-reward/pages/CashRewardPage';
import { useSession } from '../../../../src/client/stores/session-store';
import { logIn, mockApi, renderRoute } from '../toolkit';
import { guarded } from '../toolkit/guarded';

// The page as the router serves it: behind RequireUser (app/guards).
const CashRewardPage = guarded('cashReward', UnguardedCashRewardPage);

const entry = (id: number, type: string, amount: number, balance: number) => ({
  id,
  type,
  order_no: `LC-${id}`,
  spend_cents: 10_000,
  amount_cents: amount,
  balance_after_cents: balance,
  status: 'Active',
  created_at: '2026-02-01T00:00:00.000Z',
});

afterEach(() => {
  useSession.getState().clear();
});

describe('Cash Reward page', () => {
  it('sends a guest to the login screen', async () => {
    mockApi({});
    renderRoute(<CashRewardPage />, { path: '/cashReward', pattern: '/cashReward' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=/cashReward'));
  });

  it('shows the balance, totals and the ledger, with Load more', async () => {
    const user = userEvent.setup();
    logIn();
    const { callsTo } = mockApi({
      '/v2/get-cash-rebate-list': (body) => ({
        data: {
          balance_cents: 250,
          on_hold_cents: 100,
          total_earned_cents: 1000,
          total_redeemed_cents: 750,
          reward_percent: 5,
          entries: body.get('cursor')
            ? [entry(1, 'earned', 500, 500)]
            : [entry(3, 'redeemed', -750, 250), entry(2, 'earned', 500, 1000)],
          next_cursor: body.get('cursor') ? null : '2',
        },
      }),
    });
    renderRoute(<CashRewardPage />, { path: '/cashReward', pattern: '/cashReward' });
    expect((await screen.findByText('Balance', { selector: 'dt' })).closest('div')).toHaveTextContent('$2.50');
    expect(screen.getByText('Amount redeemed').closest('div')).toHaveTextContent('$7.50');
    expect(
      screen.getByText('Every completed order earns 5% of its spend. Redeem your balance at checkout.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Cash reward history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Order', 'Spend', 'Rewards amount', 'Status', 'Balance']);
    expect(within(table).getByText('-$7.50')).toBeInTheDocument();
    expect(within(table).getByText('Redeemed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('LC-1')).toBeInTheDocument();
    expect(callsTo('/v2/get-cash-rebate-list')[1]?.body.get('cursor')).toBe('2');
  });

  it('shows the empty state', async () => {
    logIn();
    mockApi({
      '/v2/get-cash-rebate-list': () => ({
        data: {
          balance_cents: 0,
          on_hold_cents: 0,
          total_earned_cents: 0,
          total_redeemed_cents: 0,
          reward_percent: 5,
          entries: [],
          next_cursor: null,
        },
      }),
    });
    renderRoute(<CashRewardPage />, { path: '/cashReward', pattern: '/cashReward' });
    expect(await screen.findByText('No cash rewards yet. Complete an order to earn some.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  });
});
