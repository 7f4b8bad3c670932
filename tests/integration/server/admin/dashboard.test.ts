import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { adminDashboard } from '../../../../src/common/contract/admin/dashboard';
import { analyze, explain } from '../../../../src/server/catalog/explain';
import { revenueByDayQuery } from '../../../../src/server/dashboard/repository';
import { dashboardFigures } from '../../../../src/server/dashboard/service';
import type { Db } from '../../../../src/server/db/connection';
import type { OrdersTable } from '../../../../src/server/db/schema';
import { lastShopDays } from '../../../../src/server/lib/shop-days';
import { nowIso } from '../../../../src/server/lib/time';
import { createProduct } from '../../../factories/products';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { type Crew, withStaffApp } from './support';

/** An order row as it would be in `status` (only what the dashboard reads matters). */
function orderRow(userId: number, fields: Partial<Insertable<OrdersTable>> = {}): Insertable<OrdersTable> {
  const id = randomBytes(5).toString('hex');
  const now = nowIso();
  const total = fields.total_cents ?? 1000;
  return {
    order_no: `T${id}`,
    user_id: userId,
    status: 'Pending',
    idempotency_key: id,
    subtotal_cents: total,
    delivery_fee_cents: 0,
    total_cents: total,
    shipping_method: 'standard',
    payment_method: 'bank_transfer',
    receiver_name: 'Test',
    phone: '+639170000000',
    address: '1 Tea Street',
    city: 'Manila',
    state_name: 'Metro Manila',
    zip: '1000',
    country: 'PH',
    coupon_discount_cents: 0,
    cash_reward_cents: 0,
    lang: 'en',
    placed_at: fields.paid_at ?? now,
    updated_at: now,
    ...fields,
  };
}

async function insertOrder(db: Db, userId: number, fields: Partial<Insertable<OrdersTable>> = {}) {
  await db.insertInto('orders').values(orderRow(userId, fields)).execute();
}

