import type { OrderDetails } from '../../../../src/common/contract/orders';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { buildTestApp, dialects, post, storedKeys, type TestApp } from '../../helper';
import { type Customer, customer, JPEG, PNG, PROVIDER_ENV, postMultipart } from '../orders/support';
import { makeDue, ordersOf, subscribe } from './support';

describe.each(dialects)('submit-payment on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // A small upload limit so the size refusal is quick to reach.
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, MAX_UPLOAD_BYTES: String(64 * 1024) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Receipts in the file store (the database by default: no folder to count). */
  const receipts = async () => (await storedKeys(t, 'receipts/')).length;

  /** A renewal order: Pending, bank transfer, no reference or receipt yet. */
  async function renewalOrder(c: Customer) {
    const s = await subscribe(t, c);
    await makeDue(t.db, s.subscriptionId);
    await placeDueRenewals(t.shop);
    const [order] = await ordersOf(t.db, s.subscriptionId);
    if (!order) throw new Error('no renewal order');
    return order;
  }

  const submit = (c: Customer, fields: Record<string, unknown>, file: { bytes: Uint8Array; name?: string } | null) =>
    file
      ? postMultipart<{ order: OrderDetails }>(
          t.app,
          '/v2/submit-payment',
          fields,
          { field: 'receipt', ...file },
          c.token,
        )
      : post<{ order: OrderDetails }>(t.app, '/v2/submit-payment', fields, { token: c.token });

  it('takes the reference and receipt of a Pending renewal, once', async () => {
    const c = await customer(t.db);
    const order = await renewalOrder(c);
    const details = await post<{ order: OrderDetails }>(
      t.app,
      '/v1/get-order-details',
      { order_id: order.id },
      { token: c.token },
    );
    expect(details.body.data.order).toMatchObject({ status: 'Pending', payment_reference: null, receipt_url: null });

    const before = await receipts();
    const res = await submit(
      c,
      { order_id: order.id, payment_reference: 'BDO-RENEW-01' },
      { bytes: JPEG, name: 'r.jpg' },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Payment submitted; we will confirm it shortly');
    expect(res.body.data.order).toMatchObject({ id: order.id, status: 'Pending', payment_reference: 'BDO-RENEW-01' });
    expect(res.body.data.order.receipt_url).toMatch(new RegExp(`^/v1/receipt/${order.id}\\?`));
    expect(await receipts()).toBe(before + 1);
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.receipt_path).toMatch(/^receipts\/[0-9a-f]{32}\.jpg$/);

    // The receipt is served to its owner.
    const image = await t.app.inject({ method: 'GET', url: res.body.data.order.receipt_url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const again = await submit(c, { order_id: order.id, payment_reference: 'BDO-RENEW-02' }, { bytes: PNG });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The payment of this order has already been submitted');
    expect(await receipts()).toBe(before + 1);
    const still = await t.db
      .selectFrom('orders')
      .select('payment_reference')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(still.payment_reference).toBe('BDO-RENEW-01');
  });

  it('refuses missing or bad details at their field, storing nothing', async () => {
    const c = await customer(t.db);
    const order = await renewalOrder(c);
    const before = await receipts();
    const noRef = await submit(c, { order_id: order.id }, { bytes: PNG });
    expect(noRef.status).toBe(422);
    expect(noRef.body.message).toBe('Please enter the payment reference');
    expect(noRef.errors.map((e) => e.field)).toEqual(['payment_reference']);

    const noFile = await submit(c, { order_id: order.id, payment_reference: 'R1' }, null);
    expect(noFile.status).toBe(422);
    expect(noFile.body.message).toBe('Please upload the payment receipt');
    expect(noFile.errors.map((e) => e.field)).toEqual(['receipt']);

    const pdf = await submit(
      c,
      { order_id: order.id, payment_reference: 'R1' },
      { bytes: Buffer.from('%PDF-1.7 not an image'), name: 'receipt.png' },
    );
    expect(pdf.status).toBe(422);
    expect(pdf.body.message).toBe('The receipt must be a PNG, JPEG or WebP image');

    const big = await submit(
      c,
      { order_id: order.id, payment_reference: 'R1' },
      { bytes: Buffer.concat([PNG, Buffer.alloc(128 * 1024)]), name: 'big.png' },
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The receipt must be at most 64 KB');

    const zh = await submit(c, { order_id: order.id, lang: 'zh' }, { bytes: PNG });
    expect(zh.body.message).toBe('请输入付款参考号');

    expect(await receipts()).toBe(before);
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payment_reference: null, receipt_path: null });
  });

  it('only the customer’s own Pending bank-transfer order without payment details', async () => {
    const owner = await customer(t.db);
    const intruder = await customer(t.db);
    const order = await renewalOrder(owner);

    const theirs = await submit(intruder, { order_id: order.id, payment_reference: 'R1' }, { bytes: PNG });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('This order does not exist');

    // Paid with its first order (reference and receipt given at checkout).
    const s = await subscribe(t, owner);
    const placed = await submit(owner, { order_id: s.orderId, payment_reference: 'R1' }, { bytes: PNG });
    expect(placed.status).toBe(409);
    expect(placed.body.message).toBe('The payment of this order has already been submitted');

    // A payment-link order is paid by link.
    const linked = await subscribe(t, owner, { paymentMethod: 'payment_link' });
    const link = await submit(owner, { order_id: linked.orderId, payment_reference: 'R1' }, { bytes: PNG });
    expect(link.status).toBe(409);
    expect(link.body.message).toBe('This order is not waiting for a bank transfer');

    // A cancelled one is not waiting for anything.
    await t.db.updateTable('orders').set({ status: 'Cancelled' }).where('id', '=', order.id).execute();
    const cancelled = await submit(owner, { order_id: order.id, payment_reference: 'R1' }, { bytes: PNG });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('This order is not waiting for a bank transfer');

    const guest = await post(t.app, '/v2/submit-payment', { order_id: order.id });
    expect(guest.status).toBe(401);
  });
});
