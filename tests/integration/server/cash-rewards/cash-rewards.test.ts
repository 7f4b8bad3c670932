import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';

describe.each(dialects)('cash reward paths on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('cash reward', () => {
    it('holds an amount up to the balance; blank and too much are refused; 0 releases it', async () => {
      const c = await customer(t.db, { balanceCents: 1200 });
      const blank = await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: '' }, { token: c.token });
      expect(blank.status).toBe(422);
      expect(blank.body.message).toBe('Please enter amount to redeem');
      const tooMuch = await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 1201 }, { token: c.token });
      expect(tooMuch.body.message).toBe('You can redeem at most $12.00');
      const negative = await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: -5 }, { token: c.token });
      expect(negative.status).toBe(422);
      const ok = await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 1200 }, { token: c.token });
      expect(ok.body.data).toEqual({ on_hold_cents: 1200, balance_cents: 1200 });
      expect(
        await t.db.selectFrom('cash_reward_holds').select('amount_cents').where('user_id', '=', c.userId).execute(),
      ).toEqual([{ amount_cents: 1200 }]);
      await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 0 }, { token: c.token });
      expect(await t.db.selectFrom('cash_reward_holds').selectAll().where('user_id', '=', c.userId).execute()).toEqual(
        [],
      );
    });

    it('get-cash-rebate-list shows the ledger newest first with the balance and totals', async () => {
      const { product, variants } = await createProduct(t.db, { price: 4000, stock: 10 });
      const c = await customer(t.db, { balanceCents: 500 });
      const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
      await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 500 }, { token: c.token });
      const placed = await placeOrder(t.app, c, { items });
      for (const to of ['Paid', 'Processing', 'Completed'] as const) {
        await changeOrderStatus(t.shop, placed.body.data.order.id, to, CLI_ACTOR);
      }
      const res = await post(t.app, '/v2/get-cash-rebate-list', { limit: 1 }, { token: c.token });
      expect(res.status).toBe(200);
      // Earned on what was paid for the goods (docs/decisions/003): 5% of 4000 − 500 redeemed = 175.
      expect(res.body.data).toMatchObject({
        balance_cents: 175,
        total_earned_cents: 175,
        total_redeemed_cents: 500,
        reward_percent: 5,
      });
      expect(res.body.data.entries).toMatchObject([
        { type: 'earned', amount_cents: 175, order_no: placed.body.data.order.order_no },
      ]);
      const next = await post(
        t.app,
        '/v2/get-cash-rebate-list',
        { limit: 1, cursor: res.body.data.next_cursor },
        { token: c.token },
      );
      expect(next.body.data.entries.map((e) => e.type)).toEqual(['redeemed']);
      expect(next.body.data.next_cursor).toBeNull();
    });
  });
});
