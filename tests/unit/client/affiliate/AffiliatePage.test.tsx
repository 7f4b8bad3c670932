import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import UnguardedAffiliatePage from '../../../../src/client/features/affiliate/pages/AffiliatePage';
import { useSession } from '../../../../src/client/stores/session-store';
import { parseDollarsToCents } from '../../../../src/common/money';
import { type Handlers, logIn, makeUser, mockApi, renderRoute } from '../toolkit';
import { guarded } from '../toolkit/guarded';

// The page as the router serves it: behind RequireUser (app/guards).
const AffiliatePage = guarded('affiliate', UnguardedAffiliatePage);

const dashboard = (over: Record<string, unknown> = {}) => ({
  code: 'AGENT1',
  link: 'https://shop.example.com/AGENT1',
  rate_bp: 1000,
  commission_total_cents: 12_345,
  commission_paid_cents: 2_000,
  commission_pending_cents: 10_345,
  visits: 42,
  conversions: 5,
  downlines: 4,
  payout: { allowed: true, reason: null, available_cents: 3_000 },
  bank: { bank_name: 'BDO', bank_account_name: 'Ana', bank_account_number: '1234 5678' },
  ...over,
});

const payouts = (payout: Record<string, unknown>) => ({
  payouts: [
    { id: 1, amount_cents: 1_500, requested_at: '2026-02-01T00:00:00.000Z', paid_at: null, status: 'Requested' },
  ],
  next_cursor: null,
  payout,
});

function agentApi(extra: Handlers = {}) {
  return mockApi({
    '/v2/affiliate-dashboard': () => ({ data: dashboard() }),
    '/v2/get-payout-requests': () => ({ data: payouts({ allowed: true, reason: null, available_cents: 3_000 }) }),
    ...extra,
  });
}

afterEach(() => {
  useSession.getState().clear();
});

