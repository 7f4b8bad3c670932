import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { DataExportStatus } from '../db/schema';

// The `data_exports` table (docs/decisions/051): one row per copy asked for.

const COLUMNS = [
  'id',
  'user_id',
  'requested_by',
  'status',
  'requested_at',
  'file_key',
  'size',
  'ready_at',
  'expires_at',
  'attempts',
] as const;

export type ExportRow = Awaited<ReturnType<typeof byId>> & {};

/**
 * Locks the customer's row until the transaction ends (PostgreSQL; SQLite runs one transaction at a time), so two
 * requests at once count the day's requests one after the other. FOR NO KEY UPDATE, as an order's placing takes it.
 */
export async function lockCustomer(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

export const byId = (db: Db, id: number) =>
  db.selectFrom('data_exports').select(COLUMNS).where('id', '=', id).executeTakeFirst();

/** The latest copy of the customer's data asked for by them (`by` null) or by staff (`by` 'staff'). */
export const latest = (db: Db, userId: number, by: 'customer' | 'staff') =>
  db
    .selectFrom('data_exports')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('requested_by', by === 'customer' ? 'is' : 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The customer's own requests since `since` (the daily limit). */
export async function countRequestsSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('data_exports')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('requested_by', 'is', null)
    .where('requested_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The oldest of the customer's own requests since `since`: when the daily limit frees a place. */
export const oldestRequestSince = (db: Db, userId: number, since: string) =>
  db
    .selectFrom('data_exports')
    .select('requested_at')
    .where('user_id', '=', userId)
    .where('requested_by', 'is', null)
    .where('requested_at', '>', since)
    .orderBy('requested_at')
    .limit(1)
    .executeTakeFirst();

export const insertRequest = (db: Db, row: { user_id: number; requested_by: number | null; requested_at: string }) =>
  db
    .insertInto('data_exports')
    .values({ ...row, status: 'preparing' })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

/** Preparing copies no round holds (or whose round's claim ran out), oldest first. */
export const duePreparing = (db: Db, now: string, maxAttempts: number, limit: number) =>
  db
    .selectFrom('data_exports')
    .select(['id', 'user_id', 'attempts'])
    .where('status', '=', 'preparing')
    .where('attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();

/**
 * Claims a preparing copy for one round until `until`: a conditional update on the attempts seen, so of two rounds
 * (two instances, a lease taken over) exactly one builds the file.
 */
export async function claim(db: Db, id: number, attempts: number, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ claimed_until: until, attempts: attempts + 1 })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .where('attempts', '=', attempts)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The copy is stored: ready until `expiresAt`. False when the claim was lost meanwhile (the file is then not ours). */
export async function markReady(
  db: Db,
  id: number,
  claimedUntil: string,
  done: { file_key: string; size: number; ready_at: string; expires_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ ...done, status: 'ready', claimed_until: null, error: null })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .where('claimed_until', '=', claimedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A round failed to make the copy: tried again later, or `failed` after the last attempt. */
export async function markFailed(db: Db, id: number, error: string, final: boolean): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({
      claimed_until: null,
      error: error.slice(0, 500),
      ...(final ? { status: 'failed' as DataExportStatus } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .execute();
}

/**
 * Copies whose last attempt's round died before it finished (the claim ran out, no attempts left): failed, so the
 * profile offers a new request instead of "Preparing…" for ever.
 */
export async function failAbandoned(db: Db, now: string, maxAttempts: number): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ status: 'failed', claimed_until: null, error: 'the round making it stopped' })
    .where('status', '=', 'preparing')
    .where('attempts', '>=', maxAttempts)
    .where('claimed_until', '<', now)
    .execute();
}

/** Ready copies whose link has run out. */
export const expiredReady = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('data_exports')
    .select(['id', 'file_key'])
    .where('status', '=', 'ready')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();

/** The copy's file is gone: expired. False when another round marked it first. */
export async function markExpired(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ status: 'expired', file_key: null })
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The customer the copy is of, as its notices need them. */
export const owner = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'email_confirmed_at', 'language', 'telegram_user_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
