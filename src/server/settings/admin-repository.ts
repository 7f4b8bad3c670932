import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';

/** The SQL of the back office's Settings screen (admin-service.ts): writing settings. */

/**
 * Makes saves of the shop's settings take turns until the transaction ends, so each save's "before" (audit log) is
 * what the previous save left: PostgreSQL takes a transaction-scoped advisory lock (a setting that is not stored yet
 * has no row to lock); SQLite already writes one transaction at a time.
 */
export async function lockSettings(trx: Db): Promise<void> {
  if (isPostgres(trx as unknown as Kysely<unknown>)) {
    await sql`select pg_advisory_xact_lock(hashtext('leafcup.settings'))`.execute(trx);
  }
}

/** Stores each setting (inserted when the shop had none yet). */
export async function writeSettings(trx: Db, entries: ReadonlyArray<{ key: string; value: string }>): Promise<void> {
  for (const entry of entries) {
    await trx
      .insertInto('settings')
      .values(entry)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: entry.value }))
      .execute();
  }
}
