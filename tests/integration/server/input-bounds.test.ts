import { createUser } from '../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../helper';

/** A keyset cursor as the server writes them (catalogue, orders, cash reward), naming row `id`. */
const keysetCursor = (id: number, order: 'n' | 'o' = 'n') =>
  Buffer.from(JSON.stringify({ t: '2026-01-01T00:00:00.000Z', i: id, o: order })).toString('base64url');

/** Values around the int4 columns' limits: the largest they hold, one past it, far past it, and negative. */
const BOUNDARY = ['2147483647', '2147483648', '99999999999', '-1'] as const;
const OUT_OF_RANGE = new Set(['2147483648', '99999999999']);

// An id no column can hold must be refused as bad input on both databases (PostgreSQL would otherwise
// fail the query with "out of range for type integer" and answer 500).
describe.each(dialects)('ids beyond the column range on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['/v2/get-product-details', { product_id: '2147483648' }, 'product_id'],
    ['/v2/get-product-details', { product_id: '99999999999999' }, 'product_id'],
    ['/v2/get-product-reviews', { product_id: '2147483648' }, 'product_id'],
  ])('%s %j → 422 naming the field', async (path, body, field) => {
    const res = await post(t.app, path, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 422 });
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('the largest id a column holds is a plain "not found"', async () => {
    const res = await post(t.app, '/v2/get-product-details', { product_id: '2147483647' });
    expect(res.status).toBe(404);
  });

  it('a sold-out product reads as out of stock on its page', async () => {
    const product = await t.db
      .selectFrom('products')
      .select(['id'])
      .where('stock_state', '=', 'in_stock')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', product.id).execute();
    await t.db.updateTable('products').set({ stock_total: 0 }).where('id', '=', product.id).execute();
    const details = await post(t.app, '/v2/get-product-details', {
      product_id: product.id,
    });
    expect(details.body.data.product.stock_state).toBe('out_of_stock');
  });
});

