import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { logOutAfterEach } from '../admin/staff-session';
import { affiliatesApi, commission, payout, person, renderPage } from './fixtures';

// What the back office shows of self-referral holds and changed bank accounts (docs/decisions/031, 032).

const NOW = { bank_name: 'Mule Bank', bank_account_name: 'Someone Else', bank_account_number: '9999-8888' };
const award = (memberId: number, status: string, holdReason: string[]) => ({
  member: person(memberId, `member${memberId}@example.com`),
  referrer: person(3, 'rita@example.com'),
  order_no: `LC-A${memberId}`,
  amount_cents: 500,
  status,
  hold_reason: holdReason,
  created_at: '2026-12-01T10:00:00.000Z',
  decided_at: null,
  decided_by: null,
});

logOutAfterEach();

describe('holds and bank changes in the Affiliates screen', () => {
  it('a payout whose agent changed the bank account since: pay-to as asked, the new account flagged', async () => {
    affiliatesApi({
      '/admin/affiliates/payouts': () => ({
        data: {
          payouts: [
            payout(7, {
              bank_now: NOW,
              bank_changed_since_request: true,
              bank_changed_at: '2026-12-06T09:00:00.000Z',
              bank_recently_changed: true,
            }),
          ],
          next_cursor: null,
        },
      }),
    });
    renderPage('/admin/affiliates?tab=payouts');
    const table = await screen.findByRole('table', { name: 'Payout requests' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('1234-5678');
    expect(row).toHaveTextContent('Changed since the request');
    expect(row).toHaveTextContent('The agent’s account is now:');
    expect(row).toHaveTextContent('9999-8888');
    expect(row).toHaveTextContent(/Bank account changed .*2026/);
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Mark payout request 7 as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark $25.00 to ana@example.com as paid' });
    expect(dialog).toHaveTextContent('Changed since the request');
  });

  it('a held commission says what the two accounts share', async () => {
    affiliatesApi({
      '/admin/affiliates/commissions': () => ({
        data: {
          commissions: [{ ...commission(4, 'On Hold', ['confirm', 'cancel']), hold_reason: ['address', 'device'] }],
          next_cursor: null,
        },
      }),
    });
    renderPage('/admin/affiliates?tab=commissions');
    const table = await screen.findByRole('table', { name: 'Commissions' });
    expect(table).toHaveTextContent('Shares with the referrer: a delivery address, a browser');
  });

  it('Referral awards: opens on those On Hold; Release credits, Refuse asks first', async () => {
    const user = userEvent.setup();
    const api = affiliatesApi({
      '/admin/affiliates/awards': () => ({
        data: {
          awards: [award(11, 'on_hold', ['client_address']), award(12, 'on_hold', ['phone'])],
          next_cursor: null,
        },
      }),
      '/admin/affiliates/award-decision': (body) => ({
        data: award(Number(body.get('member_id')), body.get('decision') === 'release' ? 'credited' : 'refused', []),
      }),
    });
    renderPage('/admin/affiliates?tab=awards');
    const table = await screen.findByRole('table', { name: 'Referral awards' });
    expect(api.callsTo('/admin/affiliates/awards')[0]!.body.get('status')).toBe('on_hold');
    expect(table).toHaveTextContent('Shares with the referrer: the sign-up network');
    await user.click(within(table).getByRole('button', { name: 'Release the award for member11@example.com' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/award-decision')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('/admin/affiliates/award-decision')[0]!.body)).toMatchObject({
      member_id: '11',
      decision: 'release',
    });
    expect(await screen.findByText('Award released: $5.00 credited')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Refuse the award for member12@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the award for member12@example.com?' });
    expect(dialog).toHaveTextContent('$5.00 will not be credited to rita@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/award-decision')).toHaveLength(2));
    expect(api.callsTo('/admin/affiliates/award-decision')[1]!.body.get('decision')).toBe('refuse');
  });
});
