import { sql } from 'kysely';
import { adminStockAdjust, adminStockHistory } from '../../../../src/common/contract/admin/stock';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import * as actions from '../../../../src/server/orders/admin-service';
import { createProduct } from '../../../factories/products';
import { dialects, post, type TestApp } from '../../helper';
import { type Crew, runCli, withStaffApp } from '../admin/support';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';

/**
 * The back office's stock (docs/decisions/015): "Adjust stock" by a change with a reason per role, its refusals
 * (nothing changed), the stock history of orders, cancels and adjustments, the audit entry, the low-stock alert when a
 * change crosses the threshold (once) and the dashboard's count, and the command line's adjust-stock.
 */
describe.each(dialects)('back office stock on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const PATHS = ['/admin/stock/adjust', '/admin/stock/history'] as const;

  /** A product with one packaging of `stock` (two with `second`); `threshold`: its own low-stock threshold. */
  async function product(stock = 10, opts: { threshold?: number; second?: number; name?: string } = {}) {
    const made = await createProduct(t.db, {
      name: opts.name,
      variants:
        opts.second === undefined
          ? [{ name: '50 g', stock }]
          : [
              { name: '50 g', stock },
              { name: '100 g', stock: opts.second },
            ],
    });
    if (opts.threshold !== undefined) {
      await t.db
        .updateTable('products')
        .set({ low_stock_threshold: opts.threshold })
        .where('id', '=', made.product.id)
        .execute();
    }
    return { productId: made.product.id, packagingId: made.variants[0]!.id, variants: made.variants };
  }

  const stockOf = async (packagingId: number) =>
    (await t.db.selectFrom('product_variants').select('stock').where('id', '=', packagingId).executeTakeFirstOrThrow())
      .stock;
  const totalOf = async (productId: number) =>
    (await t.db.selectFrom('products').select('stock_total').where('id', '=', productId).executeTakeFirstOrThrow())
      .stock_total;
  const movements = (productId: number) =>
    t.db.selectFrom('stock_movements').selectAll().where('product_id', '=', productId).orderBy('id').execute();
  const audits = (packagingId: number) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'packaging')
      .where('entity_id', '=', String(packagingId))
      .orderBy('id')
      .execute();
  const count = async (table: 'stock_movements' | 'audit_log' | 'notifications') =>
    Number((await t.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  const adjust = (token: string, body: Record<string, unknown>) => post(t.app, '/admin/stock/adjust', body, { token });

  it.each(PATHS)('%s: 401 without a session, 403 to a customer and to fulfilment, whatever the body', async (path) => {
    const { productId, packagingId } = await product();
    const before = { stock: await stockOf(packagingId), history: await count('stock_movements') };
    const bodies = [
      {},
      { product_id: productId, packaging_id: packagingId, delta: 5, reason: 'Delivery' },
      { packaging_id: 'x', delta: 'lots' },
    ];
    for (const body of bodies) {
      expect((await post(t.app, path, body)).status).toBe(401);
      const customerCall = await post(t.app, path, body, { token: crew.customer.token });
      expect(customerCall.status).toBe(403);
      expect(customerCall.body.message).toBe('This page is for the shop’s staff');
      const fulfilment = await post(t.app, path, body, { token: crew.fulfilment.token });
      expect(fulfilment.status).toBe(403);
      expect(fulfilment.body.message).toBe('You are not allowed to do that');
    }
    expect({ stock: await stockOf(packagingId), history: await count('stock_movements') }).toEqual(before);
  });

  it('a manager and an owner adjust stock by a change with a reason: history, list total, audit', async () => {
    const { productId, packagingId, variants } = await product(10, { second: 3, threshold: 4 });
    const added = await adjust(crew.manager.token, { packaging_id: packagingId, delta: '+5', reason: ' Delivery ' });
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.message).toBe('Stock changed by +5: 15 now');
    const data = adminStockAdjust.response.parse(added.body.data);
    expect(data).toEqual({
      packaging_id: packagingId,
      stock: 15,
      delta: 5,
      packagings: [
        { id: packagingId, stock: 15, low: false },
        { id: variants[1]!.id, stock: 3, low: true },
      ],
      stock_total: 18,
    });

    const taken = await adjust(crew.owner.token, {
      packaging_id: packagingId,
      delta: -4,
      reason: 'Damaged',
      lang: 'zh',
    });
    expect(taken.status, taken.body.message).toBe(200);
    expect(taken.body.message).toBe('库存已变动 −4：现为 11');
    expect(adminStockAdjust.response.parse(taken.body.data).packagings[1]).toEqual({
      id: variants[1]!.id,
      stock: 3,
      low: true,
    });

    expect(await stockOf(packagingId)).toBe(11);
    expect(await totalOf(productId)).toBe(14);
    expect(
      (await movements(productId)).map((m) => [m.packaging_id, m.delta, m.stock_after, m.source, m.reason, m.user_id]),
    ).toEqual([
      [packagingId, 5, 15, 'adjust', 'Delivery', crew.manager.user.id],
      [packagingId, -4, 11, 'adjust', 'Damaged', crew.owner.user.id],
    ]);
    const logged = await audits(packagingId);
    expect(logged.map((a) => [a.action, a.actor, a.source, a.actor_user_id])).toEqual([
      ['catalogue.stock_adjust', crew.manager.user.email, 'admin', crew.manager.user.id],
      ['catalogue.stock_adjust', crew.owner.user.email, 'admin', crew.owner.user.id],
    ]);
    expect(JSON.parse(logged[0]!.before_json!)).toMatchObject({ packaging: '50 g', stock: 10 });
    expect(JSON.parse(logged[0]!.after_json!)).toEqual({ stock: 15, change: 5, reason: 'Delivery' });
  });

  it.each([
    ['delta', { delta: 0 }, 'Enter a change other than 0, from -100000 to 100000'],
    ['delta', { delta: 100_001 }, 'Enter a change other than 0, from -100000 to 100000'],
    ['delta', { delta: -100_001 }, 'Enter a change other than 0, from -100000 to 100000'],
    ['delta', { delta: 1e12 }, null],
    ['delta', { delta: '1.5' }, 'must be a whole number'],
    ['delta', { delta: 'five' }, 'must be a whole number'],
    ['delta', { delta: '' }, null],
    ['reason', { reason: '' }, null],
    ['reason', { reason: '   ' }, null],
    ['reason', { reason: 'x'.repeat(201) }, null],
    ['packaging_id', { packaging_id: 'abc' }, null],
    ['packaging_id', { packaging_id: 0 }, null],
  ] as const)('refuses a bad %s (%j) with 422 naming it, and changes nothing', async (field, bad, message) => {
    const { productId, packagingId } = await product();
    const before = { history: await count('stock_movements'), audit: await count('audit_log') };
    const res = await adjust(crew.manager.token, { packaging_id: packagingId, delta: 3, reason: 'Count', ...bad });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.errors.map((e) => e.field)).toEqual([field]);
    if (message) expect(res.errors[0]!.message).toContain(message);
    expect(await stockOf(packagingId)).toBe(10);
    expect(await totalOf(productId)).toBe(10);
    expect({ history: await count('stock_movements'), audit: await count('audit_log') }).toEqual(before);
  });

  it('an unknown packaging is 404 naming packaging_id; an unknown product’s history 404 naming product_id', async () => {
    const before = { history: await count('stock_movements'), audit: await count('audit_log') };
    const res = await adjust(crew.manager.token, { packaging_id: 987_654, delta: 3, reason: 'Count' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('There is no such packaging');
    expect(res.errors.map((e) => e.field)).toEqual(['packaging_id']);
    const missing = await post(t.app, '/admin/stock/history', { product_id: 987_654 }, { token: crew.owner.token });
    expect(missing.status).toBe(404);
    expect(missing.errors.map((e) => e.field)).toEqual(['product_id']);
    expect({ history: await count('stock_movements'), audit: await count('audit_log') }).toEqual(before);
  });

  it('taking more than the packaging holds is 409 with the stock in the message; down to 0 is allowed', async () => {
    const { productId, packagingId } = await product(7);
    const before = { history: await count('stock_movements'), audit: await count('audit_log') };
    const res = await adjust(crew.manager.token, { packaging_id: packagingId, delta: -8, reason: 'Lost' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 7 in stock: taking 8 would go below zero');
    expect(res.errors.map((e) => e.field)).toEqual(['delta']);
    expect(await stockOf(packagingId)).toBe(7);
    expect({ history: await count('stock_movements'), audit: await count('audit_log') }).toEqual(before);

    const all = await adjust(crew.manager.token, { packaging_id: packagingId, delta: -7, reason: 'Lost' });
    expect(all.status, all.body.message).toBe(200);
    expect(all.body.data.stock).toBe(0);
    expect(await totalOf(productId)).toBe(0);
    // The shop then shows the product as out of stock.
    const shown = await post(t.app, '/v2/get-product-details', { product_id: productId });
    expect(shown.body.data.product).toMatchObject({ stock_state: 'out_of_stock', stock_balance: 0 });
  });

  it('the history lists orders, cancels and adjustments newest first, with order numbers and who, paged', async () => {
    const { productId, packagingId } = await product(10);
    const c = await customer(t.db);
    const placed = await placeOrder(t.app, c, {
      items: [{ product_id: productId, variant_id: packagingId, quantity: 2 }],
    });
    expect(placed.status, placed.body.message).toBe(200);
    const order = placed.body.data.order;
    await actions.cancelOrder(t.shop, CLI_ACTOR, order.id);
    expect((await adjust(crew.manager.token, { packaging_id: packagingId, delta: 5, reason: 'Delivery' })).status).toBe(
      200,
    );
    await runCli(t, 'adjust-stock', String(packagingId), '-1', '--reason', 'Tasting sample');

    const page = async (body: Record<string, unknown>) => {
      const res = await post(
        t.app,
        '/admin/stock/history',
        { product_id: productId, ...body },
        { token: crew.owner.token },
      );
      expect(res.status, res.body.message).toBe(200);
      return adminStockHistory.response.parse(res.body.data);
    };
    const all = await page({});
    expect(all.next_cursor).toBeNull();
    expect(all.movements.map((m) => [m.source, m.delta, m.stock_after, m.order_no, m.reason, m.by])).toEqual([
      ['adjust', -1, 14, null, 'Tasting sample', null],
      ['adjust', 5, 15, null, 'Delivery', crew.manager.user.email],
      ['cancel', 2, 10, order.order_no, '', null],
      ['order', -2, 8, order.order_no, '', null],
    ]);
    expect(all.movements.every((m) => m.packaging_name === '50 g' && m.packaging_id === packagingId)).toBe(true);

    const first = await page({ limit: 3 });
    expect(first.movements.map((m) => m.id)).toEqual(all.movements.slice(0, 3).map((m) => m.id));
    expect(first.next_cursor).toBe(all.movements[2]!.id);
    const second = await page({ limit: 3, cursor: first.next_cursor });
    expect(second.movements.map((m) => m.id)).toEqual([all.movements[3]!.id]);
    expect(second.next_cursor).toBeNull();
    // Only this product's history.
    const other = await product(4);
    expect((await page({ product_id: other.productId })).movements).toEqual([]);
  });

  it('marks packagings low against the product’s threshold, else the shop’s default; never a retired one', async () => {
    const { productId, variants } = await product(6, { second: 6 });
    const levels = async () => {
      const res = await adjust(crew.manager.token, { packaging_id: variants[0]!.id, delta: -1, reason: 'Sample' });
      expect(res.status, res.body.message).toBe(200);
      return adminStockAdjust.response.parse(res.body.data).packagings.map((p) => [p.id, p.stock, p.low]);
    };
    // The shop's default is 5 when unset.
    expect(await levels()).toEqual([
      [variants[0]!.id, 5, true],
      [variants[1]!.id, 6, false],
    ]);
    await t.db.updateTable('products').set({ low_stock_threshold: 6 }).where('id', '=', productId).execute();
    expect(await levels()).toEqual([
      [variants[0]!.id, 4, true],
      [variants[1]!.id, 6, true],
    ]);
    // A retired packaging is listed last, never low, and cannot be adjusted.
    await t.db.updateTable('product_variants').set({ is_retired: 1 }).where('id', '=', variants[1]!.id).execute();
    expect(await levels()).toEqual([
      [variants[0]!.id, 3, true],
      [variants[1]!.id, 6, false],
    ]);
    const before = await count('stock_movements');
    const retired = await adjust(crew.manager.token, { packaging_id: variants[1]!.id, delta: -6, reason: 'Gone' });
    expect(retired.status).toBe(409);
    expect(retired.body.message).toBe('This packaging is retired: it cannot be changed');
    expect(retired.errors.map((e) => e.field)).toEqual(['packaging_id']);
    expect(await stockOf(variants[1]!.id)).toBe(6);
    expect(await count('stock_movements')).toBe(before);
  });

  describe('low stock', () => {
    /** The manager hears of low stock in the bot (linked to Telegram, alerts on). */
    beforeAll(async () => {
      await t.db
        .updateTable('users')
        .set({ telegram_user_id: String(6_400_000_000 + crew.manager.user.id) })
        .where('id', '=', crew.manager.user.id)
        .execute();
    });
    const lowAlerts = async (packagingId: number) =>
      (
        await t.db
          .selectFrom('notifications')
          .select(['user_id', 'params'])
          .where('kind', '=', 'staff_low_stock')
          .orderBy('id')
          .execute()
      ).filter((n) => JSON.parse(n.params!).packagingId === packagingId);
    const lowCount = async () => {
      const res = await post(t.app, '/admin/dashboard', {}, { token: crew.manager.token });
      expect(res.status).toBe(200);
      return (res.body.data as { todo: { low_stock: { count: number } } }).todo.low_stock.count;
    };

    it('an adjustment that crosses the threshold queues one alert, and the dashboard counts it at once', async () => {
      const { packagingId } = await product(8, { threshold: 5, name: 'Low Sencha' });
      const step = async (delta: number) => {
        const res = await adjust(crew.owner.token, { packaging_id: packagingId, delta, reason: 'Count' });
        expect(res.status, res.body.message).toBe(200);
      };
      const baseline = await lowCount();
      await step(-2); // 8 → 6: above 5
      expect(await lowAlerts(packagingId)).toEqual([]);
      expect(await lowCount()).toBe(baseline);
      await step(-1); // 6 → 5: crosses
      const alerts = await lowAlerts(packagingId);
      expect(alerts.map((a) => a.user_id)).toEqual([crew.manager.user.id]);
      expect(JSON.parse(alerts[0]!.params!)).toMatchObject({
        packagingId,
        stock: 5,
        threshold: 5,
        productEn: 'Low Sencha',
        packagingEn: '50 g',
      });
      expect(await lowCount()).toBe(baseline + 1);
      await step(-1); // 5 → 4: already low, no second alert
      await step(+10); // 4 → 14: not an alert
      expect(await lowAlerts(packagingId)).toHaveLength(1);
      expect(await lowCount()).toBe(baseline);
      await step(-10); // 14 → 4: crosses again
      expect(await lowAlerts(packagingId)).toHaveLength(2);
      expect(await lowCount()).toBe(baseline + 1);
    });
  });

  describe('the command line', () => {
    it('adjust-stock <id> <+n|-n> --reason: audited as the command line, in the history', async () => {
      const { productId, packagingId } = await product(10);
      expect(await runCli(t, 'adjust-stock', String(packagingId), '+5', '--reason', 'Delivery')).toBe(
        `Packaging ${packagingId}: Stock changed by +5: 15 now.`,
      );
      expect(await runCli(t, 'adjust-stock', String(packagingId), '-3', '--reason', 'Broken')).toBe(
        `Packaging ${packagingId}: Stock changed by −3: 12 now.`,
      );
      expect(await stockOf(packagingId)).toBe(12);
      expect(await totalOf(productId)).toBe(12);
      const logged = await audits(packagingId);
      expect(logged.map((a) => [a.action, a.actor, a.source, a.actor_user_id])).toEqual([
        ['catalogue.stock_adjust', 'command line', 'cli', null],
        ['catalogue.stock_adjust', 'command line', 'cli', null],
      ]);
      expect((await movements(productId)).map((m) => [m.delta, m.reason, m.user_id])).toEqual([
        [5, 'Delivery', null],
        [-3, 'Broken', null],
      ]);
    });

    it.each([
      [['0', '--reason', 'x'], /The change must be a whole number such as \+5 or -3/],
      [['2.5', '--reason', 'x'], /The change must be a whole number/],
      [['+5'], /Give the reason for the change/],
      [['-20', '--reason', 'Lost'], /Only 10 in stock: taking 20 would go below zero/],
    ])('refuses %j and changes nothing', async (args, message) => {
      const { packagingId } = await product(10);
      await expect(runCli(t, 'adjust-stock', String(packagingId), ...args)).rejects.toThrow(message);
      expect(await stockOf(packagingId)).toBe(10);
      expect(await audits(packagingId)).toEqual([]);
    });

    it('refuses an unknown packaging and a missing change', async () => {
      await expect(runCli(t, 'adjust-stock', '987654', '+1', '--reason', 'x')).rejects.toThrow(
        'There is no such packaging',
      );
      await expect(runCli(t, 'adjust-stock', '1', '--reason', 'x')).rejects.toThrow('Missing the change');
    });
  });
});
