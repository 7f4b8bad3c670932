import type { Db } from './connection';

/** The database's own SQL, not any domain's. */

/**
 * The health check's query: reads one row of a migrated table, so it fails when the database is unreachable or not
 * migrated. Throws the database's error; the caller decides what the answer is.
 */
export async function ping(db: Db): Promise<void> {
  await db.selectFrom('categories').select('id').limit(1).execute();
}
