import { CLI_ACTOR, type StaffActor } from '../../../../src/server/audit/actor';
import { recordAudit } from '../../../../src/server/audit/service';
import { dialects, type PostBody, post, type TestApp } from '../../helper';
import { type Crew, withStaffApp } from './support';

describe.each(dialects)('back office: audit log on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { seed: false }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const paths = ['/admin/audit/list', '/admin/audit/actors'] as const;

  it('answers 401 without a session, 403 to a customer, a fulfilment member and a manager, 200 to an owner', async () => {
    for (const path of paths) {
      expect((await post(t.app, path, {})).status, path).toBe(401);
      for (const who of [crew.customer, crew.fulfilment, crew.manager]) {
        expect((await post(t.app, path, { actor: 'nobody' }, { token: who.token })).status, path).toBe(403);
      }
      expect((await post(t.app, path, {}, { token: crew.owner.token })).status, path).toBe(200);
    }
  });

  it('lists who, source, action, entity, order number and the values before and after, filtered and paged', async () => {
    const manager: StaffActor = {
      kind: 'staff',
      userId: crew.manager.user.id,
      email: crew.manager.user.email,
      role: 'manager',
      via: 'admin',
    };
    const viaBot: StaffActor = { ...manager, via: 'bot' };
    await recordAudit(t.db, manager, {
      action: 'order.confirm_payment',
      entity: 'order',
      entityId: 41,
      orderNo: 'LC-20261124-ABCDEF',
      before: { status: 'Pending' },
      after: { status: 'Paid' },
    });
    await recordAudit(t.db, viaBot, {
      action: 'order.cancel',
      entity: 'order',
      entityId: 42,
      orderNo: 'LC-20261124-GHJKMN',
      before: { status: 'Paid' },
      after: { status: 'Cancelled' },
    });
    await recordAudit(t.db, CLI_ACTOR, {
      action: 'staff.add',
      entity: 'staff',
      entityId: crew.fulfilment.user.id,
      after: { email: crew.fulfilment.user.email, role: 'fulfilment' },
    });
    await recordAudit(t.db, manager, {
      action: 'orders_export',
      entity: 'orders',
    });
    const list = (body: PostBody<'/admin/audit/list'>) =>
      post(t.app, '/admin/audit/list', body, { token: crew.owner.token });

    const all = await list({});
    expect(all.body.data.entries.map((e) => e.action)).toEqual([
      'orders_export',
      'staff.add',
      'order.cancel',
      'order.confirm_payment',
    ]);
    expect(all.body.data.entries[3]).toMatchObject({
      actor: crew.manager.user.email,
      actor_user_id: crew.manager.user.id,
      source: 'admin',
      entity: 'order',
      entity_id: '41',
      order_no: 'LC-20261124-ABCDEF',
      before: { status: 'Pending' },
      after: { status: 'Paid' },
    });
    expect(all.body.data.entries[2]!.source).toBe('bot');
    expect(all.body.data.entries[1]).toMatchObject({ actor: 'command line', source: 'cli', before: null });

    // Kind: the action's prefix (`order.` is not `orders_export`).
    const orders = await list({ kind: 'order' });
    expect(orders.body.data.entries.map((e) => e.action)).toEqual(['order.cancel', 'order.confirm_payment']);
    expect((await list({ kind: 'staff' })).body.data.entries.map((e) => e.action)).toEqual(['staff.add']);
    // Staff member, or the command line.
    const byManager = await list({ actor: crew.manager.user.id });
    expect(byManager.body.data.entries).toHaveLength(3);
    expect((await list({ actor: 'cli' })).body.data.entries.map((e) => e.action)).toEqual(['staff.add']);
    // Order number, in any case.
    const byOrder = await list({ order_no: 'lc-20261124-ghjkmn' });
    expect(byOrder.body.data.entries.map((e) => e.entity_id)).toEqual(['42']);
    // Together.
    expect(
      (await list({ actor: crew.manager.user.id, kind: 'order', order_no: 'LC-20261124-ABCDEF' })).body.data.entries,
    ).toHaveLength(1);

    // Pages.
    const first = await list({ limit: 3 });
    expect(first.body.data.entries).toHaveLength(3);
    const rest = await list({ limit: 3, cursor: first.body.data.next_cursor });
    expect(rest.body.data.entries.map((e) => e.action)).toEqual(['order.confirm_payment']);
    expect(rest.body.data.next_cursor).toBeNull();

    // Bad filters name the field.
    for (const [field, value] of [
      ['kind', 'everything'],
      ['actor', 'someone'],
      ['cursor', '-1'],
    ] as const) {
      const bad = await list({ [field]: value });
      expect(bad.status, `${field}=${value}`).toBe(422);
      expect(bad.errors[0]?.field).toBe(field);
    }

    // The filter's people: the staff who appear, then the command line.
    const actors = await post(t.app, '/admin/audit/actors', {}, { token: crew.owner.token });
    expect(actors.body.data.actors).toEqual([
      { user_id: crew.manager.user.id, label: crew.manager.user.email },
      { user_id: null, label: 'command line' },
    ]);
  });
  it('publishes the customers, subscriptions and audit paths in /openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/admin/customers/list',
        '/admin/customers/get',
        '/admin/subscriptions/list',
        '/admin/subscriptions/cancel',
        '/admin/audit/list',
        '/admin/audit/actors',
      ]),
    );
  });
});
