import { createStaff } from '../../../factories/staff';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { type Crew, runCli, withStaffApp } from './support';

describe.each(dialects)('back office frame and staff on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { seed: false }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const audit = (action: string) =>
    t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  it('answers 401 without a session and 403 for a customer, whatever the body', async () => {
    for (const body of [{}, { email: 42, role: 'emperor' }, { garbage: 'x'.repeat(10_000) }]) {
      expect((await post(t.app, '/admin/staff/add', body)).status).toBe(401);
      const refused = await post(t.app, '/admin/staff/add', body, { token: crew.customer.token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('This page is for the shop’s staff');
    }
    // A body that is not even form-encoded, or a multipart upload, is refused before it is read.
    for (const type of ['application/json', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/staff/list',
        headers: { 'content-type': type, authorization: `Bearer ${crew.customer.token}` },
        payload: '{{{ not a body',
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('answers 403 to a manager and a fulfilment member on the owner’s staff paths', async () => {
    for (const who of [crew.manager, crew.fulfilment]) {
      for (const path of [
        '/admin/staff/list',
        '/admin/staff/add',
        '/admin/staff/role',
        '/admin/staff/remove',
      ] as const) {
        const res = await post(t.app, path, { email: 'x', user_id: 'nope' }, { token: who.token });
        expect(res.status, `${who.role} ${path}`).toBe(403);
        expect(res.body.message).toBe('You are not allowed to do that');
      }
    }
  });

  it('tells each staff member their role and what it allows, in their language', async () => {
    const me = await post(t.app, '/admin/me', {}, { token: crew.fulfilment.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ role: 'fulfilment', email: crew.fulfilment.user.email });
    expect(me.body.data.permissions).toEqual(['dashboard', 'orders.view', 'orders.fulfil']);
    const owner = await post(t.app, '/admin/me', {}, { token: crew.owner.token });
    expect(owner.body.data.permissions).toContain('audit');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/admin/me',
      headers: { authorization: `Bearer ${crew.customer.token}`, 'accept-language': 'zh' },
    });
    expect(zh.json().message).toBe('此页面仅供店铺员工使用');
  });

  it('lets an owner add, re-role and remove staff, writing each to the audit log', async () => {
    const person = await createUser(t.db);
    const added = await post(
      t.app,
      '/admin/staff/add',
      { email: person.user.email.toUpperCase(), role: 'manager' },
      {
        token: crew.owner.token,
      },
    );
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ user_id: person.user.id, role: 'manager' });
    expect((await post(t.app, '/admin/me', {}, { token: person.token })).body.data.role).toBe('manager');

    const changed = await post(
      t.app,
      '/admin/staff/role',
      { user_id: person.user.id, role: 'fulfilment' },
      {
        token: crew.owner.token,
      },
    );
    expect(changed.body.data.role).toBe('fulfilment');
    const removed = await post(t.app, '/admin/staff/remove', { user_id: person.user.id }, { token: crew.owner.token });
    expect(removed.status).toBe(200);
    expect((await post(t.app, '/admin/me', {}, { token: person.token })).status).toBe(403);

    const [add] = await audit('staff.add');
    expect(add).toMatchObject({ actor: crew.owner.user.email, source: 'admin', entity_id: String(person.user.id) });
    expect(JSON.parse(add!.after_json!)).toEqual({ email: person.user.email, role: 'manager' });
    const [role] = await audit('staff.role');
    expect(JSON.parse(role!.before_json!)).toEqual({ role: 'manager' });
    expect(JSON.parse(role!.after_json!)).toEqual({ role: 'fulfilment' });
    expect((await audit('staff.remove'))[0]).toMatchObject({ entity_id: String(person.user.id) });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const unknown = await post(
      t.app,
      '/admin/staff/add',
      { email: 'nobody@example.com', role: 'manager' },
      {
        token: crew.owner.token,
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.errors[0]?.field).toBe('email');
    const badRole = await post(
      t.app,
      '/admin/staff/add',
      { email: crew.customer.user.email, role: 'emperor' },
      {
        token: crew.owner.token,
      },
    );
    expect(badRole.status).toBe(422);
    expect(badRole.errors[0]?.field).toBe('role');
    expect((await post(t.app, '/admin/me', {}, { token: crew.customer.token })).status).toBe(403);
  });

  it('keeps at least one owner, even when two owners demote each other at once', async () => {
    const t2 = await buildTestApp(dialect, { seed: false });
    try {
      const a = await createStaff(t2.db, 'owner');
      const b = await createStaff(t2.db, 'owner');
      const results = await Promise.all([
        post(t2.app, '/admin/staff/role', { user_id: b.user.id, role: 'manager' }, { token: a.token }),
        post(t2.app, '/admin/staff/role', { user_id: a.user.id, role: 'manager' }, { token: b.token }),
      ]);
      // One wins; the other is refused: 409 when both checks overlapped, 403 when the winner had already
      // demoted the loser (who is then no longer an owner).
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await t2.db.selectFrom('staff').selectAll().where('role', '=', 'owner').execute();
      expect(owners).toHaveLength(1);
      const last = owners[0]!.user_id === a.user.id ? a : b;
      const refused = await post(t2.app, '/admin/staff/remove', { user_id: last.user.id }, { token: last.token });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('The shop must keep at least one owner');
    } finally {
      await t2.close();
    }
  });

  it('makes the first owner from the command line and removes staff there, in the audit log', async () => {
    const person = await createUser(t.db);
    expect(await runCli(t, 'add-staff', person.user.email, '--role', 'owner')).toBe(
      `${person.user.email} is on the staff as owner.`,
    );
    expect((await post(t.app, '/admin/me', {}, { token: person.token })).body.data.role).toBe('owner');
    await expect(runCli(t, 'add-staff', person.user.email)).rejects.toThrow(
      'Give the role: --role owner|manager|fulfilment',
    );
    await expect(runCli(t, 'add-staff', 'nobody@example.com', '--role', 'manager')).rejects.toThrow(
      'No account has this e-mail address',
    );
    expect(await runCli(t, 'remove-staff', person.user.email)).toBe(`${person.user.email} is no longer on the staff.`);
    const [entry] = await audit('staff.remove');
    expect(entry).toMatchObject({ actor: 'command line', source: 'cli', actor_user_id: null });
  });

  it('lists the admin paths in /openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/admin/me', '/admin/staff/add']));
  });
});
