import { type Kysely, PostgresAdapter } from 'kysely';

/** True when the Kysely instance talks to PostgreSQL (else SQLite). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
