import { sql } from 'kysely';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import * as actions from '../../../../src/server/orders/admin-service';
import { createProduct } from '../../../factories/products';
import { dialects, post, type TestApp } from '../../helper';
import { type Crew, withStaffApp } from '../admin/support';
import { type Customer, customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { stockTotalDrift } from './invariants';

/**
 * Staff's stock adjustments racing orders and cancels on one packaging (docs/decisions/015). On PostgreSQL they really
 * run at once (READ COMMITTED); on SQLite one at a time. Either way: the stock never goes below zero, no unit is lost
 * (final = initial − sold + given back + added − removed), the history's last stock equals the stock and its
 * deltas add up to the change, and the product's list total equals the sum of its packagings.
 */
describe.each(dialects)('stock adjustments racing orders on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const customers = async (n: number) => {
    const list: Customer[] = [];
    for (let i = 0; i < n; i++) list.push(await customer(t.db));
    return list;
  };

  it('orders, cancels and + / − adjustments at once: never negative, no lost unit, history and totals agree', async () => {
    const INITIAL = 20;
    const { product, variants } = await createProduct(t.db, {
      name: 'Racing Oolong',
      variants: [
        { name: '50 g', stock: INITIAL },
        { name: '100 g', stock: 7 },
      ],
    });
    const packagingId = variants[0]!.id;
    const line = (quantity: number) => [{ product_id: product.id, variant_id: packagingId, quantity }];

    // Four orders placed before the race, cancelled during it (their 2 units each come back).
    const early = await customers(4);
    const toCancel: number[] = [];
    for (const c of early) {
      const placed = await placeOrder(t.app, c, { items: line(2) });
      expect(placed.status, placed.body.message).toBe(200);
      toCancel.push(placed.body.data.order.id);
    }
    const afterEarly = INITIAL - 8;

    const buyers = await customers(24);
    const changes = [...Array.from({ length: 10 }, () => 3), ...Array.from({ length: 10 }, () => -4)];
    const staffTokens = [crew.manager.token, crew.owner.token];

    const orderResults = buyers.map((c, i) => placeOrder(t.app, c, { items: line(1 + (i % 2)) }));
    const adjustResults = changes.map((delta, i) =>
      post(
        t.app,
        '/admin/stock/adjust',
        { packaging_id: packagingId, delta, reason: `Race ${i}` },
        { token: staffTokens[i % 2]! },
      ),
    );
    const cancels = toCancel.map((id) => actions.cancelOrder(t.shop, CLI_ACTOR, id));
    const [orders, adjusts] = await Promise.all([
      Promise.all(orderResults),
      Promise.all(adjustResults),
      Promise.all(cancels),
    ]);

    // Demand (36 ordered, 40 to remove) is more than supply (12 + 8 given back + 30 added): some are refused,
    // each by the stock's rule, never with an error.
    expect(
      orders.filter((o) => o.status !== 200).length + adjusts.filter((r) => r.status !== 200).length,
    ).toBeGreaterThan(0);
    for (const r of orders.filter((o) => o.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^Not Enough Stock: Racing Oolong \(50 g\) has \d+ left$/);
    }
    for (const [i, r] of adjusts.entries()) {
      if (r.status === 200) continue;
      expect(r.status, r.body.message).toBe(409);
      expect(changes[i]).toBeLessThan(0);
      expect(r.body.message).toMatch(/^Only [0-3] in stock: taking 4 would go below zero$/);
    }

    const sold = await t.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(sql<number>`coalesce(sum(order_items.quantity), 0)`.as('n'))
      .where('order_items.variant_id', '=', packagingId)
      .where('orders.status', '!=', 'Cancelled')
      .executeTakeFirstOrThrow();
    const soldInRace = orders
      .filter((o) => o.status === 200)
      .reduce((s, o) => s + o.body.data.order.items.reduce((q, item) => q + item.quantity, 0), 0);
    expect(Number(sold.n)).toBe(soldInRace);
    const added = adjusts.reduce((s, r, i) => s + (r.status === 200 && changes[i]! > 0 ? changes[i]! : 0), 0);
    const removed = adjusts.reduce((s, r, i) => s + (r.status === 200 && changes[i]! < 0 ? -changes[i]! : 0), 0);
    expect(added).toBe(30); // additions are never refused

    const stock = (
      await t.db.selectFrom('product_variants').select('stock').where('id', '=', packagingId).executeTakeFirstOrThrow()
    ).stock;
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock).toBe(afterEarly + 8 - soldInRace + added - removed);

    // The history: every change in the order it happened, each row's stock the one before plus its change.
    const history = await t.db
      .selectFrom('stock_movements')
      .select(['delta', 'stock_after', 'source'])
      .where('packaging_id', '=', packagingId)
      .orderBy('id')
      .execute();
    let running = INITIAL;
    for (const row of history) {
      running += row.delta;
      expect(row.stock_after).toBe(running);
      expect(row.stock_after).toBeGreaterThanOrEqual(0);
    }
    expect(history.at(-1)!.stock_after).toBe(stock);
    expect(history.reduce((s, r) => s + r.delta, 0)).toBe(stock - INITIAL);
    expect(history.filter((r) => r.source === 'adjust')).toHaveLength(adjusts.filter((r) => r.status === 200).length);
    expect(history.filter((r) => r.source === 'cancel')).toHaveLength(4);
    expect(history.filter((r) => r.source === 'order')).toHaveLength(4 + orders.filter((o) => o.status === 200).length);

    const packagings = await t.db
      .selectFrom('product_variants')
      .select(sql<number>`sum(stock)`.as('n'))
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    const total = await t.db
      .selectFrom('products')
      .select('stock_total')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(total.stock_total).toBe(Number(packagings.n));
    expect(total.stock_total).toBe(stock + 7);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });

  it('adjustments racing the packaging’s retirement: none lands on it once retired, the total stays exact', async () => {
    const { product, variants } = await createProduct(t.db, {
      variants: [
        { name: 'Leaving', stock: 10 },
        { name: 'Staying', stock: 4 },
      ],
    });
    const leaving = variants[0]!.id;
    const [retire, ...adjusts] = await Promise.all([
      post(t.app, '/admin/products/packagings/retire', { packaging_id: leaving }, { token: crew.owner.token }),
      ...Array.from({ length: 12 }, (_, i) =>
        post(
          t.app,
          '/admin/stock/adjust',
          { packaging_id: leaving, delta: 3, reason: `Delivery ${i}` },
          { token: crew.manager.token },
        ),
      ),
    ]);
    expect(retire!.status, retire!.body.message).toBe(200);
    for (const r of adjusts) {
      if (r.status === 200) continue;
      expect(r.status, r.body.message).toBe(409);
      expect(r.body.message).toBe('This packaging is retired: it cannot be changed');
    }
    // What was added before the retirement was taken out with the rest; nothing came after it.
    const row = await t.db
      .selectFrom('product_variants')
      .select(['stock', 'is_retired'])
      .where('id', '=', leaving)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stock: 0, is_retired: 1 });
    const total = await t.db
      .selectFrom('products')
      .select('stock_total')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(total.stock_total).toBe(4);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });

  it('20 concurrent −1 adjustments of 12 in stock: exactly 12 succeed, stock 0, history 12 rows', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 12 });
    const packagingId = variants[0]!.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          t.app,
          '/admin/stock/adjust',
          { packaging_id: packagingId, delta: -1, reason: 'Sample' },
          { token: i % 2 ? crew.owner.token : crew.manager.token },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(12);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Only 0 in stock: taking 1 would go below zero');
    }
    const row = await t.db
      .selectFrom('products as p')
      .innerJoin('product_variants as v', 'v.product_id', 'p.id')
      .select(['v.stock', 'p.stock_total'])
      .where('v.id', '=', packagingId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stock: 0, stock_total: 0 });
    const history = await t.db
      .selectFrom('stock_movements')
      .select(['stock_after'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.stock_after)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });
});
