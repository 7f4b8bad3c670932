import type { FastifyInstance } from 'fastify';
import { CLIENT_ERROR_PATH } from '../../../../src/common/client-error-rules';
import { type AdminSystemOutput, adminSystem } from '../../../../src/common/contract/admin/system';
import { buildApp } from '../../../../src/server/app';
import { createDb, type Db, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { createIntervalJob } from '../../../../src/server/lib/interval-job';
import { WEBHOOK_PATH, webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createStaff } from '../../../factories/staff';
import { type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';
import { interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { lastEvent, placeCardOrder, sendEvent, stripeEnv } from '../payments/support';

/**
 * The back office's System page (src/server/system): owner only; every section read from what really ran — a job's
 * leased rounds, an order's notices waiting in the outbox, a backup run, a Telegram update and a card notice — and,
 * on PostgreSQL, every live instance on the database (a second app on it), one closed gone at once.
 */
describe.each(dialects)('the System page on %s', (dialect) => {
  let fake: FakeStripe;
  let t: TestApp;
  let second: { app: FastifyInstance; db: Db } | undefined;
  let owner: { token: string };
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(dialect, { botToken: TEST_BOT_TOKEN, env: { ...stripeEnv(fake) } });
    // The bot answers Telegram through the fake Bot API (it asks getMe before its first update).
    interceptBotApi(t.app.bot!);
    owner = await createStaff(t.db, 'owner');
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.destroy();
    await t?.close();
    await fake?.close();
  });

  const system = async (token = owner.token): Promise<AdminSystemOutput> => {
    const res = await post(t.app, '/admin/system', {}, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return adminSystem.response.parse(res.body.data);
  };

  it('answers 401 without a session and 403 to a manager, fulfilment and a customer', async () => {
    expect((await post(t.app, '/admin/system', {})).status).toBe(401);
    for (const role of ['manager', 'fulfilment'] as const) {
      const staff = await createStaff(t.db, role);
      expect((await post(t.app, '/admin/system', {}, { token: staff.token })).status).toBe(403);
    }
  });

  it('shows the release, this instance, the database and honest empty sections before anything ran', async () => {
    const s = await system();
    expect(s.release.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(s.instances).toHaveLength(1);
    expect(s.instances[0]).toMatchObject({ current: true, pid: process.pid });
    expect(s.instances[0]!.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(s.database.kind).toBe(dialect);
    expect(s.database.bytes).toBeGreaterThan(10_000);
    expect(s.backups).toMatchObject({ scheduled: false, last_at: null, last_good_bytes: null });
    expect(s.webhooks).toEqual([
      { source: 'telegram', on: true, last_heard_at: null },
      { source: 'stripe', on: true, last_heard_at: null },
    ]);
    // No client build is served here, and no phone has reported an error.
    expect(s.release.client_build).toBeNull();
    expect(s.error_groups).toEqual([]);
  });

  it('shows each job’s last round, its next one and the last error (scrubbed) after a failing round', async () => {
    const lease = { db: t.db, ttlMs: 60_000 };
    const good = createIntervalJob({ name: 'system test ok', intervalMs: 3_600_000, lease, run: async () => 1 });
    const bad = createIntervalJob({
      name: 'system test failing',
      intervalMs: 60_000,
      lease,
      run: async () => {
        throw new Error('could not reach shopper@example.com\n  at somewhere');
      },
    });
    const at = new Date();
    expect(await good.tickOnce(at)).toBe(1);
    await expect(bad.tickOnce(at)).rejects.toThrow('could not reach');
    const { jobs } = await system();
    const ok = jobs.find((j) => j.name === 'system test ok')!;
    expect(ok).toMatchObject({ outcome: 'ok', last_error: null, runs: 1 });
    expect(ok.last_started_at).toBe(at.toISOString());
    expect(Date.parse(ok.next_run_at)).toBeGreaterThan(at.getTime() + 3_500_000);
    const failed = jobs.find((j) => j.name === 'system test failing')!;
    expect(failed).toMatchObject({ outcome: 'failed', last_error: 'could not reach [email] at somewhere' });
    expect(failed.last_finished_at).not.toBeNull();
  });

  it('lists the errors phones reported, grouped with their counts', async () => {
    const report = { kind: 'error', message: 'x is not a function', route: '/cart' };
    for (let i = 0; i < 3; i++) expect((await post(t.app, CLIENT_ERROR_PATH, report)).status).toBe(200);
    const { error_groups } = await system();
    expect(error_groups).toHaveLength(1);
    expect(error_groups[0]).toMatchObject({ kind: 'error', message: 'x is not a function', total: 3, recent: 3 });
  });

  it('shows the outbox backlog of an order, the last backup and its size, and when the webhooks were heard', async () => {
    const { sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId, { card: { brand: 'visa', last4: '4242' } });
    expect((await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', sessionId))).status).toBe(200);
    const update = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret(t.config)! },
      payload: { update_id: 1 },
    });
    expect(update.statusCode).toBe(200);
    const backupAt = new Date(Date.now() - 3_600_000).toISOString();
    await t.db
      .insertInto('backup_runs')
      .values({ started_at: backupAt, finished_at: backupAt, ok: 1, name: 'b.tar', bytes: 123_456, error: null })
      .execute();

    const s = await system();
    const bot = s.outboxes.find((o) => o.outbox === 'bot')!;
    expect(bot.backlog).toBeGreaterThan(0);
    expect(bot.oldest_at).not.toBeNull();
    expect(s.outboxes.find((o) => o.outbox === 'mail')).toEqual({ outbox: 'mail', backlog: 0, oldest_at: null });
    expect(s.backups).toMatchObject({
      last_at: backupAt,
      last_ok: true,
      last_good_at: backupAt,
      last_good_bytes: 123_456,
    });
    for (const hook of s.webhooks) {
      expect(Math.abs(Date.parse(hook.last_heard_at ?? '') - Date.now()), hook.source).toBeLessThan(60_000);
    }
  });

  it.runIf(dialect === 'postgres')('lists every live instance on the database; one closed disappears', async () => {
    const db = createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 2 });
    const app = await buildApp({ config: t.config, db });
    second = { app, db };
    await app.ready();
    const both = (await system()).instances;
    expect(both).toHaveLength(2);
    expect(both.filter((i) => i.current)).toHaveLength(1);
    const other = both.find((i) => !i.current)!;
    expect(other.id).toBe(app.instance.id);
    expect(other.release).toBe(t.app.instance.release);

    // The other instance answers the same page with itself as the current one.
    const there = await post(app, '/admin/system', {}, { token: owner.token });
    expect(there.body.data.instances.find((i: { current: boolean }) => i.current)?.id).toBe(app.instance.id);

    await app.close();
    await db.destroy();
    second = undefined;
    const left = (await system()).instances;
    expect(left.map((i) => i.id)).toEqual([t.app.instance.id]);

    // A killed instance (no goodbye) drops out once its heartbeat is 90 s old.
    await t.db
      .insertInto('instances')
      .values({
        id: 'gone:1:x',
        host: 'gone',
        pid: 1,
        release: '0.0.0',
        started_at: new Date(Date.now() - 600_000).toISOString(),
        last_seen_at: new Date(Date.now() - 91_000).toISOString(),
      })
      .execute();
    expect((await system()).instances).toHaveLength(1);
  });
});
