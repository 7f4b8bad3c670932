import AffiliatesPage from '../../../../src/client/features/admin-affiliates/pages/AffiliatesPage';
import { type Handlers, mockApi, renderRoute } from '../toolkit';

// The Affiliates screen's answers as the server gives them, and the page rendered at a URL.

const BANK = { bank_name: 'BDO', bank_account_name: 'Ana Agent', bank_account_number: '1234-5678' };
const zeroSums = { 'Pending Payment': 0, 'Not Confirm': 0, Canceled: 0, 'On Hold': 0, Paid: 0 };
export const agent = (over: Record<string, unknown> = {}) => ({
  user_id: 5,
  email: 'ana@example.com',
  nickname: 'Ana',
  is_agent: true,
  rate_bp: 1250,
  commission_cents: { ...zeroSums, 'Pending Payment': 3_000, Paid: 1_000 },
  owed_cents: 3_000,
  requested_cents: 500,
  downlines: 4,
  ...over,
});
export const person = (id: number, email: string) => ({ id, email, nickname: email.split('@')[0] });
export const commission = (id: number, status: string, actions: string[]) => ({
  id,
  agent: person(5, 'ana@example.com'),
  order_no: `LC-${id}`,
  downline: person(9, 'dora@example.com'),
  base_cents: 10_000,
  amount_cents: 1_000,
  rate_bp: 1000,
  status,
  hold_reason: [] as string[],
  actions,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});
export const payout = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  agent: person(5, 'ana@example.com'),
  amount_cents: 2_500,
  status: 'requested',
  requested_at: '2026-11-21T10:00:00.000Z',
  paid_at: null,
  decided_at: null,
  decided_by: null,
  reference: null,
  reject_reason: null,
  bank: BANK,
  bank_now: BANK,
  bank_changed_since_request: false,
  bank_changed_at: null,
  bank_recently_changed: false,
  ...over,
});

export function affiliatesApi(extra: Handlers = {}) {
  return mockApi({
    '/admin/affiliates/agents': () => ({
      data: {
        agents: [agent(), agent({ user_id: 6, email: 'old@example.com', is_agent: false })],
        next_cursor: null,
        default_rate_bp: 1000,
      },
    }),
    '/admin/affiliates/commissions': () => ({
      data: {
        commissions: [commission(1, 'Not Confirm', ['confirm', 'hold', 'cancel']), commission(2, 'Paid', [])],
        next_cursor: null,
      },
    }),
    '/admin/affiliates/payouts': () => ({ data: { payouts: [payout(7)], next_cursor: null } }),
    ...extra,
  });
}

export const renderPage = (url = '/admin/affiliates', lang?: 'en' | 'zh') =>
  renderRoute(<AffiliatesPage />, { path: url, pattern: '/admin/affiliates', lang });
