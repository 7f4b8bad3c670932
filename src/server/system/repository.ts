import { type Insertable, type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { InstancesTable } from '../db/schema';

/** The SQL of the System page (src/server/system): instances' heartbeats and the database's size. */

/** The instance's row, made or refreshed (its heartbeat). */
export async function upsertInstance(db: Db, row: Insertable<InstancesTable>): Promise<void> {
  await db
    .insertInto('instances')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ last_seen_at: row.last_seen_at, telegram_heard_at: row.telegram_heard_at ?? null }),
    )
    .execute();
}

export async function deleteInstance(db: Db, id: string): Promise<void> {
  await db.deleteFrom('instances').where('id', '=', id).execute();
}

/** Instances seen since `since`, oldest start first; rows older than `staleBefore` are removed on the way. */
export async function liveInstances(db: Db, since: string, staleBefore: string) {
  await db.deleteFrom('instances').where('last_seen_at', '<', staleBefore).execute();
  return db
    .selectFrom('instances')
    .selectAll()
    .where('last_seen_at', '>=', since)
    .orderBy('started_at')
    .orderBy('id')
    .execute();
}

/** The database's size in bytes: PostgreSQL's for the current database, SQLite's pages (the main file). */
export async function databaseBytes(db: Db): Promise<number> {
  if (isPostgres(db as unknown as Kysely<unknown>)) {
    const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  }
  const { rows } = await sql<{
    bytes: number;
  }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}
