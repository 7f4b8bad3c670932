import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { type Customer, customer, PROVIDER_ENV, placeOrder } from './support';

/** Buy again (contract `buyAgain`, src/server/orders/buy-again.ts), on both databases. */
describe.each(dialects)('buy again on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  type Item = { product_id: number; variant_id: number; quantity: number; frequency_weeks?: number };
  const ordered = async (c: Customer, items: Item[]) => {
    const res = await placeOrder(t.app, c, { items });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.order;
  };
  const buyAgain = (c: Customer, orderId: number, items: Item[] = [], lang = 'en') =>
    post(t.app, '/v1/buy-again', { order_id: orderId, items, lang }, { token: c.token });
  const setStock = (variantId: number, stock: number) =>
    t.db.updateTable('product_variants').set({ stock }).where('id', '=', variantId).execute();

  it('puts every line still on sale back at today’s prices and stock', async () => {
    const { product, variants } = await createProduct(t.db, {
      name: 'Again Oolong',
      variants: [
        { name: '50 g', price: 1500, stock: 10 },
        { name: '100 g', price: 2800, discountPrice: 2400, stock: 10 },
      ],
    });
    const c = await customer(t.db);
    const order = await ordered(c, [
      { product_id: product.id, variant_id: variants[0]!.id, quantity: 2 },
      { product_id: product.id, variant_id: variants[1]!.id, quantity: 1 },
    ]);
    // Prices changed since: today's are answered.
    await t.db
      .updateTable('product_variants')
      .set({ price_cents: 1700, discount_price_cents: null })
      .where('id', '=', variants[0]!.id)
      .execute();
    const res = await buyAgain(c, order.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.problems).toEqual([]);
    expect(
      res.body.data.added.map((l) => [
        l.packaging.id,
        l.quantity,
        l.packaging.price_cents,
        l.packaging.discount_price_cents,
        l.packaging.stock,
        l.was_subscription,
      ]),
    ).toEqual([
      [variants[0]!.id, 2, 1700, null, 8, false],
      [variants[1]!.id, 1, 2800, 2400, 9, false],
    ]);
    expect(res.body.data.added[0]!.product).toMatchObject({
      id: product.id,
      name: 'Again Oolong',
      translations: [
        { lang: 'en', name: 'Again Oolong' },
        { lang: 'zh', name: 'Again Oolong（中文）' },
      ],
    });
    // Nothing is written: stock stays, no order.
    const stock = await t.db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', variants[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(8);
    // In Chinese, the names are Chinese.
    const zh = await buyAgain(c, order.id, [], 'zh');
    expect(zh.body.data.added[0]!.product.name).toBe('Again Oolong（中文）');
    expect(zh.body.data.added[0]!.packaging.name).toBe('50 克');
  });

  it('skips retired, hidden, coming-soon and out-of-stock lines, saying why', async () => {
    const keep = await createProduct(t.db, { name: 'Still Sold', stock: 10 });
    const retired = await createProduct(t.db, { name: 'Retired Pack', stock: 10 });
    const hidden = await createProduct(t.db, { name: 'Hidden Tea', stock: 10 });
    const soon = await createProduct(t.db, { name: 'Soon Tea', stock: 10 });
    const empty = await createProduct(t.db, { name: 'Empty Tea', stock: 10 });
    const marked = await createProduct(t.db, { name: 'Marked Out', stock: 10 });
    const all = [keep, retired, hidden, soon, empty, marked];
    const c = await customer(t.db);
    const order = await ordered(
      c,
      all.map((p) => ({ product_id: p.product.id, variant_id: p.variants[0]!.id, quantity: 1 })),
    );
    await t.db
      .updateTable('product_variants')
      .set({ is_retired: 1 })
      .where('id', '=', retired.variants[0]!.id)
      .execute();
    await t.db.updateTable('products').set({ is_active: 0 }).where('id', '=', hidden.product.id).execute();
    await t.db.updateTable('products').set({ stock_state: 'coming_soon' }).where('id', '=', soon.product.id).execute();
    await setStock(empty.variants[0]!.id, 0);
    await t.db
      .updateTable('products')
      .set({ stock_state: 'out_of_stock' })
      .where('id', '=', marked.product.id)
      .execute();

    const res = await buyAgain(c, order.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.added.map((l) => l.product.name)).toEqual(['Still Sold']);
    expect(res.body.data.problems.map((p) => [p.name, p.reason])).toEqual([
      ['Retired Pack', 'no_longer_sold'],
      ['Hidden Tea', 'no_longer_sold'],
      ['Soon Tea', 'no_longer_sold'],
      ['Empty Tea', 'out_of_stock'],
      ['Marked Out', 'out_of_stock'],
    ]);
  });

  it('caps the quantity at the stock, counting what the cart already holds', async () => {
    const { product, variants } = await createProduct(t.db, { name: 'Few Left', stock: 10 });
    const c = await customer(t.db);
    const line = { product_id: product.id, variant_id: variants[0]!.id };
    const order = await ordered(c, [{ ...line, quantity: 5 }]);
    await setStock(line.variant_id, 3);

    const empty = await buyAgain(c, order.id);
    expect(empty.body.data.added.map((l) => l.quantity)).toEqual([3]);
    expect(empty.body.data.problems).toMatchObject([{ reason: 'only_left', left: 3, name: 'Few Left' }]);

    // The cart holds 2 already (one-time and a subscription line count together): 1 more fits.
    const holding = await buyAgain(c, order.id, [{ ...line, quantity: 2 }]);
    expect(holding.body.data.added.map((l) => l.quantity)).toEqual([1]);
    expect(holding.body.data.problems).toMatchObject([{ reason: 'only_left', left: 3 }]);

    const full = await buyAgain(c, order.id, [{ ...line, quantity: 3 }]);
    expect(full.body.data.added).toEqual([]);
    expect(full.body.data.problems).toMatchObject([{ reason: 'only_left', left: 3 }]);

    // A cart of 50 other lines has no room for a new one.
    const others = await createProduct(t.db, {
      variants: Array.from({ length: 50 }, (_, i) => ({ name: `${i + 1} g`, stock: 5 })),
    });
    const fifty = others.variants.map((v) => ({ product_id: others.product.id, variant_id: v.id, quantity: 1 }));
    const crowded = await buyAgain(c, order.id, fifty);
    expect(crowded.status, crowded.body.message).toBe(200);
    expect(crowded.body.data.added).toEqual([]);
    expect(crowded.body.data.problems).toMatchObject([{ reason: 'cart_full' }]);
  });

  it('adds a subscription line as one-time', async () => {
    const { product, variants } = await createProduct(t.db, { name: 'Subscribed Tea', subscribable: true, stock: 10 });
    const c = await customer(t.db);
    const line = { product_id: product.id, variant_id: variants[0]!.id };
    const order = await ordered(c, [
      { ...line, quantity: 2, frequency_weeks: 4 },
      { ...line, quantity: 1 },
    ]);
    const res = await buyAgain(c, order.id);
    expect(res.body.data.problems).toEqual([]);
    expect(res.body.data.added).toHaveLength(1);
    expect(res.body.data.added[0]).toMatchObject({ quantity: 3, ordered_quantity: 3, was_subscription: true });
    // The one-time price (no Subscribe & save discount).
    expect(res.body.data.added[0]!.packaging).toMatchObject({ price_cents: 1500, discount_price_cents: null });
  });

  it("refuses another customer's order and bad input, changing nothing", async () => {
    const { product, variants } = await createProduct(t.db, { stock: 10 });
    const owner = await customer(t.db);
    const other = await customer(t.db);
    const order = await ordered(owner, [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }]);
    const refused = await buyAgain(other, order.id);
    expect(refused.status).toBe(404);
    expect(refused.body.data).toBeNull();
    const bad = await post(t.app, '/v1/buy-again', { order_id: 'abc' }, { token: owner.token });
    expect(bad.status).toBe(422);
    expect(bad.errors.map((e) => e.field)).toContain('order_id');
    const badCart = await post(
      t.app,
      '/v1/buy-again',
      { order_id: order.id, items: '[{"x":1}]' },
      { token: owner.token },
    );
    expect(badCart.status).toBe(422);
    const guest = await post(t.app, '/v1/buy-again', { order_id: order.id });
    expect(guest.status).toBe(401);
  });

  it('with a purchase taking the last unit at the same time, never offers more than the stock', async () => {
    const c = await customer(t.db);
    const buyers: Customer[] = [];
    for (let i = 0; i < 8; i++) buyers.push(await customer(t.db));
    for (const buyer of buyers) {
      const { product, variants } = await createProduct(t.db, { stock: 10 });
      const line = { product_id: product.id, variant_id: variants[0]!.id };
      const order = await ordered(c, [{ ...line, quantity: 3 }]);
      await setStock(line.variant_id, 1);
      const [again, bought] = await Promise.all([
        buyAgain(c, order.id),
        placeOrder(t.app, buyer, { items: [{ ...line, quantity: 1 }] }),
      ]);
      expect(bought.status, bought.body.message).toBe(200);
      expect(again.status, again.body.message).toBe(200);
      const added = again.body.data.added;
      const stockNow = await t.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', line.variant_id)
        .executeTakeFirstOrThrow();
      expect(stockNow.stock).toBe(0);
      if (added.length) {
        // Read before the purchase: 1 in stock, so 1 at most (and said to be capped).
        expect(added[0]!.quantity).toBe(1);
        expect(added[0]!.packaging.stock).toBe(1);
        expect(again.body.data.problems).toMatchObject([{ reason: 'only_left', left: 1 }]);
        // The checkout then refuses that line: the cart never buys more than the stock.
        const summary = await post(
          t.app,
          '/v2/checkout-summary',
          { items: [{ ...line, quantity: added[0]!.quantity }], address_id: c.addressId },
          { token: c.token },
        );
        expect(summary.body.data.lines[0]!.problem).toBe('not_enough_stock');
      } else {
        expect(again.body.data.problems).toMatchObject([{ reason: 'out_of_stock' }]);
      }
    }
  });
});
