import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { dialects, type PostBody, post, type TestApp } from '../../helper';
import { type Customer, customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { type Crew, withStaffApp } from './support';

const PATHS = [
  '/admin/coupons/list',
  '/admin/coupons/get',
  '/admin/coupons/create',
  '/admin/coupons/update',
  '/admin/coupons/pause',
  '/admin/coupons/resume',
] as const;

describe.each(dialects)('back office: coupons on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  // The shop's days are Asia/Manila's (UTC+8, no daylight saving): a day starts at 16:00 UTC the day before.
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, SHOP_TIMEZONE: 'Asia/Manila' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  let seq = 0;
  const uniqueCode = (prefix = 'TST') => `${prefix}${Date.now().toString(36).toUpperCase()}${++seq}`;
  const as = (token: string) => ({ token });
  const create = (body: PostBody<'/admin/coupons/create'>, token = crew.manager.token) =>
    post(t.app, '/admin/coupons/create', body, as(token));
  const update = (body: PostBody<'/admin/coupons/update'>, token = crew.manager.token) =>
    post(t.app, '/admin/coupons/update', body, as(token));
  const couponRow = (id: number) =>
    t.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const audits = (id: number) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'coupon')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
  const count = async (table: 'coupons' | 'audit_log') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A product line of $20.00 (plenty of stock). */
  const line = async (price = 2000) => {
    const { product, variants } = await createProduct(t.db, { price, stock: 500 });
    return [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
  };
  const apply = (c: Customer, code: string, items: Awaited<ReturnType<typeof line>>) =>
    post(t.app, '/v1/validate-coupon', { code, items }, { token: c.token });

  it('answers 401 without a session, 403 to a customer and a fulfilment member, 200 to a manager and an owner', async () => {
    const coupons = [await createCoupon(t.db), await createCoupon(t.db)];
    for (const path of PATHS) {
      expect((await post(t.app, path, { id: coupons[0]!.id })).status, path).toBe(401);
      expect((await post(t.app, path, { id: 'x' }, as(crew.customer.token))).status, path).toBe(403);
      expect((await post(t.app, path, { id: 'x' }, as(crew.fulfilment.token))).status, path).toBe(403);
    }
    for (const [i, who] of [crew.manager, crew.owner].entries()) {
      const id = coupons[i]!.id;
      const fields = { code: uniqueCode(), kind: 'percent', value: 15, min_spend_cents: 0 };
      expect((await post(t.app, '/admin/coupons/list', {}, as(who.token))).status).toBe(200);
      expect((await post(t.app, '/admin/coupons/get', { id }, as(who.token))).status).toBe(200);
      expect((await create({ ...fields }, who.token)).status).toBe(200);
      expect((await update({ id, ...fields, code: uniqueCode() }, who.token)).status).toBe(200);
      expect((await post(t.app, '/admin/coupons/pause', { id }, as(who.token))).status).toBe(200);
      expect((await post(t.app, '/admin/coupons/resume', { id }, as(who.token))).status).toBe(200);
    }
  });

  it('creates a coupon: code trimmed and upper-cased, days as the shop’s, audited', async () => {
    const code = uniqueCode('NEW');
    const res = await create({
      code: `  ${code.toLowerCase()} `,
      kind: 'percent',
      value: 10,
      min_spend_cents: 2500,
      starts_on: '2030-01-10',
      ends_on: '2030-01-20',
      usage_limit: 100,
      per_user_limit: 2,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(`Coupon ${code} created`);
    expect(res.body.data).toMatchObject({
      code,
      kind: 'percent',
      value: 10,
      min_spend_cents: 2500,
      starts_at: '2030-01-09T16:00:00.000Z',
      ends_at: '2030-01-20T16:00:00.000Z',
      starts_on: '2030-01-10',
      ends_on: '2030-01-20',
      usage_limit: 100,
      per_user_limit: 2,
      used_count: 0,
      is_active: true,
      state: 'scheduled',
    });
    const id = res.body.data.id;
    expect(await couponRow(id)).toMatchObject({ code, starts_at: '2030-01-09T16:00:00.000Z', is_active: 1 });
    const logged = await audits(id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: 'coupon.create',
      actor: crew.manager.user.email,
      source: 'admin',
    });
    expect(JSON.parse(logged[0]!.after_json!)).toMatchObject({ code, kind: 'percent', value: 10, usage_limit: 100 });

    // A fixed coupon without dates or limits; a blank minimum spend is none.
    const fixed = await create({ code: uniqueCode(), kind: 'fixed', value: 500, min_spend_cents: '', usage_limit: '' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({
      kind: 'fixed',
      value: 500,
      min_spend_cents: 0,
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      per_user_limit: null,
      state: 'active',
    });
  });

  it('refuses bad fields with a message naming each, writing nothing', async () => {
    const ok = { code: uniqueCode(), kind: 'percent', value: 10, min_spend_cents: 0 };
    const before = { coupons: await count('coupons'), audit: await count('audit_log') };
    const cases: Array<[PostBody<'/admin/coupons/create'>, string, string, number?]> = [
      [{ code: 'ab' }, 'code', 'A code is 3 to 32 letters, digits, “-” or “_”, starting with a letter or digit'],
      [{ code: 'TEA TIME' }, 'code', 'A code is 3 to 32 letters, digits, “-” or “_”, starting with a letter or digit'],
      [
        { code: 'X'.repeat(33) },
        'code',
        'A code is 3 to 32 letters, digits, “-” or “_”, starting with a letter or digit',
      ],
      [{ code: '' }, 'code', 'must not be empty'],
      [{ value: 0 }, 'value', 'A percentage is a whole number from 1 to 100'],
      [{ value: 101 }, 'value', 'A percentage is a whole number from 1 to 100'],
      [{ value: '12.5' }, 'value', 'must be a whole number'],
      [{ kind: 'fixed', value: 0 }, 'value', 'Give an amount above $0.00'],
      [{ kind: 'bogus' }, 'kind', 'must be one of percent, fixed'],
      [{ min_spend_cents: -1 }, 'min_spend_cents', 'The minimum spend must be $0.00 or more'],
      [{ starts_on: '2030-02-10', ends_on: '2030-02-09' }, 'ends_on', 'The last day must not be before the first day'],
      [{ starts_on: '2030-02-30' }, 'starts_on', 'must be a real date'],
      [{ usage_limit: 0 }, 'usage_limit', 'The total limit must be a whole number of at least 1 (blank: no limit)'],
      [
        { per_user_limit: 0 },
        'per_user_limit',
        'The limit per customer must be a whole number of at least 1 (blank: no limit)',
      ],
      // The shop looks codes up in any case: WELCOME10 (the demo's) is taken as welcome10 too.
      [{ code: ' welcome10 ' }, 'code', 'Another coupon already has the code WELCOME10', 409],
    ];
    for (const [change, field, message, status = 422] of cases) {
      const res = await create({ ...ok, ...change });
      expect(res.status, field).toBe(status);
      expect(
        res.errors.map((e) => e.field),
        JSON.stringify(change),
      ).toEqual([field]);
      expect(res.errors[0]!.message).toContain(message);
    }
    // Several at once: each field named.
    const many = await create({ ...ok, code: '!', value: 0, per_user_limit: 0 });
    expect(many.status).toBe(422);
    expect(many.errors.map((e) => e.field)).toEqual(['code', 'value', 'per_user_limit']);
    // In Chinese too.
    const zh = await create({ ...ok, value: 0, lang: 'zh' });
    expect(zh.errors[0]!.message).toBe('折扣百分比须为 1 到 100 的整数');
    expect({ coupons: await count('coupons'), audit: await count('audit_log') }).toEqual(before);
  });

  it('refuses days outside 2000–2999 on create and edit with 422 at the field, never a 500', async () => {
    const ok = { code: uniqueCode(), kind: 'percent', value: 10, min_spend_cents: 0 } as const;
    const coupon = await createCoupon(t.db, { kind: 'percent', value: 10 });
    const before = { coupons: await count('coupons'), audit: await count('audit_log') };
    // 9999-12-31's next day is past what a date prints as YYYY; years 0–99 would be read as 1900–1999.
    for (const bad of ['9999-12-31', '0050-01-01', '1999-12-31', '3000-01-01']) {
      for (const field of ['starts_on', 'ends_on'] as const) {
        for (const res of [
          await create({ ...ok, [field]: bad }),
          await update({ ...ok, id: coupon.id, code: coupon.code, [field]: bad }),
        ]) {
          expect(res.status, `${field} ${bad}`).toBe(422);
          expect(res.errors).toEqual([{ field, message: 'must be from 2000-01-01 to 2999-12-31' }]);
        }
      }
    }
    expect({ coupons: await count('coupons'), audit: await count('audit_log') }).toEqual(before);
    // The range's own ends are days like any other.
    const edge = await create({ ...ok, starts_on: '2000-01-01', ends_on: '2999-12-31' });
    expect(edge.status, edge.body.message).toBe(200);
    expect(edge.body.data).toMatchObject({ starts_on: '2000-01-01', ends_on: '2999-12-31' });
  });

  it('lists by code and state, newest first, paged by cursor, with uses so far and limits', async () => {
    const tag = uniqueCode('LST');
    const day = 86_400_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const made = {
      active: await createCoupon(t.db, { code: `${tag}A`, usage_limit: 100, used_count: 12 }),
      scheduled: await createCoupon(t.db, { code: `${tag}S`, starts_at: iso(day) }),
      expired: await createCoupon(t.db, { code: `${tag}E`, ends_at: iso(-day) }),
      used_up: await createCoupon(t.db, { code: `${tag}U`, usage_limit: 3, used_count: 3 }),
      paused: await createCoupon(t.db, { code: `${tag}P`, is_active: 0, ends_at: iso(-day) }),
    };
    const list = (body: PostBody<'/admin/coupons/list'>) =>
      post(t.app, '/admin/coupons/list', body, as(crew.owner.token));

    const all = await list({ q: tag.toLowerCase() });
    expect(all.status).toBe(200);
    expect(all.body.data.coupons.map((c) => c.code)).toEqual([`${tag}P`, `${tag}U`, `${tag}E`, `${tag}S`, `${tag}A`]);
    expect(all.body.data.coupons.at(-1)).toMatchObject({ used_count: 12, usage_limit: 100, state: 'active' });
    for (const [state, coupon] of Object.entries(made)) {
      const one = await list({ q: tag, state });
      expect(
        one.body.data.coupons.map((c) => c.id),
        state,
      ).toEqual([coupon.id]);
      expect(one.body.data.coupons[0]!.state).toBe(state);
    }
    const first = await list({ q: tag, limit: 2 });
    expect(first.body.data.coupons.map((c) => c.code)).toEqual([`${tag}P`, `${tag}U`]);
    const second = await list({ q: tag, limit: 2, cursor: first.body.data.next_cursor });
    expect(second.body.data.coupons.map((c) => c.code)).toEqual([`${tag}E`, `${tag}S`]);
    const third = await list({ q: tag, limit: 2, cursor: second.body.data.next_cursor });
    expect(third.body.data.coupons.map((c) => c.code)).toEqual([`${tag}A`]);
    expect(third.body.data.next_cursor).toBeNull();

    // LIKE's wildcards are taken literally.
    expect((await list({ q: '%' })).body.data.coupons).toEqual([]);
    const bad = await list({ state: 'gone' });
    expect(bad.status).toBe(422);
    expect(bad.errors[0]?.field).toBe('state');
  });

  it('shows a coupon with its uses: order number, customer, discount recorded, date', async () => {
    const coupon = await createCoupon(t.db, { kind: 'percent', value: 10 });
    const items = await line(2000);
    const c = await customer(t.db);
    expect((await apply(c, coupon.code, items)).status).toBe(200);
    const placed = await placeOrder(t.app, c, { items });
    expect(placed.status, placed.body.message).toBe(200);
    const got = await post(t.app, '/admin/coupons/get', { id: coupon.id }, as(crew.manager.token));
    expect(got.status).toBe(200);
    expect(got.body.data.coupon).toMatchObject({ id: coupon.id, used_count: 1 });
    expect(got.body.data.redemptions_total).toBe(1);
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', c.userId).executeTakeFirstOrThrow();
    expect(got.body.data.redemptions).toEqual([
      {
        order_no: placed.body.data.order.order_no,
        customer: { id: c.userId, email: user.email, nickname: user.nickname },
        discount_cents: 200,
        used_at: expect.any(String),
      },
    ]);
    const missing = await post(t.app, '/admin/coupons/get', { id: 9_999_999 }, as(crew.manager.token));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no such coupon');
    expect(missing.errors[0]?.field).toBe('id');
  });

  it('edits: audited with what changed; an unchanged day keeps its instant; the total limit never below the uses', async () => {
    const endsAt = '2031-03-05T09:30:00.000Z'; // 17:30 in Manila on 5 March: its last day is 5 March.
    const coupon = await createCoupon(t.db, {
      kind: 'percent',
      value: 10,
      usage_limit: 50,
      used_count: 7,
      ends_at: endsAt,
    });
    const got = (await post(t.app, '/admin/coupons/get', { id: coupon.id }, as(crew.owner.token))).body.data.coupon;
    expect(got.ends_on).toBe('2031-03-05');
    const fields = {
      id: coupon.id,
      code: coupon.code,
      kind: got.kind,
      value: got.value,
      min_spend_cents: got.min_spend_cents,
      ends_on: got.ends_on,
      usage_limit: got.usage_limit,
    };

    // The same fields again: nothing changes, nothing is logged.
    const same = await update(fields);
    expect(same.status).toBe(200);
    expect(same.body.data.ends_at).toBe(endsAt);
    expect(await audits(coupon.id)).toHaveLength(0);

    const below = await update({ ...fields, usage_limit: 6 });
    expect(below.status).toBe(422);
    expect(below.errors).toEqual([
      { field: 'usage_limit', message: 'The coupon has been used 7 times: the total limit cannot be lower' },
    ]);
    expect((await couponRow(coupon.id)).usage_limit).toBe(50);

    const saved = await update({ ...fields, kind: 'fixed', value: 300, usage_limit: 7, per_user_limit: 1 });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe(`Coupon ${coupon.code} saved`);
    expect(saved.body.data).toMatchObject({
      kind: 'fixed',
      value: 300,
      usage_limit: 7,
      per_user_limit: 1,
      ends_at: endsAt,
      state: 'used_up',
    });
    const logged = await audits(coupon.id);
    expect(logged.map((a) => a.action)).toEqual(['coupon.update']);
    expect(JSON.parse(logged[0]!.before_json!)).toEqual({
      code: coupon.code,
      used_count: 7,
      kind: 'percent',
      value: 10,
      usage_limit: 50,
      per_user_limit: null,
    });
    expect(JSON.parse(logged[0]!.after_json!)).toEqual({
      code: coupon.code,
      used_count: 7,
      kind: 'fixed',
      value: 300,
      usage_limit: 7,
      per_user_limit: 1,
    });

    // A new end day is that day's end; clearing it (blank) removes it; a new code may not be another's.
    const moved = await update({ ...fields, ends_on: '2031-04-01', usage_limit: '' });
    expect(moved.body.data).toMatchObject({ ends_at: '2031-04-01T16:00:00.000Z', usage_limit: null });
    const cleared = await update({ ...fields, ends_on: '', usage_limit: '' });
    expect(cleared.body.data.ends_at).toBeNull();
    const clash = await update({ ...fields, code: 'save5' });
    expect(clash.status).toBe(409);
    expect(clash.errors).toEqual([{ field: 'code', message: 'Another coupon already has the code SAVE5' }]);
    const renamed = await update({ ...fields, code: `${coupon.code}x` });
    expect(renamed.body.data.code).toBe(`${coupon.code}X`);
    const missing = await update({ ...fields, id: 9_999_999 });
    expect(missing.status).toBe(404);
  });

  it('pause and resume: audited once each; the shop refuses a paused coupon at once, and a scheduled one', async () => {
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 300 });
    const items = await line();
    const c = await customer(t.db);
    expect((await apply(c, coupon.code, items)).status).toBe(200);

    const paused = await post(t.app, '/admin/coupons/pause', { id: coupon.id }, as(crew.manager.token));
    expect(paused.status).toBe(200);
    expect(paused.body.message).toBe(`Coupon ${coupon.code} paused: customers can no longer use it`);
    expect(paused.body.data).toMatchObject({ changed: true, coupon: { is_active: false, state: 'paused' } });
    const again = await post(t.app, '/admin/coupons/pause', { id: coupon.id }, as(crew.owner.token));
    expect(again.body).toMatchObject({
      message: `Coupon ${coupon.code} was already paused: nothing changed`,
      data: { changed: false },
    });

    // The order with the coupon applied before the pause is refused; so is applying it again.
    const placed = await placeOrder(t.app, c, { items });
    expect(placed.status).toBe(409);
    expect(placed.body.message).toBe('This coupon code does not exist');
    expect(placed.errors[0]?.field).toBe('coupon');
    const reapplied = await apply(c, coupon.code, items);
    expect(reapplied.status).toBe(422);
    expect(reapplied.body.message).toBe('This coupon code does not exist');

    const resumed = await post(t.app, '/admin/coupons/resume', { id: coupon.id }, as(crew.manager.token));
    expect(resumed.body).toMatchObject({
      message: `Coupon ${coupon.code} resumed`,
      data: { changed: true, coupon: { is_active: true, state: 'active' } },
    });
    expect((await apply(c, coupon.code, items)).status).toBe(200);
    expect((await placeOrder(t.app, c, { items })).body.data.order.coupon_discount_cents).toBe(300);

    const logged = await audits(coupon.id);
    expect(logged.map((a) => a.action)).toEqual(['coupon.pause', 'coupon.resume']);
    expect(JSON.parse(logged[0]!.before_json!)).toEqual({ code: coupon.code, is_active: true, used_count: 0 });
    expect(JSON.parse(logged[0]!.after_json!)).toEqual({ code: coupon.code, is_active: false, used_count: 0 });

    // Not started yet: the shop says so.
    const later = await create({ code: uniqueCode(), kind: 'percent', value: 5, starts_on: '2040-01-01' });
    const early = await apply(c, later.body.data.code, items);
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('This coupon is not valid yet');
  });

  it('the shop honours an edit at once: a new total limit, a new per-customer limit, a new value', async () => {
    const coupon = await createCoupon(t.db, { kind: 'percent', value: 10 });
    const items = await line(2000);
    const [a, b] = [await customer(t.db), await customer(t.db)];
    expect((await apply(a, coupon.code, items)).status).toBe(200);
    const first = await placeOrder(t.app, a, { items });
    expect(first.body.data.order.coupon_discount_cents).toBe(200);

    const fields = { id: coupon.id, code: coupon.code, kind: 'fixed', value: 500, min_spend_cents: 0 };
    // Value: orders from now on get the new discount; the placed one keeps its own.
    expect((await update({ ...fields, per_user_limit: 1 })).status).toBe(200);
    // The per-customer limit: a's second use is refused, at applying and (applied before the edit) at placing.
    expect((await apply(b, coupon.code, items)).status).toBe(200);
    await t.db
      .insertInto('coupon_applications')
      .values({ user_id: a.userId, coupon_id: coupon.id, created_at: new Date().toISOString() })
      .execute();
    const again = await placeOrder(t.app, a, { items });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already used this coupon as many times as allowed');

    // The total limit lowered to the uses so far (1): b's application, made before, is refused at placing.
    expect((await update({ ...fields, usage_limit: 1 })).status).toBe(200);
    const refused = await placeOrder(t.app, b, { items });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This coupon has been fully redeemed');
    // Raised again: b's next order has the new fixed discount; a's first order still shows its 10%.
    expect((await update({ ...fields, usage_limit: 2 })).status).toBe(200);
    expect((await apply(b, coupon.code, items)).status).toBe(200);
    const placed = await placeOrder(t.app, b, { items });
    expect(placed.body.data.order.coupon_discount_cents).toBe(500);
    const kept = await t.db
      .selectFrom('orders')
      .select('coupon_discount_cents')
      .where('order_no', '=', first.body.data.order.order_no)
      .executeTakeFirstOrThrow();
    expect(kept.coupon_discount_cents).toBe(200);
    const row = await couponRow(coupon.id);
    expect(row.used_count).toBe(2);
  });
});
