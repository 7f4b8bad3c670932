import { setTimeout as sleep } from 'node:timers/promises';
import { staffCrew } from '../../../factories/staff';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { auditEntries, orderInStatus } from '../admin/support';
import { placeOrder } from '../orders/support';
import { findTexts, needlesOf, richCustomer } from './support';

const ROUNDS = 12;

describe.each(dialects)('deleting an account: the owner, and an order at the same moment, on %s', (dialect) => {
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

  it('an order placed while the account is deleted: one of them is refused, never a deleted account with an order', async () => {
    const product = await t.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['p.id as product_id', 'v.id as variant_id'])
      .where('p.is_active', '=', 1)
      .where('v.stock', '>', 100)
      .where('v.is_retired', '=', 0)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const outcomes = { orderWon: 0, deletionWon: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const r = await richCustomer(t);
      // The order starts a little later each round, so that over the rounds it meets every step of the deletion
      // (the password check, the transaction) and both sides win some.
      const [placed, deleted] = await Promise.all([
        sleep(round * 15).then(() =>
          placeOrder(t.app, r.c, { items: [{ ...product, quantity: 1 }], payment_method: 'bank_transfer' }),
        ),
        post(t.app, '/v2/delete-account', { password: r.password }, { token: r.token }),
      ]);
      const user = await t.db
        .selectFrom('users')
        .select('deleted_at')
        .where('id', '=', r.userId)
        .executeTakeFirstOrThrow();
      const open = await t.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', r.userId)
        .where('status', 'in', ['Pending', 'Paid', 'Processing'])
        .execute();
      if (placed.status === 200) {
        expect(deleted.status, `round ${round}`).toBe(409);
        expect(user.deleted_at).toBeNull();
        expect(open).toHaveLength(1);
        outcomes.orderWon += 1;
      } else {
        expect(deleted.status, `round ${round}: ${deleted.body.message}`).toBe(200);
        // 401 (the session is gone), or the address it names is (404): refused either way.
        expect([401, 404], placed.body.message).toContain(placed.status);
        expect(user.deleted_at).not.toBeNull();
        expect(open).toEqual([]);
        outcomes.deletionWon += 1;
      }
    }
    expect(outcomes.orderWon + outcomes.deletionWon).toBe(ROUNDS);
    console.info(`order vs deletion on ${dialect}: ${JSON.stringify(outcomes)}`);
  });
});
