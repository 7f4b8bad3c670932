import type { Db } from '../db/connection';
import { addDays, nowIso } from '../lib/time';
import { hashToken, newToken, SESSION_DAYS } from './tokens';

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
      expires_at: addDays(now, SESSION_DAYS),
    })
    .execute();
  return token;
}

/** The live session of a token with its user, or undefined (unknown, revoked or expired). */
export async function findSessionUser(db: Db, token: string) {
  const now = nowIso();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.last_used_at as session_last_used_at'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_used_at, ...user } = row;
  // Slide the expiry at most once an hour, so reads stay reads.
  if (Date.parse(now) - Date.parse(session_last_used_at) > 3_600_000) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: now, expires_at: addDays(now, SESSION_DAYS) })
      .where('id', '=', session_id)
      .execute();
  }
  return { user, sessionId: session_id };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).execute();
}
