import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';

/**
 * The database's plan for a compiled query, one line per step: SQLite's EXPLAIN QUERY PLAN details or
 * PostgreSQL's EXPLAIN text. Used by the tests that prove the list reads an index range, and by the bench.
 */
export async function explain(db: Db, query: CompiledQuery): Promise<string[]> {
  const prefix = isPostgres(db as unknown as Kysely<unknown>) ? 'explain ' : 'explain query plan ';
  const result = await db.executeQuery<Record<string, unknown>>({
    ...query,
    sql: `${prefix}${query.sql}`,
    query: query.query,
  } as CompiledQuery<Record<string, unknown>>);
  return result.rows.map((row) => String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)));
}

/** Refreshes the planner's statistics (PostgreSQL ANALYZE, SQLite ANALYZE). */
export async function analyze(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
}
