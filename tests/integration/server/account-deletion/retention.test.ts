import {
  applyRetention,
  createRetentionJob,
  REFERRAL_VISITOR_DAYS,
} from '../../../../src/server/account-deletion/retention';
import { loadConfig } from '../../../../src/server/config';
import { addDays } from '../../../../src/server/lib/time';
import { createOrder } from '../../../factories/orders';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, shopOn, type TestApp, withConfig } from '../../helper';

/** The retention job (docs/decisions/050), on a fixed clock. */
describe.each(dialects)('personal data retention on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const NOW = new Date('2027-06-01T03:00:00.000Z');
  const daysAgo = (days: number) => addDays(NOW.toISOString(), -days);

  async function orderClosed(status: 'Completed' | 'Cancelled', days: number) {
    const { user } = await createUser(t.db);
    const at = daysAgo(days);
    const { order } = await createOrder(t.db, user.id, {
      status,
      completedAt: status === 'Completed' ? at : null,
      fields: status === 'Cancelled' ? { cancelled_at: at, company: 'Vex Trading' } : { company: 'Vex Trading' },
    });
    return order.id;
  }
  const orderRow = (id: number) =>
    t.db
      .selectFrom('orders')
      .select(['receiver_name', 'phone', 'address', 'zip', 'company', 'city', 'total_cents', 'address_erased_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('erases the delivery details of orders closed more than ORDER_ADDRESS_RETENTION_DAYS ago, and only those', async () => {
    const oldDone = await orderClosed('Completed', 366);
    const oldCancelled = await orderClosed('Cancelled', 400);
    const recent = await orderClosed('Completed', 364);
    const { user } = await createUser(t.db);
    const open = (await createOrder(t.db, user.id, { status: 'Processing', fields: { placed_at: daysAgo(900) } })).order
      .id;
    const shop = withConfig(t.shop, { ORDER_ADDRESS_RETENTION_DAYS: 365 });
    const report = await applyRetention(shop, NOW);
    expect(report.ordersErased).toBeGreaterThanOrEqual(2);
    for (const id of [oldDone, oldCancelled]) {
      expect(await orderRow(id)).toMatchObject({
        receiver_name: '',
        phone: '',
        address: '',
        zip: '',
        company: null,
        city: 'Makati',
        total_cents: expect.any(Number),
        address_erased_at: NOW.toISOString(),
      });
    }
    for (const id of [recent, open]) {
      expect(await orderRow(id)).toMatchObject({
        receiver_name: 'Maria Santos',
        phone: '+639171234567',
        address_erased_at: null,
      });
    }
    // A second round finds nothing left to do.
    expect((await applyRetention(shop, NOW)).ordersErased).toBe(0);
  });

  it('keeps everything with ORDER_ADDRESS_RETENTION_DAYS=0', async () => {
    const id = await orderClosed('Completed', 5000);
    await applyRetention(withConfig(t.shop, { ORDER_ADDRESS_RETENTION_DAYS: 0 }), NOW);
    expect(await orderRow(id)).toMatchObject({ receiver_name: 'Maria Santos', address_erased_at: null });
  });

  it('forgets who made a referral visit once it is past attribution; the visit still counts', async () => {
    const { user: referrer } = await createUser(t.db);
    const visit = (days: number, key: string) =>
      t.db
        .insertInto('referral_visits')
        .values({ referrer_id: referrer.id, link: '/x', origin: 'direct', visitor_key: key, created_at: daysAgo(days) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = await visit(REFERRAL_VISITOR_DAYS + 1, 'tg:555000111');
    const fresh = await visit(REFERRAL_VISITOR_DAYS - 1, 'browser-key-fresh');
    await applyRetention(t.shop, NOW);
    const rows = await t.db
      .selectFrom('referral_visits')
      .select(['id', 'visitor_key'])
      .where('referrer_id', '=', referrer.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: old.id, visitor_key: null },
      { id: fresh.id, visitor_key: 'browser-key-fresh' },
    ]);
  });

  it('runs on one instance at a time: of two instances ticking at once, one runs the round', async () => {
    const shop = withConfig(t.shop, { ORDER_ADDRESS_RETENTION_DAYS: 365 });
    const a = createRetentionJob(shop);
    const b = createRetentionJob(shopOn(shop, t.db));
    const later = new Date(NOW.getTime() + 400 * 86_400_000);
    const [ra, rb] = await Promise.all([a.tickOnce(later), b.tickOnce(later)]);
    expect([ra, rb].filter((r) => r !== null)).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('refuses a bad ORDER_ADDRESS_RETENTION_DAYS at start-up, naming it', () => {
    expect(loadConfig({}).ORDER_ADDRESS_RETENTION_DAYS).toBe(365);
    for (const bad of ['-1', '1.5', '3651', 'year']) {
      expect(() => loadConfig({ ORDER_ADDRESS_RETENTION_DAYS: bad }), bad).toThrow(/ORDER_ADDRESS_RETENTION_DAYS/);
    }
    expect(loadConfig({ ORDER_ADDRESS_RETENTION_DAYS: '0' }).ORDER_ADDRESS_RETENTION_DAYS).toBe(0);
  });
});
