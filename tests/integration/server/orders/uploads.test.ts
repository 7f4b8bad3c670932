import type { OrderDetails } from '../../../../src/common/contract/orders';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { createReceiptRetentionJob, deleteExpiredReceipts } from '../../../../src/server/orders/receipt-retention';
import { RECEIPT_UPLOAD_LIMIT } from '../../../../src/server/orders/receipts';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, storedKeys, type TestApp, withConfig } from '../../helper';
import { makeDue, ordersOf, subscribe } from '../subscriptions/support';
import { answerWhileSending, customer, PNG, PROVIDER_ENV, placeOrder, postMultipart } from './support';

const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 60 * 60_000).toISOString();

/**
 * Uploads reach the server only where the contract takes one, are limited per customer and day, and do not
 * outlive the orders they paid for: a cancelled order's receipt is deleted after RECEIPT_RETENTION_DAYS.
 */
describe.each(dialects)('receipt uploads on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Receipts in the file store (the database by default: no folder to count). */
  const receiptFiles = async () => (await storedKeys(t, 'receipts/')).length;
  const orderRow = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('multipart only on upload paths', () => {
    /** A multipart body with a file of `size` bytes. */
    const multipartBody = (size: number) => {
      const form = new FormData();
      form.append('lang', 'en');
      form.append('receipt', new Blob([new Uint8Array(size)], { type: 'image/png' }), 'big.png');
      return form;
    };

    it('a multipart body to a path that takes no upload is refused with 415, guest or customer', async () => {
      const c = await customer(t.db);
      for (const [url, token] of [
        ['/v2/get-product-list', undefined],
        ['/v1/get-orders', c.token],
        ['/v2/save-address', c.token],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: multipartBody(4 * 1024 * 1024),
        });
        expect(res.statusCode, url).toBe(415);
        expect(res.json()).toEqual({
          success: false,
          code: 415,
          message: 'This path takes no file upload; send the form as application/x-www-form-urlencoded',
          data: null,
        });
      }
      const zh = await t.app.inject({
        method: 'POST',
        url: '/v2/get-product-list',
        headers: { 'accept-language': 'zh-CN' },
        payload: multipartBody(10),
      });
      expect(zh.statusCode).toBe(415);
      expect(zh.json().message).toBe('此接口不接受文件上传；请以 application/x-www-form-urlencoded 格式提交表单');
    });

    it('is refused before its body is read: the answer comes while the body is still being sent', async () => {
      const answer = await answerWhileSending(t.app, '/v2/get-product-list');
      expect(answer).not.toBe('no answer');
      if (answer === 'no answer') return;
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 415 });
    });

    it('the upload paths still take multipart: placing an order with its receipt, submitting a payment', async () => {
      const { product, variants } = await createProduct(t.db, { stock: 10 });
      const c = await customer(t.db);
      const placed = await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        payment_method: 'bank_transfer',
      });
      expect(placed.status, placed.body.message).toBe(200);
      expect(placed.body.data.order.receipt_url).not.toBeNull();
      const submitted = await postMultipart(
        t.app,
        '/v2/submit-payment',
        { order_id: placed.body.data.order.id, payment_reference: 'REF-2' },
        { field: 'receipt', bytes: PNG },
        c.token,
      );
      // Reached the handler: that order is not waiting for a payment (it has one).
      expect(submitted.status).toBe(409);
      expect(submitted.body.message).toBe('The payment of this order has already been submitted');
    });
  });

  describe('receipts per customer and day', () => {
    it(`at most ${RECEIPT_UPLOAD_LIMIT.max} receipts a day per customer, counted when placing and when paying; 429 beyond`, async () => {
      const { product, variants } = await createProduct(t.db, { name: 'Scarce', stock: 1 });
      const c = await customer(t.db);
      // Receipts the server accepted, each for an order then refused (not enough stock): each one was stored.
      const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }];
      for (let i = 0; i < RECEIPT_UPLOAD_LIMIT.max; i++) {
        const res = await placeOrder(t.app, c, { items, payment_method: 'bank_transfer' });
        expect(res.status, res.body.message).toBe(409);
      }
      const files = await receiptFiles();
      const over = await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        payment_method: 'bank_transfer',
      });
      expect(over.status).toBe(429);
      expect(over.body.message).toBe('You can upload at most 20 receipts a day; please try again in 24 h');
      expect(over.errors).toEqual([
        { field: 'receipt', message: 'You can upload at most 20 receipts a day; please try again in 24 h' },
      ]);
      const zh = await placeOrder(t.app, c, { items, payment_method: 'bank_transfer', lang: 'zh' });
      expect(zh.status).toBe(429);
      expect(zh.body.message).toBe('每天最多可上传 20 张收据；请在 24 小时后重试');
      expect(await receiptFiles()).toBe(files);
      // Nothing was placed, stock untouched.
      expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', c.userId).execute()).toEqual([]);
      // An order without a receipt is not an upload.
      expect(
        (
          await placeOrder(t.app, c, {
            items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
          })
        ).status,
      ).toBe(200);

      // Another customer uploads as usual.
      const other = await customer(t.db);
      const fine = await placeOrder(t.app, other, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        payment_method: 'bank_transfer',
      });
      expect(fine.status).toBe(409); // sold out now, but its receipt was taken: not a 429
    });

    it('submit-payment counts against the same limit', async () => {
      const c = await customer(t.db);
      const s = await subscribe(t, c, { weeks: 4, quantity: 1 });
      await makeDue(t.db, s.subscriptionId);
      await placeDueRenewals(t.shop);
      const [renewal] = await ordersOf(t.db, s.subscriptionId);
      // The subscription's first order used one upload; use up the rest of the day's.
      await t.db
        .updateTable('rate_limits')
        .set({ count: RECEIPT_UPLOAD_LIMIT.max })
        .where('key', '=', `receipt-upload:user:${c.userId}`)
        .execute();
      const res = await postMultipart<{ order: OrderDetails }>(
        t.app,
        '/v2/submit-payment',
        { order_id: renewal!.id, payment_reference: 'REF-3' },
        { field: 'receipt', bytes: PNG },
        c.token,
      );
      expect(res.status).toBe(429);
      expect((await orderRow(renewal!.id)).receipt_path).toBeNull();
    });
  });

  describe('retention', () => {
    it('the default keeps receipts 30 days', () => {
      expect(t.config.RECEIPT_RETENTION_DAYS).toBe(30);
    });

    it('deletes the receipt (file and reference) of orders cancelled more than RECEIPT_RETENTION_DAYS ago, only those', async () => {
      const { product, variants } = await createProduct(t.db, { stock: 20 });
      const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
      const place = async () => {
        const c = await customer(t.db);
        const res = await placeOrder(t.app, c, { items, payment_method: 'bank_transfer' });
        expect(res.status, res.body.message).toBe(200);
        return { c, id: res.body.data.order.id };
      };
      const cancelledLongAgo = await place();
      const cancelledLongerAgo = await place();
      const cancelledRecently = await place();
      const completed = await place();
      const pending = await place();
      for (const o of [cancelledLongAgo, cancelledLongerAgo, cancelledRecently]) {
        await changeOrderStatus(t.shop, o.id, 'Cancelled', CLI_ACTOR);
      }
      await t.db
        .updateTable('orders')
        .set({ cancelled_at: daysAgo(31) })
        .where('id', '=', cancelledLongAgo.id)
        .execute();
      await t.db
        .updateTable('orders')
        .set({ cancelled_at: daysAgo(90) })
        .where('id', '=', cancelledLongerAgo.id)
        .execute();
      await t.db
        .updateTable('orders')
        .set({ cancelled_at: daysAgo(29) })
        .where('id', '=', cancelledRecently.id)
        .execute();
      for (const to of ['Paid', 'Processing', 'Completed'] as const) {
        await changeOrderStatus(t.shop, completed.id, to, CLI_ACTOR);
      }
      await t.db
        .updateTable('orders')
        .set({ placed_at: daysAgo(200), completed_at: daysAgo(199) })
        .where('id', '=', completed.id)
        .execute();
      const paths = new Map<number, string>();
      for (const o of [cancelledLongAgo, cancelledLongerAgo, cancelledRecently, completed, pending]) {
        const row = await orderRow(o.id);
        expect(row.receipt_path).not.toBeNull();
        paths.set(o.id, row.receipt_path!);
      }
      const stored = (id: number) => t.app.files.has(paths.get(id)!);

      // Off: nothing goes.
      const off = await deleteExpiredReceipts(withConfig(t.shop, { RECEIPT_RETENTION_DAYS: 0 }));
      expect(off.deleted).toEqual([]);
      expect(await stored(cancelledLongAgo.id)).toBe(true);

      // Batches of one: the job pages through every old one.
      const report = await deleteExpiredReceipts(t.shop, new Date(), { batch: 1 });
      expect(report.deleted.sort((a, b) => a - b)).toEqual(
        [cancelledLongAgo.id, cancelledLongerAgo.id].sort((a, b) => a - b),
      );
      expect(report.errors).toEqual([]);
      for (const o of [cancelledLongAgo, cancelledLongerAgo]) {
        expect((await orderRow(o.id)).receipt_path).toBeNull();
        expect(await stored(o.id)).toBe(false);
        const details = await post(t.app, '/v1/get-order-details', { order_id: o.id }, { token: o.c.token });
        expect(details.body.data.order).toMatchObject({ status: 'Cancelled', receipt_url: null });
      }
      for (const o of [cancelledRecently, completed, pending]) {
        expect((await orderRow(o.id)).receipt_path).toBe(paths.get(o.id));
        expect(await stored(o.id)).toBe(true);
      }

      // The periodic job does the same round; a second round finds nothing.
      await t.db
        .updateTable('orders')
        .set({ cancelled_at: daysAgo(31) })
        .where('id', '=', cancelledRecently.id)
        .execute();
      const job = createReceiptRetentionJob(t.shop);
      expect((await job.runOnce()).deleted).toEqual([cancelledRecently.id]);
      expect(await stored(cancelledRecently.id)).toBe(false);
      expect((await job.runOnce()).deleted).toEqual([]);
      await job.stop();
      expect(await stored(completed.id)).toBe(true);
    });
  });
});
