import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { spendBalance } from '../../../../src/server/cash-rewards/repository';
import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { type Customer, customer, PROVIDER_ENV, placeOrder } from './support';

/**
 * Every rule that guards money or stock, under concurrent requests. On SQLite the transactions are
 * serialised by the single connection; on PostgreSQL they really run at once (READ COMMITTED), so
 * these pass only because of the conditional updates, the row locks they take and the unique keys.
 */
describe.each(dialects)('concurrent checkouts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // One customer places many unpaid orders here: the MAX_UNPAID_ORDERS limit has its own tests (unpaid-limit.test.ts).
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const customers = async (n: number, opts: Parameters<typeof customer>[1] = {}) => {
    const list: Customer[] = [];
    for (let i = 0; i < n; i++) list.push(await customer(t.db, opts));
    return list;
  };

  it('50 concurrent orders for 5 in stock: exactly 5 succeed, stock ends at 0, never below', async () => {
    const { product, variants } = await createProduct(t.db, { name: 'Last Five', stock: 5 });
    const buyers = await customers(25);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const results = await Promise.all([...buyers, ...buyers].map((c) => placeOrder(t.app, c, { items })));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^Not Enough Stock: Last Five \(50 g\) has \d left$/);
    }
    const variant = await t.db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', variants[0]!.id)
      .executeTakeFirstOrThrow();
    expect(variant.stock).toBe(0);
    const p = await t.db
      .selectFrom('products')
      .select('stock_total')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(p.stock_total).toBe(0);
    const sold = await t.db
      .selectFrom('order_items')
      .select(sql<number>`coalesce(sum(quantity), 0)`.as('n'))
      .where('variant_id', '=', variants[0]!.id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(5);
    expect(new Set(ok.map((r) => r.body.data.order.order_no)).size).toBe(5);
  });

  it('a coupon with 1 use tried by 20 concurrent checkouts is used exactly once', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 100 });
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 300, usage_limit: 1 });
    const buyers = await customers(20);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    for (const c of buyers) {
      const applied = await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c.token });
      expect(applied.status, applied.body.message).toBe(200);
    }
    const results = await Promise.all(buyers.map((c) => placeOrder(t.app, c, { items })));
    const withCoupon = results.filter((r) => r.status === 200 && r.body.data.order.coupon_code === coupon.code);
    expect(withCoupon).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('This coupon has been fully redeemed');
    }
    const row = await t.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(1);
    const redemptions = await t.db
      .selectFrom('coupon_redemptions')
      .selectAll()
      .where('coupon_id', '=', coupon.id)
      .execute();
    expect(redemptions).toHaveLength(1);
  });

  it('the per-user limit holds when one customer re-applies and orders concurrently', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 100 });
    const coupon = await createCoupon(t.db, { kind: 'percent', value: 10, per_user_limit: 1 });
    const [c] = await customers(1);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    // 12 rounds at once, each: apply the coupon, wait a little, place an order with it.
    const rounds = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, (i % 4) * 15));
        const applied = await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c!.token });
        await new Promise((r) => setTimeout(r, (i % 3) * 10));
        const placed = await placeOrder(t.app, c!, { items });
        return { applied, placed };
      }),
    );
    const redemptions = await t.db
      .selectFrom('coupon_redemptions')
      .selectAll()
      .where('coupon_id', '=', coupon.id)
      .where('user_id', '=', c!.userId)
      .execute();
    expect(redemptions).toHaveLength(1);
    const withCoupon = rounds.filter(
      (r) => r.placed.status === 200 && r.placed.body.data.order.coupon_code === coupon.code,
    );
    expect(withCoupon).toHaveLength(1);
    const row = await t.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(1);
    for (const r of rounds) {
      if (r.applied.status !== 200)
        expect(r.applied.body.message).toBe('You have already used this coupon as many times as allowed');
      if (r.placed.status !== 200)
        expect(r.placed.body.message).toBe('You have already used this coupon as many times as allowed');
    }
    const again = await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c!.token });
    expect(again.status).toBe(422);
  });

  it('an application checked before another order of the customer committed is refused at placing', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 100 });
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 100, per_user_limit: 1 });
    const [c] = await customers(1);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    expect((await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c!.token })).status).toBe(
      200,
    );
    expect((await placeOrder(t.app, c!, { items })).body.data.order.coupon_code).toBe(coupon.code);
    // A validate-coupon whose check ran while that order was still in flight left an application behind.
    await t.db
      .insertInto('coupon_applications')
      .values({ user_id: c!.userId, coupon_id: coupon.id, created_at: new Date().toISOString() })
      .execute();
    const second = await placeOrder(t.app, c!, { items });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You have already used this coupon as many times as allowed');
    const row = await t.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(1);
  });

  it('a held cash reward spent by 10 concurrent orders is spent once, never below zero', async () => {
    const { product, variants } = await createProduct(t.db, { price: 2000, stock: 100 });
    const [c] = await customers(1, { balanceCents: 1000 });
    const hold = await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 1000 }, { token: c!.token });
    expect(hold.status).toBe(200);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(t.app, c!, { items })));
    const spent = results.filter((r) => r.status === 200).reduce((s, r) => s + r.body.data.order.cash_reward_cents, 0);
    expect(spent).toBe(1000);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body.message).toBe('Your cash reward balance has changed, please enter the amount to redeem again');
    }
    const user = await t.db
      .selectFrom('users')
      .select('cash_balance_cents')
      .where('id', '=', c!.userId)
      .executeTakeFirstOrThrow();
    expect(user.cash_balance_cents).toBe(0);
    const ledger = await t.db.selectFrom('cash_rewards').selectAll().where('user_id', '=', c!.userId).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ type: 'redeemed', amount_cents: -1000, balance_after_cents: 0 });
  });

  it('holds re-set while orders run never spend more than the balance', async () => {
    const { product, variants } = await createProduct(t.db, { price: 2000, stock: 100 });
    const [c] = await customers(1, { balanceCents: 1000 });
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const rounds = await Promise.all(
      Array.from({ length: 10 }, async () => {
        await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 400 }, { token: c!.token });
        return placeOrder(t.app, c!, { items });
      }),
    );
    const spent = rounds.filter((r) => r.status === 200).reduce((s, r) => s + r.body.data.order.cash_reward_cents, 0);
    const user = await t.db
      .selectFrom('users')
      .select('cash_balance_cents')
      .where('id', '=', c!.userId)
      .executeTakeFirstOrThrow();
    expect(user.cash_balance_cents).toBeGreaterThanOrEqual(0);
    expect(spent + user.cash_balance_cents).toBe(1000);
    const ledger = await t.db
      .selectFrom('cash_rewards')
      .select(['amount_cents', 'balance_after_cents'])
      .where('user_id', '=', c!.userId)
      .orderBy('id')
      .execute();
    expect(-ledger.reduce((s, l) => s + l.amount_cents, 0)).toBe(spent);
    for (const l of ledger) expect(l.balance_after_cents).toBeGreaterThanOrEqual(0);
  });

  it('the balance guard itself: 10 concurrent spends of 300 from 1000 let exactly 3 through', async () => {
    const [c] = await customers(1, { balanceCents: 1000 });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction().execute(async (trx) => {
          const after = await spendBalance(trx, c!.userId, 300);
          // Hold the transaction open a moment so the others really overlap on PostgreSQL.
          await new Promise((r) => setTimeout(r, 20));
          return after;
        }),
      ),
    );
    expect(outcomes.filter((o) => o !== null)).toHaveLength(3);
    const user = await t.db
      .selectFrom('users')
      .select('cash_balance_cents')
      .where('id', '=', c!.userId)
      .executeTakeFirstOrThrow();
    expect(user.cash_balance_cents).toBe(100);
  });

  it('the same idempotency key sent 10 times at once makes one order', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 50 });
    const [c] = await customers(1);
    const key = randomUUID();
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 3 }];
    const results = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(t.app, c!, { items, idempotency_key: key })),
    );
    for (const r of results) expect(r.status, r.body.message).toBe(200);
    expect(new Set(results.map((r) => r.body.data.order.id)).size).toBe(1);
    expect(results.filter((r) => r.body.data.created)).toHaveLength(1);
    const orders = await t.db.selectFrom('orders').selectAll().where('user_id', '=', c!.userId).execute();
    expect(orders).toHaveLength(1);
    const stock = await t.db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', variants[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(47);
  });

  it('the same key racing for the last units still answers the one order', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 2 });
    const [c] = await customers(1);
    const key = randomUUID();
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }];
    const results = await Promise.all(
      Array.from({ length: 6 }, () => placeOrder(t.app, c!, { items, idempotency_key: key })),
    );
    for (const r of results) expect(r.status, r.body.message).toBe(200);
    expect(new Set(results.map((r) => r.body.data.order.id)).size).toBe(1);
  });
});
