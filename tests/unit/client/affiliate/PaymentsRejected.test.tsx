import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import UnguardedAffiliatePage from '../../../../src/client/features/affiliate/pages/AffiliatePage';
import { useSession } from '../../../../src/client/stores/session-store';
import { logIn, makeUser, mockApi, renderRoute } from '../toolkit';
import { guarded } from '../toolkit/guarded';

const AffiliatePage = guarded('affiliate', UnguardedAffiliatePage);

const row = (id: number, over: Record<string, unknown>) => ({
  id,
  amount_cents: 2_500,
  requested_at: '2026-11-20T00:00:00.000Z',
  paid_at: null,
  status: 'Requested',
  reference: null,
  reject_reason: null,
  ...over,
});

function api() {
  return mockApi({
    '/v2/affiliate-dashboard': () => ({
      data: {
        code: 'AGENT1',
        link: 'https://shop.example.com/AGENT1',
        rate_bp: 1000,
        commission_total_cents: 5_000,
        commission_paid_cents: 0,
        commission_pending_cents: 5_000,
        visits: 0,
        conversions: 0,
        downlines: 1,
        payout: { allowed: true, reason: null, available_cents: 2_500 },
        bank: { bank_name: 'BDO', bank_account_name: 'Ana', bank_account_number: '1234 5678' },
      },
    }),
    '/v2/get-payout-requests': () => ({
      data: {
        payouts: [
          row(2, { status: 'Rejected', reject_reason: 'Account name does not match' }),
          row(1, { status: 'Paid', paid_at: '2026-11-21T00:00:00.000Z', reference: 'TRX-9' }),
        ],
        next_cursor: null,
        payout: { allowed: true, reason: null, available_cents: 2_500 },
      },
    }),
  });
}

afterEach(() => {
  useSession.getState().clear();
});

describe('Affiliate payments: decisions the shop made', () => {
  it('shows a rejected request with the reason, and a paid one with its reference', async () => {
    logIn(makeUser({ is_agent: 1 }));
    api();
    renderRoute(<AffiliatePage />, { path: '/affiliate?tab=payments', pattern: '/affiliate' });
    const table = await screen.findByRole('table', { name: 'Payment requests' });
    const [, rejected, paid] = within(table).getAllByRole('row');
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Reason: Account name does not match. You can request this amount again.');
    expect(paid).toHaveTextContent('Paid');
    expect(paid).toHaveTextContent('Reference: TRX-9');
  });

  it('says the same in Chinese', async () => {
    logIn(makeUser({ is_agent: 1 }));
    api();
    renderRoute(<AffiliatePage />, { path: '/affiliate?tab=payments', pattern: '/affiliate', lang: 'zh' });
    const table = await screen.findByRole('table', { name: '付款申请' });
    expect(table).toHaveTextContent('已拒绝');
    expect(table).toHaveTextContent('原因：Account name does not match。您可以重新申请这笔金额。');
    expect(table).toHaveTextContent('付款参考号：TRX-9');
  });
});
