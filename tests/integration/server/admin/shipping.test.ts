import type { AdminShippingView } from '../../../../src/common/contract/admin/shipping';
import { dialects, post, type TestApp } from '../../helper';
import { auditEntries, type Crew, withStaffApp } from './support';

/**
 * The back office's Shipping screen (owner, manager; docs/decisions/041): the states of each country with their fees
 * and methods offered, added, changed, retired and restored, put in order, and the free-delivery threshold; each
 * change audited with what changed only. What the shop does with them is shipping-checkout.test.ts.
 */
describe.each(dialects)('back office shipping on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, {}, (app, staff) => {
    t = app;
    crew = staff;
  });

  const PATHS = [
    '/admin/shipping',
    '/admin/shipping/states/add',
    '/admin/shipping/states/update',
    '/admin/shipping/states/retire',
    '/admin/shipping/states/restore',
    '/admin/shipping/states/reorder',
    '/admin/shipping/free-threshold',
  ] as const;
  const as = (who: 'owner' | 'manager') => ({ token: crew[who].token });
  const view = async (): Promise<AdminShippingView> => {
    const res = await post(t.app, '/admin/shipping', {}, as('manager'));
    expect(res.status, res.body.message).toBe(200);
    return res.body.data;
  };
  const statesOf = async (country: string) => (await view()).countries.find((c) => c.country === country)!.states;
  const row = (code: string) =>
    t.db.selectFrom('states').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const audits = async (prefix = 'shipping.') =>
    (await t.db.selectFrom('audit_log').select('action').where('action', 'like', `${prefix}%`).execute()).length;
  let serial = 0;
  /** A valid new state of `country` with a code of its own. */
  const newState = (country: 'PH' | 'CN' = 'PH', over: Record<string, unknown> = {}) => ({
    country,
    code: `${country}-T${++serial}`,
    name_en: `Test Province ${serial}`,
    name_zh: `测试省${serial}`,
    standard_fee_cents: 600,
    expedited_fee_cents: 1100,
    ...over,
  });
  const add = (body: Record<string, unknown>, who: 'owner' | 'manager' = 'manager') =>
    post(t.app, '/admin/shipping/states/add', body, as(who));

  it('answers 401 without a session, 403 to a customer and to fulfilment, whatever the body', async () => {
    for (const path of PATHS) {
      for (const body of [{}, { state_id: 1, ids: 'nope', free_shipping_threshold_cents: -5 }]) {
        expect((await post(t.app, path, body)).status, path).toBe(401);
        const customer = await post(t.app, path, body, { token: crew.customer.token });
        expect(customer.status, path).toBe(403);
        expect(customer.body.message).toBe('This page is for the shop’s staff');
        const fulfilment = await post(t.app, path, body, { token: crew.fulfilment.token });
        expect(fulfilment.status, path).toBe(403);
        expect(fulfilment.body.message).toBe('You are not allowed to do that');
      }
    }
    expect(await audits()).toBe(0);
  });

  it('shows owner and manager every state of the full lists by country, in the shop’s order, and the threshold', async () => {
    const owners = await post(t.app, '/admin/shipping', {}, as('owner'));
    expect(owners.status).toBe(200);
    const v = await view();
    expect(owners.body.data).toEqual(v);
    expect(v.free_shipping_threshold_cents).toBe(7500);
    expect(v.countries.map((c) => [c.country, c.states.length])).toEqual([
      ['PH', 83],
      ['CN', 34],
    ]);
    const [ph, cn] = v.countries;
    expect(ph!.states[0]).toEqual({
      id: expect.any(Number),
      code: 'PH-MM',
      name_en: 'Metro Manila',
      name_zh: '马尼拉大都会',
      country: 'PH',
      standard_fee_cents: 450,
      expedited_fee_cents: 900,
      standard_offered: true,
      expedited_offered: true,
      retired_at: null,
    });
    // Metro Manila is the cheapest delivery in the Philippines; the far islands are not offered Expedited.
    expect(Math.min(...ph!.states.map((s) => s.standard_fee_cents))).toBe(450);
    expect(ph!.states.find((s) => s.code === 'PH-BTN')).toMatchObject({
      name_zh: '巴丹群岛',
      expedited_offered: false,
    });
    expect(new Set(ph!.states.map((s) => s.code)).size).toBe(83);
    expect(cn!.states.map((s) => s.code).slice(0, 2)).toEqual(['CN-BJ', 'CN-TJ']);
    expect(cn!.states.find((s) => s.code === 'CN-HK')).toMatchObject({ name_en: 'Hong Kong', name_zh: '香港' });
    expect(cn!.states.every((s) => /^CN-[A-Z]{2}$/.test(s.code))).toBe(true);
  });

  it.each([
    [{ code: 'PH-' }, 'code', 422],
    [{ code: 'CN-ABC' }, 'code', 422],
    [{ code: 'PH-TOOLONG1' }, 'code', 422],
    [{ name_en: '   ' }, 'name_en', 422],
    [{ name_zh: '' }, 'name_zh', 422],
    [{ name_zh: '省'.repeat(81) }, 'name_zh', 422],
    [{ standard_fee_cents: -1 }, 'standard_fee_cents', 422],
    [{ expedited_fee_cents: 100_001 }, 'expedited_fee_cents', 422],
    [{ standard_fee_cents: 4.5 }, 'standard_fee_cents', 422],
    [{ country: 'JP' }, 'country', 422],
    [{ standard_offered: 0, expedited_offered: 0 }, 'standard_offered', 422],
    [{ code: 'PH-CEB' }, 'code', 409],
    [{ code: ' ph-mm ' }, 'code', 409],
  ])('refuses to add %j naming %s, and adds nothing', async (over, field, status) => {
    const before = await view();
    const res = await add(newState('PH', over));
    expect(res.status, res.body.message).toBe(status);
    expect(res.errors.map((e) => e.field)).toEqual([field]);
    expect(await view()).toEqual(before);
    expect(await audits()).toBe(0);
  });

  it('words its refusals in the caller’s language', async () => {
    const zh = await add({ ...newState('CN', { code: 'PH-XX' }), lang: 'zh' });
    expect(zh.body.message).toBe('代码须为 CN- 加 1 至 6 个字母或数字，例如 CN-ABC');
    const taken = await add(newState('PH', { code: 'PH-CEB' }));
    expect(taken.body.message).toBe('Another state already has the code PH-CEB');
  });

  it('adds a state last in its country, code made upper-case, audited with what it is', async () => {
    const body = newState('CN', { code: ' cn-zz ', expedited_offered: 0 });
    const res = await add(body, 'owner');
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(`${body.name_en} added: new addresses can choose it now`);
    const cn = res.body.data.countries.find((c) => c.country === 'CN')!.states;
    expect(cn.at(-1)).toMatchObject({
      code: 'CN-ZZ',
      name_en: body.name_en,
      standard_fee_cents: 600,
      standard_offered: true,
      expedited_offered: false,
      retired_at: null,
    });
    // Last of China, and still before no Philippine state: the countries never mix in a list of all states.
    const { id } = await row('CN-ZZ');
    const [entry] = await auditEntries(t, 'shipping.state_add', id);
    expect(entry).toMatchObject({ actor: crew.owner.user.email, entity: 'state', before_json: null });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ code: 'CN-ZZ', country: 'CN', expedited_offered: 0 });
  });

  it('renames and changes fees and methods, auditing only what changed; a save that changes nothing writes nothing', async () => {
    const body = newState('PH');
    await add(body);
    const { id } = await row(body.code);
    const update = (fields: Record<string, unknown>, lang = 'en') =>
      post(t.app, '/admin/shipping/states/update', { state_id: id, lang, ...fields }, as('manager'));

    const same = await update({ name_en: body.name_en, standard_fee_cents: 600, standard_offered: 1 });
    expect(same.body.message).toBe('Nothing to save: the values were already so');
    expect(await auditEntries(t, 'shipping.state_update', id)).toHaveLength(0);

    const res = await update({ name_zh: '新名字', expedited_fee_cents: '1250', expedited_offered: 'off' }, 'zh');
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('已保存新名字：之后的报价和订单将使用新设置');
    expect(await row(body.code)).toMatchObject({ name_zh: '新名字', expedited_fee_cents: 1250, expedited_offered: 0 });
    const [entry, ...more] = await auditEntries(t, 'shipping.state_update', id);
    expect(more).toHaveLength(0);
    expect(JSON.parse(entry!.before_json!)).toEqual({
      code: body.code,
      name_zh: body.name_zh,
      expedited_fee_cents: 1100,
      expedited_offered: 1,
    });
    expect(JSON.parse(entry!.after_json!)).toEqual({
      code: body.code,
      name_zh: '新名字',
      expedited_fee_cents: 1250,
      expedited_offered: 0,
    });

    // Switching off the one method left is refused: retire the state instead.
    const none = await update({ standard_offered: 0 });
    expect(none.status).toBe(422);
    expect(none.errors).toEqual([
      { field: 'standard_offered', message: 'Offer at least one delivery method, or retire the state instead' },
    ]);
    expect(await row(body.code)).toMatchObject({ standard_offered: 1 });

    for (const [fields, field, status] of [
      [{ standard_fee_cents: -5 }, 'standard_fee_cents', 422],
      [{ name_en: 'x'.repeat(81) }, 'name_en', 422],
      [{ state_id: 999_999, name_en: 'X' }, 'state_id', 404],
    ] as const) {
      const refused = await update(fields);
      expect(refused.status, JSON.stringify(fields)).toBe(status);
      expect(refused.errors.map((e) => e.field)).toEqual([field]);
    }
    expect(await auditEntries(t, 'shipping.state_update', id)).toHaveLength(1);
  });

  it('retires and restores a state, each audited once; doing it twice changes nothing', async () => {
    const body = newState('PH');
    await add(body);
    const { id } = await row(body.code);
    const retire = () => post(t.app, '/admin/shipping/states/retire', { state_id: id }, as('manager'));
    const restore = () => post(t.app, '/admin/shipping/states/restore', { state_id: id }, as('owner'));

    const retired = await retire();
    expect(retired.body.message).toBe(
      `${body.name_en} retired: new addresses can no longer choose it; saved ones keep working`,
    );
    const listed = retired.body.data.countries[0]!.states.find((s) => s.id === id)!;
    expect(listed.retired_at).toEqual(expect.any(String));
    expect((await retire()).body.message).toBe(`${body.name_en} was already retired: nothing changed`);
    expect(await auditEntries(t, 'shipping.state_retire', id)).toHaveLength(1);

    expect((await restore()).body.message).toBe(`${body.name_en} restored: new addresses can choose it again`);
    expect((await restore()).body.message).toBe(`${body.name_en} was already offered: nothing changed`);
    expect(await auditEntries(t, 'shipping.state_restore', id)).toHaveLength(1);
    expect((await row(body.code)).retired_at).toBeNull();
    expect((await post(t.app, '/admin/shipping/states/retire', { state_id: 999_999 }, as('owner'))).status).toBe(404);
  });

  it('reorders a country’s states, audited with the codes; a stale or mixed list is refused with 409', async () => {
    const reorder = (country: string, ids: unknown) =>
      post(t.app, '/admin/shipping/states/reorder', { country, ids: JSON.stringify(ids) }, as('manager'));
    const cn = await statesOf('CN');
    const ids = cn.map((s) => s.id);
    const swapped = [ids[1]!, ids[0]!, ...ids.slice(2)];

    const res = await reorder('CN', swapped);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('New order saved');
    expect((await statesOf('CN')).map((s) => s.code).slice(0, 2)).toEqual(['CN-TJ', 'CN-BJ']);
    // The Philippines keep their order, and a list of all states still has them first.
    expect((await statesOf('PH'))[0]!.code).toBe('PH-MM');
    const all = await post(t.app, '/v2/get-states', {});
    expect(all.body.data.states[0]!.code).toBe('PH-MM');
    const [entry] = await auditEntries(t, 'shipping.reorder');
    expect(JSON.parse(entry!.after_json!).order.slice(0, 2)).toEqual(['CN-TJ', 'CN-BJ']);
    expect(JSON.parse(entry!.before_json!).order.slice(0, 2)).toEqual(['CN-BJ', 'CN-TJ']);

    expect((await reorder('CN', swapped)).body.message).toBe('Nothing to save: the values were already so');
    const phId = (await statesOf('PH'))[0]!.id;
    for (const stale of [swapped.slice(1), [...swapped.slice(1), phId], [...swapped, swapped[0]]]) {
      const refused = await reorder('CN', stale);
      expect(refused.status).toBe(409);
      expect(refused.errors).toEqual([
        { field: 'ids', message: 'The list changed meanwhile: reload it and try again' },
      ]);
    }
    expect((await reorder('CN', 'nope')).status).toBe(422);
    expect(await auditEntries(t, 'shipping.reorder')).toHaveLength(1);
    await reorder('CN', ids);
  });

  it('sets the free-delivery threshold, audited; bad amounts are refused', async () => {
    const set = (value: unknown) =>
      post(t.app, '/admin/shipping/free-threshold', { free_shipping_threshold_cents: value }, as('manager'));
    for (const bad of [-1, 10_000_001, 'ten', 12.5]) {
      const refused = await set(bad);
      expect(refused.status, String(bad)).toBe(422);
      expect(refused.errors.map((e) => e.field)).toEqual(['free_shipping_threshold_cents']);
    }
    expect((await set(7500)).body.message).toBe('Nothing to save: the values were already so');
    const res = await set(5000);
    expect(res.body.message).toBe('Free-delivery threshold saved: the next quote and order use it');
    expect(res.body.data.free_shipping_threshold_cents).toBe(5000);
    const [entry, ...more] = await auditEntries(t, 'shipping.free_threshold');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actor: crew.manager.user.email, entity: 'settings' });
    expect(JSON.parse(entry!.before_json!)).toEqual({ free_shipping_threshold_cents: 7500 });
    expect((await post(t.app, '/v2/get-states', {})).body.data.free_shipping_threshold_cents).toBe(5000);
    // The owner's Settings no longer carry it.
    const settings = await post(t.app, '/admin/settings', {}, as('owner'));
    expect(settings.body.data.settings).not.toHaveProperty('free_shipping_threshold_cents');
    await set(7500);
  });

  it('concurrent fee changes all land in turn: each audit entry’s “before” is what the previous change left', async () => {
    const body = newState('PH');
    await add(body);
    const { id } = await row(body.code);
    const fees = Array.from({ length: 10 }, (_, i) => 1000 + i);
    const results = await Promise.all(
      fees.map((fee) =>
        post(t.app, '/admin/shipping/states/update', { state_id: id, standard_fee_cents: fee }, as('manager')),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(fees.map(() => 200));
    const steps = (await auditEntries(t, 'shipping.state_update', id))
      .reverse()
      .map((e) => [JSON.parse(e.before_json!).standard_fee_cents, JSON.parse(e.after_json!).standard_fee_cents]);
    expect(steps).toHaveLength(fees.length);
    expect(steps[0]![0]).toBe(600);
    for (let i = 1; i < steps.length; i++) expect(steps[i]![0]).toBe(steps[i - 1]![1]);
    expect((await row(body.code)).standard_fee_cents).toBe(steps.at(-1)![1]);
  });
});
