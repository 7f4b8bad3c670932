import type { Address, checkoutSummary, PaymentMethod, ShippingState } from '../../../../src/common/contract/checkout';
import type { ResponseOf } from '../../../../src/common/contract/endpoint';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { createAddress } from '../../../factories/addresses';
import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';

type Summary = ResponseOf<typeof checkoutSummary>;

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

describe.each(dialects)('checkout paths on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  const stateId = async (code: string) =>
    (await t.db.selectFrom('states').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

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
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  describe('states, fees and payment methods', () => {
    it('get-states lists the states with fees, by country, in the asked language', async () => {
      const all = await post<{ states: ShippingState[]; free_shipping_threshold_cents: number }>(
        t.app,
        '/v2/get-states',
        {},
      );
      expect(all.status).toBe(200);
      expect(all.body.data.states).toHaveLength(12);
      expect(all.body.data.free_shipping_threshold_cents).toBe(7500);
      expect(all.body.data.states[0]).toMatchObject({
        code: 'PH-MM',
        name: 'Metro Manila',
        standard_fee_cents: 450,
        expedited_fee_cents: 900,
      });
      const cn = await post<{ states: ShippingState[] }>(t.app, '/v2/get-states', { country: 'cn', lang: 'zh' });
      expect(cn.body.data.states.map((s) => s.country)).toEqual(Array(6).fill('CN'));
      expect(cn.body.data.states[0]!.name).toBe('北京');
      const bad = await post(t.app, '/v2/get-states', { country: 'China' });
      expect(bad.status).toBe(422);
    });

    it('get-all-payment-method shows the bank details and whether the link provider is there', async () => {
      const res = await post<{ payment_methods: PaymentMethod[] }>(t.app, '/v2/get-all-payment-method', {});
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

  describe('addresses', () => {
    const full = {
      receiver_name: 'Ana Reyes',
      phone: '+639170000000',
      address: '1 Rizal Ave',
      city: 'Cebu City',
      zip: '6000',
    };

    it('answers each spec message at its field, all of them when several are blank', async () => {
      const c = await customer(t.db);
      const state = await stateId('PH-CEB');
      const cases: Array<[string, string]> = [
        ['receiver_name', 'Please enter receiver name'],
        ['phone', 'Please enter shipping contact'],
        ['address', 'Please enter shipping address'],
        ['city', 'Please enter city'],
        ['zip', 'Please enter zipcode'],
      ];
      for (const [field, message] of cases) {
        const res = await post(
          t.app,
          '/v2/save-address',
          { ...full, state_id: state, [field]: ' ' },
          { token: c.token },
        );
        expect(res.status).toBe(422);
        expect(res.body.message).toBe(message);
        expect(res.errors).toEqual([{ field, message }]);
      }
      const noState = await post(t.app, '/v2/save-address', full, { token: c.token });
      expect(noState.body.message).toBe('Please select shipping state');
      const unknownState = await post(t.app, '/v2/save-address', { ...full, state_id: 999_999 }, { token: c.token });
      expect(unknownState.body.message).toBe('Please select shipping state');
      const blank = await post(t.app, '/v2/save-address', { lang: 'zh' }, { token: c.token });
      expect(blank.body.message).toBe('请输入收件人姓名');
      expect(blank.errors.map((e) => e.field)).toEqual([
        'receiver_name',
        'phone',
        'address',
        'city',
        'state_id',
        'zip',
      ]);
      const mismatch = await post(
        t.app,
        '/v2/save-address',
        { ...full, state_id: state, country: 'CN' },
        { token: c.token },
      );
      expect(mismatch.body.message).toBe('The country does not match the shipping state');
      const rows = await t.db.selectFrom('addresses').selectAll().where('user_id', '=', c.userId).execute();
      expect(rows).toHaveLength(1);
    });

    it('creates, updates and deletes only the caller’s own addresses', async () => {
      const c = await customer(t.db);
      const stranger = await customer(t.db);
      const state = await stateId('PH-CEB');
      const created = await post<{ address: Address }>(
        t.app,
        '/v2/save-address',
        { ...full, state_id: state, company: 'Leaf Co', is_default: 1 },
        { token: c.token },
      );
      expect(created.status, created.body.message).toBe(200);
      expect(created.body.message).toBe('Address updated successfully');
      expect(created.body.data.address).toMatchObject({
        ...full,
        state_name: 'Cebu',
        country: 'PH',
        company: 'Leaf Co',
        is_default: true,
      });
      const id = created.body.data.address.id;

      const updated = await post<{ address: Address }>(
        t.app,
        '/v2/save-address',
        { ...full, state_id: state, address_id: id, city: 'Mandaue' },
        { token: c.token },
      );
      expect(updated.body.data.address).toMatchObject({ id, city: 'Mandaue' });
      const list = await post<{ addresses: Address[] }>(t.app, '/v2/get-addresses', {}, { token: c.token });
      expect(list.body.data.addresses[0]).toMatchObject({ id, is_default: true });
      expect(list.body.data.addresses.filter((a) => a.is_default)).toHaveLength(1);

      const hijack = await post(
        t.app,
        '/v2/save-address',
        { ...full, state_id: state, address_id: id, city: 'Evil' },
        { token: stranger.token },
      );
      expect(hijack.status).toBe(404);
      const foreignDelete = await post(t.app, '/v2/delete-address', { address_id: id }, { token: stranger.token });
      expect(foreignDelete.status).toBe(404);
      const theirs = await post<{ addresses: Address[] }>(t.app, '/v2/get-addresses', {}, { token: stranger.token });
      expect(theirs.body.data.addresses.map((a) => a.id)).not.toContain(id);

      const deleted = await post(t.app, '/v2/delete-address', { address_id: id }, { token: c.token });
      expect(deleted.status).toBe(200);
      const after = await post<{ addresses: Address[] }>(t.app, '/v2/get-addresses', {}, { token: c.token });
      expect(after.body.data.addresses.map((a) => a.id)).not.toContain(id);
      // The remaining address became the default.
      expect(after.body.data.addresses.filter((a) => a.is_default)).toHaveLength(1);
    });

    it('refuses to delete an address a subscription delivers to', async () => {
      const { product, variants } = await createProduct(t.db, { stock: 10, subscribable: true });
      const c = await customer(t.db);
      await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1, frequency_weeks: 2 }],
      });
      const res = await post(t.app, '/v2/delete-address', { address_id: c.addressId }, { token: c.token });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/subscription/);
    });
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
        await changeOrderStatus(t.db, placed.body.data.order.id, to, { kind: 'operator' });
      }
      const res = await post<{
        balance_cents: number;
        entries: Array<{ type: string; amount_cents: number; order_no: string | null }>;
        total_earned_cents: number;
        total_redeemed_cents: number;
        reward_percent: number;
        next_cursor: string | null;
      }>(t.app, '/v2/get-cash-rebate-list', { limit: 1 }, { token: c.token });
      expect(res.status).toBe(200);
      // Earned on what was paid for the goods (decisions.md §10): 5% of 4000 − 500 redeemed = 175.
      expect(res.body.data).toMatchObject({
        balance_cents: 175,
        total_earned_cents: 175,
        total_redeemed_cents: 500,
        reward_percent: 5,
      });
      expect(res.body.data.entries).toMatchObject([
        { type: 'earned', amount_cents: 175, order_no: placed.body.data.order.order_no },
      ]);
      const next = await post<{ entries: Array<{ type: string }>; next_cursor: string | null }>(
        t.app,
        '/v2/get-cash-rebate-list',
        { limit: 1, cursor: res.body.data.next_cursor },
        { token: c.token },
      );
      expect(next.body.data.entries.map((e) => e.type)).toEqual(['redeemed']);
      expect(next.body.data.next_cursor).toBeNull();
    });
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
      const res = await post<Summary>(
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

      const bad = await post<Summary>(
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

      const noState = await post<Summary>(t.app, '/v2/checkout-summary', { items }, { token: c.token });
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
      const res = await post<Summary>(
        t.app,
        '/v2/checkout-summary',
        { items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }], address_id: c.addressId },
        { token: c.token },
      );
      expect(res.body.data.cash_reward).toEqual({ balance_cents: 200, on_hold_cents: 200, applied_cents: 200 });
    });
  });
});
