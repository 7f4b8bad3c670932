import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from './support';

describe.each(dialects)('reviews on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function completedOrder() {
    const a = await createProduct(t.db, { stock: 10 });
    const b = await createProduct(t.db, { stock: 10 });
    const c = await customer(t.db);
    const res = await placeOrder(t.app, c, {
      items: [
        { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 1 },
        { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 1 },
      ],
    });
    const order = res.body.data.order;
    return { c, order, productId: a.product.id, otherProductId: b.product.id };
  }

  const complete = async (orderId: number) => {
    for (const to of ['Paid', 'Processing', 'Completed'] as const)
      await changeOrderStatus(t.shop, orderId, to, CLI_ACTOR);
  };

  it('adds a review of a product of the customer’s completed order, once, and updates the product rating', async () => {
    const { c, order, productId } = await completedOrder();
    const review = {
      order_id: order.id,
      product_id: productId,
      rating: 4,
      title: 'Lovely',
      description: 'Bright and clean.',
    };
    const early = await post(t.app, '/v1/add-review', review, { token: c.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('You can review products once the order is completed');

    await complete(order.id);
    const res = await post(t.app, '/v1/add-review', review, { token: c.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Review added successfully');
    const product = await t.db
      .selectFrom('products')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ rating_sum: 4, rating_count: 1 });

    const twice = await post(t.app, '/v1/add-review', review, { token: c.token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already reviewed this product for this order');
    const still = await t.db
      .selectFrom('products')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ rating_sum: 4, rating_count: 1 });

    const details = await post(t.app, '/v1/get-order-details', { order_id: order.id }, { token: c.token });
    expect(details.body.data.order.items.map((i) => i.reviewed)).toEqual([true, false]);
    expect(details.body.data.order.can_review).toBe(true);
  });

  it('two reviews of the same product sent at once make one', async () => {
    const { c, order, productId } = await completedOrder();
    await complete(order.id);
    const review = { order_id: order.id, product_id: productId, rating: 5, title: 'Yes', description: 'Again yes.' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, '/v1/add-review', review, { token: c.token })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(409);
    const product = await t.db
      .selectFrom('products')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ rating_sum: 5, rating_count: 1 });
  });

  it('answers the shop’s messages for a missing rating, title or description, and refuses others’ orders', async () => {
    const { c, order, productId } = await completedOrder();
    await complete(order.id);
    const base = { order_id: order.id, product_id: productId, rating: 5, title: 'T', description: 'D' };
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ ...base, rating: '' }, 422, 'rating', 'Please select rating'],
      [{ ...base, rating: 0 }, 422, 'rating', 'Please select rating'],
      [{ ...base, rating: 6 }, 422, 'rating', 'Please select rating'],
      [{ ...base, title: '  ' }, 422, 'title', 'Please enter title'],
      [{ ...base, description: '' }, 422, 'description', 'Please enter description'],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await post(t.app, '/v1/add-review', body, { token: c.token });
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(res.errors).toEqual([{ field, message }]);
    }
    const zh = await post(t.app, '/v1/add-review', { ...base, rating: '', lang: 'zh' }, { token: c.token });
    expect(zh.body.message).toBe('请选择评分');

    const notInOrder = await post(t.app, '/v1/add-review', { ...base, product_id: 999_999 }, { token: c.token });
    expect(notInOrder.status).toBe(422);
    expect(notInOrder.body.message).toBe('This product is not in this order');
    const stranger = await customer(t.db);
    const theirs = await post(t.app, '/v1/add-review', base, { token: stranger.token });
    expect(theirs.status).toBe(404);
    const count = await t.db.selectFrom('reviews').selectAll().where('order_id', '=', order.id).execute();
    expect(count).toEqual([]);
  });
});

describe.each(dialects)('get-payment-link on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, TELEGRAM_API_ROOT: 'https://tg.test' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks Telegram’s createInvoiceLink with the order’s prices and answers the link', async () => {
    const { product, variants } = await createProduct(t.db, { name: 'Invoice Oolong', price: 3000, stock: 10 });
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 400 });
    const c = await customer(t.db);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }];
    await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c.token });
    const placed = await placeOrder(t.app, c, { items });
    const order = placed.body.data.order;
    expect(order.awaiting_payment_link).toBe(true);

    const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ ok: true, result: 'https://t.me/$invoice-abc' }), { status: 200 });
    });
    const res = await post(t.app, '/v1/get-payment-link', { order_id: order.id }, { token: c.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({
      link: 'https://t.me/$invoice-abc',
      order_no: order.order_no,
      total_cents: 6000 + 450 - 400,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`https://tg.test/bot${PROVIDER_ENV.BOT_TOKEN}/createInvoiceLink`);
    expect(calls[0]!.body).toMatchObject({
      currency: 'USD',
      provider_token: PROVIDER_ENV.PAYMENT_PROVIDER_TOKEN,
      payload: `order:${order.id}:${order.total_cents}`,
      prices: [
        { label: 'Invoice Oolong (50 g) × 2', amount: 6000 },
        { label: 'Delivery', amount: 450 },
        { label: `Coupon ${coupon.code}`, amount: -400 },
      ],
    });
    expect(String(calls[0]!.body.title).length).toBeLessThanOrEqual(32);

    // Telegram refusing: a clear answer, not a 500.
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ ok: false, description: 'Bad Request' }), { status: 400 }),
    );
    const refused = await post(t.app, '/v1/get-payment-link', { order_id: order.id }, { token: c.token });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('The payment provider did not answer, please try again');

    // Someone else's order: 404; a paid one: refused.
    const stranger = await customer(t.db);
    expect((await post(t.app, '/v1/get-payment-link', { order_id: order.id }, { token: stranger.token })).status).toBe(
      404,
    );
    await changeOrderStatus(t.shop, order.id, 'Paid', { kind: 'system' });
    const paid = await post(t.app, '/v1/get-payment-link', { order_id: order.id }, { token: c.token });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('This order is not waiting for a payment by link');
  });

  it('answers "This method is not available" when no provider is configured', async () => {
    const bare = await buildTestApp(dialect);
    try {
      const c = await customer(bare.db);
      const res = await post(bare.app, '/v1/get-payment-link', { order_id: 1 }, { token: c.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This method is not available');
      const methods = await post(bare.app, '/v2/get-all-payment-method', {});
      expect(methods.body.data.payment_methods.find((m) => m.code === 'payment_link')?.available).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
