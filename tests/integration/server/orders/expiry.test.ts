import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import type { Db } from '../../../../src/server/db/connection';
import { cancelUnpaidOrders, createExpiryScheduler } from '../../../../src/server/orders/expiry';
import { INVOICE_CURRENCY, invoicePayload } from '../../../../src/server/orders/invoice-payload';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { recordTelegramPayment } from '../../../../src/server/payments/telegram-payments';
import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp, withConfig } from '../../helper';
import { type Customer, customer, PROVIDER_ENV, placeOrder } from './support';

const HOURS = 48;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** Unpaid orders are cancelled UNPAID_ORDER_HOURS after placing, with everything they took given back. */
describe.each(dialects)('unpaid order expiry on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, UNPAID_ORDER_HOURS: String(HOURS) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const age = (db: Db, orderId: number, hours: number) =>
    db
      .updateTable('orders')
      .set({ placed_at: hoursAgo(hours) })
      .where('id', '=', orderId)
      .execute();
  const orderRow = (orderId: number) =>
    t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const stockOf = async (variantId: number, productId: number) => ({
    variant: (
      await t.db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()
    ).stock,
    total: (
      await t.db.selectFrom('products').select('stock_total').where('id', '=', productId).executeTakeFirstOrThrow()
    ).stock_total,
  });

  async function unpaidOrder(opts: { stock?: number; quantity?: number; c?: Customer; fields?: object } = {}) {
    const made = await createProduct(t.db, { stock: opts.stock ?? 10 });
    const c = opts.c ?? (await customer(t.db));
    const res = await placeOrder(t.app, c, {
      items: [{ product_id: made.product.id, variant_id: made.variants[0]!.id, quantity: opts.quantity ?? 2 }],
      ...opts.fields,
    });
    expect(res.status, res.body.message).toBe(200);
    return { c, order: res.body.data.order, productId: made.product.id, variantId: made.variants[0]!.id };
  }
  /** Runs the expiry and answers what it did to the given orders only (other tests' orders may be in the database). */
  const expire = async (ids: number[], now?: Date) => {
    const report = await cancelUnpaidOrders(t.shop, now);
    return {
      cancelled: report.cancelled.filter((id) => ids.includes(id)),
      kept: report.kept.filter((id) => ids.includes(id)),
      errors: report.errors,
    };
  };

  it('cancels a payment-link order left unpaid past the limit and gives back stock, coupon use and cash reward, once', async () => {
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 200, usage_limit: 5 });
    const c = await customer(t.db, { balanceCents: 1000 });
    const product = await createProduct(t.db, { stock: 10, price: 2000 });
    const items = [{ product_id: product.product.id, variant_id: product.variants[0]!.id, quantity: 2 }];
    const applied = await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c.token });
    expect(applied.status, applied.body.message).toBe(200);
    const held = await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 300 }, { token: c.token });
    expect(held.status, held.body.message).toBe(200);
    const placed = await placeOrder(t.app, c, { items });
    expect(placed.status, placed.body.message).toBe(200);
    const order = placed.body.data.order;
    expect(order).toMatchObject({ coupon_discount_cents: 200, cash_reward_cents: 300 });
    expect(await stockOf(product.variants[0]!.id, product.product.id)).toEqual({ variant: 8, total: 8 });

    await age(t.db, order.id, HOURS + 1);
    expect(await expire([order.id])).toEqual({ cancelled: [order.id], kept: [], errors: [] });

    expect(await orderRow(order.id)).toMatchObject({ status: 'Cancelled' });
    expect((await orderRow(order.id)).cancelled_at).not.toBeNull();
    expect(await stockOf(product.variants[0]!.id, product.product.id)).toEqual({ variant: 10, total: 10 });
    const couponRow = await t.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(couponRow.used_count).toBe(0);
    const user = await t.db
      .selectFrom('users')
      .select('cash_balance_cents')
      .where('id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(user.cash_balance_cents).toBe(1000);
    const notices = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(notices.map((n) => n.kind)).toEqual(['placed', 'expired']);

    // The customer sees it cancelled; a second run does nothing.
    const detail = await post(t.app, '/v1/get-order-details', { order_id: order.id }, { token: c.token });
    expect(detail.body.data.order.status).toBe('Cancelled');
    expect(await expire([order.id])).toEqual({ cancelled: [], kept: [], errors: [] });
    expect(await stockOf(product.variants[0]!.id, product.product.id)).toEqual({ variant: 10, total: 10 });
  });

  it('keeps orders still within the limit, paid, with a receipt or a recorded payment, or already moved on', async () => {
    const young = await unpaidOrder();
    await age(t.db, young.order.id, HOURS - 1);

    const receipt = await unpaidOrder({ fields: { payment_method: 'bank_transfer' } });
    await age(t.db, receipt.order.id, HOURS * 10);

    const recorded = await unpaidOrder();
    await age(t.db, recorded.order.id, HOURS + 1);
    await t.db
      .insertInto('payments')
      .values({
        order_id: recorded.order.id,
        provider: 'telegram',
        provider_charge_id: `charge-${recorded.order.id}-${dialect}`,
        amount_cents: 1,
        created_at: new Date().toISOString(),
      })
      .execute();

    const paid = await unpaidOrder();
    await changeOrderStatus(t.shop, paid.order.id, 'Paid', CLI_ACTOR);
    await age(t.db, paid.order.id, HOURS * 10);

    const ids = [young.order.id, receipt.order.id, recorded.order.id, paid.order.id];
    expect(await expire(ids)).toEqual({ cancelled: [], kept: [], errors: [] });
    for (const id of ids) expect((await orderRow(id)).status).not.toBe('Cancelled');
    // Its time comes for the young one.
    expect(await expire(ids, new Date(Date.now() + 2 * 3_600_000))).toMatchObject({ cancelled: [young.order.id] });
  });

  it('cancels a renewal-style bank-transfer order without receipt, and keeps it once a receipt was sent', async () => {
    const c = await customer(t.db);
    const a = await unpaidOrder({ c });
    const b = await unpaidOrder({ c });
    // As a renewal is placed: bank transfer, no reference or receipt yet.
    await t.db
      .updateTable('orders')
      .set({ payment_method: 'bank_transfer', payment_reference: null, receipt_path: null })
      .where('id', 'in', [a.order.id, b.order.id])
      .execute();
    await t.db
      .updateTable('orders')
      .set({ payment_reference: 'REF-1', receipt_path: 'sent-later.png' })
      .where('id', '=', b.order.id)
      .execute();
    await age(t.db, a.order.id, HOURS + 1);
    await age(t.db, b.order.id, HOURS + 1);
    expect(await expire([a.order.id, b.order.id])).toMatchObject({ cancelled: [a.order.id], kept: [] });
  });

  it('an order paid between being found and being cancelled is kept: the cancel re-checks in its own update', async () => {
    // As if the expiry had listed these as unpaid, and then a receipt / a Telegram payment arrived.
    const withReceipt = await unpaidOrder();
    await t.db
      .updateTable('orders')
      .set({ payment_reference: 'REF-2', receipt_path: 'just-sent.png' })
      .where('id', '=', withReceipt.order.id)
      .execute();
    const withPayment = await unpaidOrder();
    await t.db
      .insertInto('payments')
      .values({
        order_id: withPayment.order.id,
        provider: 'telegram',
        provider_charge_id: `late-${dialect}-${withPayment.order.id}`,
        amount_cents: withPayment.order.total_cents,
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const o of [withReceipt, withPayment]) {
      const change = await changeOrderStatus(t.shop, o.order.id, 'Cancelled', { kind: 'expiry' });
      expect(change).toMatchObject({ changed: false, order: { status: 'Pending' } });
      expect(await stockOf(o.variantId, o.productId)).toEqual({ variant: 8, total: 8 });
    }
    // The expiry only ever cancels.
    await expect(changeOrderStatus(t.shop, withPayment.order.id, 'Paid', { kind: 'expiry' })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('tells the customer until when an unpaid order can be paid (pay_by), and nothing once paid or cancelled', async () => {
    const details = async (c: Customer, orderId: number) =>
      (await post(t.app, '/v1/get-order-details', { order_id: orderId }, { token: c.token })).body.data.order;
    const unpaid = await unpaidOrder();
    const shown = await details(unpaid.c, unpaid.order.id);
    expect(shown.pay_by).toBe(new Date(Date.parse(shown.placed_at) + HOURS * 3_600_000).toISOString());

    const transfer = await unpaidOrder({ fields: { payment_method: 'bank_transfer' } });
    expect((await details(transfer.c, transfer.order.id)).pay_by).toBeNull();

    await changeOrderStatus(t.shop, unpaid.order.id, 'Paid', CLI_ACTOR);
    expect((await details(unpaid.c, unpaid.order.id)).pay_by).toBeNull();

    const expired = await unpaidOrder();
    await age(t.db, expired.order.id, HOURS + 1);
    await expire([expired.order.id]);
    expect(await details(expired.c, expired.order.id)).toMatchObject({ status: 'Cancelled', pay_by: null });
  });

  it('is off with UNPAID_ORDER_HOURS=0', async () => {
    const { order } = await unpaidOrder();
    await age(t.db, order.id, 24 * 365);
    const report = await cancelUnpaidOrders(withConfig(t.shop, { UNPAID_ORDER_HOURS: 0 }));
    expect(report).toEqual({ cancelled: [], kept: [], errors: [] });
    expect((await orderRow(order.id)).status).toBe('Pending');
  });

  it('five expiry rounds at once (as five instances would run them) cancel each order once, stock back once', async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => unpaidOrder({ stock: 5, quantity: 3 })));
    for (const o of orders) await age(t.db, o.order.id, HOURS + 1);
    const ids = orders.map((o) => o.order.id);
    const reports = await Promise.all(Array.from({ length: 5 }, () => expire(ids)));
    expect(reports.flatMap((r) => r.cancelled).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    for (const o of orders) {
      expect(await stockOf(o.variantId, o.productId)).toEqual({ variant: 5, total: 5 });
      const notices = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('order_id', '=', o.order.id)
        .execute();
      expect(notices.filter((n) => n.kind === 'expired')).toHaveLength(1);
    }
  });

  it('a Telegram payment arriving while the expiry runs: each order ends Paid with its stock taken, or Cancelled with it back, never both', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => unpaidOrder({ stock: 4, quantity: 4 })));
    for (const o of orders) await age(t.db, o.order.id, HOURS + 1);
    const pay = (o: (typeof orders)[number]) =>
      recordTelegramPayment(t.shop, {
        payload: invoicePayload(o.order.id, o.order.total_cents),
        currency: INVOICE_CURRENCY,
        totalAmount: o.order.total_cents,
        telegramChargeId: `race-${dialect}-${o.order.id}`,
      });
    const ids = orders.map((o) => o.order.id);
    await Promise.all([expire(ids), ...orders.map(pay)]);
    for (const o of orders) {
      const row = await orderRow(o.order.id);
      const stock = await stockOf(o.variantId, o.productId);
      if (row.status === 'Paid') expect(stock).toEqual({ variant: 0, total: 0 });
      else {
        expect(row.status).toBe('Cancelled');
        expect(stock).toEqual({ variant: 4, total: 4 });
      }
    }
  });

  it('the scheduler cancels on its interval until stopped, and a cancelled order is back on the list at once', async () => {
    const { order, productId } = await unpaidOrder({ stock: 3, quantity: 3 });
    await age(t.db, order.id, HOURS + 1);
    const job = createExpiryScheduler(t.shop, { intervalMs: 25 });
    job.start();
    try {
      await vi.waitFor(async () => expect((await orderRow(order.id)).status).toBe('Cancelled'), {
        timeout: 5000,
        interval: 20,
      });
    } finally {
      await job.stop();
    }
    const list = await post(t.app, '/v2/get-product-list', { limit: 50 });
    expect(list.body.data.products.find((p) => p.id === productId)).toMatchObject({ stock_total: 3 });
  });
});
