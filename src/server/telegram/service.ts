import type { UserInfo } from '../../common/contract/accounts';
import type { TelegramUser } from '../../common/contract/telegram';
import { tellAccountOwner } from '../accounts/notices';
import { confirmAccountPassword, startSession, telegramNameOf, userInfoOf } from '../accounts/service';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import type { User } from '../db/schema';
import { type AppError, conflict, forbidden, tooManyRequests } from '../lib/errors';
import { nowIso } from '../lib/time';
import * as rateLimit from '../rate-limits/rate-limit';
import { recordSignals } from '../referral/signals';
import { inTransaction, type MailTx } from '../shop';
import { INIT_DATA_MAX_AGE_SECONDS, type TelegramIdentity } from './init-data';
import * as repo from './repository';

const telegramUserOf = (tg: TelegramIdentity): TelegramUser => ({
  id: tg.id,
  username: tg.username,
  name: tg.name,
});

/** The referral visit key of a Telegram user who opened the bot with a referral start parameter. */
export const telegramVisitorKey = (telegramUserId: string): string => `tg:${telegramUserId}`;

type TelegramLogin =
  | { linked: true; telegram_user: TelegramUser; user_info: UserInfo; token: string }
  | { linked: false; telegram_user: TelegramUser };

/**
 * How many sessions one initData may mint, and for how long they are counted. Telegram signs a new initData each time
 * the Mini App is opened, and it is refused after an hour (INIT_DATA_MAX_AGE_SECONDS), so the count lasts that hour: a
 * copied initData (leaked URL, browser history) cannot mint sessions without end while it is valid. Ten leaves room for
 * reloads of one open Mini App.
 */
export const INIT_DATA_LOGIN_LIMITS = { perInitData: 10, windowMinutes: INIT_DATA_MAX_AGE_SECONDS / 60 } as const;
const initDataLoginKey = (hash: string): string => `telegram-login:initdata:${hash}`;

/**
 * Opening the Mini App (docs/decisions/001): a Telegram user linked to an account gets a new session for
 * it, with no password; their stored Telegram username and name are refreshed on the way. Each session
 * minted is counted against the initData's `hash` (INIT_DATA_LOGIN_LIMITS): beyond that, 429.
 */
export async function loginWithTelegram(db: Db, tg: TelegramIdentity, initDataHash: string): Promise<TelegramLogin> {
  const found = await repo.findUserByTelegramId(db, tg.id);
  if (!found) return { linked: false, telegram_user: telegramUserOf(tg) };
  const attempt = await rateLimit.hit(
    db,
    initDataLoginKey(initDataHash),
    INIT_DATA_LOGIN_LIMITS.perInitData,
    INIT_DATA_LOGIN_LIMITS.windowMinutes,
  );
  if (!attempt.allowed) throw tooManyRequests('telegramInitDataReused', undefined, 'init_data');
  const user = await repo.refreshTelegramProfile(db, found, tg);
  const token = await startSession(db, user.id);
  return { linked: true, telegram_user: telegramUserOf(tg), user_info: await userInfoOf(db, user), token };
}

/** The Telegram user an account is linked to, as stored with the link (null when not linked). */
function currentLinkOf(user: User): TelegramUser | null {
  if (user.telegram_user_id === null) return null;
  return {
    id: user.telegram_user_id,
    username: user.telegram_username,
    name: user.telegram_name ?? user.telegram_username ?? user.telegram_user_id,
  };
}

/** "Mei Chen (@mei_tea)", or the name alone: how messages name a Telegram user. */
const describeTelegramUser = (tg: TelegramUser): string =>
  telegramNameOf({ telegram_user_id: tg.id, telegram_name: tg.name, telegram_username: tg.username });

interface LinkPreview {
  telegram_user: TelegramUser;
  current_link: TelegramUser | null;
  linked_to_other_account: boolean;
}

/**
 * What linking would do, shown before the customer confirms: the Telegram user of the validated initData, the account's
 * current link, and whether that Telegram user is linked to another account. For a guest (a /login_be page before
 * logging in) there is no current link, and "another account" means any account.
 */
export async function previewTelegramLink(db: Db, user: User | null, tg: TelegramIdentity): Promise<LinkPreview> {
  const holder = await repo.findUserByTelegramId(db, tg.id);
  return {
    telegram_user: telegramUserOf(tg),
    current_link: user ? currentLinkOf(user) : null,
    linked_to_other_account: holder !== undefined && holder.id !== user?.id,
  };
}

interface LinkRequest {
  /** The id of a /login_be/{telegram_user_id}/… link: links only when the initData names that same user. */
  expectedTelegramUserId?: string;
  /** The account's password: linking needs it in the same request. */
  password?: string;
  /** The Telegram user id the account is linked to now, when the new link replaces it. */
  replacesTelegramUserId?: string;
}

/** The 409 of a request whose idea of the current link is not the account's (a stale screen, or no confirmation). */
function linkChanged(current: TelegramUser | null): AppError {
  return current
    ? conflict('telegramLinkedNow', { current: describeTelegramUser(current) })
    : conflict('telegramNotLinkedNow');
}

