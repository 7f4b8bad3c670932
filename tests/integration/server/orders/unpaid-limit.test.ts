import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { loadConfig } from '../../../../src/server/config';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, storedKeys, type TestApp } from '../../helper';
import { makeDue, ordersOf, subscribe } from '../subscriptions/support';
import { customer, PROVIDER_ENV, placeOrder, snapshot } from './support';

/**
 * MAX_UNPAID_ORDERS (default 3): a customer holds at most that many Pending orders, so stock cannot be
 * hoarded with orders that are never paid (or paid with junk receipts). Exact under concurrency.
 */
describe.each(dialects)('unpaid-order limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  const pendingOf = async (userId: number) =>
    (
      await t.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'Pending')
        .execute()
    ).length;
  /** Receipts in the file store (the database by default: no folder to count). */
  const receiptFiles = async () => (await storedKeys(t, 'receipts/')).length;

  it('the default is 3', () => {
    expect(t.config.MAX_UNPAID_ORDERS).toBe(3);
  });

  it('refuses a 4th unpaid order with a clear message, changing nothing; paying or cancelling one lets the next through', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 50 });
    const c = await customer(t.db);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }];
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(t.app, c, { items });
      expect(res.status, res.body.message).toBe(200);
      placed.push(res.body.data.order.id);
    }
    const before = await snapshot(t.db, [variants[0]!.id]);
    const files = await receiptFiles();

    const fourth = await placeOrder(t.app, c, { items });
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ success: false, code: 409 });
    expect(fourth.body.message).toBe(
      'You have 3 orders waiting for payment; pay or cancel one of them before placing another',
    );
    const zh = await placeOrder(t.app, c, { items, lang: 'zh' });
    expect(zh.status).toBe(409);
    expect(zh.body.message).toBe('您有 3 个待付款订单；请先付款或取消其中一个，再下新订单');
    // A bank transfer with its receipt: refused before the receipt is stored.
    const withReceipt = await placeOrder(t.app, c, { items, payment_method: 'bank_transfer' });
    expect(withReceipt.status).toBe(409);
    expect(await snapshot(t.db, [variants[0]!.id])).toEqual(before);
    expect(await receiptFiles()).toBe(files);

    // The operator confirms a payment: one slot frees up.
    await changeOrderStatus(t.shop, placed[0]!, 'Paid', CLI_ACTOR);
    expect((await placeOrder(t.app, c, { items })).status).toBe(200);
    expect((await placeOrder(t.app, c, { items })).status).toBe(409);
    // The customer cancels one: another.
    const cancelled = await post(t.app, '/v2/cancel-order', { order_id: placed[1] }, { token: c.token });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect((await placeOrder(t.app, c, { items })).status).toBe(200);
    expect(await pendingOf(c.userId)).toBe(3);

    // Another customer is not concerned.
    const other = await customer(t.db);
    expect((await placeOrder(t.app, other, { items })).status).toBe(200);
  });

  it('an order with nothing left to pay (paid at once) is not refused', async () => {
    const { product, variants } = await createProduct(t.db, { price: 1000, stock: 50 });
    const c = await customer(t.db, { balanceCents: 5000 });
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    for (let i = 0; i < 3; i++) expect((await placeOrder(t.app, c, { items })).status).toBe(200);
    await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 5000 }, { token: c.token });
    const free = await placeOrder(t.app, c, { items });
    expect(free.status, free.body.message).toBe(200);
    expect(free.body.data.order).toMatchObject({ status: 'Paid', total_cents: 0 });
  });

  it('a retry of an order already placed still answers it at the limit', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 50 });
    const c = await customer(t.db);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const keys = ['retry-key-0001', 'retry-key-0002', 'retry-key-0003'];
    const first: number[] = [];
    for (const key of keys)
      first.push((await placeOrder(t.app, c, { items, idempotency_key: key })).body.data.order.id);
    const again = await placeOrder(t.app, c, { items, idempotency_key: keys[2] });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, order: { id: first[2] } });
  });

  it('20 orders at once by one customer: exactly 3 are placed, the rest refused, stock taken for 3', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 100 });
    const c = await customer(t.db);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(t.app, c, { items })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^You have 3 orders waiting for payment/);
    }
    expect(await pendingOf(c.userId)).toBe(3);
    const variant = await t.db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', variants[0]!.id)
      .executeTakeFirstOrThrow();
    expect(variant.stock).toBe(97);
  });

  it('renewals the server places are neither refused nor counted', async () => {
    const c = await customer(t.db);
    const subs = [
      await subscribe(t, c, { weeks: 2, quantity: 1 }),
      await subscribe(t, c, { weeks: 4, quantity: 1 }),
      await subscribe(t, c, { weeks: 8, quantity: 1 }),
    ];
    // Three unpaid orders (the ones that started the subscriptions): the customer is at the limit.
    expect(await pendingOf(c.userId)).toBe(3);
    for (const s of subs) await makeDue(t.db, s.subscriptionId);
    const report = await placeDueRenewals(t.shop);
    expect(report.placed.map(([id]) => id).sort((a, b) => a - b)).toEqual(subs.map((s) => s.subscriptionId));
    for (const s of subs) expect(await ordersOf(t.db, s.subscriptionId)).toHaveLength(1);
    expect(await pendingOf(c.userId)).toBe(6);

    // Paying one of the customer's own orders lets them order again, whatever the renewals awaiting payment.
    const own = await t.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', c.userId)
      .where('subscription_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await changeOrderStatus(t.shop, own.id, 'Paid', CLI_ACTOR);
    const { product, variants } = await createProduct(t.db, { stock: 10 });
    const next = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
    });
    expect(next.status, next.body.message).toBe(200);
  });

  it('MAX_UNPAID_ORDERS=0 turns the limit off; a bad value stops the server with a message naming it', async () => {
    expect(loadConfig({ MAX_UNPAID_ORDERS: '0' }).MAX_UNPAID_ORDERS).toBe(0);
    expect(() => loadConfig({ MAX_UNPAID_ORDERS: '-1' })).toThrow(/MAX_UNPAID_ORDERS/);
    expect(() => loadConfig({ MAX_UNPAID_ORDERS: 'many' })).toThrow(/MAX_UNPAID_ORDERS/);
    const open = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } });
    try {
      const { product, variants } = await createProduct(open.db, { stock: 50 });
      const c = await customer(open.db);
      const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
      for (let i = 0; i < 5; i++) expect((await placeOrder(open.app, c, { items })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
