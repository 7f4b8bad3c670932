import { nowIso } from '../../../../src/server/lib/time';
import { createUser } from '../../../factories/users';
import { dialects, post, type TestApp } from '../../helper';
import { customer } from '../orders/support';
import { subscribe } from '../subscriptions/support';
import { type Crew, withStaffApp } from './support';

describe.each(dialects)('back office: customers on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, {}, (app, staff) => {
    t = app;
    crew = staff;
  });

  const paths = ['/admin/customers/list', '/admin/customers/get'] as const;

  it('answers 401 without a session, 403 to a customer and a fulfilment member, 200 to a manager and an owner', async () => {
    const body = { id: crew.customer.user.id, q: 'x' };
    for (const path of paths) {
      expect((await post(t.app, path, body)).status, path).toBe(401);
      expect((await post(t.app, path, body, { token: crew.customer.token })).status, path).toBe(403);
      const fulfil = await post(t.app, path, { garbage: 'x'.repeat(5000) }, { token: crew.fulfilment.token });
      expect(fulfil.status, path).toBe(403);
      expect(fulfil.body.message).toBe('You are not allowed to do that');
      for (const who of [crew.manager, crew.owner]) {
        expect((await post(t.app, path, body, { token: who.token })).status, `${who.role} ${path}`).toBe(200);
      }
    }
  });

  it('searches by name, e-mail or phone (contains, any case) and pages by cursor without gaps or repeats', async () => {
    const marker = `zq${Math.random().toString(36).slice(2, 8)}`;
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createUser(t.db, {
          nickname: `Mei ${marker.toUpperCase()} ${i}`,
          email: `mei${i}.${marker}@example.com`,
          phone: `+6391755500${i}${String(Math.floor(Math.random() * 90) + 10)}`,
        }),
      );
    }
    const search = (q: string, extra: Record<string, unknown> = {}) =>
      post(t.app, '/admin/customers/list', { q, ...extra }, { token: crew.manager.token });

    // Name, in another case.
    const byName = await search(`mei ${marker}`);
    expect(byName.body.data.customers.map((c) => c.id).sort()).toEqual(made.map((m) => m.user.id).sort());
    // E-mail, part of it.
    const byEmail = await search(`MEI3.${marker}`);
    expect(byEmail.body.data.customers).toHaveLength(1);
    expect(byEmail.body.data.customers[0]).toMatchObject({
      id: made[3]!.user.id,
      email: made[3]!.user.email,
      orders_count: 0,
      cash_balance_cents: 0,
      is_agent: false,
      telegram_linked: false,
    });
    // Phone, the middle of it.
    const byPhone = await search(made[2]!.user.phone.slice(4, 12));
    expect(byPhone.body.data.customers.map((c) => c.id)).toContain(made[2]!.user.id);
    // LIKE's wildcards are taken literally.
    expect((await search('%')).body.data.customers).toEqual([]);
    expect((await search(`${marker}_`)).body.data.customers).toEqual([]);

    // Pages of 2: newest first, then the rest, then none.
    const seen: number[] = [];
    let cursor: number | null | undefined;
    let pages = 0;
    do {
      const page = await search(marker, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.customers.map((c) => c.id));
      cursor = page.body.data.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((m) => m.user.id).sort((a, b) => b - a));

    // Bad input is a 4xx naming the field.
    for (const [field, value] of [
      ['cursor', 'abc'],
      ['limit', '0'],
      ['limit', '1000'],
      ['cursor', '99999999999'],
    ] as const) {
      const bad = await search(marker, { [field]: value });
      expect(bad.status, `${field}=${value}`).toBe(422);
      expect(bad.errors[0]?.field).toBe(field);
    }
  });

  it('shows one customer: profile, Telegram, orders, cash reward ledger, referrals and subscriptions', async () => {
    const c = await customer(t.db);
    await t.db
      .updateTable('users')
      .set({
        telegram_user_id: '777001',
        telegram_username: 'meiwong',
        telegram_name: 'Mei Wong',
        is_agent: 1,
        commission_rate_bp: 1200,
        language: 'zh',
      })
      .where('id', '=', c.userId)
      .execute();
    const upline = await createUser(t.db);
    await t.db.updateTable('users').set({ upline_id: upline.user.id }).where('id', '=', c.userId).execute();
    const downlines = [];
    for (let i = 0; i < 3; i++) downlines.push(await createUser(t.db, { upline_id: c.userId }));
    const sub = await subscribe(t, c, { weeks: 4, quantity: 2 });
    const order = await t.db
      .selectFrom('orders')
      .select(['order_no', 'total_cents'])
      .where('id', '=', sub.orderId)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    await t.db
      .insertInto('cash_rewards')
      .values({
        user_id: c.userId,
        order_id: sub.orderId,
        type: 'earned',
        spend_cents: 4000,
        amount_cents: 200,
        balance_after_cents: 200,
        status: 'Active',
        created_at: now,
      })
      .execute();
    await t.db.updateTable('users').set({ cash_balance_cents: 200 }).where('id', '=', c.userId).execute();

    const res = await post(t.app, '/admin/customers/get', { id: c.userId }, { token: crew.manager.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.profile).toMatchObject({ id: c.userId, language: 'zh', is_agent: true, commission_rate_bp: 1200 });
    expect(d.telegram).toEqual({ linked: true, username: 'meiwong', name: 'Mei Wong' });
    expect(d.orders.total).toBe(1);
    expect(d.orders.latest).toEqual([
      expect.objectContaining({ id: sub.orderId, order_no: order.order_no, total_cents: order.total_cents }),
    ]);
    expect(d.cash_reward.balance_cents).toBe(200);
    expect(d.cash_reward.entries).toEqual([
      expect.objectContaining({
        type: 'earned',
        amount_cents: 200,
        balance_after_cents: 200,
        order_no: order.order_no,
      }),
    ]);
    expect(d.referral.upline).toEqual({ id: upline.user.id, nickname: upline.user.nickname, email: upline.user.email });
    expect(d.referral.downlines_count).toBe(3);
    expect(d.referral.downlines.map((x) => x.id).sort()).toEqual(downlines.map((x) => x.user.id).sort());
    expect(d.subscriptions).toEqual([
      expect.objectContaining({ id: sub.subscriptionId, quantity: 2, frequency_weeks: 4, status: 'active' }),
    ]);

    // The list shows the counts too.
    const listed = await post(t.app, '/admin/customers/list', { q: d.profile.email }, { token: crew.owner.token });
    expect(listed.body.data.customers[0]).toMatchObject({
      id: c.userId,
      orders_count: 1,
      cash_balance_cents: 200,
      is_agent: true,
      telegram_linked: true,
    });
  });

  it('answers 404 naming the id for a customer that does not exist, and 422 for an id that cannot be one', async () => {
    const missing = await post(t.app, '/admin/customers/get', { id: 9_999_999 }, { token: crew.owner.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no customer with this id');
    expect(missing.errors[0]?.field).toBe('id');
    const bad = await post(t.app, '/admin/customers/get', { id: 'abc' }, { token: crew.owner.token });
    expect(bad.status).toBe(422);
    expect(bad.errors[0]?.field).toBe('id');
  });
});
