import type { Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database, User } from '../db/schema';
import { nowIso } from '../lib/time';
import type { TelegramIdentity } from './init-data';

/** All SQL of the Telegram link. */
type Conn = Db | Transaction<Database>;

export async function findUserByTelegramId(db: Conn, telegramUserId: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('telegram_user_id', '=', telegramUserId).executeTakeFirst();
}

export async function findUserById(db: Conn, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Links `userId` to the Telegram user, keeping their username and name, only while the account is still linked to
 * `currentTelegramUserId` (null: to nothing); undefined when it no longer is. The unique index on `telegram_user_id`
 * refuses a Telegram user already linked elsewhere (see `isUniqueViolation` in db/errors.ts). A deleted account is not
 * linked (undefined): a link asked for as it was deleted does not come back into its row (docs/decisions/050).
 */
export async function setTelegramLink(
  db: Conn,
  userId: number,
  tg: TelegramIdentity,
  currentTelegramUserId: string | null,
): Promise<User | undefined> {
  return db
    .updateTable('users')
    .set({ telegram_user_id: tg.id, telegram_username: tg.username, telegram_name: tg.name, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      currentTelegramUserId === null
        ? eb('telegram_user_id', 'is', null)
        : eb('telegram_user_id', '=', currentTelegramUserId),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Removes the account's Telegram link while it is still `currentTelegramUserId`; undefined when it no longer is. */
export async function clearTelegramLink(
  db: Conn,
  userId: number,
  currentTelegramUserId: string,
): Promise<User | undefined> {
  return db
    .updateTable('users')
    .set({ telegram_user_id: null, telegram_username: null, telegram_name: null, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('telegram_user_id', '=', currentTelegramUserId)
    .returningAll()
    .executeTakeFirst();
}

/** Refreshes the stored username and name of a linked Telegram user when they changed in Telegram. */
export async function refreshTelegramProfile(db: Conn, user: User, tg: TelegramIdentity): Promise<User> {
  if (user.telegram_username === tg.username && user.telegram_name === tg.name) return user;
  return db
    .updateTable('users')
    .set({ telegram_username: tg.username, telegram_name: tg.name, updated_at: nowIso() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The latest unconverted referral visit of a Telegram visitor (`/start CODE`) made before `user` registered,
 * by someone else's code: the visit that may give the user an upline.
 */
export async function findUnconvertedVisit(db: Conn, visitorKey: string, user: Pick<User, 'id' | 'created_at'>) {
  return db
    .selectFrom('referral_visits')
    .select(['id', 'referrer_id'])
    .where('visitor_key', '=', visitorKey)
    .where('converted', '=', 0)
    .where('referrer_id', '!=', user.id)
    .where('created_at', '<=', user.created_at)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Gives a user without an upline the upline `referrerId`, joined via the bot; undefined if it had one already. */
export async function adoptUpline(db: Conn, userId: number, referrerId: number, now: string) {
  return db
    .updateTable('users')
    .set({ upline_id: referrerId, joined_via: 'bot', updated_at: now })
    .where('id', '=', userId)
    .where('upline_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Counts a referral visit as converted (once) by the user it brought. */
export async function markVisitConverted(db: Conn, visitId: number, userId: number, now: string) {
  await db
    .updateTable('referral_visits')
    .set({ converted: 1, converted_at: now, converted_user_id: userId })
    .where('id', '=', visitId)
    .where('converted', '=', 0)
    .execute();
}
