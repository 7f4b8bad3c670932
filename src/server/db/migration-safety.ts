import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect';

/**
 * What keeps a migration from stopping a busy shop (docs/decisions/043-upgrades-expand-then-contract.md).
 *
 * - **A short lock wait.** On PostgreSQL every migration runs with `lock_timeout` set: an `ALTER TABLE orders` that
 *   cannot have its lock within a moment gives up instead of queueing every order behind it, and the whole run
 *   (one transaction) is tried again a little later. SQLite migrates one process's file and has no such queue.
 * - **Indexes on tables in use are built concurrently**, after the migration's transaction commits: a migration
 *   lists them in `concurrentIndexes`, and every start makes sure each exists and is valid (PostgreSQL: `CREATE INDEX
 *   CONCURRENTLY IF NOT EXISTS`, an invalid one left by a failed build is dropped and built again; SQLite: a plain
 *   `CREATE INDEX IF NOT EXISTS`). So a crash between the commit and the build only delays the index.
 */

/** How long a migration waits for a table's lock before the run gives up and tries again (PostgreSQL). */
export const MIGRATION_LOCK_TIMEOUT_MS = 2_000;
/** Runs tried before the start fails; with the pauses below, about half a minute of a table never free. */
export const MIGRATION_ATTEMPTS = 8;
const RETRY_PAUSE_MS = 500;

/** An index a migration adds to a table the running release already uses (built after commit, concurrently). */
export interface ConcurrentIndex {
  name: string;
  table: string;
  columns: string[];
  unique?: boolean;
  /** A partial index's condition, as SQL both databases read (e.g. `status = 'pending'`). */
  where?: string;
}

/** A migration module: Kysely's `up`/`down` and the indexes it builds concurrently. */
export type ShopMigration = Migration & { concurrentIndexes?: ConcurrentIndex[] };

// biome-ignore lint/suspicious/noExplicitAny: migrations run on the database whatever its schema
type AnyDb = Kysely<any>;

/** `migration` with `lock_timeout` set for its transaction first (PostgreSQL; SQLite: unchanged). */
export function withLockTimeout(migration: Migration, timeoutMs = MIGRATION_LOCK_TIMEOUT_MS): Migration {
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`lock timeout must be whole ms: ${timeoutMs}`);
  return {
    up: async (db: AnyDb) => {
      // `set local` lasts until the run's transaction ends (Kysely runs every pending migration in one).
      if (isPostgres(db)) await sql.raw(`set local lock_timeout = ${timeoutMs}`).execute(db);
      await migration.up(db);
    },
    down: migration.down,
  };
}

/**
 * PostgreSQL's "lock not available" (a `lock_timeout` ran out) or "deadlock detected" (the migration's table locks
 * crossed a running release's row locks, and PostgreSQL cancelled the migration's side). Either way the pending
 * migrations' one transaction was rolled back whole, so running them again is safe.
 */
export const isLockTimeout = (err: unknown): boolean => {
  const seen = new Set<unknown>();
  let e: unknown = err;
  // migrateToLatest wraps the driver's error (as `cause`).
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (code === '55P03' || code === '40P01') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** Runs `run` again while it fails on a lock timeout or a deadlock, up to `attempts` times, pausing a little longer each time. */
export async function retryOnLockTimeout<T>(
  run: () => Promise<T>,
  attempts = MIGRATION_ATTEMPTS,
  pauseMs = RETRY_PAUSE_MS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isLockTimeout(err) || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
    }
  }
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

function indexSql(index: ConcurrentIndex, concurrently: boolean): string {
  for (const name of [index.name, index.table, ...index.columns]) {
    if (!IDENT.test(name)) throw new Error(`index ${index.name}: "${name}" is not a plain identifier`);
  }
  if (index.columns.length === 0) throw new Error(`index ${index.name} names no column`);
  const kind = index.unique ? 'unique index' : 'index';
  const how = concurrently ? ' concurrently' : '';
  const where = index.where ? ` where ${index.where}` : '';
  return `create ${kind}${how} if not exists ${index.name} on ${index.table} (${index.columns.join(', ')})${where}`;
}

/**
 * Makes sure every listed index exists and is valid, outside any transaction. Idempotent: a start with nothing to
 * build asks PostgreSQL one question per index.
 */
export async function buildConcurrentIndexes(db: AnyDb, indexes: ConcurrentIndex[]): Promise<string[]> {
  const built: string[] = [];
  const pg = isPostgres(db);
  for (const index of indexes) {
    if (!pg) {
      await sql.raw(indexSql(index, false)).execute(db);
      continue;
    }
    const found = await sql<{ valid: boolean }>`
      select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = ${index.name} and pg_table_is_visible(c.oid)`.execute(db);
    const state = found.rows[0];
    if (state?.valid) continue;
    // A build that failed half-way leaves an invalid index that `if not exists` would keep: drop it first.
    if (state) await sql.raw(`drop index concurrently if exists ${index.name}`).execute(db);
    await sql.raw(indexSql(index, true)).execute(db);
    built.push(index.name);
  }
  return built;
}
