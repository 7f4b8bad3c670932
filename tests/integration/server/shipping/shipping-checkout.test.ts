import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { createProduct } from '../../../factories/products';
import { staffCrew } from '../../../factories/staff';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { type Customer, customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { makeDue, ordersOf, subscribe } from '../subscriptions/support';

/**
 * What the shop does with the Shipping screen's states (docs/decisions/041): a new state is offered to new addresses
 * with its fees and placed orders use them; a method the state is not offered cannot be ordered; a retired state is
 * no longer offered for new addresses, but the addresses, orders and subscriptions that have it keep working.
 */
describe.each(dialects)('shipping zones at checkout on %s', (dialect) => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
    manager = (await staffCrew(t.db)).manager.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  let serial = 0;
  /** A state added on the Shipping screen (Standard $6.25, Expedited $13.00 unless `over`); answers its id. */
  const addState = async (over: Record<string, unknown> = {}) => {
    const code = `PH-Q${++serial}`;
    const body = {
      country: 'PH',
      code,
      name_en: `Quezon Isle ${serial}`,
      name_zh: `奎松岛${serial}`,
      standard_fee_cents: 625,
      expedited_fee_cents: 1300,
      ...over,
    };
    const res = await post(t.app, '/admin/shipping/states/add', body, { token: manager });
    expect(res.status, res.body.message).toBe(200);
    const row = await t.db.selectFrom('states').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return { id: row.id, name_en: body.name_en as string, name_zh: body.name_zh as string };
  };
  const admin = (path: '/admin/shipping/states/update' | '/admin/shipping/states/retire', body: object) =>
    post(t.app, path, { ...body }, { token: manager });
  const address = {
    receiver_name: 'Ana Reyes',
    phone: '+639170000000',
    address: '1 Bay Rd',
    city: 'Lucena',
    zip: '4301',
  };
  const saveAddress = (c: Customer, stateId: number, extra: object = {}) =>
    post(t.app, '/v2/save-address', { ...address, state_id: stateId, ...extra }, { token: c.token });
  const product = async () => {
    const { product: p, variants } = await createProduct(t.db, { price: 2500, stock: 50 });
    return [{ product_id: p.id, variant_id: variants[0]!.id, quantity: 1 }];
  };

  it('a state added on the Shipping screen is offered in the address form with its fee, and placing uses it', async () => {
    const state = await addState();
    const list = await post(t.app, '/v2/get-states', { country: 'PH' });
    expect(list.body.data.states.at(-1)).toEqual({
      id: state.id,
      code: `PH-Q${serial}`,
      name: state.name_en,
      country: 'PH',
      standard_fee_cents: 625,
      expedited_fee_cents: 1300,
    });
    const zh = await post(t.app, '/v2/get-states', { country: 'PH', lang: 'zh' });
    expect(zh.body.data.states.at(-1)!.name).toBe(state.name_zh);

    const c = await customer(t.db);
    const saved = await saveAddress(c, state.id);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.address).toMatchObject({ state_id: state.id, state_name: state.name_en, country: 'PH' });
    const items = await product();
    const fee = await post(t.app, '/v1/get-shipping-fee', { state_id: state.id, items }, { token: c.token });
    expect(fee.body.data).toMatchObject({ fee_cents: 625, is_free: false, offered: true });
    const placed = await placeOrder(t.app, { ...c, addressId: saved.body.data.address.id }, { items });
    expect(placed.status, placed.body.message).toBe(200);
    expect(placed.body.data.order).toMatchObject({ delivery_fee_cents: 625, total_cents: 2500 + 625 });
    expect(placed.body.data.order.delivery_address.state_name).toBe(state.name_en);
  });

  it('a method switched off for a state is not offered and an order with it is refused, in the caller’s language', async () => {
    const state = await addState();
    const c = await customer(t.db, { stateId: state.id });
    const items = await product();
    expect((await admin('/admin/shipping/states/update', { state_id: state.id, expedited_offered: 0 })).status).toBe(
      200,
    );

    const quote = (method: string) =>
      post(t.app, '/v1/get-shipping-fee', { state_id: state.id, method, items }, { token: c.token });
    expect((await quote('expedited')).body.data).toMatchObject({ offered: false, method: 'expedited' });
    expect((await quote('standard')).body.data).toMatchObject({ offered: true, fee_cents: 625 });
    const summary = await post(
      t.app,
      '/v2/checkout-summary',
      { items, address_id: c.addressId, shipping_method: 'expedited' },
      { token: c.token },
    );
    expect(summary.body.data).toMatchObject({ can_place: false });
    expect(summary.body.data.problems).toContain(
      `Expedited delivery is not offered to ${state.name_en}; please choose Standard`,
    );

    const refused = await placeOrder(t.app, c, { items, shipping_method: 'expedited' });
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([
      {
        field: 'shipping_method',
        message: `Expedited delivery is not offered to ${state.name_en}; please choose Standard`,
      },
    ]);
    const zh = await placeOrder(t.app, c, { items, shipping_method: 'expedited', lang: 'zh' });
    expect(zh.body.message).toBe(`${state.name_zh}不提供加急配送，请选择标准配送`);
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', c.userId).execute()).toHaveLength(0);

    const standard = await placeOrder(t.app, c, { items, shipping_method: 'standard' });
    expect(standard.status, standard.body.message).toBe(200);
    expect(standard.body.data.order).toMatchObject({ shipping_method: 'standard', delivery_fee_cents: 625 });

    // Moving an Expedited order, or switching a subscription to Expedited, to that state is refused the same way.
    const other = await customer(t.db);
    const expedited = await placeOrder(t.app, other, { items, shipping_method: 'expedited' });
    expect(expedited.status, expedited.body.message).toBe(200);
    const there = await saveAddress(other, state.id);
    const moved = await post(
      t.app,
      '/v2/update-order-address',
      { order_id: expedited.body.data.order.id, address_id: there.body.data.address.id },
      { token: other.token },
    );
    expect(moved.status).toBe(422);
    expect(moved.errors.map((e) => e.field)).toEqual(['address_id']);
    const sub = await subscribe(t, c);
    const switched = await post(
      t.app,
      '/v2/update-subscription',
      { subscription_id: sub.subscriptionId, shipping_method: 'expedited' },
      { token: c.token },
    );
    expect(switched.status).toBe(422);
    expect(switched.errors.map((e) => e.field)).toEqual(['shipping_method']);
  });

  it('a retired state: not offered for new addresses, but saved addresses, orders and renewals keep working', async () => {
    const state = await addState();
    const c = await customer(t.db, { stateId: state.id });
    const items = await product();
    const before = await placeOrder(t.app, c, { items });
    expect(before.status, before.body.message).toBe(200);
    const sub = await subscribe(t, c);
    expect((await admin('/admin/shipping/states/retire', { state_id: state.id })).status).toBe(200);

    // New addresses cannot choose it: the list leaves it out and saving one with it is refused.
    const list = await post(t.app, '/v2/get-states', {});
    expect(list.body.data.states.map((s) => s.id)).not.toContain(state.id);
    const newcomer = await customer(t.db);
    const refused = await saveAddress(newcomer, state.id);
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([
      { field: 'state_id', message: `We no longer deliver to ${state.name_en}; please choose another state` },
    ]);
    // Nor can an existing address of another state move to it.
    const moving = await saveAddress(newcomer, state.id, { address_id: newcomer.addressId });
    expect(moving.status).toBe(422);

    // The saved address still shows its state and can be edited keeping it.
    const mine = await post(t.app, '/v2/get-addresses', {}, { token: c.token });
    expect(mine.body.data.addresses.find((a) => a.id === c.addressId)).toMatchObject({ state_name: state.name_en });
    const edited = await saveAddress(c, state.id, { address_id: c.addressId, city: 'Lucena City' });
    expect(edited.status, edited.body.message).toBe(200);

    // The order placed before shows its state; a new order to the saved address is taken at the state's fee.
    const details = await post(
      t.app,
      '/v1/get-order-details',
      { order_id: before.body.data.order.id },
      { token: c.token },
    );
    expect(details.body.data.order.delivery_address.state_name).toBe(state.name_en);
    const after = await placeOrder(t.app, c, { items });
    expect(after.status, after.body.message).toBe(200);
    expect(after.body.data.order.delivery_fee_cents).toBe(625);

    // The subscription renews to it.
    await makeDue(t.db, sub.subscriptionId);
    const report = await placeDueRenewals(t.shop);
    expect(report.errors).toEqual([]);
    expect(report.placed.map(([s]) => s)).toContain(sub.subscriptionId);
    const renewal = (await ordersOf(t.db, sub.subscriptionId)).at(-1)!;
    expect(renewal).toMatchObject({ state_name: state.name_en, delivery_fee_cents: 625 });

    // Restored, it is offered again.
    expect(
      (await post(t.app, '/admin/shipping/states/restore', { state_id: state.id }, { token: manager })).status,
    ).toBe(200);
    expect((await saveAddress(newcomer, state.id)).status).toBe(200);
  });
});
