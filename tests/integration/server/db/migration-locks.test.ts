import { type Kysely, Migrator, sql } from 'kysely';
import { migrationProvider } from '../../../../src/server/db/migrate';
import { isLockTimeout, retryOnLockTimeout, withLockTimeout } from '../../../../src/server/db/migration-safety';
import { startBusyLoad } from '../../../support/busy-tables';
import { governedMigrations, RULE_ADOPTED_AFTER } from '../../../support/expand-contract';
import { freshDatabase, onPostgres, type TestDatabase } from '../../helper';

/**
 * No migration stops a busy shop for more than a moment (docs/decisions/043): each migration after the rule was
 * adopted runs with a low `lock_timeout` while short transactions keep the busiest tables in use, and the slowest of
 * those transactions stays well under a second. PostgreSQL only: SQLite is one process's file.
 */
const LOW_LOCK_TIMEOUT_MS = 200;
/** What a shopper may wait for a migration: a moment, not a stopped shop. */
const LONGEST_WAIT_MS = 1_000;

const governed = governedMigrations();

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the database whatever its schema
type AnyDb = Kysely<any>;

describe.runIf(onPostgres)('migrations on a busy PostgreSQL database', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await freshDatabase('postgres');
    const { error } = await new Migrator({ db: t.db, provider: migrationProvider() }).migrateTo(RULE_ADOPTED_AFTER);
    expect(error).toBeUndefined();
  });
  afterEach(async () => {
    await t?.close();
  });

  it('each migration after the rule takes its locks within a moment and holds them briefly', async () => {
    const load = startBusyLoad(t.url);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const migrator = new Migrator({ db: t.db, provider: migrationProvider(LOW_LOCK_TIMEOUT_MS) });
    for (const name of governed) {
      const { error } = await migrator.migrateTo(name);
      expect(error, name).toBeUndefined();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const figures = await load.stop();
    expect(figures.errors).toEqual([]);
    expect(figures.transactions).toBeGreaterThan(50);
    expect(figures.maxMs, `the slowest order-time transaction (${governed.length} migrations)`).toBeLessThan(
      LONGEST_WAIT_MS,
    );
  });

  it('measures a migration that holds a busy table too long', async () => {
    const load = startBusyLoad(t.url);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const slow = withLockTimeout(
      {
        up: async (db: AnyDb) => {
          await sql`lock table orders in access exclusive mode`.execute(db);
          await sql`select pg_sleep(1.5)`.execute(db);
        },
      },
      LOW_LOCK_TIMEOUT_MS,
    );
    await t.db.transaction().execute((tx) => slow.up(tx as AnyDb));
    const figures = await load.stop();
    expect(figures.maxMs).toBeGreaterThan(LONGEST_WAIT_MS);
  });

  it('a lock that stays taken makes the migration step back, not queue the shop behind it', async () => {
    const holder = await lockOrdersFor(t, 1_200);
    let attempts = 0;
    const probe = withLockTimeout(
      { up: (db: AnyDb) => db.schema.alterTable('orders').addColumn('probe_note', 'text').execute() },
      LOW_LOCK_TIMEOUT_MS,
    );
    const run = retryOnLockTimeout(
      () => {
        attempts++;
        return t.db.transaction().execute((tx) => probe.up(tx as AnyDb));
      },
      20,
      50,
    );
    // The shop's reads of orders go on meanwhile: each waits behind the migration for its lock timeout at most.
    const reads: number[] = [];
    for (let i = 0; i < 8; i++) {
      reads.push(await timed(() => sql`select count(*) from orders`.execute(t.db)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await holder.done;
    await run;
    expect(attempts).toBeGreaterThan(1);
    expect(Math.max(...reads)).toBeLessThan(LOW_LOCK_TIMEOUT_MS + 300);
    const columns = (await t.db.introspection.getTables()).find((x) => x.name === 'orders')!.columns;
    expect(columns.map((c) => c.name)).toContain('probe_note');
  });

  it("a lock timeout and a deadlock are recognised through the runner's wrapping", () => {
    const driver = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    expect(isLockTimeout(new Error('migration x failed', { cause: driver }))).toBe(true);
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(isLockTimeout(new Error('migration x failed', { cause: deadlock }))).toBe(true);
    expect(isLockTimeout(new Error('migration x failed', { cause: new Error('other') }))).toBe(false);
  });
});

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** A transaction holding orders' lock, as a long report would, for `ms`; resolves once it let go. */
async function lockOrdersFor(t: TestDatabase, ms: number): Promise<{ done: Promise<void> }> {
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.db.transaction().execute(async (tx) => {
    await sql`lock table orders in share mode`.execute(tx);
    locked();
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  await isLocked;
  return { done };
}