// Every number of the contract that reaches SQL, at the int4 boundary, on both databases: one no column can
// hold is a 4xx naming its field (never a 500 from PostgreSQL's "out of range for type integer").
describe.each(dialects)('whole numbers at the column range on %s', (dialect) => {
  let t: TestApp;
  let customer: string;
  let agent: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    customer = (await createUser(t.db)).token;
    agent = (await createUser(t.db, { is_agent: 1 })).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  type Case = [path: string, field: string, body: (v: string) => Record<string, unknown>, who?: 'customer' | 'agent'];
  const line = (over: Record<string, unknown>) => [{ product_id: 1, variant_id: 1, quantity: 1, ...over }];
  const cases: Case[] = [
    ['/v2/get-product-list', 'category', (v) => ({ category: v })],
    ['/v2/get-product-list', 'limit', (v) => ({ limit: v })],
    ['/v2/get-product-details', 'product_id', (v) => ({ product_id: v })],
    ['/v2/get-product-reviews', 'product_id', (v) => ({ product_id: v })],
    ['/v2/get-product-reviews', 'limit', (v) => ({ product_id: 1, limit: v })],
    ['/v1/get-shipping-fee', 'state_id', (v) => ({ state_id: v, items: line({}) }), 'customer'],
    [
      '/v1/get-shipping-fee',
      'items.0.quantity',
      (v) => ({ state_id: 1, items: line({ quantity: Number(v) }) }),
      'customer',
    ],
    ['/v2/checkout-summary', 'items.0.product_id', (v) => ({ items: line({ product_id: Number(v) }) }), 'customer'],
    ['/v2/checkout-summary', 'items.0.variant_id', (v) => ({ items: line({ variant_id: Number(v) }) }), 'customer'],
    ['/v2/checkout-summary', 'items.0.quantity', (v) => ({ items: line({ quantity: Number(v) }) }), 'customer'],
    [
      '/v2/checkout-summary',
      'items.0.frequency_weeks',
      (v) => ({ items: line({ frequency_weeks: Number(v) }) }),
      'customer',
    ],
    ['/v2/checkout-summary', 'address_id', (v) => ({ items: line({}), address_id: v }), 'customer'],
    ['/v2/checkout-summary', 'state_id', (v) => ({ items: line({}), state_id: v }), 'customer'],
    ['/v2/save-address', 'address_id', (v) => ({ address_id: v }), 'customer'],
    ['/v2/save-address', 'state_id', (v) => ({ state_id: v }), 'customer'],
    ['/v2/delete-address', 'address_id', (v) => ({ address_id: v }), 'customer'],
    ['/v1/update-onhold-rebate-amount', 'amount_cents', (v) => ({ amount_cents: v }), 'customer'],
    ['/v2/get-cash-rebate-list', 'limit', (v) => ({ limit: v }), 'customer'],
    [
      '/v1/order',
      'expected_total_cents',
      (v) => ({ idempotency_key: 'bounds-key-0001', expected_total_cents: v }),
      'customer',
    ],
    ['/v1/order', 'address_id', (v) => ({ idempotency_key: 'bounds-key-0002', address_id: v }), 'customer'],
    ['/v1/get-orders', 'limit', (v) => ({ limit: v }), 'customer'],
    ['/v1/get-order-details', 'order_id', (v) => ({ order_id: v }), 'customer'],
    ['/v2/update-order-address', 'order_id', (v) => ({ order_id: v, address_id: 1 }), 'customer'],
    ['/v2/update-order-address', 'address_id', (v) => ({ order_id: 1, address_id: v }), 'customer'],
    ['/v2/cancel-order', 'order_id', (v) => ({ order_id: v }), 'customer'],
    ['/v1/add-review', 'rating', (v) => ({ product_id: 1, order_id: 1, rating: v }), 'customer'],
    ['/v1/get-payment-link', 'order_id', (v) => ({ order_id: v }), 'customer'],
    ['/v2/update-subscription', 'subscription_id', (v) => ({ subscription_id: v, quantity: 1 }), 'customer'],
    ['/v2/update-subscription', 'quantity', (v) => ({ subscription_id: 1, quantity: v }), 'customer'],
    ['/v2/update-subscription', 'frequency_weeks', (v) => ({ subscription_id: 1, frequency_weeks: v }), 'customer'],
    ['/v2/update-subscription', 'address_id', (v) => ({ subscription_id: 1, address_id: v }), 'customer'],
    ['/v2/cancel-subscription', 'subscription_id', (v) => ({ subscription_id: v }), 'customer'],
    ['/v2/submit-payment', 'order_id', (v) => ({ order_id: v }), 'customer'],
    ['/v2/get-referral-member-award', 'limit', (v) => ({ limit: v }), 'customer'],
    ['/v2/request-payout', 'amount_cents', (v) => ({ amount_cents: v }), 'agent'],
    ['/v2/commission-data', 'limit', (v) => ({ limit: v }), 'agent'],
  ];

  it.each(BOUNDARY)('%s: never a 5xx; out of range is a 4xx naming the field', async (value) => {
    const failures: string[] = [];
    for (const [path, field, body, who] of cases) {
      const token = who === 'agent' ? agent : who === 'customer' ? customer : undefined;
      const res = await post(t.app, path, body(value), token ? { token } : {});
      if (res.status >= 500) failures.push(`${path} ${field}=${value}: ${res.status} ${res.body.message}`);
      else if (OUT_OF_RANGE.has(value)) {
        if (res.status !== 422 || !res.errors.some((e) => e.field === field)) {
          failures.push(`${path} ${field}=${value}: ${res.status} ${JSON.stringify(res.errors)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the product list refuses a category id no column can hold, naming the field (was a 500 on PostgreSQL)', async () => {
    for (const category of ['99999999999', '2147483648', '99999999999999999999999']) {
      const res = await post(t.app, '/v2/get-product-list', { category });
      expect(res.status, category).toBe(422);
      expect(res.errors.map((e) => e.field)).toEqual(['category']);
      expect(res.body.message).toContain('category');
    }
    expect((await post(t.app, '/v2/get-product-list', { category: '2147483647' })).status).toBe(404);
    expect((await post(t.app, '/v2/get-product-list', { category: 'all-teas' })).status).toBe(200);
  });

  it('a cursor whose decoded id no column can hold is an invalid cursor (422 at cursor), on every paged list', async () => {
    const lists: Array<[string, Record<string, unknown>, string | undefined]> = [
      ['/v2/get-product-list', { cursor: keysetCursor(2_147_483_648) }, undefined],
      ['/v2/get-product-list', { sort: 'oldest', cursor: keysetCursor(99_999_999_999, 'o') }, undefined],
      ['/v2/get-product-reviews', { product_id: 1, cursor: keysetCursor(99_999_999_999) }, undefined],
      ['/v1/get-orders', { cursor: keysetCursor(2_147_483_648) }, customer],
      ['/v2/get-cash-rebate-list', { cursor: keysetCursor(99_999_999_999) }, customer],
      ['/v2/get-referral-member-award', { cursor: '2147483648' }, customer],
      ['/v2/commission-data', { cursor: '99999999999' }, agent],
      ['/v2/referral-visit-data', { cursor: '2147483648' }, agent],
      ['/v2/get-agent-downlines', { cursor: '99999999999' }, agent],
      ['/v2/get-payout-requests', { cursor: '2147483648' }, agent],
    ];
    for (const [path, body, token] of lists) {
      const res = await post(t.app, path, body, token ? { token } : {});
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.errors.map((e) => e.field)).toEqual(['cursor']);
    }
    // The largest id a column holds is a valid position.
    expect((await post(t.app, '/v2/get-product-list', { cursor: keysetCursor(2_147_483_647) })).status).toBe(200);
    expect((await post(t.app, '/v2/commission-data', { cursor: '2147483647' }, { token: agent })).status).toBe(200);
  });
});