/**
 * Links the account to the Telegram user of validated initData. Needs the account's password (counted like a log-in);
 * with `expectedTelegramUserId` (a /login_be link), only when the initData names that same user. A Telegram user
 * linked to another account is refused (the unique index holds it under concurrency too). An account linked to another
 * Telegram user is never moved silently: the request must name that link in `replacesTelegramUserId` (else 409 saying
 * what is linked now), and the write only happens while the link is still that one. Linking the same pair again is a
 * no-op success. The Telegram user now linked is told ('telegram_linked') and, on a move, the previous one
 * ('telegram_link_moved'), in the same transaction as the link. Nothing is written when refused.
 */
export async function linkTelegramAccount(
  shop: MailTx,
  account: User,
  tg: TelegramIdentity,
  request: LinkRequest = {},
): Promise<{ user_info: UserInfo; telegram_user: TelegramUser }> {
  const { db } = shop;
  if (request.expectedTelegramUserId !== undefined && request.expectedTelegramUserId !== tg.id) {
    throw forbidden('telegramUserMismatch', 'expected_telegram_user_id');
  }
  await confirmAccountPassword(db, account, request.password, { wrongKey: 'telegramPasswordWrong' });
  // The row as it is now (the session's copy may be older than a link made meanwhile in another tab).
  const fresh = (await repo.findUserById(db, account.id)) ?? account;
  const holder = await repo.findUserByTelegramId(db, tg.id);
  if (holder && holder.id !== fresh.id) throw conflict('telegramLinkedToOther');
  const current = currentLinkOf(fresh);
  if (current?.id === tg.id) {
    return { user_info: await userInfoOf(db, fresh), telegram_user: telegramUserOf(tg) };
  }
  if (current && request.replacesTelegramUserId !== current.id) throw linkChanged(current);
  if (!current && request.replacesTelegramUserId !== undefined) throw linkChanged(null);

  const linked = telegramUserOf(tg);
  let updated: User | undefined;
  try {
    updated = await inTransaction(shop, async (tx) => {
      const row = await repo.setTelegramLink(tx.db, fresh.id, tg, current?.id ?? null);
      if (!row) return undefined;
      // Every channel hears of it (docs/decisions/031): the new chat, the chat it moved from, and the mailbox.
      const telegramName = describeTelegramUser(linked);
      await tellAccountOwner(tx, row, {
        chats: [
          { chatId: tg.id, kind: 'telegram_linked' },
          ...(current ? [{ chatId: current.id, kind: 'telegram_link_moved' as const, params: { telegramName } }] : []),
        ],
        mail: 'telegram_linked',
        telegramName,
      });
      await recordSignals(tx.db, fresh.id, [{ kind: 'telegram', value: tg.id }]);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('telegramLinkedToOther');
    throw err;
  }
  if (!updated) {
    // The link changed between the checks and the write (another tab, another device): say what it is now.
    const now = await repo.findUserById(db, fresh.id);
    throw linkChanged(now ? currentLinkOf(now) : null);
  }
  let user = updated;
  user = (await adoptBotReferral(db, user, tg.id)) ?? user;
  return { user_info: await userInfoOf(db, user), telegram_user: linked };
}

/**
 * Unlinks the account from its Telegram user (the profile's "Unlink"), with the account's password (counted like a
 * log-in). The Telegram user that was unlinked is told ('telegram_unlinked'), in the same transaction. An account
 * linked to nothing stays so (a success: the screen was out of date).
 */
export async function unlinkTelegramAccount(
  shop: MailTx,
  account: User,
  password: string | undefined,
): Promise<UserInfo> {
  const { db } = shop;
  await confirmAccountPassword(db, account, password, { wrongKey: 'telegramPasswordWrong' });
  const fresh = (await repo.findUserById(db, account.id)) ?? account;
  const current = fresh.telegram_user_id;
  if (current === null) return userInfoOf(db, fresh);
  const user = await inTransaction(shop, async (tx) => {
    const updated = await repo.clearTelegramLink(tx.db, fresh.id, current);
    if (updated) {
      await tellAccountOwner(tx, updated, {
        chats: [{ chatId: current, kind: 'telegram_unlinked' }],
        mail: 'telegram_unlinked',
        telegramName: telegramNameOf(fresh),
      });
    }
    return updated;
  });
  // Unlinked meanwhile by another request: the account is unlinked all the same.
  return userInfoOf(db, user ?? (await repo.findUserById(db, fresh.id)) ?? fresh);
}

/**
 * A Telegram user who opened the bot with a referral code (`/start CODE`) and then registered (their
 * account is newer than that visit, and has no upline yet) gets the code's owner as upline, joined via
 * 'bot'; the visit counts as converted. Conditional updates keep it to one upline and one conversion.
 */
async function adoptBotReferral(db: Db, user: User, telegramUserId: string): Promise<User | undefined> {
  if (user.upline_id !== null) return undefined;
  const visit = await repo.findUnconvertedVisit(db, telegramVisitorKey(telegramUserId), user);
  if (!visit) return undefined;
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const updated = await repo.adoptUpline(trx, user.id, visit.referrer_id, now);
    if (!updated) return undefined;
    await repo.markVisitConverted(trx, visit.id, user.id, now);
    return updated;
  });
}
