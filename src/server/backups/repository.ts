import { type Insertable, type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection';
import type { BackupRunsTable, Database } from '../db/schema';

/** The SQL of backups and restores (docs/decisions/042). */

/** The main tables whose rows a backup's manifest counts and a restore prints. */
export const COUNTED_TABLES = [
  'users',
  'staff',
  'products',
  'product_variants',
  'orders',
  'order_items',
  'payments',
  'subscriptions',
  'files',
] as const satisfies ReadonlyArray<keyof Database>;

/** Rows of each counted table; a table the database does not have yet (an old schema) is left out. */
export async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  // Asked first, not tried: on PostgreSQL a failed query would end the snapshot's transaction.
  const present = new Set((await db.introspection.getTables()).map((t) => t.name));
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (!present.has(table)) continue;
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** The last migration applied (Kysely's `kysely_migration`), or null when the database was never migrated. */
export async function lastMigration(db: Kysely<Database>): Promise<string | null> {
  const present = (await db.introspection.getTables({ withInternalKyselyTables: true })).some(
    (t) => t.name === 'kysely_migration',
  );
  if (!present) return null;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
    db,
  );
  return rows[0]?.name ?? null;
}

/**
 * A restored database has no job in progress: the leases held when the copy was taken (a scheduled backup's own,
 * a sender's) are freed, so the restored shop's jobs run at once instead of waiting for the dead holders' TTLs.
 */
export async function freeJobLeases(db: Db): Promise<void> {
  await db.updateTable('job_leases').set({ lease_until: null }).where('lease_until', 'is not', null).execute();
}

export async function insertRun(db: Db, run: Insertable<BackupRunsTable>): Promise<void> {
  await db.insertInto('backup_runs').values(run).execute();
}

/** The latest run, and the latest good one. */
export async function latestRuns(db: Db) {
  const [last, lastGood] = await Promise.all([
    db
      .selectFrom('backup_runs')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('backup_runs')
      .selectAll()
      .where('ok', '=', 1)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { last, lastGood };
}

/** Runs older than `before` are deleted: the table is a recent history, not an archive. */
export async function deleteRunsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('backup_runs').where('started_at', '<', before).execute();
}

/** The shop's owners: whom a failed backup is told to (by e-mail; the bot's alert finds its own recipients). */
export async function owners(db: Db) {
  return db
    .selectFrom('staff')
    .innerJoin('users', 'users.id', 'staff.user_id')
    .select(['users.id', 'users.email', 'users.language'])
    .where('staff.role', '=', 'owner')
    .orderBy('users.id')
    .execute();
}

/**
 * Other sessions on this PostgreSQL database (a running shop keeps at least its change listener connected,
 * docs/decisions/024): their application names, one per session.
 */
export async function otherPostgresSessions(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ application_name: string }>`
    select application_name from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
  `.execute(db);
  return rows.map((r) => r.application_name || '(unnamed)');
}
