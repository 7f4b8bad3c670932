import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type Driver, Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { tracing } from '../telemetry/hooks';
import { InlineLimitPlugin } from './inline-limit';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  kind: 'sqlite' | 'postgres';
  /** The SQLite file path, or the PostgreSQL URL. */
  location: string;
}

/** `undefined` → data/shop.sqlite; `file:PATH` or a plain path → that SQLite file; `postgres://…` → PostgreSQL. */
export function parseDatabaseUrl(url: string | undefined, cwd = process.cwd()): DatabaseTarget {
  if (!url) return { kind: 'sqlite', location: resolve(cwd, 'data/shop.sqlite') };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', location: url };
  if (url === ':memory:' || url === 'file::memory:') return { kind: 'sqlite', location: ':memory:' };
  const path = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (/^[a-z]+:\/\//i.test(path)) throw new Error(`DATABASE_URL must be postgres://… or file:PATH, not ${url}`);
  return { kind: 'sqlite', location: resolve(cwd, path) };
}

// PostgreSQL's bigint (count(*), sum()) would arrive as strings: numbers here never pass 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** The driver under a `Db`: the SQLite handle, or the PostgreSQL pool (see `nativeHandle`). */
export type NativeHandle = { kind: 'sqlite'; sqlite: SQLite.Database } | { kind: 'postgres'; pool: pg.Pool };

const natives = new WeakMap<Db, NativeHandle>();

/**
 * The driver a `Db` made by `createDb` runs on, for a hot read that runs its own prepared statement (the product
 * list, catalog/page-statements.ts); undefined for any other `Db` (a transaction, a test's own Kysely).
 * The SQLite handle is the same single connection Kysely uses: take it only inside Kysely's connection lock.
 */
export function nativeHandle(db: Db): NativeHandle | undefined {
  return natives.get(db);
}

/** Told each query's time in seconds, and whether it failed (the metrics' query histogram, metrics/scrape.ts). */
export type QueryTimer = (seconds: number, failed: boolean) => void;

const timers = new WeakMap<Db, { current: QueryTimer | null }>();

/**
 * Times every query Kysely runs on `db` (and its transactions) from now on, until the answer is called; a `Db` not
 * made by `createDb` is not timed. The statements a hot read prepares itself (`nativeHandle`) are not seen.
 */
export function timeQueries(db: Db, timer: QueryTimer): () => void {
  const slot = timers.get(db);
  if (!slot) return () => {};
  slot.current = timer;
  return () => {
    if (slot.current === timer) slot.current = null;
  };
}

/**
 * Kysely's log hook, the one place it measures a query: with a function here it takes two clock readings a query,
 * and this calls the timer (if any) without logging anything (the SQL and its parameters never reach the logs).
 * `traced` (SQLite with tracing on) gets each query too, for its span (telemetry/start.ts); PostgreSQL's spans come
 * from its pg instrumentation instead.
 */
function queryClock(traced?: (event: LogEvent) => void): {
  slot: { current: QueryTimer | null };
  log: (event: LogEvent) => void;
} {
  const slot: { current: QueryTimer | null } = { current: null };
  const time = (event: LogEvent) => slot.current?.(event.queryDurationMillis / 1000, event.level === 'error');
  const log = traced
    ? (event: LogEvent) => {
        time(event);
        traced(event);
      }
    : time;
  return { slot, log };
}

/** The most PostgreSQL connections one `createDb` pool opens (an instance also keeps its listener's: change-bus.ts). */
export const PG_POOL_SIZE = 10;

export function createDb(target: DatabaseTarget, options: { poolSize?: number } = {}): Db {
  const clock = queryClock(target.kind === 'sqlite' ? tracing()?.sqliteQuery : undefined);
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.location, max: options.poolSize ?? PG_POOL_SIZE });
    // An idle client whose connection drops (server restart, failover, admin shutdown) emits 'error' on the
    // pool; unhandled it would crash the process. The pool discards that client and opens a new one.
    pool.on('error', (err) => console.warn(`PostgreSQL: an idle connection was closed (${err.message})`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: clock.log });
    natives.set(db, { kind: 'postgres', pool });
    timers.set(db, clock.slot);
    return db;
  }
  if (target.location !== ':memory:') mkdirSync(dirname(target.location), { recursive: true });
  const sqlite = new SQLite(target.location);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // LIMIT as a number in the SQL: a kept statement with `LIMIT ?` is planned again on every run (inline-limit.ts).
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new InlineLimitPlugin()],
    log: clock.log,
  });
  natives.set(db, { kind: 'sqlite', sqlite });
  timers.set(db, clock.slot);
  return db;
}

/**
 * SQLite's transactions begin IMMEDIATE: they take the write lock first, waiting for it (busy_timeout) while another
 * process writes (the operator's command line beside the server). A deferred transaction that has read and then
 * writes after another connection committed fails at once with SQLITE_BUSY_SNAPSHOT, which no waiting can cure; one
 * process's transactions run one at a time on its single connection anyway (Kysely's mutex), so nothing is lost.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/**
 * Kysely prepares every query's SQL again on each call; SQLite's prepare is a good part of a short query's
 * cost. This keeps the most recently used statements (by SQL text) and hands them back instead. Kysely runs
 * one query at a time on this connection and never iterates a statement, so a statement is never reused
 * while busy.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    const hit = cache.get(source);
    if (hit) {
      cache.delete(source);
      cache.set(source, hit);
      return hit;
    }
    const statement = sqlite.prepare(source);
    cache.set(source, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return prepare;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
