import { sql } from 'kysely';
import { createDb, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { addDays } from '../../../../src/server/lib/time';
import { placeOrder as placeOrderDirect } from '../../../../src/server/orders/place-order';
import {
  createRenewalScheduler,
  nextDueDate,
  placeDueRenewals,
  RENEWAL_ATTEMPTS,
  renewalKey,
} from '../../../../src/server/subscriptions/scheduler';
import { createCoupon } from '../../../factories/coupons';
import { buildTestApp, dialects, post, shopOn, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { makeDue, ordersOf, stockOf, subscribe, subscriptionRow } from './support';

describe.each(dialects)('renewals on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('places one Pending order per due subscription at today’s price less 15%, and moves the next date on', async () => {
    const c = await customer(t.db);
    const due = await subscribe(t, c, { weeks: 4, quantity: 2, product: { price: 2000, stock: 10 } });
    const notDue = await subscribe(t, c, { weeks: 2, quantity: 1 });
    const dueAt = await makeDue(t.db, due.subscriptionId);
    const notDueBefore = await subscriptionRow(t.db, notDue.subscriptionId);
    // Today's price went up: the renewal charges it (15% off), not the first order's.
    await t.db.updateTable('product_variants').set({ price_cents: 2400 }).where('id', '=', due.variantId).execute();
    // The customer is in the middle of another checkout: the renewal leaves its coupon and hold alone.
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 500 });
    await t.db.updateTable('users').set({ cash_balance_cents: 900 }).where('id', '=', c.userId).execute();
    const items = [{ product_id: due.productId, variant_id: due.variantId, quantity: 1 }];
    expect((await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c.token })).status).toBe(
      200,
    );
    expect(
      (await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 300 }, { token: c.token })).status,
    ).toBe(200);
    const stockBefore = await stockOf(t.db, due.variantId);

    const report = await placeDueRenewals(t.shop);
    expect(report.errors).toEqual([]);
    expect(report.placed.map(([s]) => s)).toEqual([due.subscriptionId]);

    const orders = await ordersOf(t.db, due.subscriptionId);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({
      user_id: c.userId,
      status: 'Pending',
      idempotency_key: renewalKey(due.subscriptionId, dueAt),
      subtotal_cents: 2 * 2040,
      delivery_fee_cents: 450,
      coupon_id: null,
      coupon_discount_cents: 0,
      cash_reward_cents: 0,
      total_cents: 2 * 2040 + 450,
      payment_method: 'bank_transfer',
      payment_reference: null,
      receipt_path: null,
      shipping_method: 'standard',
      receiver_name: 'Maria Santos',
      subscription_id: due.subscriptionId,
    });
    const lines = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    expect(lines).toMatchObject([
      { variant_id: due.variantId, quantity: 2, unit_price_cents: 2040, line_total_cents: 4080, frequency_weeks: 4 },
    ]);
    expect(await stockOf(t.db, due.variantId)).toBe(stockBefore - 2);
    const notices = await t.db.selectFrom('notifications').select('kind').where('order_id', '=', order.id).execute();
    expect(notices.map((n) => n.kind)).toEqual(['placed']);

    // Next date: due + 4 weeks; no new subscription was started; the other one was not due.
    const row = await subscriptionRow(t.db, due.subscriptionId);
    expect(row.next_due_at).toBe(addDays(dueAt, 28));
    expect(row.status).toBe('active');
    expect(await t.db.selectFrom('subscriptions').select('id').where('user_id', '=', c.userId).execute()).toHaveLength(
      2,
    );
    expect(await subscriptionRow(t.db, notDue.subscriptionId)).toEqual(notDueBefore);
    expect(await ordersOf(t.db, notDue.subscriptionId)).toEqual([]);

    // The checkout in progress kept its coupon and hold; the balance is untouched.
    expect(
      await t.db.selectFrom('coupon_applications').select('coupon_id').where('user_id', '=', c.userId).execute(),
    ).toEqual([{ coupon_id: coupon.id }]);
    expect(
      await t.db.selectFrom('cash_reward_holds').select('amount_cents').where('user_id', '=', c.userId).execute(),
    ).toEqual([{ amount_cents: 300 }]);
    expect((await userRow(c.userId)).cash_balance_cents).toBe(900);

    // The customer sees it in the order history, awaiting payment.
    const details = await post(t.app, '/v1/get-order-details', { order_id: order.id }, { token: c.token });
    expect(details.body.data.order.status).toBe('Pending');

    // Running again places nothing: it is not due any more.
    const again = await placeDueRenewals(t.shop);
    expect(again.placed).toEqual([]);
    expect(await ordersOf(t.db, due.subscriptionId)).toHaveLength(1);
  });

  it('never places a renewal twice when schedulers run at the same time (two server instances)', async () => {
    const c = await customer(t.db);
    const subs = [
      await subscribe(t, c, { weeks: 2, quantity: 1 }),
      await subscribe(t, c, { weeks: 4, quantity: 3 }),
      await subscribe(t, c, { weeks: 8, quantity: 2 }),
    ];
    for (const s of subs) await makeDue(t.db, s.subscriptionId);
    const stock = await Promise.all(subs.map((s) => stockOf(t.db, s.variantId)));

    // A second connection pool to the same database, as another server process would have (PostgreSQL);
    // SQLite runs every transaction on its one connection, so there the runs interleave on one handle.
    const second = dialect === 'postgres' ? createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 5 }) : t.db;
    try {
      const reports = await Promise.all([
        placeDueRenewals(t.shop),
        placeDueRenewals(shopOn(t.shop, second)),
        placeDueRenewals(t.shop),
        placeDueRenewals(shopOn(t.shop, second)),
      ]);
      for (const r of reports) expect(r.errors).toEqual([]);
      const placed = reports.flatMap((r) => r.placed.map(([s]) => s)).sort((a, b) => a - b);
      expect(placed).toEqual(subs.map((s) => s.subscriptionId).sort((a, b) => a - b));
    } finally {
      if (second !== t.db) await second.destroy();
    }
    for (const [i, s] of subs.entries()) {
      expect(await ordersOf(t.db, s.subscriptionId)).toHaveLength(1);
      const qty = [1, 3, 2][i]!;
      expect(await stockOf(t.db, s.variantId)).toBe(stock[i]! - qty);
    }
  });

  it('a stale due date (a crashed or slow scheduler) places nothing; the same key answers the same order', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c, { weeks: 4, quantity: 1 });
    const dueAt = await makeDue(t.db, s.subscriptionId);
    await placeDueRenewals(t.shop);
    const [order] = await ordersOf(t.db, s.subscriptionId);
    expect(order).toBeDefined();
    const user = await userRow(c.userId);
    const renewal = { subscriptionId: s.subscriptionId, dueAt, nextDueAt: addDays(dueAt, 28) };
    const line = { product_id: s.productId, variant_id: s.variantId, quantity: 1, frequency_weeks: 4 };
    const base = { items: [line], addressId: c.addressId, paymentMethod: 'bank_transfer' as const, renewal };

    // Same key: the order already placed.
    const same = await placeOrderDirect(t.shop, user, 'en', {
      ...base,
      idempotencyKey: renewalKey(s.subscriptionId, dueAt),
    });
    expect(same).toMatchObject({ created: false, order: { id: order!.id } });
    // Another key but the date already moved on: refused, nothing written.
    await expect(
      placeOrderDirect(t.shop, user, 'en', { ...base, idempotencyKey: 'renewal:stale-run-0001' }),
    ).rejects.toMatchObject({ key: 'subscriptionChanged' });
    expect(await ordersOf(t.db, s.subscriptionId)).toHaveLength(1);
    expect((await subscriptionRow(t.db, s.subscriptionId)).next_due_at).toBe(addDays(dueAt, 28));
  });

  it('out of stock: no order, the delivery is skipped and the customer is notified once', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c, { weeks: 4, quantity: 3, product: { stock: 5 } });
    const dueAt = await makeDue(t.db, s.subscriptionId);
    // 2 left, 3 wanted.
    expect(await stockOf(t.db, s.variantId)).toBe(2);

    const reports = await Promise.all([placeDueRenewals(t.shop), placeDueRenewals(t.shop)]);
    expect(reports.flatMap((r) => r.failed)).toEqual([s.subscriptionId]);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    expect(await ordersOf(t.db, s.subscriptionId)).toEqual([]);
    expect(await stockOf(t.db, s.variantId)).toBe(2);
    const row = await subscriptionRow(t.db, s.subscriptionId);
    expect(row).toMatchObject({ status: 'active', next_due_at: addDays(dueAt, 28) });
    const notices = await t.db
      .selectFrom('notifications')
      .select(['kind', 'order_id'])
      .where('user_id', '=', c.userId)
      .where('kind', '=', 'renewal_failed')
      .execute();
    expect(notices).toEqual([{ kind: 'renewal_failed', order_id: null }]);

    // In stock again: the next due date renews normally.
    await t.db.updateTable('product_variants').set({ stock: 10 }).where('id', '=', s.variantId).execute();
    await makeDue(t.db, s.subscriptionId);
    expect((await placeDueRenewals(t.shop)).placed.map(([id]) => id)).toEqual([s.subscriptionId]);
    expect(await ordersOf(t.db, s.subscriptionId)).toHaveLength(1);
  });

  it('cancelled and not-yet-due subscriptions are left alone; a long-missed one renews once, then keeps its rhythm', async () => {
    const c = await customer(t.db);
    const cancelled = await subscribe(t, c);
    await makeDue(t.db, cancelled.subscriptionId);
    expect(
      (await post(t.app, '/v2/cancel-subscription', { subscription_id: cancelled.subscriptionId }, { token: c.token }))
        .status,
    ).toBe(200);
    const missed = await subscribe(t, c, { weeks: 4 });
    // Due ten weeks ago (the server was down): one order, next date = due + 12 weeks (the first in the future).
    const dueAt = await makeDue(t.db, missed.subscriptionId, 70);

    const report = await placeDueRenewals(t.shop);
    expect(report.placed.map(([id]) => id)).toEqual([missed.subscriptionId]);
    expect(await ordersOf(t.db, cancelled.subscriptionId)).toEqual([]);
    expect(await ordersOf(t.db, missed.subscriptionId)).toHaveLength(1);
    expect((await subscriptionRow(t.db, missed.subscriptionId)).next_due_at).toBe(addDays(dueAt, 84));
    expect(Date.parse(addDays(dueAt, 84))).toBeGreaterThan(Date.now());
  });

  it('a payment-link subscription renews by payment link while a provider is configured', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c, { paymentMethod: 'payment_link' });
    await makeDue(t.db, s.subscriptionId);
    await placeDueRenewals(t.shop);
    const [order] = await ordersOf(t.db, s.subscriptionId);
    expect(order).toMatchObject({ payment_method: 'payment_link', status: 'Pending' });
  });

  it('the scheduler places renewals on its interval until it is stopped', async () => {
    const c = await customer(t.db);
    const first = await subscribe(t, c);
    const second = await subscribe(t, c);
    const scheduler = createRenewalScheduler(t.shop, { intervalMs: 25 });
    scheduler.start();
    try {
      await makeDue(t.db, first.subscriptionId);
      await vi.waitFor(async () => expect(await ordersOf(t.db, first.subscriptionId)).toHaveLength(1), {
        timeout: 5000,
        interval: 20,
      });
    } finally {
      await scheduler.stop();
    }
    await makeDue(t.db, second.subscriptionId);
    await new Promise((r) => setTimeout(r, 150));
    expect(await ordersOf(t.db, second.subscriptionId)).toEqual([]);
    // A round run by hand still works after stopping the timer.
    expect((await scheduler.runOnce()).placed.map(([id]) => id)).toEqual([second.subscriptionId]);
  });

  describe('renewal keys belong to the server', () => {
    it('a customer cannot place an order with a renewal key (422 at the field): the renewal is placed', async () => {
      const c = await customer(t.db);
      const s = await subscribe(t, c, { weeks: 4, quantity: 1 });
      const dueAt = await makeDue(t.db, s.subscriptionId);
      const items = [{ product_id: s.productId, variant_id: s.variantId, quantity: 1 }];
      const before = (await t.db.selectFrom('orders').select('id').where('user_id', '=', c.userId).execute()).length;
      for (const key of [renewalKey(s.subscriptionId, dueAt), `RENEWAL:${s.subscriptionId}:${dueAt.slice(0, 10)}`]) {
        const res = await placeOrder(t.app, c, { items, idempotency_key: key });
        expect(res.status).toBe(422);
        expect(res.errors.map((e) => e.field)).toEqual(['idempotency_key']);
        expect(res.body.message).toContain('idempotency_key');
        expect(res.body.message).toContain('renewal:');
      }
      expect((await t.db.selectFrom('orders').select('id').where('user_id', '=', c.userId).execute()).length).toBe(
        before,
      );
      const report = await placeDueRenewals(t.shop);
      expect(report.placed.map(([id]) => id)).toEqual([s.subscriptionId]);
      const [order] = await ordersOf(t.db, s.subscriptionId);
      expect(order?.idempotency_key).toBe(renewalKey(s.subscriptionId, dueAt));
    });

    it('a renewal key held by an older order of the customer skips that delivery (warned, notified) instead of blocking', async () => {
      const c = await customer(t.db);
      const s = await subscribe(t, c, { weeks: 2, quantity: 1 });
      const dueAt = await makeDue(t.db, s.subscriptionId);
      // An order placed with the renewal's key before customers' keys were kept apart from the server's.
      const user = await userRow(c.userId);
      const squatter = await placeOrderDirect(t.shop, user, 'en', {
        idempotencyKey: renewalKey(s.subscriptionId, dueAt),
        items: [{ product_id: s.productId, variant_id: s.variantId, quantity: 1 }],
        addressId: c.addressId,
        paymentMethod: 'payment_link',
      });
      expect(squatter.created).toBe(true);
      const warnings: unknown[] = [];
      const log = { warn: (obj: object) => warnings.push(obj), error: () => {} };

      const report = await placeDueRenewals(t.shop, new Date(), { log });
      expect(report.blocked).toEqual([s.subscriptionId]);
      expect(report.errors).toEqual([]);
      expect(warnings).toEqual([expect.objectContaining({ subscriptionId: s.subscriptionId })]);
      expect(await ordersOf(t.db, s.subscriptionId)).toEqual([]);
      expect((await subscriptionRow(t.db, s.subscriptionId)).next_due_at).toBe(addDays(dueAt, 14));
      const notices = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', c.userId)
        .where('kind', '=', 'renewal_failed')
        .execute();
      expect(notices).toHaveLength(1);
      // Not found again.
      const again = await placeDueRenewals(t.shop);
      expect(again.blocked).toEqual([]);
    });

    it('200+ blocked subscriptions do not stop a later due subscription from renewing', async () => {
      const c = await customer(t.db);
      const blockedFrom = await subscribe(t, c, { weeks: 4, quantity: 1 });
      const template = await subscriptionRow(t.db, blockedFrom.subscriptionId);
      const [firstOrder] = await t.db.selectFrom('orders').selectAll().where('id', '=', blockedFrom.orderId).execute();
      const { id: _sid, ...subFields } = template;
      const { id: _oid, ...orderFields } = firstOrder!;
      const dueAt = addDays(new Date().toISOString(), -10);
      const n = 205;
      const blocked = await t.db
        .insertInto('subscriptions')
        .values(Array.from({ length: n }, () => ({ ...subFields, next_due_at: dueAt })))
        .returning('id')
        .execute();
      // Each one's renewal key already taken by an old order of the customer.
      await t.db
        .insertInto('orders')
        .values(
          blocked.map(({ id }, i) => ({
            ...orderFields,
            order_no: `LC-BLOCKED-${dialect}-${i}`,
            idempotency_key: renewalKey(id, dueAt),
            subscription_id: null,
          })),
        )
        .execute();
      // Due later than all of them: behind them in the scheduler's order.
      const other = await customer(t.db);
      const later = await subscribe(t, other, { weeks: 4, quantity: 1 });
      await makeDue(t.db, later.subscriptionId, 1);

      const report = await placeDueRenewals(t.shop);
      expect(report.errors).toEqual([]);
      expect(report.placed.map(([id]) => id)).toEqual([later.subscriptionId]);
      expect(report.blocked).toHaveLength(n);
      expect(await ordersOf(t.db, later.subscriptionId)).toHaveLength(1);
      const stillDue = await t.db
        .selectFrom('subscriptions')
        .select('id')
        .where('status', '=', 'active')
        .where('next_due_at', '<=', new Date().toISOString())
        .execute();
      expect(stillDue).toEqual([]);
    });
  });

  it('a renewal that keeps failing unexpectedly does not hold up the others, and is skipped after RENEWAL_ATTEMPTS rounds', async () => {
    const c = await customer(t.db);
    const broken = await subscribe(t, c, { weeks: 4, quantity: 1 });
    const healthy = await subscribe(t, c, { weeks: 4, quantity: 1 });
    const dueAt = await makeDue(t.db, broken.subscriptionId, 3);
    await makeDue(t.db, healthy.subscriptionId, 1);
    // The database refuses this subscription's renewal orders (an unexpected error, not a refusal).
    const id = broken.subscriptionId;
    if (dialect === 'sqlite') {
      await sql`create trigger renewal_breaks before insert on orders when new.subscription_id = ${sql.lit(id)} begin select raise(abort, 'simulated failure'); end`.execute(
        t.db,
      );
    } else {
      await sql`create function renewal_breaks() returns trigger language plpgsql as $$ begin if new.subscription_id = ${sql.lit(id)} then raise exception 'simulated failure'; end if; return new; end $$`.execute(
        t.db,
      );
      await sql`create trigger renewal_breaks before insert on orders for each row execute function renewal_breaks()`.execute(
        t.db,
      );
    }
    const errors: unknown[] = [];
    const log = { error: (obj: object, msg: string) => errors.push({ ...obj, msg }) };
    try {
      // A batch of one: the broken subscription comes first, the healthy one is still reached.
      const first = await placeDueRenewals(t.shop, new Date(), { log, limit: 1 });
      expect(first.errors).toEqual([id]);
      expect(first.placed.map(([s]) => s)).toEqual([healthy.subscriptionId]);
      for (let round = 2; round < RENEWAL_ATTEMPTS; round++) {
        const report = await placeDueRenewals(t.shop, new Date(), { log, limit: 1 });
        expect(report.errors).toEqual([id]);
        expect(report.failed).toEqual([]);
        expect((await subscriptionRow(t.db, id)).next_due_at).toBe(dueAt);
      }
      const last = await placeDueRenewals(t.shop, new Date(), { log, limit: 1 });
      expect(last.errors).toEqual([id]);
      expect(last.failed).toEqual([id]);
      expect((await subscriptionRow(t.db, id)).next_due_at).toBe(nextDueDate(dueAt, 4, new Date()));
      expect(errors).toContainEqual(
        expect.objectContaining({
          subscriptionId: id,
          msg: 'subscription renewal kept failing; this delivery is skipped',
        }),
      );
      const notices = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', c.userId)
        .where('kind', '=', 'renewal_failed')
        .execute();
      expect(notices).toHaveLength(1);
      expect((await placeDueRenewals(t.shop)).errors).toEqual([]);
    } finally {
      await sql`drop trigger if exists renewal_breaks${sql.raw(dialect === 'postgres' ? ' on orders' : '')}`.execute(
        t.db,
      );
      if (dialect === 'postgres') await sql`drop function if exists renewal_breaks()`.execute(t.db);
    }
    expect(await ordersOf(t.db, id)).toEqual([]);
  });

  it('nextDueDate keeps the rhythm from the due date', () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    expect(nextDueDate('2026-05-31T10:00:00.000Z', 2, now)).toBe('2026-06-14T10:00:00.000Z');
    expect(nextDueDate('2026-03-01T10:00:00.000Z', 4, now)).toBe('2026-06-21T10:00:00.000Z');
  });
});
