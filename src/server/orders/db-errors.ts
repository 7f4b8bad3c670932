/**
 * Recognising database errors the same way on SQLite (better-sqlite3) and PostgreSQL (pg).
 */

interface DbError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

const asDbError = (err: unknown): DbError => (err && typeof err === 'object' ? (err as DbError) : {});

/**
 * Whether `err` is a unique violation, optionally of one constraint. `constraint` is the PostgreSQL
 * constraint name; `columns` what SQLite names instead ("UNIQUE constraint failed: orders.user_id, …").
 */
export function isUniqueViolation(err: unknown, match?: { constraint: string; columns: string }): boolean {
  const e = asDbError(err);
  if (e.code === '23505') return !match || e.constraint === match.constraint;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return !match || (typeof e.message === 'string' && e.message.includes(match.columns));
  }
  return false;
}

export const ORDER_KEY_UNIQUE = {
  constraint: 'orders_idempotency_unique',
  columns: 'orders.user_id, orders.idempotency_key',
};
export const ORDER_NO_UNIQUE = { constraint: 'orders_order_no_key', columns: 'orders.order_no' };
export const REVIEW_UNIQUE = {
  constraint: 'reviews_order_product_unique',
  columns: 'reviews.order_id, reviews.product_id',
};

/** A PostgreSQL deadlock or serialization failure: the transaction may simply be run again. */
export function isRetryableConflict(err: unknown): boolean {
  const code = asDbError(err).code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY';
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
