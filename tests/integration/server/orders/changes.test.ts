import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { createAddress } from '../../../factories/addresses';
import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder, snapshot } from './support';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe.each(dialects)('order history and changes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // One customer places many unpaid orders here: the MAX_UNPAID_ORDERS limit has its own tests (unpaid-limit.test.ts).
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer's order that used a coupon and 300 of cash reward, with a commission for an agent upline. */
  async function richOrder() {
    const { product, variants } = await createProduct(t.db, { price: 3000, stock: 10 });
    const agent = await createUser(t.db, { is_agent: 1, commission_rate_bp: 1000 });
    const { user, token } = await createUser(t.db, { cash_balance_cents: 1000, upline_id: agent.user.id });
    const address = await createAddress(t.db, user.id);
    const c = { userId: user.id, token, addressId: address.id };
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 500, usage_limit: 10 });
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }];
    expect((await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token })).status).toBe(200);
    expect((await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 300 }, { token })).status).toBe(200);
    const res = await placeOrder(t.app, c, { items });
    expect(res.status, res.body.message).toBe(200);
    return {
      c,
      order: res.body.data.order,
      variantId: variants[0]!.id,
      productId: product.id,
      coupon,
      agentId: agent.user.id,
    };
  }

  describe('get-orders and get-order-details', () => {
    it('lists only the caller’s orders, newest first, page by page', async () => {
      const { product, variants } = await createProduct(t.db, { stock: 50 });
      const c = await customer(t.db);
      const other = await customer(t.db);
      const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
      const placed: number[] = [];
      for (let i = 0; i < 5; i++) placed.push((await placeOrder(t.app, c, { items })).body.data.order.id);
      await placeOrder(t.app, other, { items });

      const first = await post(t.app, '/v1/get-orders', { limit: 3 }, { token: c.token });
      expect(first.status).toBe(200);
      expect(first.body.data.orders.map((o) => o.id)).toEqual(placed.slice().reverse().slice(0, 3));
      expect(first.body.data.orders[0]).toMatchObject({
        status: 'Pending',
        item_count: 1,
        can_change: true,
        has_tracking: false,
      });
      const second = await post(
        t.app,
        '/v1/get-orders',
        { limit: 3, cursor: first.body.data.next_cursor },
        { token: c.token },
      );
      expect(second.body.data.orders.map((o) => o.id)).toEqual(placed.slice().reverse().slice(3));
      expect(second.body.data.next_cursor).toBeNull();

      const filtered = await post(t.app, '/v1/get-orders', { status: 'Completed' }, { token: c.token });
      expect(filtered.body.data.orders).toEqual([]);
      const bad = await post(t.app, '/v1/get-orders', { cursor: 'not-a-cursor' }, { token: c.token });
      expect(bad.status).toBe(422);
      const guest = await post(t.app, '/v1/get-orders', {});
      expect(guest.status).toBe(401);
    });

    it('shows an order in full to its owner and 404 to anyone else', async () => {
      const { c, order } = await richOrder();
      const mine = await post(t.app, '/v1/get-order-details', { order_id: order.id, lang: 'zh' }, { token: c.token });
      expect(mine.status).toBe(200);
      expect(mine.body.data.order).toMatchObject({
        id: order.id,
        subtotal_cents: 6000,
        delivery_fee_cents: 450,
        coupon_discount_cents: 500,
        cash_reward_cents: 300,
        total_cents: 6000 + 450 - 500 - 300,
        tracking: { company: null, number: null, link: null },
        delivery_address: { state_name: '马尼拉大都会' },
      });
      const stranger = await customer(t.db);
      const theirs = await post(t.app, '/v1/get-order-details', { order_id: order.id }, { token: stranger.token });
      expect(theirs.status).toBe(404);
      const missing = await post(t.app, '/v1/get-order-details', { order_id: 99_999_999 }, { token: stranger.token });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(theirs.body.message);
      const huge = await post(t.app, '/v1/get-order-details', { order_id: 99_999_999_999 }, { token: stranger.token });
      expect(huge.status).toBe(422);
    });
  });

  describe('cancel-order', () => {
    it('within 15 minutes gives back stock, coupon use and cash reward, cancels the commission, once', async () => {
      const { c, order, variantId, productId, coupon } = await richOrder();
      const stockBefore = await t.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow();
      const commission = await t.db.selectFrom('commissions').selectAll().where('order_id', '=', order.id).execute();
      expect(commission).toMatchObject([{ status: 'Not Confirm', amount_cents: 550 }]);

      const res = await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.message).toBe('Your order has been cancelled');
      expect(res.body.data.order).toMatchObject({ status: 'Cancelled', can_change: false });
      expect(res.body.data.order.cancelled_at).not.toBeNull();

      const stock = await t.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(stockBefore.stock + 2);
      const product = await t.db
        .selectFrom('products')
        .select('stock_total')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      expect(product.stock_total).toBe(10);
      const used = await t.db
        .selectFrom('coupons')
        .select('used_count')
        .where('id', '=', coupon.id)
        .executeTakeFirstOrThrow();
      expect(used.used_count).toBe(0);
      expect(
        await t.db.selectFrom('coupon_redemptions').selectAll().where('order_id', '=', order.id).execute(),
      ).toEqual([]);
      const user = await t.db
        .selectFrom('users')
        .select('cash_balance_cents')
        .where('id', '=', c.userId)
        .executeTakeFirstOrThrow();
      expect(user.cash_balance_cents).toBe(1000);
      const ledger = await t.db
        .selectFrom('cash_rewards')
        .selectAll()
        .where('user_id', '=', c.userId)
        .orderBy('id')
        .execute();
      expect(ledger.map((l) => [l.type, l.amount_cents, l.balance_after_cents])).toEqual([
        ['redeemed', -300, 700],
        ['returned', 300, 1000],
      ]);
      const after = await t.db.selectFrom('commissions').select('status').where('order_id', '=', order.id).execute();
      expect(after).toEqual([{ status: 'Canceled' }]);
      const notices = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      expect(notices.map((n) => n.kind)).toEqual(['placed', 'cancelled']);

      // Again: nothing more is given back.
      const before = await snapshot(t.db, [variantId]);
      const again = await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
      expect(again.status).toBe(200);
      expect(await snapshot(t.db, [variantId])).toEqual(before);
    });

    it('10 concurrent cancels of one order give stock back once', async () => {
      const { product, variants } = await createProduct(t.db, { stock: 10 });
      const c = await customer(t.db);
      const placed = await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 4 }],
      });
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(t.app, '/v2/cancel-order', { order_id: placed.body.data.order.id }, { token: c.token }),
        ),
      );
      for (const r of results) expect(r.status, r.body.message).toBe(200);
      const stock = await t.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', variants[0]!.id)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(10);
      const notices = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('order_id', '=', placed.body.data.order.id)
        .execute();
      expect(notices.filter((n) => n.kind === 'cancelled')).toHaveLength(1);
    });

    it('after 15 minutes is refused and changes nothing', async () => {
      const { c, order, variantId } = await richOrder();
      await t.db
        .updateTable('orders')
        .set({ placed_at: minutesAgo(16) })
        .where('id', '=', order.id)
        .execute();
      const before = await snapshot(t.db, [variantId]);
      const res = await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Orders can only be changed within 15 minutes of placing them');
      expect(await snapshot(t.db, [variantId])).toEqual(before);
      const details = await post(t.app, '/v1/get-order-details', { order_id: order.id }, { token: c.token });
      expect(details.body.data.order).toMatchObject({ status: 'Pending', can_change: false });
    });

    it('is refused for someone else’s order (404) and once the order is Processing', async () => {
      const { c, order } = await richOrder();
      const stranger = await customer(t.db);
      const theirs = await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: stranger.token });
      expect(theirs.status).toBe(404);
      await changeOrderStatus(t.shop, order.id, 'Paid', CLI_ACTOR);
      await changeOrderStatus(t.shop, order.id, 'Processing', CLI_ACTOR);
      const res = await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This order can no longer be changed');
    });
  });

  describe('update-order-address', () => {
    it('refuses an address in a country a product on the order does not ship to, changing nothing', async () => {
      // Above the free-delivery threshold (7500): the fee is 0 everywhere, so only the country can refuse.
      const phOnly = await createProduct(t.db, {
        name: 'Manila Only',
        price: 8000,
        stock: 10,
        availability: { ph: true, cn: false },
      });
      const both = await createProduct(t.db, { price: 8000, stock: 10 });
      const c = await customer(t.db);
      const placed = await placeOrder(t.app, c, {
        items: [
          { product_id: both.product.id, variant_id: both.variants[0]!.id, quantity: 1 },
          { product_id: phOnly.product.id, variant_id: phOnly.variants[0]!.id, quantity: 1 },
        ],
      });
      expect(placed.status, placed.body.message).toBe(200);
      expect(placed.body.data.order.delivery_fee_cents).toBe(0);
      const orderId = placed.body.data.order.id;
      const beijing = await t.db
        .selectFrom('states')
        .select('id')
        .where('code', '=', 'CN-BJ')
        .executeTakeFirstOrThrow();
      const far = await createAddress(t.db, c.userId, {
        receiver_name: 'Li Wei',
        state_id: beijing.id,
        country: 'CN',
        is_default: 0,
      });
      const before = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const notices = async () =>
        (await t.db.selectFrom('notifications').select('id').where('order_id', '=', orderId).execute()).length;
      const noticesBefore = await notices();

      const refused = await post(
        t.app,
        '/v2/update-order-address',
        { order_id: orderId, address_id: far.id },
        { token: c.token },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('Manila Only (50 g) cannot be delivered to Beijing');
      expect(refused.errors).toEqual([
        { field: 'address_id', message: 'Manila Only (50 g) cannot be delivered to Beijing' },
      ]);
      const zh = await post(
        t.app,
        '/v2/update-order-address',
        { order_id: orderId, address_id: far.id, lang: 'zh' },
        { token: c.token },
      );
      expect(zh.status).toBe(422);
      expect(zh.body.message).toContain('无法配送至北京');
      expect(await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual(
        before,
      );
      expect(await notices()).toBe(noticesBefore);

      // The same rule placing an order applies: an order of products that ship to China may move there.
      const cnOk = await createProduct(t.db, { price: 8000, stock: 10, availability: { ph: true, cn: true } });
      const other = await placeOrder(t.app, c, {
        items: [{ product_id: cnOk.product.id, variant_id: cnOk.variants[0]!.id, quantity: 1 }],
      });
      const moved = await post(
        t.app,
        '/v2/update-order-address',
        { order_id: other.body.data.order.id, address_id: far.id },
        { token: c.token },
      );
      expect(moved.status, moved.body.message).toBe(200);
      expect(moved.body.data.order.delivery_address).toMatchObject({ receiver_name: 'Li Wei', country: 'CN' });
    });

    it('moves delivery to another own address with the same fee, within 15 minutes only', async () => {
      const { product, variants } = await createProduct(t.db, { stock: 10 });
      const c = await customer(t.db);
      const placed = await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      });
      const orderId = placed.body.data.order.id;
      const sameState = await createAddress(t.db, c.userId, {
        receiver_name: 'Juan Cruz',
        address: '99 Mars Avenue',
        is_default: 0,
      });
      const res = await post(
        t.app,
        '/v2/update-order-address',
        { order_id: orderId, address_id: sameState.id },
        { token: c.token },
      );
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.message).toBe('Address updated successfully');
      expect(res.body.data.order.delivery_address).toMatchObject({
        receiver_name: 'Juan Cruz',
        address: '99 Mars Avenue',
      });

      // Beijing costs a different fee: refused.
      const beijing = await t.db
        .selectFrom('states')
        .select('id')
        .where('code', '=', 'CN-BJ')
        .executeTakeFirstOrThrow();
      const far = await createAddress(t.db, c.userId, { state_id: beijing.id, country: 'CN', is_default: 0 });
      const differs = await post(
        t.app,
        '/v2/update-order-address',
        { order_id: orderId, address_id: far.id },
        { token: c.token },
      );
      expect(differs.status).toBe(409);
      expect(differs.body.message).toMatch(/different fee/);

      // Someone else's address: 404.
      const stranger = await customer(t.db);
      const foreign = await post(
        t.app,
        '/v2/update-order-address',
        { order_id: orderId, address_id: stranger.addressId },
        { token: c.token },
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('This address does not exist');

      await t.db
        .updateTable('orders')
        .set({ placed_at: minutesAgo(15) })
        .where('id', '=', orderId)
        .execute();
      const late = await post(
        t.app,
        '/v2/update-order-address',
        { order_id: orderId, address_id: c.addressId },
        { token: c.token },
      );
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('Orders can only be changed within 15 minutes of placing them');
      const order = await t.db
        .selectFrom('orders')
        .select('receiver_name')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order.receiver_name).toBe('Juan Cruz');
    });
  });

  describe('status rules', () => {
    it('Pending → Paid → Processing → Completed earns the cash reward once and notifies each step', async () => {
      const { c, order, agentId } = await richOrder();
      for (const to of ['Paid', 'Processing', 'Completed'] as const) {
        const { changed } = await changeOrderStatus(t.shop, order.id, to, CLI_ACTOR);
        expect(changed).toBe(true);
      }
      const again = await changeOrderStatus(t.shop, order.id, 'Completed', CLI_ACTOR);
      expect(again.changed).toBe(false);
      const user = await t.db
        .selectFrom('users')
        .select('cash_balance_cents')
        .where('id', '=', c.userId)
        .executeTakeFirstOrThrow();
      // 5% of what was paid for the goods (docs/decisions/003): 6000 subtotal − 500 coupon − 300 cash reward
      // redeemed = 5200, so 260, on top of the 700 left after spending 300.
      expect(user.cash_balance_cents).toBe(700 + 260);
      const earned = await t.db
        .selectFrom('cash_rewards')
        .selectAll()
        .where('order_id', '=', order.id)
        .where('type', '=', 'earned')
        .execute();
      expect(earned).toMatchObject([
        { amount_cents: 260, spend_cents: 5200, balance_after_cents: 960, status: 'Active' },
      ]);
      const notices = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      expect(notices.map((n) => n.kind)).toEqual(['placed', 'paid', 'processing', 'completed']);
      const commission = await t.db
        .selectFrom('commissions')
        .select('status')
        .where('agent_id', '=', agentId)
        .execute();
      expect(commission).toEqual([{ status: 'Pending Payment' }]);
    });

    it('a cash reward redeemed beyond the goods (on the delivery fee) leaves nothing to earn on', async () => {
      const { product, variants } = await createProduct(t.db, { price: 1000, stock: 10 });
      const c = await customer(t.db, { balanceCents: 2000 });
      const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
      expect(
        (await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 2000 }, { token: c.token })).status,
      ).toBe(200);
      const placed = await placeOrder(t.app, c, { items });
      expect(placed.status, placed.body.message).toBe(200);
      const order = placed.body.data.order;
      // 1000 of goods and the delivery fee, all paid with the reward: the order is paid, nothing was paid for goods.
      expect(order.cash_reward_cents).toBe(1000 + order.delivery_fee_cents);
      expect(order.status).toBe('Paid');
      for (const to of ['Processing', 'Completed'] as const) {
        await changeOrderStatus(t.shop, order.id, to, CLI_ACTOR);
      }
      const earned = await t.db
        .selectFrom('cash_rewards')
        .select('amount_cents')
        .where('order_id', '=', order.id)
        .where('type', '=', 'earned')
        .execute();
      expect(earned).toEqual([]);
    });

    it('refuses transitions the rules do not allow, changing nothing', async () => {
      const { order, variantId } = await richOrder();
      const before = await snapshot(t.db, [variantId]);
      await expect(changeOrderStatus(t.shop, order.id, 'Completed', CLI_ACTOR)).rejects.toMatchObject({
        status: 409,
        key: 'illegalTransition',
        params: { from: 'Pending', to: 'Completed' },
      });
      await expect(changeOrderStatus(t.shop, order.id, 'Processing', CLI_ACTOR)).rejects.toMatchObject({
        status: 409,
      });
      expect(await snapshot(t.db, [variantId])).toEqual(before);
      await changeOrderStatus(t.shop, order.id, 'Paid', CLI_ACTOR);
      await changeOrderStatus(t.shop, order.id, 'Processing', CLI_ACTOR);
      await expect(changeOrderStatus(t.shop, order.id, 'Cancelled', CLI_ACTOR)).rejects.toMatchObject({
        status: 409,
      });
      await expect(changeOrderStatus(t.shop, order.id, 'Pending', CLI_ACTOR)).rejects.toMatchObject({
        status: 409,
      });
      await expect(changeOrderStatus(t.shop, 99_999_999, 'Paid', CLI_ACTOR)).rejects.toMatchObject({
        status: 404,
      });
    });

    it('the operator may cancel a Paid order after the window; stock comes back', async () => {
      const { order, variantId } = await richOrder();
      await t.db
        .updateTable('orders')
        .set({ placed_at: minutesAgo(120) })
        .where('id', '=', order.id)
        .execute();
      await changeOrderStatus(t.shop, order.id, 'Paid', CLI_ACTOR);
      const stockBefore = await t.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow();
      const { order: cancelled } = await changeOrderStatus(t.shop, order.id, 'Cancelled', CLI_ACTOR);
      expect(cancelled.status).toBe('Cancelled');
      const stock = await t.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(stockBefore.stock + 2);
    });
  });
});
