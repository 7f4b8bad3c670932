import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';

/** The SQL of the back office's Settings screen (admin-service.ts): writing settings and states' delivery fees. */

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

/** Every state with both names and its fees, in the shop's order. */
export async function listStateFees(db: Db) {
  return db
    .selectFrom('states')
    .select(['id', 'code', 'name_en', 'name_zh', 'country', 'standard_fee_cents', 'expedited_fee_cents'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The states `ids` as they are now, locked until the transaction ends (PostgreSQL; in id order, so saves never deadlock). */
export async function lockStateFees(trx: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('states')
    .select(['id', 'code', 'standard_fee_cents', 'expedited_fee_cents'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .$if(isPostgres(trx as unknown as Kysely<unknown>), (q) => q.forUpdate())
    .execute();
}

export async function setStateFees(
  trx: Db,
  stateId: number,
  fees: { standard_fee_cents?: number; expedited_fee_cents?: number },
): Promise<void> {
  await trx.updateTable('states').set(fees).where('id', '=', stateId).execute();
}
