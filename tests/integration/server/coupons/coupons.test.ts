import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

describe.each(dialects)('coupon paths on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('coupons', () => {
    it('validate-coupon refuses each case with its own message and records nothing', async () => {
      const { product, variants } = await createProduct(t.db, { price: 1000, stock: 10 });
      const c = await customer(t.db);
      const items = (q = 1) => [{ product_id: product.id, variant_id: variants[0]!.id, quantity: q }];
      const usedUp = await createCoupon(t.db, { usage_limit: 3, used_count: 3 });
      const notStarted = await createCoupon(t.db, { starts_at: days(2) });
      const inactive = await createCoupon(t.db, { is_active: 0 });
      const perUser = await createCoupon(t.db, { per_user_limit: 1 });
      // The customer already used `perUser` once.
      const first = await post(
        t.app,
        '/v1/validate-coupon',
        { code: perUser.code, items: items() },
        { token: c.token },
      );
      expect(first.status).toBe(200);
      expect((await placeOrder(t.app, c, { items: items() })).status).toBe(200);

      const cases: Array<[Record<string, unknown>, string]> = [
        [{ code: '', items: items() }, 'Please enter coupon code'],
        [{ code: 'NOPE', items: items() }, 'This coupon code does not exist'],
        [{ code: inactive.code, items: items() }, 'This coupon code does not exist'],
        [{ code: 'EXPIRED15', items: items() }, 'This coupon has expired'],
        [{ code: notStarted.code, items: items() }, 'This coupon is not valid yet'],
        // WELCOME10 needs $20.00 on the server's subtotal, whatever price is sent.
        [{ code: 'welcome10', items: [{ ...items()[0], price_cents: 5000 }] }, 'Minimum spend is $20.00'],
        [{ code: usedUp.code, items: items() }, 'This coupon has been fully redeemed'],
        [{ code: perUser.code, items: items() }, 'You have already used this coupon as many times as allowed'],
        [{ code: 'SAVE5', items: [] }, 'Cannot checkout with empty cart'],
      ];
      for (const [body, message] of cases) {
        const res = await post(t.app, '/v1/validate-coupon', body, { token: c.token });
        expect(res.status, message).toBe(422);
        expect(res.body.message).toBe(message);
      }
      const zh = await post(
        t.app,
        '/v1/validate-coupon',
        { code: 'WELCOME10', items: items(), lang: 'zh' },
        { token: c.token },
      );
      expect(zh.body.message).toBe('最低消费为 $20.00');
      const apps = await t.db.selectFrom('coupon_applications').selectAll().where('user_id', '=', c.userId).execute();
      expect(apps).toEqual([]);
    });

    it('applies one coupon per customer (a new one replaces it), cancel and clear remove it', async () => {
      const { product, variants } = await createProduct(t.db, { price: 2500, stock: 10 });
      const c = await customer(t.db);
      const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }];
      const welcome = await post(t.app, '/v1/validate-coupon', { code: 'WELCOME10', items }, { token: c.token });
      expect(welcome.status).toBe(200);
      expect(welcome.body.message).toBe('Coupon applied');
      expect(welcome.body.data).toMatchObject({
        discount_cents: 500,
        subtotal_cents: 5000,
        coupon: { code: 'WELCOME10', kind: 'percent', value: 10 },
      });
      const save5 = await post(t.app, '/v1/validate-coupon', { code: 'SAVE5', items }, { token: c.token });
      expect(save5.body.data).toMatchObject({ discount_cents: 500, coupon: { code: 'SAVE5', kind: 'fixed' } });
      const apps = await t.db
        .selectFrom('coupon_applications')
        .innerJoin('coupons', 'coupons.id', 'coupon_applications.coupon_id')
        .select('coupons.code')
        .where('user_id', '=', c.userId)
        .execute();
      expect(apps).toEqual([{ code: 'SAVE5' }]);
      expect((await post(t.app, '/v1/cancel-coupon-application', {}, { token: c.token })).status).toBe(200);
      expect(
        await t.db.selectFrom('coupon_applications').selectAll().where('user_id', '=', c.userId).execute(),
      ).toEqual([]);
      await post(t.app, '/v1/validate-coupon', { code: 'SAVE5', items }, { token: c.token });
      expect((await post(t.app, '/v1/clear-coupon-applications', {}, { token: c.token })).status).toBe(200);
      expect(
        await t.db.selectFrom('coupon_applications').selectAll().where('user_id', '=', c.userId).execute(),
      ).toEqual([]);
    });
  });
});
