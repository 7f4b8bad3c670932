import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/connection';

/**
 * A background job's lease (docs/decisions/024): one `job_leases` row per job, claimed with a conditional update, so
 * of several instances (or several jobs of one name in one process) one runs a round while the others skip it. The
 * same statements on SQLite and PostgreSQL: an UPDATE re-checks its WHERE after taking the row's lock (PostgreSQL,
 * READ COMMITTED) or runs alone (SQLite), so of concurrent claims of one due row exactly one matches.
 *
 * - `claim`: the row is due (`next_run_at` passed) and free (no lease, or an expired one: its holder died or hangs);
 * - `extend`: the holder pushes its lease on during a long round; false when the lease was taken over (it expired and
 *   another instance claimed it): the round must stop;
 * - `finish`: the round is over; the lease is freed and the fleet's next round set. The holder stays, for the operator;
 * - `release`: the instance stops; the lease is freed without moving the next round, so another instance takes it.
 * Times are ISO text from the app's clock, like every other table; TTLs are minutes, far above clock skew between
 * machines kept by NTP.
 */
export interface JobLease {
  readonly name: string;
  /** Who claims: `host:pid:random` (one per lease object, so two jobs of one name in one process differ). */
  readonly holder: string;
  claim(now: Date): Promise<boolean>;
  extend(now: Date): Promise<boolean>;
  finish(now: Date, nextRunAt: Date, error: string | null): Promise<boolean>;
  release(): Promise<void>;
}

/** `host:pid:random`: names this process in `job_leases.holder` and in the operator's view. */
export function newHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

export function jobLease(db: Db, name: string, ttlMs: number, holder: string = newHolderId()): JobLease {
  let rowMade = false;
  const until = (now: Date) => new Date(now.getTime() + ttlMs).toISOString();

  return {
    name,
    holder,
    async claim(now) {
      const at = now.toISOString();
      if (!rowMade) {
        // A new job's row, due at once; a row another instance made first is left as it is.
        await db
          .insertInto('job_leases')
          .values({ name, next_run_at: at })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        rowMade = true;
      }
      const result = await db
        .updateTable('job_leases')
        .set((eb) => ({ holder, lease_until: until(now), last_started_at: at, runs: eb('runs', '+', 1) }))
        .where('name', '=', name)
        .where('next_run_at', '<=', at)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .executeTakeFirst();
      return changed(result);
    },
    async extend(now) {
      const result = await db
        .updateTable('job_leases')
        .set({ lease_until: until(now) })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .where('lease_until', 'is not', null)
        .executeTakeFirst();
      return changed(result);
    },
    async finish(now, nextRunAt, error) {
      const result = await db
        .updateTable('job_leases')
        .set({
          lease_until: null,
          next_run_at: nextRunAt.toISOString(),
          last_finished_at: now.toISOString(),
          last_error: error === null ? null : error.slice(0, 500),
        })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .where('lease_until', 'is not', null)
        .executeTakeFirst();
      return changed(result);
    },
    async release() {
      await db
        .updateTable('job_leases')
        .set({ lease_until: null })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .where('lease_until', 'is not', null)
        .execute();
    },
  };
}

/** Every job's row, by name: who ran it last, when, how it ended and when it is due (the System page). */
export function jobLeaseRows(db: Db) {
  return db.selectFrom('job_leases').selectAll().orderBy('name').execute();
}
