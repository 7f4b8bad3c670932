import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { Database, NewUser, User, UserUpdate } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { nowIso } from '../lib/time';

/** All SQL of accounts (users, their sessions, referral conversions). */
type Conn = Db | Transaction<Database>;

export async function findUserById(db: Conn, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `email` is stored normalised (common/account-rules `normalizeEmail`: trimmed, lower-case, NFC). */
export async function findUserByEmail(db: Conn, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** `phone` is stored normalised (see service `normalizePhone`). */
export async function findUserByPhone(db: Conn, phone: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** Referral codes are stored upper-case. */
export async function findUserByReferralCode(db: Conn, code: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('referral_code', '=', code).executeTakeFirst();
}

/** Which of `email` / `phone` another user (not `exceptId`) already has. */
export async function takenContacts(
  db: Conn,
  { email, phone, exceptId }: { email: string; phone: string; exceptId?: number },
): Promise<{ email: boolean; phone: boolean }> {
  let query = db
    .selectFrom('users')
    .select(['email', 'phone'])
    .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return { email: rows.some((r) => r.email === email), phone: rows.some((r) => r.phone === phone) };
}

export async function insertUser(db: Conn, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/**
 * Changes a live account's row. An account deleted meanwhile (after the request's session was checked; on PostgreSQL
 * the update waits for the deletion's row lock, then finds the row deleted) is not written: 401, and nothing of the
 * person comes back into the row the deletion emptied (docs/decisions/050, "Requests in flight").
 */
export async function updateUser(db: Conn, id: number, changes: UserUpdate): Promise<User> {
  const updated = await db
    .updateTable('users')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw unauthorized();
  return updated;
}

/**
 * The account's `deleted_at`, under a key-share lock until the transaction ends (PostgreSQL; SQLite's transaction holds
 * the write lock already): it waits for a deletion under way (FOR UPDATE), never for the customer's own orders.
 */
export async function lockAccountShared(db: Conn, id: number) {
  return db
    .selectFrom('users')
    .select('deleted_at')
    .where('id', '=', id)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forKeyShare())
    .executeTakeFirst();
}

export async function nicknameOf(db: Conn, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.selectFrom('users').select('nickname').where('id', '=', id).executeTakeFirst();
  return row?.nickname ?? null;
}

/**
 * Records that `userId` registered through `referrerId`'s code (docs/decisions/012) on the referral_visits
 * table: the visitor's own latest open visit of the referrer's links when `visitorKey` matches one; else
 * the referrer's latest unconverted visit, if one exists; else a new visit that converted at once (the
 * code was typed, or the visit came from another device). Each update is conditional on `converted = 0`,
 * so two registrations at once never convert the same visit. Answers which case applied.
 */
export async function recordConversion(
  db: Conn,
  c: { referrerId: number; userId: number; visitorKey?: string; link: string },
): Promise<'visitor' | 'latest' | 'new'> {
  const at = nowIso();
  const convert = async (visitorKey?: string) => {
    let latest = db
      .selectFrom('referral_visits')
      .select('id')
      .where('referrer_id', '=', c.referrerId)
      .where('converted', '=', 0);
    if (visitorKey) latest = latest.where('visitor_key', '=', visitorKey);
    const query = latest.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
    const result = await db
      .updateTable('referral_visits')
      .set({ converted: 1, converted_at: at, converted_user_id: c.userId })
      .where('id', '=', (eb) => eb.selectFrom(query.as('latest')).select('latest.id'))
      .where('converted', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };
  if (c.visitorKey && (await convert(c.visitorKey))) return 'visitor';
  if (await convert()) return 'latest';
  await db
    .insertInto('referral_visits')
    .values({
      referrer_id: c.referrerId,
      link: c.link,
      origin: 'register',
      visitor_key: null,
      converted: 1,
      converted_at: at,
      converted_user_id: c.userId,
      created_at: at,
    })
    .execute();
  return 'new';
}

/**
 * Revokes every live session of a user, but `keep` when given: a password change keeps the session that made it, a
 * reset by e-mail keeps none (whoever held a session is logged out). Answers how many ended.
 */
export async function revokeSessions(
  db: Conn,
  userId: number,
  opts: { keep?: number; now?: string } = {},
): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: opts.now ?? nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (opts.keep !== undefined) q = q.where('id', '!=', opts.keep);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
