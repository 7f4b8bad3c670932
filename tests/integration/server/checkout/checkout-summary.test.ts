import { createAddress } from '../../../factories/addresses';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV } from '../orders/support';

describe.each(dialects)('checkout paths on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/openapi.json describes every checkout and order path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/v2/get-states',
      '/v2/get-all-payment-method',
      '/v1/get-shipping-fee',
      '/v2/get-addresses',
      '/v2/save-address',
      '/v2/delete-address',
      '/v1/validate-coupon',
      '/v1/cancel-coupon-application',
      '/v1/clear-coupon-applications',
      '/v1/update-onhold-rebate-amount',
      '/v2/get-cash-rebate-list',
      '/v2/checkout-summary',
      '/v1/order',
      '/v1/get-orders',
      '/v1/get-order-details',
      '/v2/update-order-address',
      '/v2/cancel-order',
      '/v1/add-review',
      '/v1/get-payment-link',
      '/v2/pay-order-by-card',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  describe('checkout-summary', () => {
    it('re-prices the cart, adds delivery, coupon and cash reward, and lists what stops the order', async () => {
      const { product, variants } = await createProduct(t.db, {
        name: 'Summary Tea',
        variants: [{ name: '50 g', price: 2000, discountPrice: 1800, stock: 5 }],
        subscribable: true,
      });
      const cnOnly = await createProduct(t.db, { name: 'No PH', stock: 5, availability: { ph: false, cn: true } });
      const c = await customer(t.db, { balanceCents: 300 });
      const items = [
        { product_id: product.id, variant_id: variants[0]!.id, quantity: 2, unit_price: 1 },
        { product_id: product.id, variant_id: variants[0]!.id, quantity: 1, frequency_weeks: 8 },
      ];
      await post(t.app, '/v1/validate-coupon', { code: 'SAVE5', items }, { token: c.token });
      await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 300 }, { token: c.token });
      const res = await post(
        t.app,
        '/v2/checkout-summary',
        { items, address_id: c.addressId, shipping_method: 'expedited' },
        { token: c.token },
      );
      expect(res.status, res.body.message).toBe(200);
      const data = res.body.data;
      expect(data.lines.map((l) => [l.unit_price_cents, l.line_total_cents, l.problem])).toEqual([
        [1800, 3600, null],
        [1530, 1530, null],
      ]);
      expect(data.totals).toEqual({
        subtotal_cents: 5130,
        delivery_fee_cents: 900,
        coupon_discount_cents: 500,
        cash_reward_cents: 300,
        total_cents: 5130 + 900 - 500 - 300,
      });
      expect(data.coupon).toMatchObject({ valid: true, discount_cents: 500, info: { code: 'SAVE5' } });
      expect(data).toMatchObject({ can_place: true, problems: [], state_id: expect.any(Number) });

      const bad = await post(
        t.app,
        '/v2/checkout-summary',
        {
          items: [
            { product_id: product.id, variant_id: variants[0]!.id, quantity: 9 },
            { product_id: cnOnly.product.id, variant_id: cnOnly.variants[0]!.id, quantity: 1 },
          ],
          address_id: c.addressId,
        },
        { token: c.token },
      );
      expect(bad.body.data.can_place).toBe(false);
      expect(bad.body.data.problems).toEqual([
        'Not Enough Stock: Summary Tea (50 g) has 5 left',
        'No PH (50 g) cannot be delivered to Metro Manila',
        'Minimum spend is $30.00',
      ]);
      expect(bad.body.data.coupon).toMatchObject({ valid: false, discount_cents: 0 });

      const noState = await post(t.app, '/v2/checkout-summary', { items }, { token: c.token });
      expect(noState.body.data).toMatchObject({ state_id: null, can_place: false });
      expect(noState.body.data.totals.delivery_fee_cents).toBe(0);
      const stranger = await customer(t.db);
      const foreign = await post(
        t.app,
        '/v2/checkout-summary',
        { items, address_id: stranger.addressId },
        { token: c.token },
      );
      expect(foreign.status).toBe(404);
    });

    it('a cash reward hold above a shrunken balance only applies what is there', async () => {
      const { product, variants } = await createProduct(t.db, { price: 1000, stock: 5 });
      const c = await customer(t.db, { balanceCents: 800 });
      await createAddress(t.db, c.userId);
      await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 800 }, { token: c.token });
      await t.db.updateTable('users').set({ cash_balance_cents: 200 }).where('id', '=', c.userId).execute();
      const res = await post(
        t.app,
        '/v2/checkout-summary',
        { items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }], address_id: c.addressId },
        { token: c.token },
      );
      expect(res.body.data.cash_reward).toEqual({ balance_cents: 200, on_hold_cents: 200, applied_cents: 200 });
    });
  });
});
