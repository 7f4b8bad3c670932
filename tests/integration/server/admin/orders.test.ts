import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AdminOrderRow } from '../../../../src/common/contract/admin/orders';
import type { OrdersTable } from '../../../../src/server/db/schema';
import { nowIso } from '../../../../src/server/lib/time';
import { run } from '../../../../src/server/operator/cli';
import { invoicePayload } from '../../../../src/server/orders/invoice-payload';
import { recordTelegramPayment } from '../../../../src/server/payments/telegram-payments';
import { createAddress } from '../../../factories/addresses';
import { createProduct } from '../../../factories/products';
import { createStaff } from '../../../factories/staff';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, formEncode, type PostBody, post, type TestApp } from '../../helper';
import { customer, PNG, PROVIDER_ENV, placeOrder, postMultipart } from '../orders/support';
import { type Crew, runCli, withStaffApp } from './support';

const code = () =>
  Array.from(randomBytes(6), (b) => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[b % 31])
    .join('')
    .toUpperCase();

/** An order row as placing one writes it, without going through checkout (fast, any time, any status). */
function rawOrder(userId: number, over: Partial<Insertable<OrdersTable>> = {}): Insertable<OrdersTable> {
  const placed = over.placed_at ?? new Date().toISOString();
  return {
    order_no: `LC-${placed.slice(0, 10).replaceAll('-', '')}-${code()}`,
    user_id: userId,
    status: 'Pending',
    idempotency_key: `raw-${randomBytes(8).toString('hex')}`,
    subtotal_cents: 2000,
    delivery_fee_cents: 450,
    coupon_discount_cents: 0,
    cash_reward_cents: 0,
    total_cents: 2450,
    shipping_method: 'standard',
    payment_method: 'bank_transfer',
    receiver_name: 'Maria Santos',
    phone: '+63 917 000 0000',
    address: '1 Rizal St',
    city: 'Makati',
    state_name: 'Metro Manila',
    zip: '1200',
    country: 'PH',
    lang: 'en',
    placed_at: placed,
    updated_at: placed,
    ...over,
  };
}

