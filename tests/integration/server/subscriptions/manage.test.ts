import { addDays } from '../../../../src/server/lib/time';
import { createAddress } from '../../../factories/addresses';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { type Customer, customer, PROVIDER_ENV } from '../orders/support';
import { subscribe, subscriptionRow } from './support';

describe.each(dialects)('managing subscriptions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (c: Customer, lang = 'en') => post(t.app, '/v2/get-subscriptions', { lang }, { token: c.token });
  const update = (c: Customer, fields: Record<string, unknown>, lang = 'en') =>
    post(t.app, '/v2/update-subscription', { lang, ...fields }, { token: c.token });
  const cancel = (c: Customer, id: number) =>
    post(t.app, '/v2/cancel-subscription', { subscription_id: id }, { token: c.token });

  it('lists only the caller’s own subscriptions, priced at today’s price less 15%, with the next date and address', async () => {
    const c = await customer(t.db);
    const other = await customer(t.db);
    const s = await subscribe(t, c, { weeks: 4, quantity: 2, product: { name: 'Monthly Oolong', price: 2000 } });
    await subscribe(t, other, { weeks: 2 });

    const res = await list(c);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.subscriptions).toHaveLength(1);
    const sub = res.body.data.subscriptions[0]!;
    const row = await subscriptionRow(t.db, s.subscriptionId);
    expect(sub).toMatchObject({
      id: s.subscriptionId,
      status: 'active',
      product_id: s.productId,
      variant_id: s.variantId,
      name: 'Monthly Oolong',
      variant_name: '50 g',
      quantity: 2,
      frequency_weeks: 4,
      unit_price_cents: 1700,
      regular_unit_price_cents: 2000,
      line_total_cents: 3400,
      stock: 48,
      available: true,
      next_due_at: row.next_due_at,
      shipping_method: 'standard',
      payment_method: 'bank_transfer',
      address: {
        id: c.addressId,
        receiver_name: 'Maria Santos',
        summary: '12 Jupiter Street, Makati, Metro Manila 1209',
      },
    });

    // Prices are recomputed from the database now: a sale price of $18.00 makes it $15.30.
    await t.db
      .updateTable('product_variants')
      .set({ discount_price_cents: 1800 })
      .where('id', '=', s.variantId)
      .execute();
    const again = (await list(c, 'zh')).body.data.subscriptions[0]!;
    expect(again).toMatchObject({
      unit_price_cents: 1530,
      regular_unit_price_cents: 1800,
      line_total_cents: 3060,
      name: 'Monthly Oolong（中文）',
      variant_name: '50 克',
    });
    expect(again.address.summary).toContain('12 Jupiter Street, Makati, ');

    const guest = await post(t.app, '/v2/get-subscriptions', {});
    expect(guest.status).toBe(401);
  });

  it('changes frequency, quantity, address and shipping method, and skips the next delivery', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c, { weeks: 4, quantity: 2 });
    const before = await subscriptionRow(t.db, s.subscriptionId);

    const freq = await update(c, { subscription_id: s.subscriptionId, frequency_weeks: 8 });
    expect(freq.status, freq.body.message).toBe(200);
    expect(freq.body.message).toBe('Subscription updated');
    expect(freq.body.data.subscription).toMatchObject({ frequency_weeks: 8, next_due_at: before.next_due_at });

    const qty = await update(c, { subscription_id: s.subscriptionId, quantity: 5, shipping_method: 'expedited' });
    expect(qty.status, qty.body.message).toBe(200);
    expect(qty.body.data.subscription).toMatchObject({
      quantity: 5,
      shipping_method: 'expedited',
      line_total_cents: 8500,
    });

    const second = await createAddress(t.db, c.userId, {
      address: '9 Rizal Avenue',
      city: 'Pasig',
      zip: '1600',
      is_default: 0,
    });
    const moved = await update(c, { subscription_id: s.subscriptionId, address_id: second.id });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data.subscription.address).toMatchObject({
      id: second.id,
      summary: '9 Rizal Avenue, Pasig, Metro Manila 1600',
    });

    const skipped = await update(c, { subscription_id: s.subscriptionId, skip_next: 1 });
    expect(skipped.status, skipped.body.message).toBe(200);
    expect(skipped.body.message).toBe('The next delivery has been skipped');
    // Every 8 weeks now: the next delivery moves 8 weeks on.
    expect(skipped.body.data.subscription.next_due_at).toBe(addDays(before.next_due_at, 56));

    const row = await subscriptionRow(t.db, s.subscriptionId);
    expect(row).toMatchObject({
      frequency_weeks: 8,
      quantity: 5,
      shipping_method: 'expedited',
      address_id: second.id,
      next_due_at: addDays(before.next_due_at, 56),
      status: 'active',
    });
  });

  it('refuses bad values with a 422 naming the field, in the caller’s language', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c, { product: { name: 'Field Tea', stock: 6 }, quantity: 1 });
    const before = await subscriptionRow(t.db, s.subscriptionId);
    const cases: Array<[Record<string, unknown>, string, string | RegExp, string?]> = [
      [{ frequency_weeks: 3 }, 'frequency_weeks', 'Please choose a delivery every 2, 4 or 8 weeks'],
      [{ frequency_weeks: 0 }, 'frequency_weeks', 'Please choose a delivery every 2, 4 or 8 weeks'],
      [{ frequency_weeks: 'often' }, 'frequency_weeks', /^frequency_weeks: /],
      [{ quantity: 0 }, 'quantity', 'The quantity must be a whole number from 1 to 5'],
      [{ quantity: 1.5 }, 'quantity', /^quantity: must be a whole number$/],
      // 6 in stock, 1 ordered: 5 left.
      [{ quantity: 6 }, 'quantity', 'Not Enough Stock: Field Tea (50 g) has 5 left'],
      [{ shipping_method: 'drone' }, 'shipping_method', /^shipping_method: /],
      [{ frequency_weeks: 5 }, 'frequency_weeks', '请选择每 2、4 或 8 周配送一次', 'zh'],
    ];
    for (const [fields, field, message, lang] of cases) {
      const res = await update(c, { subscription_id: s.subscriptionId, ...fields }, lang);
      expect(res.status, `${JSON.stringify(fields)}: ${res.body.message}`).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.errors.map((e) => e.field)).toContain(field);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const nothing = await update(c, { subscription_id: s.subscriptionId });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toMatch(/^Choose what to change/);
    expect(await subscriptionRow(t.db, s.subscriptionId)).toEqual(before);
  });

  it('someone else’s subscription or address answers 404, and changes nothing', async () => {
    const owner = await customer(t.db);
    const intruder = await customer(t.db);
    const s = await subscribe(t, owner);
    const before = await subscriptionRow(t.db, s.subscriptionId);

    const theirs = await update(intruder, { subscription_id: s.subscriptionId, frequency_weeks: 8 });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('This subscription does not exist');
    const missing = await update(intruder, { subscription_id: 2_000_000_000, quantity: 1 });
    expect(missing.status).toBe(404);
    const cancelled = await cancel(intruder, s.subscriptionId);
    expect(cancelled.status).toBe(404);
    expect(cancelled.body.message).toBe('This subscription does not exist');
    expect((await list(intruder)).body.data.subscriptions).toEqual([]);

    // The owner cannot send it to someone else's address.
    const foreign = await update(owner, { subscription_id: s.subscriptionId, address_id: intruder.addressId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('This address does not exist');
    expect(foreign.errors.map((e) => e.field)).toEqual(['address_id']);

    const bad = await post(t.app, '/v2/update-subscription', { subscription_id: 'x' }, { token: owner.token });
    expect(bad.status).toBe(422);
    expect(bad.errors[0]?.field).toBe('subscription_id');

    expect(await subscriptionRow(t.db, s.subscriptionId)).toEqual(before);
  });

  it('refuses an address the product cannot be delivered to', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c, { product: { name: 'Island Tea', availability: { ph: true, cn: false } } });
    const beijing = await t.db.selectFrom('states').select('id').where('country', '=', 'CN').executeTakeFirstOrThrow();
    const cn = await createAddress(t.db, c.userId, { state_id: beijing.id, country: 'CN', is_default: 0 });
    const res = await update(c, { subscription_id: s.subscriptionId, address_id: cn.id });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Island Tea \(50 g\) cannot be delivered to /);
    expect(res.errors.map((e) => e.field)).toEqual(['address_id']);
  });

  it('cancels (again is harmless); a cancelled subscription cannot be changed', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c);
    const res = await cancel(c, s.subscriptionId);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Subscription cancelled');
    expect(res.body.data.subscription.status).toBe('cancelled');
    const again = await cancel(c, s.subscriptionId);
    expect(again.status).toBe(200);
    expect(again.body.data.subscription.status).toBe('cancelled');
    expect((await subscriptionRow(t.db, s.subscriptionId)).status).toBe('cancelled');

    const change = await update(c, { subscription_id: s.subscriptionId, quantity: 1 });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('This subscription has been cancelled and can no longer be changed');

    // Still listed, as cancelled, after the active ones.
    const active = await subscribe(t, c);
    const listed = (await list(c)).body.data.subscriptions;
    expect(listed.map((x) => [x.id, x.status])).toEqual([
      [active.subscriptionId, 'active'],
      [s.subscriptionId, 'cancelled'],
    ]);
  });
});
