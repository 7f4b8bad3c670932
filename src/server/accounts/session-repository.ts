import type { Db } from '../db/connection';
import { addDays, nowIso } from '../lib/time';
import { hashToken, newToken, SESSION_DAYS, SESSION_MAX_DAYS } from './tokens';

/** A session's expiry when used at `now`: SESSION_DAYS later, but never past its absolute lifetime. */
const slidExpiry = (createdAt: string, now: string): string => {
  const sliding = Date.parse(addDays(now, SESSION_DAYS));
  const absolute = Date.parse(addDays(createdAt, SESSION_MAX_DAYS));
  return new Date(Math.min(sliding, absolute)).toISOString();
};

/** Opens a session for a user; returns the bearer token (shown once, stored hashed). */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      last_used_at: now,
      expires_at: slidExpiry(now, now),
    })
    .execute();
  return token;
}

/**
 * The live session of a token with its user, or undefined: unknown, revoked, expired (30 days unused), or older than
 * SESSION_MAX_DAYS whatever its use (also for sessions whose expiry slid past that before the cap existed).
 */
export async function findSessionUser(db: Db, token: string) {
  const now = nowIso();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at as session_last_used_at',
      'sessions.created_at as session_created_at',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.created_at', '>', addDays(now, -SESSION_MAX_DAYS))
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_used_at, session_created_at, ...user } = row;
  // Slide the expiry at most once an hour, so reads stay reads.
  if (Date.parse(now) - Date.parse(session_last_used_at) > 3_600_000) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: now, expires_at: slidExpiry(session_created_at, now) })
      .where('id', '=', session_id)
      .execute();
  }
  return { user, sessionId: session_id };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).execute();
}

/**
 * Deletes dead sessions (see cleanup.ts): expired by `at`, created by `createdBefore` (past their absolute lifetime),
 * or revoked by `revokedBefore`. One statement per condition, each served by its own index (migration 2026-11-23T12-00).
 * Answers how many rows went.
 */
export async function deleteDeadSessions(
  db: Db,
  { at, createdBefore, revokedBefore }: { at: string; createdBefore: string; revokedBefore: string },
): Promise<number> {
  const results = [
    await db.deleteFrom('sessions').where('expires_at', '<=', at).executeTakeFirst(),
    await db.deleteFrom('sessions').where('created_at', '<=', createdBefore).executeTakeFirst(),
    await db
      .deleteFrom('sessions')
      .where('revoked_at', 'is not', null)
      .where('revoked_at', '<=', revokedBefore)
      .executeTakeFirst(),
  ];
  return results.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}
