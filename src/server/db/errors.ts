/**
 * The one place that recognises database errors, the same way on SQLite (better-sqlite3) and PostgreSQL (pg):
 * a unique violation (optionally of one key) and a conflict after which the transaction may simply run again.
 */

interface DbError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  detail?: unknown;
}

const asDbError = (err: unknown): DbError => (err && typeof err === 'object' ? (err as DbError) : {});

/**
 * A unique key named as each database reports it: `constraint` is PostgreSQL's constraint name, `columns` what
 * SQLite's message lists instead ("UNIQUE constraint failed: orders.user_id, orders.idempotency_key").
 */
export interface UniqueKey {
  constraint: string;
  columns: string;
}

const PG_UNIQUE = '23505';

const SQLITE_UNIQUE = ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'];

function uniqueCode(e: DbError): 'pg' | 'sqlite' | null {
  if (e.code === PG_UNIQUE) return 'pg';
  return SQLITE_UNIQUE.includes(String(e.code)) ? 'sqlite' : null;
}

/**
 * Whether `err` is a unique violation; with `key`, of that key only. `key` is a {@link UniqueKey}, or one column
 * as `table.column`: SQLite names it so in its message, PostgreSQL in the default constraint name
 * (`table_column_key`) or in its detail ("Key (column)=(…) already exists").
 */
export function isUniqueViolation(err: unknown, key?: UniqueKey | `${string}.${string}`): boolean {
  const e = asDbError(err);
  const kind = uniqueCode(e);
  if (!kind) return false;
  if (!key) return true;
  if (typeof key !== 'string') {
    return kind === 'pg'
      ? e.constraint === key.constraint
      : typeof e.message === 'string' && e.message.includes(key.columns);
  }
  const [table, column] = key.split('.') as [string, string];
  const text = `${e.constraint ?? ''} ${e.message ?? ''} ${e.detail ?? ''}`;
  return text.includes(key) || text.includes(`${table}_${column}_key`) || text.includes(`(${column})`);
}

/**
 * A foreign-key violation: a row named by the one being written went away meanwhile (e.g. a product deleted while an
 * order for it was being placed).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = asDbError(err).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** A PostgreSQL deadlock or serialization failure, or a busy SQLite: the transaction may simply be run again. */
export function isRetryableConflict(err: unknown): boolean {
  const code = asDbError(err).code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY' || String(code).startsWith('SQLITE_BUSY_');
}

/** Runs `fn` again (up to `attempts` times) while it fails with a retryable conflict. */
export async function withRetry<T>(fn: () => Promise<T>, attempts = 4, retryIf = isRetryableConflict): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !retryIf(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}
