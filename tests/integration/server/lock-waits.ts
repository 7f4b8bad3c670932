import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/connection';

/**
 * PostgreSQL only: waits until at least `count` sessions of this database wait for a row lock (e.g. a request a test
 * holds back with a transaction of its own), so a race can be played in a fixed order. Fails after ~5 s.
 */
export async function lockWaits(db: Db, count = 1): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (rows[0]!.n >= count) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no ${count} session(s) waiting for a lock`);
}

/**
 * Opens a transaction that runs `hold` and then stays open until `release()` is called (its locks held meanwhile);
 * `done` settles when it has committed.
 */
export async function holdTransaction(db: Db, hold: (trx: Db) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = db.transaction().execute(async (trx) => {
    await hold(trx);
    held();
    await released;
  });
  await Promise.race([holding, done]);
  return { release, done };
}
