import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { addMinutes } from '../lib/time';

/** All SQL of the `rate_limits` table (the rules are in rate-limit.ts; the cleanup job in accounts/cleanup.ts). */
type Conn = Db | Transaction<Database>;

/**
 * Counts one attempt under `key` at `now` unless the key already holds `limit` attempts in its current window of
 * `windowMinutes`. One statement (a conditional upsert), so concurrent callers never count past `limit`, on SQLite and
 * on PostgreSQL alike: PostgreSQL re-checks the `where` on the locked, latest row. Answers the counted row, or
 * `undefined` when the attempt was not counted.
 */
export async function countAttempt(
  db: Conn,
  { key, limit, windowMinutes, now }: { key: string; limit: number; windowMinutes: number; now: string },
): Promise<{ count: number; window_start: string } | undefined> {
  const expiredBefore = addMinutes(now, -windowMinutes);
  const expired = sql<boolean>`${sql.ref('rate_limits.window_start')} <= ${expiredBefore}`;
  return (
    db
      .insertInto('rate_limits')
      // `expires_at`: when this window ends, so the cleanup job (cleanup.ts) deletes the row only after it.
      .values({ key, window_start: now, count: 1, expires_at: addMinutes(now, windowMinutes) })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limits.count')} + 1 end`,
            window_start: sql<string>`case when ${expired} then ${sql.ref('excluded.window_start')} else ${sql.ref('rate_limits.window_start')} end`,
            // A row from before the column (null) gets this attempt's end: a little late, never early.
            expires_at: sql<string>`case when ${expired} then ${sql.ref('excluded.expires_at')} else coalesce(${sql.ref('rate_limits.expires_at')}, ${sql.ref('excluded.expires_at')}) end`,
          })
          .where((eb) =>
            eb.or([eb(sql.ref('rate_limits.window_start'), '<=', expiredBefore), eb('rate_limits.count', '<', limit)]),
          ),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirst()
  );
}

/** The start of `key`'s current window, if it has one. */
export async function windowStartOf(db: Conn, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('rate_limits').select('window_start').where('key', '=', key).executeTakeFirst();
  return row?.window_start;
}

/** Takes back one attempt counted under `key` in `windowStart` (only in that window, never below 0). */
export async function uncountAttempt(db: Conn, key: string, windowStart: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('count', '>', 0)
    .execute();
}

export async function deleteKey(db: Conn, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * Deletes passed windows (see accounts/cleanup.ts): rows whose window ended by `at`, and rows from before `expires_at`
 * existed (null) whose window opened by `legacyOpenedBefore`. Answers how many rows went.
 */
export async function deletePassedWindows(
  db: Conn,
  { at, legacyOpenedBefore }: { at: string; legacyOpenedBefore: string },
): Promise<number> {
  const results = [
    await db.deleteFrom('rate_limits').where('expires_at', '<=', at).executeTakeFirst(),
    await db
      .deleteFrom('rate_limits')
      .where('expires_at', 'is', null)
      .where('window_start', '<=', legacyOpenedBefore)
      .executeTakeFirst(),
  ];
  return results.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}
