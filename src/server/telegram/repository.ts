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
 * refuses a Telegram user already linked elsewhere (see `isUniqueViolation`).
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

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
