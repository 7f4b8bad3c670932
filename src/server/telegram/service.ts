import type { UserInfo } from '../../common/contract/accounts';
import type { TelegramUser } from '../../common/contract/telegram';
import { userInfoOf } from '../accounts/service';
import { createSession } from '../accounts/session-repository';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { AppError, conflict } from '../lib/errors';
import { nowIso } from '../lib/time';
import type { TelegramIdentity } from './init-data';
import * as repo from './repository';

export const telegramUserOf = (tg: TelegramIdentity): TelegramUser => ({
  id: tg.id,
  username: tg.username,
  name: tg.name,
});

/** The referral visit key of a Telegram user who opened the bot with a referral start parameter. */
export const telegramVisitorKey = (telegramUserId: string): string => `tg:${telegramUserId}`;

export type TelegramLogin =
  | { linked: true; telegram_user: TelegramUser; user_info: UserInfo; token: string }
  | { linked: false; telegram_user: TelegramUser };

/**
 * Opening the Mini App (decisions.md §3): a Telegram user linked to an account gets a new session for
 * it, with no password; their stored Telegram username and name are refreshed on the way.
 */
export async function loginWithTelegram(db: Db, tg: TelegramIdentity): Promise<TelegramLogin> {
  const found = await repo.findUserByTelegramId(db, tg.id);
  if (!found) return { linked: false, telegram_user: telegramUserOf(tg) };
  const user = await repo.refreshTelegramProfile(db, found, tg);
  const token = await createSession(db, user.id);
  return { linked: true, telegram_user: telegramUserOf(tg), user_info: await userInfoOf(db, user), token };
}

/**
 * Links the account `userId` to the Telegram user of validated initData. With `expectedTelegramUserId`
 * (a /login_be link), only when the initData names that same user. A Telegram user linked to another
 * account is refused (the unique index holds it under concurrency too). Linking the same pair again is
 * a no-op success. Nothing is written when refused.
 */
export async function linkTelegramAccount(
  db: Db,
  userId: number,
  tg: TelegramIdentity,
  expectedTelegramUserId?: string,
): Promise<{ user_info: UserInfo; telegram_user: TelegramUser }> {
  if (expectedTelegramUserId !== undefined && expectedTelegramUserId !== tg.id) {
    throw new AppError(403, 'telegramUserMismatch', {}, [
      { field: 'expected_telegram_user_id', key: 'telegramUserMismatch' },
    ]);
  }
  const holder = await repo.findUserByTelegramId(db, tg.id);
  if (holder && holder.id !== userId) throw conflict('telegramLinkedToOther');
  let user: User;
  try {
    user = await repo.setTelegramLink(db, userId, tg);
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw conflict('telegramLinkedToOther');
    throw err;
  }
  user = (await adoptBotReferral(db, user, tg.id)) ?? user;
  return { user_info: await userInfoOf(db, user), telegram_user: telegramUserOf(tg) };
}

/**
 * A Telegram user who opened the bot with a referral code (`/start CODE`) and then registered (their
 * account is newer than that visit, and has no upline yet) gets the code's owner as upline, joined via
 * 'bot'; the visit counts as converted. Conditional updates keep it to one upline and one conversion.
 */
async function adoptBotReferral(db: Db, user: User, telegramUserId: string): Promise<User | undefined> {
  if (user.upline_id !== null) return undefined;
  const visit = await db
    .selectFrom('referral_visits')
    .select(['id', 'referrer_id'])
    .where('visitor_key', '=', telegramVisitorKey(telegramUserId))
    .where('converted', '=', 0)
    .where('referrer_id', '!=', user.id)
    .where('created_at', '<=', user.created_at)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!visit) return undefined;
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ upline_id: visit.referrer_id, joined_via: 'bot', updated_at: now })
      .where('id', '=', user.id)
      .where('upline_id', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return undefined;
    await trx
      .updateTable('referral_visits')
      .set({ converted: 1, converted_at: now, converted_user_id: user.id })
      .where('id', '=', visit.id)
      .where('converted', '=', 0)
      .execute();
    return updated;
  });
}
