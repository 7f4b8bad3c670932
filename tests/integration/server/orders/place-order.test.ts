import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { OrderDetails } from '../../../../src/common/contract/orders';
import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, storedKeys, type TestApp } from '../../helper';
import { customer, JPEG, PNG, PROVIDER_ENV, placeOrder, STORED_JPEG, snapshot } from './support';

describe.each(dialects)('placing an order on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('re-prices every line from the database, takes stock and writes the order with its lines and notice', async () => {
    const { product, variants } = await createProduct(t.db, {
      variants: [
        { name: '50 g', price: 1500, stock: 10 },
        { name: '100 g', price: 2800, discountPrice: 2400, stock: 4 },
      ],
    });
    const c = await customer(t.db);
    const res = await placeOrder(t.app, c, {
      items: [
        // Prices and totals sent by the client are ignored.
        {
          product_id: product.id,
          variant_id: variants[0]!.id,
          quantity: 2,
          unit_price: 1,
          price_cents: 1,
          totalPrice: '0.02',
        },
        { product_id: product.id, variant_id: variants[1]!.id, quantity: 1, discount_price: 1, has_discount: 1 },
      ],
      total_cents: 3,
      subtotal_cents: 3,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Your order has been placed');
    const order = res.body.data.order;
    expect(res.body.data.created).toBe(true);
    expect(order.order_no).toMatch(/^LC-\d{8}-[A-Z0-9]{6}$/);
    expect(order.status).toBe('Pending');
    expect(order.subtotal_cents).toBe(2 * 1500 + 2400);
    // Metro Manila standard fee (450), under the $75 free-delivery threshold.
    expect(order.delivery_fee_cents).toBe(450);
    expect(order.total_cents).toBe(5400 + 450);
    expect(order.items.map((i) => [i.variant_name, i.quantity, i.unit_price_cents, i.line_total_cents])).toEqual([
      ['50 g', 2, 1500, 3000],
      ['100 g', 1, 2400, 2400],
    ]);
    expect(Date.parse(order.can_change_until) - Date.parse(order.placed_at)).toBe(15 * 60_000);
    expect(order.can_change).toBe(true);
    expect(order.delivery_address).toMatchObject({
      receiver_name: 'Maria Santos',
      city: 'Makati',
      state_name: 'Metro Manila',
    });

    const stock = await t.db
      .selectFrom('product_variants')
      .select(['id', 'stock'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(stock.map((s) => s.stock)).toEqual([8, 3]);
    const p = await t.db
      .selectFrom('products')
      .select('stock_total')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(p.stock_total).toBe(11);
    const notices = await t.db.selectFrom('notifications').selectAll().where('order_id', '=', order.id).execute();
    expect(notices.map((n) => n.kind)).toEqual(['placed']);
  });

  it('charges 15% off Subscribe & save lines and starts their subscriptions', async () => {
    const { product, variants } = await createProduct(t.db, { price: 2000, stock: 10, subscribable: true });
    const c = await customer(t.db);
    const res = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2, frequency_weeks: 4 }],
    });
    expect(res.status, res.body.message).toBe(200);
    const line = res.body.data.order.items[0]!;
    expect(line).toMatchObject({ unit_price_cents: 1700, line_total_cents: 3400, frequency_weeks: 4 });
    const subs = await t.db.selectFrom('subscriptions').selectAll().where('user_id', '=', c.userId).execute();
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      variant_id: variants[0]!.id,
      quantity: 2,
      frequency_weeks: 4,
      status: 'active',
      address_id: c.addressId,
    });
    expect(Date.parse(subs[0]!.next_due_at) - Date.parse(res.body.data.order.placed_at)).toBe(28 * 24 * 3600_000);
  });

  it('delivers free at or above the free-delivery threshold and charges expedited when asked', async () => {
    const { product, variants } = await createProduct(t.db, { price: 2500, stock: 10 });
    const c = await customer(t.db);
    const free = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 3 }],
    });
    expect(free.body.data.order).toMatchObject({ subtotal_cents: 7500, delivery_fee_cents: 0, total_cents: 7500 });
    const expedited = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      shipping_method: 'expedited',
    });
    expect(expedited.body.data.order).toMatchObject({
      subtotal_cents: 2500,
      delivery_fee_cents: 900,
      shipping_method: 'expedited',
    });
  });

  it('applies the customer’s coupon and held cash reward, then clears them', async () => {
    const { product, variants } = await createProduct(t.db, { price: 3000, stock: 10 });
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 500, min_spend_cents: 1000 });
    const c = await customer(t.db, { balanceCents: 800 });
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const applied = await post(
      t.app,
      '/v1/validate-coupon',
      { code: coupon.code.toLowerCase(), items },
      { token: c.token },
    );
    expect(applied.status, applied.body.message).toBe(200);
    const held = await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 300 }, { token: c.token });
    expect(held.status, held.body.message).toBe(200);

    const res = await placeOrder(t.app, c, { items });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.order).toMatchObject({
      subtotal_cents: 3000,
      delivery_fee_cents: 450,
      coupon_code: coupon.code,
      coupon_discount_cents: 500,
      cash_reward_cents: 300,
      total_cents: 3000 + 450 - 500 - 300,
    });
    const user = await t.db
      .selectFrom('users')
      .select('cash_balance_cents')
      .where('id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(user.cash_balance_cents).toBe(500);
    const ledger = await t.db.selectFrom('cash_rewards').selectAll().where('user_id', '=', c.userId).execute();
    expect(ledger).toMatchObject([
      { type: 'redeemed', amount_cents: -300, balance_after_cents: 500, order_id: res.body.data.order.id },
    ]);
    const used = await t.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(used.used_count).toBe(1);
    expect(await t.db.selectFrom('coupon_applications').selectAll().where('user_id', '=', c.userId).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('cash_reward_holds').selectAll().where('user_id', '=', c.userId).execute()).toEqual(
      [],
    );
    const redemptions = await t.db
      .selectFrom('coupon_redemptions')
      .selectAll()
      .where('user_id', '=', c.userId)
      .execute();
    expect(redemptions).toMatchObject([{ coupon_id: coupon.id, order_id: res.body.data.order.id }]);
  });

  it('use_coupon=0 and use_cash_reward=0 place the order without them and end the checkout’s coupon and hold', async () => {
    const { product, variants } = await createProduct(t.db, { price: 3000, stock: 10 });
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 500 });
    const c = await customer(t.db, { balanceCents: 800 });
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c.token });
    await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 300 }, { token: c.token });
    const res = await placeOrder(t.app, c, { items, use_coupon: 0, use_cash_reward: 0 });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.order).toMatchObject({
      coupon_code: null,
      coupon_discount_cents: 0,
      cash_reward_cents: 0,
      total_cents: 3450,
    });
    const user = await t.db
      .selectFrom('users')
      .select('cash_balance_cents')
      .where('id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(user.cash_balance_cents).toBe(800);
    const used = await t.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(used.used_count).toBe(0);
    expect(await t.db.selectFrom('coupon_applications').selectAll().where('user_id', '=', c.userId).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('cash_reward_holds').selectAll().where('user_id', '=', c.userId).execute()).toEqual(
      [],
    );
  });

  it('a retry with the same idempotency key answers the same order and takes nothing twice', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 5 });
    const c = await customer(t.db);
    const fields = {
      idempotency_key: randomUUID(),
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }],
    };
    const first = await placeOrder(t.app, c, fields);
    const again = await placeOrder(t.app, c, fields);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data.created).toBe(false);
    expect(again.body.data.order.id).toBe(first.body.data.order.id);
    const stock = await t.db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', variants[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(3);
  });

  it('a bank transfer stores the receipt, shows it to its owner only through a signed link', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 5 });
    const c = await customer(t.db);
    const res = await placeOrder(
      t.app,
      c,
      {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        payment_method: 'bank_transfer',
        payment_reference: 'BDO-778899',
      },
      { bytes: JPEG, name: 'receipt.jpg', type: 'image/jpeg' },
    );
    expect(res.status, res.body.message).toBe(200);
    const order = res.body.data.order;
    expect(order).toMatchObject({
      payment_method: 'bank_transfer',
      payment_reference: 'BDO-778899',
      status: 'Pending',
    });
    expect(order.receipt_url).toMatch(/^\/v1\/receipt\/\d+\?u=\d+&exp=\d+&sig=[\w-]+$/);
    // In the file store (the database by default), under the key the order names; no file on this machine's disk.
    const { receipt_path } = await t.db
      .selectFrom('orders')
      .select('receipt_path')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(receipt_path).toMatch(/^receipts\/[0-9a-f]{32}\.jpg$/);
    expect(await storedKeys(t, 'receipts/')).toContain(receipt_path);
    expect(existsSync(join(t.config.UPLOAD_DIR, 'receipts'))).toBe(false);

    const image = await t.app.inject({ method: 'GET', url: order.receipt_url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(image.rawPayload, STORED_JPEG)).toBe(0);
    // Private, shown inline, never sniffed, never a document of the shop's origin.
    expect(image.headers).toMatchObject({
      'content-length': String(STORED_JPEG.length),
      'cache-control': 'private, max-age=600',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(image.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);

    const forged = order.receipt_url!.replace(/sig=[\w-]+/, 'sig=AAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherUser = order.receipt_url!.replace(/u=\d+/, `u=${c.userId + 1000}`);
    expect((await t.app.inject({ method: 'GET', url: otherUser })).statusCode).toBe(404);
    const expired = order.receipt_url!.replace(/exp=\d+/, 'exp=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);

    // Someone else asking for the order's details gets 404, not its receipt link.
    const other = await customer(t.db);
    const peek = await post(t.app, '/v1/get-order-details', { order_id: order.id }, { token: other.token });
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe('This order does not exist');
  });

  describe('refusals write nothing', () => {
    let productId: number;
    let variantId: number;
    let otherVariantId: number;
    let c: Awaited<ReturnType<typeof customer>>;
    let stranger: Awaited<ReturnType<typeof customer>>;
    beforeAll(async () => {
      const p = await createProduct(t.db, { name: 'Refusal Sencha', variants: [{ name: '50 g', stock: 3 }] });
      const q = await createProduct(t.db, { stock: 3 });
      productId = p.product.id;
      variantId = p.variants[0]!.id;
      otherVariantId = q.variants[0]!.id;
      c = await customer(t.db);
      stranger = await customer(t.db);
    });

    const cases: Array<[string, () => Parameters<typeof placeOrder>, number, string | RegExp]> = [
      ['an empty cart', () => [t.app, c, { items: [] }], 422, 'Cannot checkout with empty cart'],
      [
        'no address',
        () => [
          t.app,
          c,
          { items: [{ product_id: productId, variant_id: variantId, quantity: 1 }], address_id: undefined },
        ],
        422,
        'Please add Address first',
      ],
      [
        'a negative quantity',
        () => [t.app, c, { items: [{ product_id: productId, variant_id: variantId, quantity: -2 }] }],
        422,
        'Refusal Sencha (50 g): the quantity must be a whole number from 1 to 3',
      ],
      [
        'a fractional quantity',
        () => [t.app, c, { items: [{ product_id: productId, variant_id: variantId, quantity: 1.5 }] }],
        422,
        'Refusal Sencha (50 g): the quantity must be a whole number from 1 to 3',
      ],
      [
        'a zero quantity',
        () => [t.app, c, { items: [{ product_id: productId, variant_id: variantId, quantity: 0 }] }],
        422,
        'Refusal Sencha (50 g): the quantity must be a whole number from 1 to 3',
      ],
      [
        'more than the stock',
        () => [t.app, c, { items: [{ product_id: productId, variant_id: variantId, quantity: 4 }] }],
        409,
        'Not Enough Stock: Refusal Sencha (50 g) has 3 left',
      ],
      [
        'more than the stock over two lines of one packaging',
        () => [
          t.app,
          c,
          {
            items: [
              { product_id: productId, variant_id: variantId, quantity: 2 },
              { product_id: productId, variant_id: variantId, quantity: 2 },
            ],
          },
        ],
        409,
        'Not Enough Stock: Refusal Sencha (50 g) has 3 left',
      ],
      [
        'an unknown product',
        () => [t.app, c, { items: [{ product_id: 999_999, variant_id: variantId, quantity: 1 }] }],
        409,
        'Line 1: this product is no longer available',
      ],
      [
        'an unknown packaging',
        () => [t.app, c, { items: [{ product_id: productId, variant_id: 999_999, quantity: 1 }] }],
        409,
        'Line 1: this product is no longer available',
      ],
      [
        'a packaging of another product',
        () => [t.app, c, { items: [{ product_id: productId, variant_id: otherVariantId, quantity: 1 }] }],
        409,
        'Line 1: this product is no longer available',
      ],
      [
        'an id larger than the database can hold',
        () => [t.app, c, { items: [{ product_id: productId, variant_id: 99_999_999_999, quantity: 1 }] }],
        422,
        'items.0.variant_id: must be a positive id',
      ],
      [
        'a subscription of a product that offers none',
        () => [
          t.app,
          c,
          { items: [{ product_id: productId, variant_id: variantId, quantity: 1, frequency_weeks: 4 }] },
        ],
        422,
        'Refusal Sencha (50 g): delivery every 4 weeks is not offered',
      ],
      [
        'someone else’s address',
        () => [
          t.app,
          c,
          { items: [{ product_id: productId, variant_id: variantId, quantity: 1 }], address_id: stranger.addressId },
        ],
        404,
        'This address does not exist',
      ],
      [
        'no payment method',
        () => [
          t.app,
          c,
          { items: [{ product_id: productId, variant_id: variantId, quantity: 1 }], payment_method: '' },
        ],
        422,
        'Please select a payment method',
      ],
      [
        'a bank transfer without reference',
        () => [
          t.app,
          c,
          {
            items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
            payment_method: 'bank_transfer',
            payment_reference: '',
          },
        ],
        422,
        'Please enter the payment reference',
      ],
      [
        'a bank transfer without receipt',
        () => [
          t.app,
          c,
          {
            items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
            payment_method: 'bank_transfer',
            payment_reference: 'R1',
          },
          null,
        ],
        422,
        'Please upload the payment receipt',
      ],
      [
        'a receipt that is not an image',
        () => [
          t.app,
          c,
          {
            items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
            payment_method: 'bank_transfer',
            payment_reference: 'R1',
          },
          { bytes: Buffer.from('%PDF-1.7 not an image'), name: 'receipt.png', type: 'image/png' },
        ],
        422,
        'The receipt must be a PNG, JPEG or WebP image',
      ],
      [
        'a receipt over the size limit',
        () => [
          t.app,
          c,
          {
            items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
            payment_method: 'bank_transfer',
            payment_reference: 'R1',
          },
          { bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png' },
        ],
        413,
        'The receipt must be at most 5 MB',
      ],
      [
        'a short idempotency key',
        () => [
          t.app,
          c,
          { items: [{ product_id: productId, variant_id: variantId, quantity: 1 }], idempotency_key: 'abc' },
        ],
        422,
        /^idempotency_key: must be 8-100 characters$/,
      ],
    ];

    it.each(cases)('%s', async (_name, args, status, message) => {
      const before = await snapshot(t.db, [variantId, otherVariantId]);
      const filesBefore = (await storedKeys(t, 'receipts/')).length;
      const res = await placeOrder(...args());
      expect(res.status, res.body.message).toBe(status);
      expect(res.body.success).toBe(false);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
      expect(await snapshot(t.db, [variantId, otherVariantId])).toEqual(before);
      const filesAfter = (await storedKeys(t, 'receipts/')).length;
      expect(filesAfter).toBe(filesBefore);
    });

    it('names the line in Chinese for lang=zh', async () => {
      const res = await placeOrder(t.app, c, {
        items: [{ product_id: productId, variant_id: variantId, quantity: 9 }],
        lang: 'zh',
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('库存不足：Refusal Sencha（中文）（50 克） 仅剩 3 件');
    });

    it('refuses a coupon that no longer fits and a changed total, writing nothing', async () => {
      const coupon = await createCoupon(t.db, { min_spend_cents: 5000 });
      await t.db
        .insertInto('coupon_applications')
        .values({ user_id: c.userId, coupon_id: coupon.id, created_at: new Date().toISOString() })
        .execute();
      const before = await snapshot(t.db, [variantId]);
      const res = await placeOrder(t.app, c, {
        items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Minimum spend is $50.00');
      expect(await snapshot(t.db, [variantId])).toEqual(before);
      await t.db.deleteFrom('coupon_applications').where('user_id', '=', c.userId).execute();

      const changed = await placeOrder(t.app, c, {
        items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
        expected_total_cents: 100,
      });
      expect(changed.status).toBe(409);
      expect(changed.body.message).toBe('The total is now $19.50; please check your order and place it again');
    });

    it('payment link without a configured provider is not available', async () => {
      const bare = await buildTestApp(dialect);
      try {
        const p = await createProduct(bare.db, { stock: 3 });
        const someone = await customer(bare.db);
        const before = await snapshot(bare.db, [p.variants[0]!.id]);
        const res = await placeOrder(bare.app, someone, {
          items: [{ product_id: p.product.id, variant_id: p.variants[0]!.id, quantity: 1 }],
          payment_method: 'payment_link',
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('This method is not available');
        expect(await snapshot(bare.db, [p.variants[0]!.id])).toEqual(before);
      } finally {
        await bare.close();
      }
    });
  });

  it('an order paid in full by coupon and cash reward is Paid at once and needs no receipt', async () => {
    const { product, variants } = await createProduct(t.db, { price: 1000, stock: 5 });
    const c = await customer(t.db, { balanceCents: 5000 });
    await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 5000 }, { token: c.token });
    const res = await placeOrder(
      t.app,
      c,
      {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        payment_method: 'bank_transfer',
      },
      null,
    );
    expect(res.status, res.body.message).toBe(200);
    const order: OrderDetails = res.body.data.order;
    expect(order).toMatchObject({ status: 'Paid', total_cents: 0, cash_reward_cents: 1450 });
    const user = await t.db
      .selectFrom('users')
      .select('cash_balance_cents')
      .where('id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(user.cash_balance_cents).toBe(5000 - 1450);
  });
});