describe.each(dialects)('the back office dashboard on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  let buyer: number;
  withStaffApp(dialect, { seed: false }, (app, staff) => {
    t = app;
    crew = staff;
  });
  beforeAll(async () => {
    buyer = (await createUser(t.db)).user.id;
  });
  beforeEach(async () => {
    await t.db.deleteFrom('orders').execute();
    await t.db.deleteFrom('payout_requests').execute();
    await t.db.deleteFrom('product_images').execute();
    await t.db.deleteFrom('product_variants').execute();
    await t.db.deleteFrom('products').execute();
    await t.db.deleteFrom('settings').where('key', '=', 'low_stock_default').execute();
  });

  const dashboard = async (token: string, lang = 'en') => {
    const res = await post(t.app, '/admin/dashboard', { lang }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The answer is what the contract says.
    adminDashboard.response.parse(res.body.data);
    return res.body.data;
  };

  it('answers 401 without a session and 403 to a customer, whatever the body', async () => {
    for (const body of [{}, { garbage: 'x'.repeat(5000) }]) {
      expect((await post(t.app, '/admin/dashboard', body)).status).toBe(401);
      const refused = await post(t.app, '/admin/dashboard', body, { token: crew.customer.token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('This page is for the shop’s staff');
    }
  });

  it('counts what needs doing: receipts to check, paid orders to pack, payout requests', async () => {
    // Receipts to check: Pending bank transfers with a receipt that was not rejected.
    await insertOrder(t.db, buyer, { receipt_path: 'r/1.png' });
    await insertOrder(t.db, buyer, { receipt_path: 'r/2.png' });
    // Rejected (the receipt is cleared, the reason kept): waits for the customer, not the staff.
    await insertOrder(t.db, buyer, { receipt_rejected_reason: 'Blurry', receipt_rejected_at: nowIso() });
    // A reason still beside a receipt is not counted either (defensive).
    await insertOrder(t.db, buyer, { receipt_path: 'r/3.png', receipt_rejected_reason: 'Wrong amount' });
    // Placed without a receipt, or by payment link: nothing to check.
    await insertOrder(t.db, buyer, {});
    await insertOrder(t.db, buyer, { payment_method: 'payment_link' });
    // A paid or cancelled order keeps its receipt but is not "to check".
    await insertOrder(t.db, buyer, { status: 'Paid', receipt_path: 'r/4.png', paid_at: nowIso() });
    await insertOrder(t.db, buyer, { status: 'Cancelled', receipt_path: 'r/5.png' });
    // Paid orders to pack (the one above too); Processing and Completed are past packing.
    await insertOrder(t.db, buyer, { status: 'Paid', payment_method: 'payment_link', paid_at: nowIso() });
    await insertOrder(t.db, buyer, { status: 'Processing', paid_at: nowIso() });
    await insertOrder(t.db, buyer, { status: 'Completed', paid_at: nowIso() });
    // Payout requests: two waiting, one paid, one rejected.
    const agent = (await createUser(t.db, { is_agent: 1 })).user.id;
    await t.db
      .insertInto('payout_requests')
      .values([
        { agent_id: agent, amount_cents: 500, requested_at: nowIso(), paid_at: null, status: 'requested' },
        { agent_id: agent, amount_cents: 700, requested_at: nowIso(), paid_at: null, status: 'requested' },
        { agent_id: agent, amount_cents: 900, requested_at: nowIso(), paid_at: nowIso(), status: 'paid' },
        { agent_id: agent, amount_cents: 300, requested_at: nowIso(), paid_at: null, status: 'rejected' },
      ])
      .execute();

    for (const who of [crew.owner, crew.manager]) {
      const data = await dashboard(who.token);
      expect(data.todo).toMatchObject({ receipts_to_check: 2, paid_to_pack: 2, payout_requests: 2 });
    }
    // Fulfilment: the to-do without payout requests (no `affiliates`) and no figures (no `reports`).
    const packer = await dashboard(crew.fulfilment.token);
    expect(packer.todo).toMatchObject({ receipts_to_check: 2, paid_to_pack: 2 });
    expect(packer.todo).not.toHaveProperty('payout_requests');
    expect(packer).not.toHaveProperty('figures');
    expect((await dashboard(crew.owner.token)).figures).toBeDefined();
  });

  it('lists packagings at or below their product’s threshold (else the shop default), lowest first', async () => {
    const plain = await createProduct(t.db, {
      name: 'Plain',
      categories: [],
      variants: [{ stock: 6 }, { stock: 5 }, { stock: 0 }],
    });
    const fussy = await createProduct(t.db, {
      name: 'Fussy',
      categories: [],
      variants: [{ stock: 11 }, { stock: 10 }],
    });
    await t.db.updateTable('products').set({ low_stock_threshold: 10 }).where('id', '=', fussy.product.id).execute();
    const relaxed = await createProduct(t.db, {
      name: 'Relaxed',
      categories: [],
      variants: [{ stock: 3 }, { stock: 0 }],
    });
    await t.db.updateTable('products').set({ low_stock_threshold: 0 }).where('id', '=', relaxed.product.id).execute();
    // A product hidden from the shop is not reported.
    await createProduct(t.db, { name: 'Hidden', categories: [], isActive: false, variants: [{ stock: 0 }] });

    const low = (await dashboard(crew.fulfilment.token)).todo.low_stock;
    expect(low.count).toBe(4);
    expect(low.items.map((i) => [i.product_name, i.packaging_name, i.stock, i.threshold])).toEqual([
      ['Plain', '150 g', 0, 5],
      ['Relaxed', '100 g', 0, 0],
      ['Plain', '100 g', 5, 5],
      ['Fussy', '100 g', 10, 10],
    ]);
    expect(low.items[0]).toMatchObject({ product_id: plain.product.id, packaging_id: plain.variants[2]!.id });
    // In the caller's language.
    const zh = (await dashboard(crew.fulfilment.token, 'zh')).todo.low_stock.items[0]!;
    expect(zh).toMatchObject({ product_name: 'Plain（中文）', packaging_name: '150 克' });

    // The shop's default moves with its setting.
    await t.db.insertInto('settings').values({ key: 'low_stock_default', value: '6' }).execute();
    expect((await dashboard(crew.owner.token)).todo.low_stock.count).toBe(5);
  });

  it('lists the 20 lowest packagings but counts them all', async () => {
    await createProduct(t.db, {
      name: 'Many',
      categories: [],
      variants: Array.from({ length: 25 }, (_, i) => ({ name: `${i + 1} g`, stock: (i * 7) % 6 })),
    });
    const low = (await dashboard(crew.manager.token)).todo.low_stock;
    expect(low.count).toBe(25);
    expect(low.items).toHaveLength(20);
    const stocks = low.items.map((i) => i.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
  });

  it('sums revenue by the shop’s days at their edges, leaving out cancelled and unpaid orders', async () => {
    // 11:00 in Manila on 24 November 2026; the shop's day began at 16:00 UTC on the 23rd.
    const now = new Date('2026-11-24T03:00:00.000Z').getTime();
    const paid = (paid_at: string, total_cents: number, status: OrdersTable['status'] = 'Paid') =>
      insertOrder(t.db, buyer, { status, paid_at, total_cents });
    await paid('2026-11-23T16:00:00.000Z', 1000); // today's first millisecond
    await paid('2026-11-24T02:59:00.000Z', 2001, 'Completed'); // today, since completed
    await paid('2026-11-24T01:00:00.000Z', 50_000, 'Cancelled'); // paid today, then cancelled: not revenue
    await insertOrder(t.db, buyer, { total_cents: 70_000 }); // placed today, never paid
    await paid('2026-11-23T15:59:59.999Z', 400, 'Processing'); // yesterday's last millisecond
    await paid('2026-11-17T16:00:00.000Z', 300); // first instant of the 7 days (18 Nov in Manila)
    await paid('2026-11-17T15:59:59.999Z', 200); // just before them: 30 days only
    await paid('2026-10-25T16:00:00.000Z', 100); // first instant of the 30 days (26 Oct in Manila)
    await paid('2026-10-25T15:59:59.999Z', 9_999); // just before them: nowhere

    const f = await dashboardFigures(t.db, 'Asia/Manila', now);
    expect(f.timezone).toBe('Asia/Manila');
    expect(f.today).toEqual({ revenue_cents: 3001, orders: 2, average_order_cents: 1501 });
    expect(f.days_7).toEqual({ revenue_cents: 3701, orders: 4, average_order_cents: 925 });
    expect(f.days_30).toEqual({ revenue_cents: 4001, orders: 6, average_order_cents: 667 });

    // Every one of the 30 days, oldest first, zeros included; the days add up to the 30-day figure.
    expect(f.revenue_per_day).toHaveLength(30);
    expect(f.revenue_per_day[0]).toEqual({ date: '2026-10-26', revenue_cents: 100, orders: 1 });
    expect(f.revenue_per_day[29]).toEqual({ date: '2026-11-24', revenue_cents: 3001, orders: 2 });
    expect(f.revenue_per_day.find((d) => d.date === '2026-11-23')).toEqual({
      date: '2026-11-23',
      revenue_cents: 400,
      orders: 1,
    });
    expect(f.revenue_per_day.filter((d) => d.orders === 0)).toHaveLength(30 - 5);
    expect(f.revenue_per_day.reduce((s, d) => s + d.revenue_cents, 0)).toBe(f.days_30.revenue_cents);

    // The same orders counted in UTC's days: the shop's time zone is what moves the edges.
    const utc = await dashboardFigures(t.db, 'UTC', now);
    expect(utc.today).toEqual({ revenue_cents: 2001, orders: 1, average_order_cents: 2001 });
  });

  it('counts revenue net of refunds, against the day the order was paid (docs/decisions/040)', async () => {
    const now = new Date('2026-11-24T03:00:00.000Z').getTime();
    await insertOrder(t.db, buyer, { status: 'Completed', paid_at: '2026-11-24T01:00:00.000Z', total_cents: 5000 });
    await insertOrder(t.db, buyer, { status: 'Paid', paid_at: '2026-11-20T01:00:00.000Z', total_cents: 3000 });
    const [today, earlier] = await t.db
      .selectFrom('orders')
      .select(['id', 'total_cents'])
      .orderBy('paid_at', 'desc')
      .execute();
    const refund = (orderId: number, amount_cents: number, more: Record<string, unknown> = {}) =>
      t.db
        .insertInto('refunds')
        .values({
          order_id: orderId,
          amount_cents,
          method: 'card',
          reference: 'r',
          recorded_by: null,
          created_at: nowIso(),
          ...more,
        })
        .execute();
    await refund(today!.id, 1200); // a missing item, recorded
    await refund(today!.id, 300, { provider: 'stripe', provider_status: 'pending' }); // on its way back: counts
    await refund(today!.id, 700, { provider: 'stripe', provider_status: 'failed' }); // gave nothing back
    // Made today for an order paid on the 20th: counted on the 20th.
    await refund(earlier!.id, 1000, { provider: 'stripe', provider_status: 'succeeded' });
    // The automatic refund of a second payment: its money was never in the total.
    await refund(earlier!.id, 3000, { provider: 'stripe', provider_status: 'succeeded', idempotency_key: 'auto:1' });

    const f = await dashboardFigures(t.db, 'Asia/Manila', now);
    expect(f.today).toEqual({ revenue_cents: 3500, orders: 1, average_order_cents: 3500 });
    expect(f.revenue_per_day.find((d) => d.date === '2026-11-20')).toMatchObject({ revenue_cents: 2000, orders: 1 });
    expect(f.days_7).toEqual({ revenue_cents: 5500, orders: 2, average_order_cents: 2750 });
  });

  it('answers the figures from the path in SHOP_TIMEZONE, 30 zero days on an empty shop', async () => {
    const empty = (await dashboard(crew.owner.token)).figures!;
    expect(empty.timezone).toBe('Asia/Manila');
    expect(empty.revenue_per_day).toHaveLength(30);
    expect(empty.revenue_per_day.every((d) => d.revenue_cents === 0 && d.orders === 0)).toBe(true);
    expect(empty.days_30).toEqual({ revenue_cents: 0, orders: 0, average_order_cents: 0 });

    await insertOrder(t.db, buyer, { status: 'Paid', paid_at: nowIso(), total_cents: 1234 });
    const figures = (await dashboard(crew.manager.token)).figures!;
    expect(figures.today).toEqual({ revenue_cents: 1234, orders: 1, average_order_cents: 1234 });
    expect(figures.revenue_per_day.at(-1)).toMatchObject({ revenue_cents: 1234, orders: 1 });
  });
});

describe.each(dialects)('dashboard index use on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false });
    const buyer = (await createUser(t.db)).user.id;
    // A year of orders, paid and not: the 30 days are a small part of them.
    const start = new Date('2025-11-24T00:00:00.000Z').getTime();
    const rows = Array.from({ length: 12_000 }, (_, i) => {
      const at = new Date(start + i * 43 * 60_000).toISOString();
      const status = (['Pending', 'Paid', 'Completed', 'Cancelled'] as const)[i % 4]!;
      return orderRow(buyer, {
        order_no: `IDX${i}`,
        status,
        idempotency_key: `k${i}`,
        placed_at: at,
        paid_at: status === 'Pending' ? null : at,
        updated_at: at,
      });
    });
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('orders')
        .values(rows.slice(i, i + 500))
        .execute();
    // Some of them partly refunded (revenue is net of refunds: docs/decisions/040).
    const refunded = await t.db.selectFrom('orders').select('id').where('status', '=', 'Completed').execute();
    const refunds = refunded.map((o) => ({
      order_id: o.id,
      amount_cents: 100,
      method: 'cash',
      reference: 'r',
      recorded_by: null,
      created_at: nowIso(),
    }));
    for (let i = 0; i < refunds.length; i += 500)
      await t.db
        .insertInto('refunds')
        .values(refunds.slice(i, i + 500))
        .execute();
    await analyze(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reads the 30 days of revenue as one range of orders(paid_at), without the table, refunds by order', async () => {
    const days = lastShopDays('Asia/Manila', new Date('2026-11-24T03:00:00.000Z').getTime(), 30);
    const plan = (await explain(t.db, revenueByDayQuery(t.db, days).compile())).join('\n');
    expect(plan).toMatch(/orders_paid_at_idx/);
    if (dialect === 'sqlite') {
      expect(plan).toMatch(/COVERING INDEX orders_paid_at_idx/);
      expect(plan).not.toMatch(/SCAN o\b|SCAN orders/);
      expect(plan).toMatch(/SEARCH r USING INDEX refunds_order_idx/);
    } else {
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});
