export const customerRow = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  nickname: `Customer ${id}`,
  email: `c${id}@example.com`,
  phone: `+63917000000${id}`,
  joined_at: '2026-10-01T00:00:00.000Z',
  orders_count: id,
  cash_balance_cents: id * 100,
  is_agent: false,
  telegram_linked: false,
  ...overrides,
});

export const subscriptionRow = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  customer: { id: 40 + id, nickname: `Sub ${id}`, email: `s${id}@example.com` },
  product: 'Jasmine Pearls',
  packaging: '100 g tin',
  quantity: 2,
  frequency_weeks: 4,
  status: 'active',
  next_due_at: '2026-12-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