describe('Affiliate page', () => {
  it('sends a guest to login and a normal user to /referral', async () => {
    mockApi({});
    const guest = renderRoute(<AffiliatePage />, { path: '/affiliate', pattern: '/affiliate' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=/affiliate'));
    guest.unmount();
    logIn(makeUser({ is_agent: 0 }));
    renderRoute(<AffiliatePage />, { path: '/affiliate', pattern: '/affiliate' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/referral$/));
  });

  it('shows the dashboard totals to an agent, and moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    logIn(makeUser({ is_agent: 1 }));
    agentApi({
      '/v2/commission-data': () => ({
        data: {
          commissions: [
            {
              id: 9,
              order_no: 'LC-1',
              downline_nickname: 'Dora',
              base_cents: 5000,
              amount_cents: 500,
              rate_bp: 1000,
              status: 'Not Confirm',
              created_at: '2026-02-01T00:00:00.000Z',
            },
          ],
          next_cursor: null,
        },
      }),
    });
    renderRoute(<AffiliatePage />, { path: '/affiliate', pattern: '/affiliate' });
    const available = (await screen.findByText('Available for payout')).closest('div');
    expect(available).toHaveTextContent('$30.00');
    expect(screen.getByText('Total commission').closest('div')).toHaveTextContent('$123.45');
    expect(screen.getByText('Visits', { selector: 'dt' }).closest('div')).toHaveTextContent('42');
    expect(screen.getByText('Your commission rate: 10% of each order your downlines place.')).toBeInTheDocument();

    const tabs = screen.getByRole('tablist', { name: 'Affiliate sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Dashboard', 'Commission', 'Visits', 'Payments', 'Link generator', 'Settings', 'Downlines']);
    const dash = within(tabs).getByRole('tab', { name: 'Dashboard' });
    expect(dash).toHaveAttribute('aria-selected', 'true');
    dash.focus();
    await user.keyboard('{ArrowRight}');
    const commission = within(tabs).getByRole('tab', { name: 'Commission' });
    expect(commission).toHaveAttribute('aria-selected', 'true');
    expect(commission).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/affiliate?tab=commission');
    const panel = screen.getByRole('tabpanel', { name: 'Commission' });
    expect(await within(panel).findByText('Dora')).toBeInTheDocument();
    expect(within(panel).getByText('Not Confirm', { selector: 'span' })).toBeInTheDocument();
  });

  it('Payments: the form is disabled with the reason until a first confirmed commission', async () => {
    logIn(makeUser({ is_agent: 1 }));
    agentApi({
      '/v2/get-payout-requests': () => ({
        data: payouts({ allowed: false, reason: 'no_confirmed_commission', available_cents: 0 }),
      }),
    });
    renderRoute(<AffiliatePage />, { path: '/affiliate?tab=payments', pattern: '/affiliate' });
    const amount = await screen.findByLabelText('Amount ($)');
    expect(amount).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request payment' })).toBeDisabled();
    expect(
      screen.getByText('A payment can be requested only after the first commission is generated and confirmed.'),
    ).toBeInTheDocument();
    expect(amount.getAttribute('aria-describedby')).toContain(
      screen.getByText(/only after the first commission/).getAttribute('id'),
    );
    // The list shows amount, requested on, paid on.
    const table = screen.getByRole('table', { name: 'Payment requests' });
    expect(within(table).getByText('$15.00')).toBeInTheDocument();
    expect(within(table).getByText('Not paid yet')).toBeInTheDocument();
  });

  it('Payments: checks the amount, then requests it in cents', async () => {
    const user = userEvent.setup();
    logIn(makeUser({ is_agent: 1 }));
    const { callsTo } = agentApi({
      '/v2/request-payout': (body) => ({
        data: {
          payout: {
            id: 2,
            amount_cents: Number(body.get('amount_cents')),
            requested_at: '2026-02-02T00:00:00.000Z',
            paid_at: null,
            status: 'Requested',
          },
          available_cents: 450,
        },
      }),
    });
    renderRoute(<AffiliatePage />, { path: '/affiliate?tab=payments', pattern: '/affiliate' });
    const amount = await screen.findByLabelText('Amount ($)');
    const submit = screen.getByRole('button', { name: 'Request payment' });

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an amount');
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    // A decimal comma is refused (one rule for every amount form, src/common/money.ts), never read as $125.
    await user.type(amount, '1,25');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount in dollars, for example 25.00');
    expect(callsTo('/v2/request-payout')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '30.01');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('The amount is more than your available balance of $30.00');
    expect(callsTo('/v2/request-payout')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '25.5');
    await user.click(submit);
    expect(await screen.findByText('Payment of $25.50 requested')).toBeInTheDocument();
    expect(callsTo('/v2/request-payout')[0]?.body.get('amount_cents')).toBe('2550');
    expect(amount).toHaveValue('');
  });

  it('Payments: shows the server’s refusal at the field', async () => {
    const user = userEvent.setup();
    logIn(makeUser({ is_agent: 1 }));
    agentApi({
      '/v2/request-payout': () => ({
        status: 422,
        message: 'The amount is more than your available balance of $10.00',
        data: {
          errors: [{ field: 'amount_cents', message: 'The amount is more than your available balance of $10.00' }],
        },
      }),
    });
    renderRoute(<AffiliatePage />, { path: '/affiliate?tab=payments', pattern: '/affiliate' });
    await user.type(await screen.findByLabelText('Amount ($)'), '20');
    await user.click(screen.getByRole('button', { name: 'Request payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('more than your available balance of $10.00');
  });

  it('Settings: saves the bank details and says "Info updated successfully"', async () => {
    const user = userEvent.setup();
    logIn(makeUser({ is_agent: 1 }));
    const { callsTo } = agentApi({
      '/v2/update-commission-bank': (body) => ({
        message: 'Info updated successfully',
        data: {
          bank: {
            bank_name: body.get('bank_name'),
            bank_account_name: body.get('bank_account_name'),
            bank_account_number: body.get('bank_account_number'),
          },
        },
      }),
    });
    renderRoute(<AffiliatePage />, { path: '/affiliate?tab=settings', pattern: '/affiliate' });
    const name = await screen.findByLabelText('Bank name');
    expect(name).toHaveValue('BDO');
    const number = screen.getByLabelText('Bank account number');
    await user.clear(number);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bank account number must not be empty')).toHaveAttribute('role', 'alert');
    // Where the money goes changes only with the account's password.
    expect(screen.getByText('Please enter your current password')).toHaveAttribute('role', 'alert');
    expect(callsTo('/v2/update-commission-bank')).toHaveLength(0);

    await user.type(number, '0012-3456');
    await user.type(screen.getByLabelText('Current password'), 'Secret123!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Info updated successfully')).toBeInTheDocument();
    const sent = callsTo('/v2/update-commission-bank')[0]?.body;
    expect(sent?.get('bank_account_number')).toBe('0012-3456');
    expect(sent?.get('current_password')).toBe('Secret123!');
    // The password is not kept in the form after a save.
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('Link generator: asks for a link to the page and shows it with a copy button', async () => {
    const user = userEvent.setup();
    logIn(makeUser({ is_agent: 1 }));
    const { callsTo } = agentApi({
      '/v2/generate-affiliate-link': (body) => ({
        data: { link: `https://shop.example.com${body.get('path')}?ref=AGENT1` },
      }),
    });
    renderRoute(<AffiliatePage />, { path: '/affiliate?tab=links', pattern: '/affiliate' });
    const path = await screen.findByLabelText('Page of the shop');
    await user.clear(path);
    await user.type(path, '/products');
    await user.click(screen.getByRole('button', { name: 'Generate link' }));
    expect(await screen.findByLabelText('Your link')).toHaveValue('https://shop.example.com/products?ref=AGENT1');
    expect(callsTo('/v2/generate-affiliate-link')[0]?.body.get('path')).toBe('/products');
  });
});

describe('parseDollarsToCents', () => {
  it('reads dollars as whole cents without floating point', () => {
    expect(parseDollarsToCents('25')).toBe(2500);
    expect(parseDollarsToCents('25.5')).toBe(2550);
    expect(parseDollarsToCents(' $1,250.07 ')).toBe(125_007);
    expect(parseDollarsToCents('0.29')).toBe(29);
    for (const bad of ['', 'abc', '1.234', '-5', '1e3']) expect(parseDollarsToCents(bad)).toBeNull();
  });
});
