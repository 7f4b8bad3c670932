import { staffCrew } from '../../../factories/staff';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { auditEntries, orderInStatus } from '../admin/support';
import { findTexts, needlesOf, richCustomer } from './support';

describe.each(dialects)('deleting an account: the owner, on %s', (dialect) => {
  let t: TestApp;
  let crew: Awaited<ReturnType<typeof staffCrew>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { MAX_UNPAID_ORDERS: '0' } });
    crew = await staffCrew(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets only the owner delete a customer, with the customer’s number typed, audited, by the same rules', async () => {
    const r = await richCustomer(t);
    const path = '/admin/customers/delete';
    expect((await post(t.app, path, { id: r.userId, confirm: String(r.userId) })).status).toBe(401);
    for (const who of [crew.customer, crew.fulfilment, crew.manager]) {
      const res = await post(t.app, path, { id: r.userId, confirm: String(r.userId) }, { token: who.token });
      expect(res.status, who.user.email).toBe(403);
    }
    const typo = await post(t.app, path, { id: r.userId, confirm: String(r.userId + 1) }, { token: crew.owner.token });
    expect(typo.status).toBe(422);
    expect(typo.errors.map((e) => e.field)).toEqual(['confirm']);
    expect(typo.body.message).toBe(`Type the customer’s number ${r.userId} to confirm`);
    expect((await post(t.app, '/v1/get-user-info', {}, { token: r.token })).status).toBe(200);

    const res = await post(t.app, path, { id: r.userId, confirm: String(r.userId) }, { token: crew.owner.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(`Customer #${r.userId} deleted: their orders stay as "Former customer #${r.userId}"`);
    expect(await findTexts(t, needlesOf(r))).toEqual([]);
    expect((await post(t.app, '/v1/get-user-info', {}, { token: r.token })).status).toBe(401);
    const [entry] = await auditEntries(t, 'customer.delete', r.userId);
    expect(entry).toMatchObject({ actor: crew.owner.user.email, actor_user_id: crew.owner.user.id, source: 'admin' });
    // Again: already deleted.
    const again = await post(t.app, path, { id: r.userId, confirm: String(r.userId) }, { token: crew.owner.token });
    expect(again.status).toBe(409);
    const unknown = await post(t.app, path, { id: 99_999_999, confirm: '99999999' }, { token: crew.owner.token });
    expect(unknown.status).toBe(404);
  });

  it('refuses the owner while the customer has an open order', async () => {
    const r = await richCustomer(t);
    const open = await orderInStatus(t, 'Processing', { c: r.c });
    const res = await post(
      t.app,
      '/admin/customers/delete',
      { id: r.userId, confirm: String(r.userId) },
      { token: crew.owner.token },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(open.orderNo);
  });
  // An order and a deletion at the same moment: concurrency.test.ts.
});
