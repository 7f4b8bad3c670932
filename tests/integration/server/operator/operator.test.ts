import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { retirePackaging } from '../../../../src/server/catalog/admin-packaging-service';
import { run } from '../../../../src/server/operator/cli';
import { cancelOrder } from '../../../../src/server/orders/admin-service';
import type { SeedProduct } from '../../../../src/server/seed/types';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { createProduct } from '../../../factories/products';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, type TestApp, withConfig } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { stockTotalDrift } from '../stock/invariants';
import { makeDue, subscribe, subscriptionRow } from '../subscriptions/support';

const exec = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');

describe.each(dialects)('operator command line on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
    dir = mkdtempSync(join(tmpdir(), 'leafcup-operator-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a command; answers what it printed, or rejects with its error. */
  const shop = async (...argv: string[]) => {
    const lines: string[] = [];
    await run(t.shop, argv, (line) => lines.push(line));
    return lines.join('\n');
  };

  /** An order paid by bank transfer with its receipt (what staff confirm by hand), or by payment link. */
  async function newOrder(payment_method: 'bank_transfer' | 'payment_link' = 'bank_transfer') {
    const { product, variants } = await createProduct(t.db, { price: 4000, stock: 10 });
    const c = await customer(t.db);
    const res = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      payment_method,
    });
    return { c, order: res.body.data.order, variantId: variants[0]!.id };
  }

  it('walks an order through payment, processing, tracking and completion', async () => {
    const { c, order } = await newOrder();
    expect(await shop('orders', '--status', 'Pending')).toContain(order.order_no);
    expect(await shop('confirm-payment', order.order_no)).toBe(`${order.order_no} is now Paid.`);
    expect(await shop('confirm-payment', order.order_no)).toBe(`${order.order_no} was already Paid: nothing changed.`);
    expect(await shop('processing', order.order_no.toLowerCase())).toBe(`${order.order_no} is now Processing.`);
    expect(
      await shop(
        'tracking',
        order.order_no,
        '--company',
        'LBC Express',
        '--number',
        'LBC123',
        '--link',
        'https://track.example/LBC123',
      ),
    ).toBe(`${order.order_no}: tracking LBC Express LBC123 (https://track.example/LBC123).`);
    expect(await shop('complete', order.order_no)).toBe(`${order.order_no} is now Completed.`);
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Completed', tracking_company: 'LBC Express', tracking_number: 'LBC123' });
    const user = await t.db
      .selectFrom('users')
      .select('cash_balance_cents')
      .where('id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(user.cash_balance_cents).toBe(200);
    const notices = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(notices.map((n) => n.kind)).toEqual(['placed', 'paid', 'processing', 'tracking', 'completed']);
    expect(await shop('orders', '--status', 'Completed')).toMatch(new RegExp(`${order.order_no}\\s+Completed`));
  });

  it('refuses illegal transitions and bad input with a clear message, changing nothing', async () => {
    const { order, variantId } = await newOrder();
    await expect(shop('complete', order.order_no)).rejects.toThrow('An order that is Pending cannot become Completed');
    await expect(shop('processing', order.order_no)).rejects.toThrow(
      'An order that is Pending cannot become Processing',
    );
    await expect(shop('tracking', order.order_no, '--company', 'LBC', '--number', 'X1')).rejects.toThrow(
      'An order that is Pending cannot become shipped',
    );
    await shop('confirm-payment', order.order_no);
    await expect(shop('tracking', order.order_no, '--number', 'X1')).rejects.toThrow('Give the shipping company');
    await expect(
      shop('tracking', order.order_no, '--company', 'LBC', '--number', 'X1', '--link', 'javascript:alert(1)'),
    ).rejects.toThrow('The tracking link must be an http(s) URL');
    await expect(shop('complete', 'LC-20000101-ZZZZZZ')).rejects.toThrow('There is no order LC-20000101-ZZZZZZ');
    await expect(shop('orders', '--status', 'Shipped')).rejects.toThrow('Unknown status "Shipped"');
    await expect(shop('frobnicate')).rejects.toThrow('Unknown command "frobnicate"');
    const row = await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('Paid');

    // The operator may cancel a Paid order any time; then it can no longer move.
    expect(await shop('cancel', order.order_no)).toBe(`${order.order_no} is now Cancelled.`);
    const stock = await t.db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(10);
    await expect(shop('confirm-payment', order.order_no)).rejects.toThrow(
      'An order that is Cancelled cannot become Paid',
    );
  });

  it('makes an agent, confirms a commission and marks a payout paid', async () => {
    const { user } = await createUser(t.db, { email: `agent-${dialect}@example.com` });
    expect(await shop('make-agent', `Agent-${dialect}@example.com`, '--rate-bp', '1500')).toBe(
      `agent-${dialect}@example.com is now an agent at 15% commission.`,
    );
    const agent = await t.db
      .selectFrom('users')
      .select(['is_agent', 'commission_rate_bp'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(agent).toEqual({ is_agent: 1, commission_rate_bp: 1500 });
    await expect(shop('make-agent', 'nobody@example.com')).rejects.toThrow(
      'There is no user with the email nobody@example.com',
    );
    await expect(shop('make-agent', user.email, '--rate-bp', '20000')).rejects.toThrow(
      '--rate-bp must be a whole number',
    );

    // A downline's order earns the agent a commission to confirm.
    const { product, variants } = await createProduct(t.db, { price: 2000, stock: 5 });
    const downline = await customer(t.db);
    await t.db.updateTable('users').set({ upline_id: user.id }).where('id', '=', downline.userId).execute();
    const placed = await placeOrder(t.app, downline, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
    });
    const commission = await t.db
      .selectFrom('commissions')
      .selectAll()
      .where('order_id', '=', placed.body.data.order.id)
      .executeTakeFirstOrThrow();
    expect(commission).toMatchObject({ agent_id: user.id, amount_cents: 300, status: 'Not Confirm' });
    expect(await shop('confirm-commission', String(commission.id))).toBe(
      `Commission ${commission.id} is now Pending Payment.`,
    );
    await expect(shop('confirm-commission', String(commission.id))).rejects.toThrow(
      'only Not Confirm or On Hold can be confirmed',
    );
    await expect(shop('confirm-commission', 'abc')).rejects.toThrow('must be a positive whole number');

    const payout = await t.db
      .insertInto('payout_requests')
      .values({ agent_id: user.id, amount_cents: 300, requested_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await shop('mark-payout-paid', String(payout.id))).toBe(
      `Payout request ${payout.id} ($3.00) is marked paid.`,
    );
    await expect(shop('mark-payout-paid', String(payout.id))).rejects.toThrow('was already paid');
    const paid = await t.db
      .selectFrom('commissions')
      .select('status')
      .where('id', '=', commission.id)
      .executeTakeFirstOrThrow();
    expect(paid.status).toBe('Paid');
  });

  it('imports a catalogue: new slugs inserted, known ones updated in place', async () => {
    const existing = await createProduct(t.db, {
      slug: `import-known-${dialect}`,
      variants: [
        { name: '50 g', price: 1000, stock: 3 },
        { name: '100 g', price: 1800, stock: 2 },
      ],
    });
    const product = (slug: string, over: Partial<SeedProduct> = {}): SeedProduct => ({
      slug,
      name: { en: `Imported ${slug}`, zh: `导入 ${slug}` },
      description: { en: 'A tea.', zh: '一种茶。' },
      categories: ['all-teas', 'matcha'],
      tags: ['green'],
      variants: [
        { name: { en: '50 g', zh: '50 克' }, priceCents: 1200, discountPriceCents: 1000, stock: 7 },
        { name: { en: '250 g', zh: '250 克' }, priceCents: 4500, stock: 4 },
      ],
      stockState: 'in_stock',
      availability: { ph: true, cn: false },
      image: '/images/products/imported.svg',
      gallery: [],
      subscribable: true,
      addedDaysAgo: 1,
      reviews: [],
      ...over,
    });
    const file = join(dir, `catalogue-${dialect}.json`);
    writeFileSync(
      file,
      JSON.stringify({ products: [product(`import-new-${dialect}`), product(`import-known-${dialect}`)] }),
    );
    // The known 50 g holds 3: the file's 7 is not applied (an order placed meanwhile would be undone), only listed.
    expect(await shop('import-catalogue', file)).toBe(
      [
        'Imported 2 products: 1 new, 1 updated.',
        `  import-known-${dialect} (50 g): stock not changed (file 7, shop 3)`,
        'Stock changes by a change only: adjust-stock, or import-csv with stock_change.',
      ].join('\n'),
    );
    const imported = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'catalogue.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(imported).toMatchObject({ actor: 'command line', source: 'cli' });
    expect(JSON.parse(imported.after_json!)).toEqual({
      created: [`import-new-${dialect}`],
      updated: [`import-known-${dialect}`],
    });

    const updated = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', existing.product.id)
      .executeTakeFirstOrThrow();
    expect(updated).toMatchObject({
      name_en: `Imported import-known-${dialect}`,
      stock_total: 7,
      price_cents: 1200,
      discount_price_cents: 1000,
      available_cn: 0,
      subscribable: 1,
    });
    const variants = await t.db
      .selectFrom('product_variants')
      .select(['id', 'name_en', 'price_cents', 'stock'])
      .where('product_id', '=', existing.product.id)
      .orderBy('sort_order')
      .execute();
    expect(variants.map((v) => [v.name_en, v.price_cents, v.stock])).toEqual([
      ['50 g', 1200, 3],
      ['250 g', 4500, 4],
    ]);
    // New packagings' stock came in through the stock core, as new stock in the history.
    const moves = await t.db
      .selectFrom('stock_movements as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .select(['p.slug', 'm.delta', 'm.source'])
      .where('p.slug', 'in', [`import-known-${dialect}`, `import-new-${dialect}`])
      .orderBy('m.id')
      .execute();
    expect(moves).toEqual([
      { slug: `import-new-${dialect}`, delta: 7, source: 'new' },
      { slug: `import-new-${dialect}`, delta: 4, source: 'new' },
      { slug: `import-known-${dialect}`, delta: 4, source: 'new' },
    ]);
    // The 50 g packaging kept its id (orders refer to packagings by id).
    expect(variants[0]!.id).toBe(existing.variants[0]!.id);
    const created = await t.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', `import-new-${dialect}`)
      .executeTakeFirstOrThrow();
    const cats = await t.db
      .selectFrom('product_categories')
      .select('category_id')
      .where('product_id', '=', created.id)
      .execute();
    expect(cats).toHaveLength(2);

    writeFileSync(file, JSON.stringify([product('Bad Slug'), product(`x-${dialect}`, { variants: [] })]));
    await expect(shop('import-catalogue', file)).rejects.toThrow(
      /The catalogue file is not valid:[\s\S]*0\.slug[\s\S]*1\.variants/,
    );
    writeFileSync(file, JSON.stringify([product(`y-${dialect}`, { categories: ['no-such-category'] })]));
    await expect(shop('import-catalogue', file)).rejects.toThrow('unknown category "no-such-category"');
    const none = await t.db.selectFrom('products').select('id').where('slug', '=', `y-${dialect}`).execute();
    expect(none).toEqual([]);
  });

  it('a catalogue import drops packagings through the stock core: the total stays the stock on sale', async () => {
    const slug = `import-drops-${dialect}`;
    const { product, variants } = await createProduct(t.db, {
      slug,
      variants: [
        { name: '50 g', price: 1000, stock: 5 },
        { name: '100 g', price: 1800, stock: 4 },
        { name: '250 g', price: 4000, stock: 6 },
      ],
    });
    const [small, medium, large] = variants as [(typeof variants)[0], (typeof variants)[0], (typeof variants)[0]];
    const c = await customer(t.db);
    const placed = await placeOrder(t.app, c, {
      items: [
        { product_id: product.id, variant_id: medium.id, quantity: 1 },
        { product_id: product.id, variant_id: large.id, quantity: 1 },
      ],
    });
    expect(placed.status, placed.body.message).toBe(200);
    // 250 g retired (its 5 units taken out), then the order cancelled: 1 unit back on the retired 250 g, which the
    // total never counts, and 1 back on the 100 g.
    await retirePackaging(t.shop, CLI_ACTOR, large.id);
    await cancelOrder(t.shop, CLI_ACTOR, placed.body.data.order.id);
    const totalOf = async () =>
      (await t.db.selectFrom('products').select('stock_total').where('id', '=', product.id).executeTakeFirstOrThrow())
        .stock_total;
    expect(await totalOf()).toBe(5 + 4);
    const file = join(dir, `drops-${dialect}.json`);
    const entry: SeedProduct = {
      slug,
      name: { en: 'Kept small', zh: '只留小包' },
      description: { en: 'A tea.', zh: '一种茶。' },
      categories: ['all-teas'],
      tags: [],
      variants: [{ name: { en: '50 g', zh: '50 克' }, priceCents: 1000, stock: 5 }],
      stockState: 'in_stock',
      availability: { ph: true, cn: true },
      image: '/images/products/imported.svg',
      gallery: [],
      subscribable: false,
      addedDaysAgo: 0,
      reviews: [],
    };
    writeFileSync(file, JSON.stringify([entry]));
    expect(await shop('import-catalogue', file)).toMatch(/^Imported 1 products: 0 new, 1 updated\./);
    const left = await t.db
      .selectFrom('product_variants')
      .select(['id', 'stock', 'is_retired'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    // Both dropped packagings are named by the order: retired, their stock taken out through the history.
    expect(left).toEqual([
      { id: small.id, stock: 5, is_retired: 0 },
      { id: medium.id, stock: 0, is_retired: 1 },
      { id: large.id, stock: 0, is_retired: 1 },
    ]);
    expect(await totalOf()).toBe(5);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });

  it('lists subscriptions and stops one: no more renewals', async () => {
    const c = await customer(t.db);
    const sub = await subscribe(t, c, { weeks: 2, quantity: 3 });
    const listed = await shop('subscriptions', '--status', 'active');
    const line = listed.split('\n').find((l) => l.startsWith(`${sub.subscriptionId} `));
    expect(line).toMatch(/active\s+\d{4}-\d{2}-\d{2}\s+2 weeks\s+3\s+/);
    expect(line).toContain('(50 g)');

    expect(await shop('cancel-subscription', String(sub.subscriptionId))).toBe(
      `Subscription ${sub.subscriptionId} is cancelled: no more renewals.`,
    );
    expect(await shop('cancel-subscription', String(sub.subscriptionId))).toBe(
      `Subscription ${sub.subscriptionId} was already cancelled.`,
    );
    expect((await subscriptionRow(t.db, sub.subscriptionId)).status).toBe('cancelled');
    await makeDue(t.db, sub.subscriptionId);
    expect((await placeDueRenewals(t.shop)).placed).toEqual([]);
    expect(await shop('subscriptions', '--status', 'cancelled')).toContain(`${sub.subscriptionId} `);

    await expect(shop('cancel-subscription', '999999')).rejects.toThrow('There is no subscription 999999');
    await expect(shop('cancel-subscription', 'x')).rejects.toThrow('must be a positive whole number');
    await expect(shop('subscriptions', '--status', 'paused')).rejects.toThrow(
      'Unknown subscription status "paused": use active or cancelled',
    );
  });

  it('cancels orders left unpaid past UNPAID_ORDER_HOURS on demand', async () => {
    const { order, variantId } = await newOrder('payment_link');
    const stock = async () =>
      (await t.db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow())
        .stock;
    expect(await stock()).toBe(9);
    // Other tests' unpaid orders may be old enough too: only this order's line is checked.
    await t.db
      .updateTable('orders')
      .set({ placed_at: new Date(Date.now() - (t.config.UNPAID_ORDER_HOURS + 1) * 3_600_000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    expect(await shop('expire-unpaid')).toMatch(new RegExp(`^Cancelled \\d+ unpaid orders?: .*${order.order_no}`));
    const expired = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.expire_unpaid')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(expired.source).toBe('cli');
    expect(JSON.parse(expired.after_json!).cancelled).toContain(order.order_no);
    expect(await stock()).toBe(10);
    expect(await shop('expire-unpaid')).toBe(
      `No order has been unpaid for more than ${t.config.UNPAID_ORDER_HOURS} hours.`,
    );
    const lines: string[] = [];
    await expect(
      run(withConfig(t.shop, { UNPAID_ORDER_HOURS: 0 }), ['expire-unpaid'], (l) => lines.push(l)),
    ).rejects.toThrow('UNPAID_ORDER_HOURS is 0');
  });

  it('runs as `npm run shop` with DATABASE_URL: clear output, non-zero exit on errors', async () => {
    const env = { ...process.env, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' };
    const { order } = await newOrder();
    const ok = await exec(TSX, ['src/server/operator/cli.ts', 'confirm-payment', order.order_no], { env });
    expect(ok.stdout.trim()).toBe(`${order.order_no} is now Paid.`);
    const failed = await exec(TSX, ['src/server/operator/cli.ts', 'complete', order.order_no], { env }).catch((e) => e);
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim()).toBe('An order that is Paid cannot become Completed');
    const usage = await exec(TSX, ['src/server/operator/cli.ts', 'tracking'], { env }).catch((e) => e);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Missing the order number\.[\s\S]*Usage: npm run shop/);
  }, 60_000);
});
