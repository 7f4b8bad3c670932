import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV } from '../orders/support';

describe.each(dialects)('shop settings paths (states, fees, payment methods) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  const stateId = async (code: string) =>
    (await t.db.selectFrom('states').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  describe('states, fees and payment methods', () => {
    it('get-states lists the states with fees, by country, in the asked language', async () => {
      const all = await post(t.app, '/v2/get-states', {});
      expect(all.status).toBe(200);
      // The demo shop's full lists (docs/decisions/041): Metro Manila and 82 provinces, China's 34 divisions.
      expect(all.body.data.states).toHaveLength(83 + 34);
      expect(all.body.data.free_shipping_threshold_cents).toBe(7500);
      expect(all.body.data.states[0]).toMatchObject({
        code: 'PH-MM',
        name: 'Metro Manila',
        standard_fee_cents: 450,
        expedited_fee_cents: 900,
      });
      const cn = await post(t.app, '/v2/get-states', { country: 'cn', lang: 'zh' });
      expect(cn.body.data.states.map((s) => s.country)).toEqual(Array(34).fill('CN'));
      expect(cn.body.data.states[0]!.name).toBe('北京');
      const bad = await post(t.app, '/v2/get-states', { country: 'China' });
      expect(bad.status).toBe(422);
    });

    it('get-all-payment-method shows the bank details and whether the link provider is there', async () => {
      const res = await post(t.app, '/v2/get-all-payment-method', {});
      expect(res.status).toBe(200);
      const bank = res.body.data.payment_methods.find((m) => m.code === 'bank_transfer');
      expect(bank).toMatchObject({
        name: 'Bank Transfer',
        available: true,
        requires_receipt: true,
        bank: {
          bank_name: 'BDO Unibank',
          bank_account_name: 'Leaf & Cup Trading',
          bank_account_number: '0123-4567-89',
        },
      });
      expect(res.body.data.payment_methods.find((m) => m.code === 'payment_link')).toMatchObject({
        available: true,
        bank: null,
      });
    });

    it('get-shipping-fee: the state’s fee by method, free at the threshold, computed from the server’s prices', async () => {
      const { product, variants } = await createProduct(t.db, { price: 2500, stock: 10 });
      const c = await customer(t.db);
      const items = (quantity: number) => [
        { product_id: product.id, variant_id: variants[0]!.id, quantity, price_cents: 999_999 },
      ];
      const cebu = await stateId('PH-CEB');
      const standard = await post(
        t.app,
        '/v1/get-shipping-fee',
        { state_id: cebu, items: items(1) },
        { token: c.token },
      );
      expect(standard.body.data).toMatchObject({
        fee_cents: 650,
        subtotal_cents: 2500,
        is_free: false,
        method: 'standard',
      });
      const expedited = await post(
        t.app,
        '/v1/get-shipping-fee',
        { state_id: cebu, method: 'expedited', items: items(2) },
        { token: c.token },
      );
      expect(expedited.body.data).toMatchObject({ fee_cents: 1200, subtotal_cents: 5000 });
      const free = await post(
        t.app,
        '/v1/get-shipping-fee',
        { state_id: cebu, method: 'expedited', items: items(3) },
        { token: c.token },
      );
      expect(free.body.data).toMatchObject({ fee_cents: 0, subtotal_cents: 7500, is_free: true });
      const noState = await post(t.app, '/v1/get-shipping-fee', { items: items(1) }, { token: c.token });
      expect(noState.status).toBe(422);
      expect(noState.body.message).toBe('Please select shipping state');
      const empty = await post(t.app, '/v1/get-shipping-fee', { state_id: cebu, items: [] }, { token: c.token });
      expect(empty.body.message).toBe('Cannot checkout with empty cart');
      expect((await post(t.app, '/v1/get-shipping-fee', { state_id: cebu, items: items(1) })).status).toBe(401);
    });
  });
});
