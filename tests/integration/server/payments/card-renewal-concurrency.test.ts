import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app';
import { createDb, type Db, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { chargeAttempt, chargeDueRenewals } from '../../../../src/server/payments/renewal-charges';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';
import { buildTestApp, dialects, type TestApp } from '../../helper';
import { chargesOf, dueNow, noticesOf, renewalOf, renewalRequests, subscribeByCard } from './renewal-support';
import { count, eventsOf, orderRow, stripeEnv } from './support';

/**
 * A renewal charged by two instances at once (docs/decisions/040): two shops on one database run the renewal job at
 * the same moment, or the same attempt is run many times at once; one provider charge, one payment, one status
 * change, one notice.
 */
describe.each(dialects)('renewal charges under concurrency on %s', (dialect) => {
  let fake: FakeStripe;
  let t: TestApp;
  let second: { app: FastifyInstance; db: Db };
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(dialect, { env: stripeEnv(fake) });
    const db = createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 5 });
    const app = await buildApp({ config: t.config, db });
    await app.ready();
    second = { app, db };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.destroy();
    await t?.close();
    await fake?.close();
  });

  const once = async (order: { id: number; order_no: string }) => {
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Paid' });
    expect(renewalRequests(fake, order)).toHaveLength(1);
    expect(await count(t.db, 'payments', order.id)).toBe(1);
    expect(await eventsOf(t.db, order.id, 'paid')).toHaveLength(1);
    expect(await noticesOf(t.db, order.id, 'paid')).toHaveLength(1);
    expect(await chargesOf(t.db, order.id)).toEqual([expect.objectContaining({ attempt: 1, status: 'succeeded' })]);
  };

  it('two instances run the renewal job at once: one order, one charge, one payment, one status change', async () => {
    const { sub } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    await dueNow(t.db, sub.id);
    const now = new Date();
    const reports = await Promise.all([placeDueRenewals(t.shop, now), placeDueRenewals(second.app.shop, now)]);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    const orders = await t.db.selectFrom('orders').select('id').where('subscription_id', '=', sub.id).execute();
    expect(orders).toHaveLength(1);
    const renewal = await renewalOf(t.db, sub.id);
    expect(reports.flatMap((r) => r.charges?.paid ?? [])).toEqual([renewal.id]);
    await once(renewal);
  });

  it('the same attempt run eight times at once on two instances: one provider charge', async () => {
    const { sub } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    await dueNow(t.db, sub.id);
    // Placed without charging (no provider on this call), then charged by many runs at once.
    await placeDueRenewals({ ...t.shop, payments: null }, new Date());
    const placed = await renewalOf(t.db, sub.id);
    expect(placed).toMatchObject({ status: 'Pending', payment_method: 'bank_transfer' });
    await t.db.updateTable('orders').set({ payment_method: 'card' }).where('id', '=', placed.id).execute();
    await t.db
      .insertInto('renewal_charges')
      .values({
        order_id: placed.id,
        subscription_id: sub.id,
        saved_card_id: sub.saved_card_id!,
        attempt: 1,
        status: 'scheduled',
        due_at: new Date(Date.now() - 1000).toISOString(),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const row = (await chargesOf(t.db, placed.id))[0]!;
    const now = new Date();
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 ? chargeAttempt(second.app.shop, row, now) : chargeDueRenewals(t.shop, now).then(() => 'round'),
      ),
    );
    expect(runs.filter((r) => r === 'paid').length).toBeLessThanOrEqual(1);
    await once(placed);
  });
});