describe.each(dialects)('back office orders (read side) on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  // Days in UTC here, so placing times read as the days they name; the shop's own zone is checked below.
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, SHOP_TIMEZONE: 'UTC' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const insert = async (rows: Insertable<OrdersTable>[]) => {
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('orders')
        .values(rows.slice(i, i + 200))
        .execute();
  };
  // A manager by default: fulfilment sees contacts only on the orders it packs and searches by number alone
  // (docs/decisions/050; tests/integration/server/account-deletion/fulfilment-contact.test.ts).
  const list = (body: PostBody<'/admin/orders/list'>, token = crew.manager.token) =>
    post(t.app, '/admin/orders/list', body, { token });
  const numbers = (rows: AdminOrderRow[]) => rows.map((r) => r.order_no);
  const exportCsv = (body: Record<string, unknown>, token = crew.manager.token) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/orders/export',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      payload: formEncode({ lang: 'en', ...body }),
    });

  it('answers 401 without a session and 403 to a customer on every orders path, whatever the body; staff 200', async () => {
    for (const path of ['/admin/orders/list', '/admin/orders/get', '/admin/orders/export'] as const) {
      for (const body of [{}, { status: 'Nope', limit: -4, order_no: 7 }, { junk: 'x'.repeat(5000) }]) {
        expect((await post(t.app, path, body)).status, path).toBe(401);
        const refused = await post(t.app, path, body, { token: crew.customer.token });
        expect(refused.status, path).toBe(403);
        expect(refused.body.message).toBe('This page is for the shop’s staff');
      }
    }
    const { user } = await createUser(t.db);
    const [row] = [rawOrder(user.id)];
    await insert([row!]);
    for (const who of [crew.fulfilment, crew.manager, crew.owner]) {
      expect((await list({}, who.token)).status).toBe(200);
      expect((await post(t.app, '/admin/orders/get', { order_no: row!.order_no }, { token: who.token })).status).toBe(
        200,
      );
      expect((await exportCsv({}, who.token)).statusCode).toBe(200);
    }
  });

  it('filters by status, payment method and placing day, and searches by number, e-mail or phone', async () => {
    const alice = await createUser(t.db, {
      email: `alice-${code().toLowerCase()}@example.com`,
      phone: '+639171112233',
    });
    const bob = await createUser(t.db);
    const day = '2025-03-0';
    const rows = [
      rawOrder(alice.user.id, { placed_at: `${day}1T10:00:00.000Z`, status: 'Paid', paid_at: `${day}1T11:00:00.000Z` }),
      rawOrder(alice.user.id, { placed_at: `${day}2T10:00:00.000Z`, payment_method: 'payment_link' }),
      rawOrder(bob.user.id, { placed_at: `${day}3T23:59:59.000Z`, phone: '0918-555-0101' }),
      rawOrder(bob.user.id, {
        placed_at: `${day}4T00:00:00.000Z`,
        status: 'Cancelled',
        cancelled_at: `${day}4T01:00:00.000Z`,
      }),
    ];
    await insert(rows);
    const no = rows.map((r) => r.order_no);
    const inMarch = { from: '2025-03-01', to: '2025-03-04' };

    expect(numbers((await list(inMarch)).body.data.orders)).toEqual([no[3], no[2], no[1], no[0]]);
    expect(numbers((await list({ ...inMarch, status: 'Paid' })).body.data.orders)).toEqual([no[0]]);
    expect(numbers((await list({ ...inMarch, payment_method: 'payment_link' })).body.data.orders)).toEqual([no[1]]);
    // `to` includes its whole day; `from` starts at its first instant.
    expect(numbers((await list({ from: '2025-03-02', to: '2025-03-03' })).body.data.orders)).toEqual([no[2], no[1]]);

    // Order number: whole (any case) or its start.
    expect(numbers((await list({ q: no[2]!.toLowerCase() })).body.data.orders)).toEqual([no[2]]);
    expect(numbers((await list({ ...inMarch, q: 'lc-2025030' })).body.data.orders)).toEqual([
      no[3],
      no[2],
      no[1],
      no[0],
    ]);
    // E-mail: whole (any case) or its start.
    expect(numbers((await list({ q: alice.user.email.toUpperCase() })).body.data.orders)).toEqual([no[1], no[0]]);
    expect(numbers((await list({ q: alice.user.email.slice(0, 8) })).body.data.orders)).toEqual([no[1], no[0]]);
    // Phone: the account's (spaces ignored) or the delivery's.
    expect(numbers((await list({ q: '+63 917 111 2233' })).body.data.orders)).toEqual([no[1], no[0]]);
    expect(numbers((await list({ q: '0918-555-0101' })).body.data.orders)).toEqual([no[2]]);
    expect((await list({ q: 'nobody-at-all@example.com' })).body.data.orders).toEqual([]);
    // A search with wildcard characters matches them literally.
    expect((await list({ q: '%' })).body.data.orders).toEqual([]);
    expect((await list({ q: '*' })).body.data.orders).toEqual([]);

    const row = (await list({ q: no[0] })).body.data.orders[0]!;
    expect(row).toMatchObject({
      status: 'Paid',
      customer: { id: alice.user.id, email: alice.user.email, nickname: alice.user.nickname },
      total_cents: 2450,
      payment_method: 'bank_transfer',
      receipt_waiting: false,
      refund_owed_cents: 0,
    });
  });

  it('reads From and To as the shop’s days (SHOP_TIMEZONE), not UTC days', async () => {
    const manila = await buildTestApp(dialect, { seed: false, env: { SHOP_TIMEZONE: 'Asia/Manila' } });
    try {
      const staff = await createStaff(manila.db, 'fulfilment');
      const buyer = await createUser(manila.db);
      // 16:30 UTC on 1 March is 00:30 on 2 March in Manila; 15:30 UTC is still 1 March there.
      const rows = [
        rawOrder(buyer.user.id, { placed_at: '2025-03-01T15:30:00.000Z' }),
        rawOrder(buyer.user.id, { placed_at: '2025-03-01T16:30:00.000Z' }),
      ];
      await manila.db.insertInto('orders').values(rows).execute();
      const onDay = async (day: string) =>
        numbers(
          (await post(manila.app, '/admin/orders/list', { from: day, to: day }, { token: staff.token })).body.data
            .orders,
        );
      expect(await onDay('2025-03-01')).toEqual([rows[0]!.order_no]);
      expect(await onDay('2025-03-02')).toEqual([rows[1]!.order_no]);
    } finally {
      await manila.close();
    }
  });

  it('refuses bad filters with a message naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ status: 'Shipped' }, 'status'],
      [{ payment_method: 'cash' }, 'payment_method'],
      [{ from: '2025-02-30' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      // Outside 2000–2999: the day after 9999-12-31 is past what a date prints as YYYY (was a 500).
      [{ to: '9999-12-31' }, 'to'],
      [{ from: '0050-01-01' }, 'from'],
      [{ to: '0050-01-01' }, 'to'],
      [{ from: '2025-03-05', to: '2025-03-01' }, 'to'],
      [{ cursor: 'not-a-cursor!' }, 'cursor'],
      [{ limit: 1000 }, 'limit'],
    ];
    for (const [body, field] of cases) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.errors.map((e) => e.field)).toContain(field);
      const csv = await exportCsv(body);
      if (field !== 'cursor' && field !== 'limit') expect(csv.statusCode, JSON.stringify(body)).toBe(422);
    }
    const missing = await post(
      t.app,
      '/admin/orders/get',
      { order_no: 'LC-20990101-ZZZZZZ' },
      {
        token: crew.owner.token,
      },
    );
    expect(missing.status).toBe(404);
  });

  it('pages by cursor with no duplicates and no gaps while new orders arrive', async () => {
    const { user } = await createUser(t.db);
    // 30 orders in 2024, several sharing one instant (the id decides among them).
    const rows = Array.from({ length: 30 }, (_, i) =>
      rawOrder(user.id, { placed_at: `2024-06-${String(10 + Math.floor(i / 3)).padStart(2, '0')}T08:00:00.000Z` }),
    );
    await insert(rows);
    const filter = { from: '2024-01-01', to: '2024-12-31' };
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const res = await list({ ...filter, limit: 7, cursor: cursor ?? undefined });
      expect(res.status).toBe(200);
      seen.push(...numbers(res.body.data.orders));
      cursor = res.body.data.next_cursor;
      pages++;
      // New orders keep arriving (newer, and in the same year) while the pages are read.
      await insert([
        rawOrder(user.id, { placed_at: new Date().toISOString() }),
        rawOrder(user.id, { placed_at: '2024-12-31T23:00:00.000Z' }),
      ]);
    } while (cursor);
    expect(pages).toBe(5);
    const expected = await t.db
      .selectFrom('orders')
      .select('order_no')
      .where('user_id', '=', user.id)
      .where('placed_at', '<', '2024-07-01')
      .orderBy('placed_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(seen.filter((n) => !n.startsWith('LC-20241231'))).toEqual(expected.map((r) => r.order_no));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('exports the filtered list as CSV: BOM, header row, dollars, every batch, formula-safe cells', async () => {
    const risky = await createUser(t.db, {
      nickname: '=HYPERLINK("http://evil","x")',
      email: `@risky-${code().toLowerCase()}@example.com`,
    });
    const zh = await createUser(t.db, { nickname: '王小明' });
    const rows = [
      ...Array.from({ length: 1030 }, (_, i) =>
        rawOrder(zh.user.id, { placed_at: new Date(Date.UTC(2023, 0, 1, 0, i)).toISOString(), total_cents: 1234 + i }),
      ),
      rawOrder(risky.user.id, {
        placed_at: '2023-01-02T00:00:00.000Z',
        payment_reference: '-2+3',
        receiver_name: '+SUM(A1:A2)',
        address: 'Line "one", two',
        status: 'Cancelled',
        paid_at: '2023-01-02T01:00:00.000Z',
        cancelled_at: '2023-01-02T02:00:00.000Z',
      }),
    ];
    await insert(rows);
    // The cancelled one partly refunded: $10.00 of its $24.50 given back (a failed card refund gave nothing).
    const cancelledRow = await t.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', rows[1030]!.order_no)
      .executeTakeFirstOrThrow();
    const refund = {
      order_id: cancelledRow.id,
      method: 'cash',
      reference: 'r',
      recorded_by: null,
      created_at: nowIso(),
    };
    await t.db
      .insertInto('refunds')
      .values([
        { ...refund, amount_cents: 1000 },
        { ...refund, amount_cents: 500, method: 'card', provider: 'stripe', provider_status: 'failed' },
      ])
      .execute();
    const res = await exportCsv({ from: '2023-01-01', to: '2023-01-02' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFOrder number,Placed at (UTC),Status,Customer,E-mail,')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1031);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(1031);
    expect(body).toContain('王小明');
    // Newest first: the risky order (2 January), then the last of 1 January.
    expect(lines[1]!.startsWith(rows[1030]!.order_no)).toBe(true);
    const first = lines[2]!.split(',');
    expect(first[0]).toBe(rows[1029]!.order_no);
    expect(first).toContain(((1234 + 1029) / 100).toFixed(2));
    const riskyLine = lines.find((l) => l.startsWith(rows[1030]!.order_no))!;
    expect(riskyLine).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(riskyLine).toContain(`'@risky-`);
    expect(riskyLine).toContain(`'-2+3`);
    expect(riskyLine).toContain(`'+SUM(A1:A2)`);
    expect(riskyLine).toContain('"Line ""one"", two"');
    // A cancelled paid order owes its total back, less what was refunded: owed, refunded, net paid.
    expect(riskyLine).toContain(',14.50,10.00,14.50,');
    expect(body).toContain('Refund owed,Refunded,Net paid,');
    // Filters apply to the export as to the list.
    const cancelled = await exportCsv({ from: '2023-01-01', to: '2023-01-02', status: 'Cancelled' });
    expect(cancelled.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('shows one order: items, customer, delivery, payment with the receipt, totals, timeline and actions by role', async () => {
    const { product, variants } = await createProduct(t.db, {
      subscribable: true,
      variants: [
        { name: '50 g', price: 1500, stock: 10 },
        { name: '100 g', price: 2800, stock: 10 },
      ],
    });
    const c = await customer(t.db);
    const placed = await placeOrder(t.app, c, {
      payment_method: 'bank_transfer',
      items: [
        { product_id: product.id, variant_id: variants[0]!.id, quantity: 2 },
        { product_id: product.id, variant_id: variants[1]!.id, quantity: 1, frequency_weeks: 4 },
      ],
    });
    expect(placed.status, placed.body.message).toBe(200);
    const orderNo = placed.body.data.order.order_no;

    const res = await post(
      t.app,
      '/admin/orders/get',
      { order_no: orderNo.toLowerCase() },
      { token: crew.owner.token },
    );
    expect(res.status, res.body.message).toBe(200);
    const d = res.body.data.order;
    expect(
      d.items.map((i) => [i.packaging, i.quantity, i.frequency_weeks, i.unit_price_cents, i.line_total_cents]),
    ).toEqual([
      ['50 g', 2, 0, 1500, 3000],
      ['100 g', 1, 4, 2380, 2380],
    ]);
    expect(d.customer).toMatchObject({ id: c.userId, telegram_linked: false });
    expect(d.delivery_address.receiver_name).toBe('Maria Santos');
    expect(d.payment).toMatchObject({ method: 'bank_transfer', reference: 'REF-123456', receipt_waiting: true });
    expect(d.totals).toMatchObject({
      subtotal_cents: 5380,
      total_cents: d.totals.subtotal_cents + d.totals.delivery_fee_cents,
    });
    // The receipt link opens the image inline.
    const image = await t.app.inject({ method: 'GET', url: d.payment.receipt_url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(d.timeline.map((e) => [e.kind, e.actor])).toEqual([
      ['placed', 'customer'],
      ['receipt_sent', 'customer'],
    ]);
    expect(d.timeline.every((e) => e.id !== null)).toBe(true);
    expect(d.actions).toEqual(['confirm_payment', 'reject_receipt', 'cancel']);
    const asFulfilment = await post(
      t.app,
      '/admin/orders/get',
      { order_no: orderNo },
      { token: crew.fulfilment.token },
    );
    expect(asFulfilment.body.data.order.actions).toEqual([]);
  });

  it('records the customer’s address change and a Telegram payment on the timeline', async () => {
    const { product, variants } = await createProduct(t.db, { price: 1000, stock: 5 });
    const c = await customer(t.db);
    const placed = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
    });
    const order = placed.body.data.order;
    const other = await createAddress(t.db, c.userId, { receiver_name: 'Jose Rizal' });
    const changed = await post(
      t.app,
      '/v2/update-order-address',
      { order_id: order.id, address_id: other.id },
      { token: c.token },
    );
    expect(changed.status, changed.body.message).toBe(200);
    const paid = await recordTelegramPayment(t.shop, {
      payload: invoicePayload(order.id, order.total_cents),
      currency: 'USD',
      totalAmount: order.total_cents,
      telegramChargeId: `charge-${code()}`,
    });
    expect(paid.outcome).toBe('paid');
    const d = (await post(t.app, '/admin/orders/get', { order_no: order.order_no }, { token: crew.manager.token })).body
      .data.order;
    const kinds = d.timeline.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['placed', 'address_changed', 'telegram_payment']);
    expect(kinds).toContain('paid');
    expect(d.timeline.find((e) => e.kind === 'telegram_payment')).toMatchObject({
      actor: 'telegram',
      details: { amount_cents: order.total_cents },
    });
    expect(d.timeline.find((e) => e.kind === 'address_changed')?.details?.to).toContain('Jose Rizal');
    expect(d.payment.provider_payments).toHaveLength(1);
    expect(d.payment.provider_payments[0]).toMatchObject({ provider: 'telegram', amount_cents: order.total_cents });
  });

  it('records a receipt sent later (submit-payment) on the timeline, and lists the order as having a receipt to check', async () => {
    const c = await customer(t.db);
    const row = rawOrder(c.userId);
    await insert([row]);
    const id = (
      await t.db.selectFrom('orders').select('id').where('order_no', '=', row.order_no).executeTakeFirstOrThrow()
    ).id;
    expect((await list({ q: row.order_no })).body.data.orders[0]?.receipt_waiting).toBe(false);
    const sent = await postMultipart(
      t.app,
      '/v2/submit-payment',
      { order_id: id, payment_reference: 'BANK-777' },
      { field: 'receipt', bytes: PNG },
      c.token,
    );
    expect(sent.status, sent.body.message).toBe(200);
    expect((await list({ q: row.order_no })).body.data.orders[0]?.receipt_waiting).toBe(true);
    const d = (await post(t.app, '/admin/orders/get', { order_no: row.order_no }, { token: crew.owner.token })).body
      .data.order;
    expect(d.timeline.map((e) => [e.kind, e.actor, e.id === null])).toEqual([
      ['placed', 'customer', true],
      ['receipt_sent', 'customer', false],
    ]);
    expect(d.timeline[1]?.details).toMatchObject({ reference: 'BANK-777' });
  });

  it('makes a timeline from the order’s own times for orders older than the timeline, and shows a refund owed', async () => {
    const { user } = await createUser(t.db);
    const row = rawOrder(user.id, {
      placed_at: '2022-05-01T10:00:00.000Z',
      paid_at: '2022-05-01T12:00:00.000Z',
      cancelled_at: '2022-05-02T09:00:00.000Z',
      status: 'Cancelled',
    });
    await insert([row]);
    const id = (
      await t.db.selectFrom('orders').select('id').where('order_no', '=', row.order_no).executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('refunds')
      .values({
        order_id: id,
        amount_cents: 450,
        method: 'cash',
        reference: 'R-1',
        recorded_by: crew.owner.user.id,
        created_at: '2022-05-03T00:00:00.000Z',
      })
      .execute();
    const d = (await post(t.app, '/admin/orders/get', { order_no: row.order_no }, { token: crew.owner.token })).body
      .data.order;
    expect(d.timeline.map((e) => [e.kind, e.id, e.at])).toEqual([
      ['placed', null, '2022-05-01T10:00:00.000Z'],
      ['paid', null, '2022-05-01T12:00:00.000Z'],
      ['cancelled', null, '2022-05-02T09:00:00.000Z'],
    ]);
    expect(d.refunds).toEqual([
      {
        id: expect.any(Number),
        amount_cents: 450,
        method: 'cash',
        reference: 'R-1',
        recorded_by: crew.owner.user.email,
        at: '2022-05-03T00:00:00.000Z',
      },
    ]);
    expect(d.refund_owed_cents).toBe(2000);
    expect(d.totals).toMatchObject({ paid_cents: 2450, refunded_cents: 450 });
    expect(d.actions).toEqual(['refund']);
    const listed = (await list({ q: row.order_no })).body.data.orders[0]!;
    expect(listed.refund_owed_cents).toBe(2000);
  });

  it('prints an order with `orders --show`', async () => {
    const { product, variants } = await createProduct(t.db, {
      name: 'Show Tea',
      variants: [{ name: '250 g', price: 3000, stock: 5 }],
    });
    const c = await customer(t.db);
    const placed = await placeOrder(t.app, c, {
      payment_method: 'bank_transfer',
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }],
    });
    const orderNo = placed.body.data.order.order_no;
    const text = await runCli(t, 'orders', '--show', orderNo);
    expect(text).toContain(`Order ${orderNo}  Pending`);
    expect(text).toContain('2 x Show Tea (250 g), one-time  $30.00 each = $60.00');
    expect(text).toContain('Maria Santos');
    expect(text).toContain('reference REF-123456');
    // The receipt's key in the file store (no longer a path on this machine's disk).
    expect(text).toMatch(/Receipt +receipts\/[0-9a-f]{32}\.jpg/);
    expect(text).toMatch(/placed +customer/);
    expect(text).toMatch(/receipt_sent +customer/);
    await expect(run(t.shop, ['orders', '--show', 'LC-20990101-NOPE22'], () => {})).rejects.toThrow(
      'There is no order LC-20990101-NOPE22',
    );
  });

  it('publishes the orders paths in /openapi.json, the export as text/csv', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/admin/orders/list']).toBeDefined();
    expect(doc.paths['/admin/orders/get']).toBeDefined();
    expect(Object.keys(doc.paths['/admin/orders/export'].post.responses['200'].content)).toEqual(['text/csv']);
  });
});
