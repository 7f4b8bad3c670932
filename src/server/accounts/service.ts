import { randomInt } from 'node:crypto';
import { isEmail, isPhone, normalizeEmail, normalizePhone } from '../../common/account-rules';
import type { UserDetail, UserInfo } from '../../common/contract/accounts';
import { langOf } from '../../common/contract/lang';
import type { MessageKey } from '../../common/i18n/messages';
import type { Db } from '../db/connection';
import type { User, UserUpdate } from '../db/schema';
import { clientAddressKey } from '../lib/client-address';
import { tooManyRequests } from '../lib/errors';
import { nowIso } from '../lib/time';
import { enqueueMail } from '../mail/outbox';
import { mayMail } from '../mail/policy';
import { personKeyPart } from '../rate-limits/person-key';
import * as rateLimit from '../rate-limits/rate-limit';
import { derivedVisitorKey } from '../referral/service';
import { clientSignals, recordSignals } from '../referral/signals';
import { inTransaction, type MailTx } from '../shop';
import { queueConfirmation } from './email-confirmation';
import { tellAccountOwner } from './notices';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import { createSession, findSessionUser } from './session-repository';

export { hashPassword };

import {
  blank,
  type ProfileInput,
  type RegisterInput,
  refuse,
  refuseTaken,
  validateProfile,
  validateRegistration,
  violatedUserColumn,
} from './validation';

// ---------------------------------------------------------------------------
// Passwords, codes, normalisation
// ---------------------------------------------------------------------------

/** Referral code alphabet: A-Z and 2-9 without the look-alikes I, O, 0 and 1. */
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_CODE_LENGTH = 8;

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

// E-mail and phone rules are shared with the client (src/common/account-rules.ts); re-exported for server code.
export { isEmail, isPhone, normalizeEmail, normalizePhone };

const normalizeReferralCode = (code: string): string => code.trim().toUpperCase();

// ---------------------------------------------------------------------------
// Accounts and sessions as the other domains look them up (docs/decisions/038)
// ---------------------------------------------------------------------------

/** The account of this id, or undefined. */
export const accountById = (db: Db, id: number): Promise<User | undefined> => repo.findUserById(db, id);

/** The account of this e-mail address (give it normalized: `normalizeEmail`), or undefined. */
export const accountByEmail = (db: Db, email: string): Promise<User | undefined> => repo.findUserByEmail(db, email);

/** Opens a session for the account (a log-in by Telegram); answers the bearer token, shown once. */
export const startSession = (db: Db, userId: number): Promise<string> => createSession(db, userId);

/** The live session of a bearer token with its account, or undefined (`app.authenticate`). */
export const sessionUser = (db: Db, token: string) => findSessionUser(db, token);

// ---------------------------------------------------------------------------
// What the client sees
// ---------------------------------------------------------------------------

function toUserInfo(user: User, uplineNickname: string | null): UserInfo {
  return {
    id: user.id,
    nickname: user.nickname,
    email: user.email,
    phone: user.phone,
    referral_code: user.referral_code,
    is_agent: user.is_agent === 1 ? 1 : 0,
    telegram_user_id: user.telegram_user_id,
    telegram_username: user.telegram_username,
    telegram_name: user.telegram_name,
    cash_balance_cents: user.cash_balance_cents,
    upline_nickname: uplineNickname,
    language: user.language === 'zh' ? 'zh' : 'en',
  };
}

/** The user_info get-user-info answers (docs/decisions/002), with the upline's nickname looked up. */
export async function userInfoOf(db: Db, user: User): Promise<UserInfo> {
  return toUserInfo(user, await repo.nicknameOf(db, user.upline_id));
}

export function toUserDetail(user: User): UserDetail {
  return {
    bank_name: user.bank_name,
    bank_account_name: user.bank_account_name,
    bank_account_number: user.bank_account_number,
    notify_orders: user.notify_orders === 1,
    notify_email: user.notify_email === 1,
    language: user.language === 'zh' ? 'zh' : 'en',
  };
}

// ---------------------------------------------------------------------------
// Register
// ---------------------------------------------------------------------------

/**
 * Opens an account: checks the form, refuses a taken e-mail or phone and an unknown referral code, gives
 * the user their own referral code, links the upline (converting the referrer's latest open visit), and
 * logs the user in.
 */
export async function register(
  shop: MailTx,
  input: RegisterInput,
  lang: 'en' | 'zh',
  client: { ip: string; userAgent?: string; deviceId?: string | null } = { ip: '' },
): Promise<{ user: User; token: string }> {
  validateRegistration(input);
  const { db } = shop;
  // Accounts opened from one address are limited too (10 an hour), so sign-ups cannot be scripted freely.
  if (client.ip) {
    const attempt = await rateLimit.hit(
      db,
      registerLimitKey(client.ip),
      REGISTER_LIMITS.perAddress,
      REGISTER_LIMITS.windowMinutes,
    );
    if (!attempt.allowed) throw tooMany(attempt.retryMinutes);
  }
  const email = normalizeEmail(input.email!);
  const phone = normalizePhone(input.phone!);
  const nickname = input.nickname!.trim();

  let upline: User | undefined;
  if (!blank(input.referral_code)) {
    upline = await repo.findUserByReferralCode(db, normalizeReferralCode(input.referral_code!));
    if (!upline) refuse([{ field: 'referral_code', key: 'referralCodeNotFound' }]);
  }
  // "Already registered" tells whether an address has an account: each check counts per e-mail, per phone and per address.
  await rateLimit.enforce(db, [
    contactCheckLimit(await contactCheckKeys.email(db, email), CONTACT_CHECK_LIMITS.perContact),
    contactCheckLimit(await contactCheckKeys.phone(db, phone), CONTACT_CHECK_LIMITS.perContact),
    ...(client.ip ? [contactCheckLimit(contactCheckKeys.address(client.ip), CONTACT_CHECK_LIMITS.perAddress)] : []),
  ]);
  refuseTaken(await repo.takenContacts(db, { email, phone }));

  const passwordHash = await hashPassword(input.password!);
  for (let attempt = 0; ; attempt++) {
    const now = nowIso();
    try {
      const user = await inTransaction(shop, async (tx) => {
        const trx = tx.db;
        const created = await repo.insertUser(trx, {
          nickname,
          email,
          phone,
          password_hash: passwordHash,
          referral_code: newReferralCode(),
          upline_id: upline?.id ?? null,
          joined_via: upline ? (input.joined_via ?? 'code') : null,
          language: lang,
          created_at: now,
          updated_at: now,
        });
        // The welcome e-mail with the link that confirms the address (docs/decisions/016), queued with the account.
        await queueConfirmation(tx, { userId: created.id, email, lang, changed: false });
        // Where and in which browser it was opened: compared with the referrer's (docs/decisions/032).
        await recordSignals(trx, created.id, clientSignals(client));
        if (upline) {
          const via = input.joined_via ?? 'code';
          await repo.recordConversion(trx, {
            referrerId: upline.id,
            userId: created.id,
            // The key the visit was recorded under: the browser's own, else the one record-visit derives.
            visitorKey: input.visitor_key ?? derivedVisitorKey(client.ip, client.userAgent),
            link: via === 'link' ? `/login/${upline.referral_code}` : `/${upline.referral_code}`,
          });
        }
        return created;
      });
      return { user, token: await createSession(db, user.id) };
    } catch (err) {
      const column = violatedUserColumn(err);
      // Two registrations with the same e-mail or phone at once: the database's unique index decides.
      if (column === 'email' || column === 'phone')
        refuseTaken({ email: column === 'email', phone: column === 'phone' });
      // A referral code collision (32^8 codes): draw another.
      if (column === 'referral_code' && attempt < 5) continue;
      throw err;
    }
  }
}

// ---------------------------------------------------------------------------
// Log in
// ---------------------------------------------------------------------------

/** Sign-ups allowed per client address in one window. */
export const REGISTER_LIMITS = { perAddress: 10, windowMinutes: 60 } as const;
/** Every limit by address goes through clientAddressKey (an IPv6 client is its /64). */
const registerLimitKey = (ip: string): string => `register:ip:${clientAddressKey(ip)}`;

/**
 * Checks of an e-mail or phone number against the registered ones. The "already registered" answer of sign-up and
 * of the profile tells whether an address has an account here, so checks are counted like log-in attempts: per
 * probed e-mail and phone (sign-up), per logged-in account (profile), and per client address (both). An ordinary
 * sign-up or profile change makes one check.
 */
export const CONTACT_CHECK_LIMITS = { perContact: 5, perAccount: 10, perAddress: 20, windowMinutes: 60 } as const;
export const contactCheckKeys = {
  /** The probed e-mail and phone as keyed hashes: the table never holds them (rate-limits/person-key.ts). */
  email: async (db: Db, email: string) =>
    `contact-check:email:${await personKeyPart(db, 'contact-check:email', email)}`,
  phone: async (db: Db, phone: string) =>
    `contact-check:phone:${await personKeyPart(db, 'contact-check:phone', phone)}`,
  account: (userId: number) => `contact-check:user:${userId}`,
  address: (ip: string) => `contact-check:ip:${clientAddressKey(ip)}`,
};
const contactCheckLimit = (key: string, max: number): rateLimit.Limit => ({
  key,
  max,
  windowMinutes: CONTACT_CHECK_LIMITS.windowMinutes,
});

const tooMany = (minutes: number) => tooManyRequests('tooManyRequests', { minutes });

/** Password checks a logged-in account may fail in one window (a session guesses no faster than one client). */
export const PASSWORD_CHECK_LIMITS = { perAccount: 5, windowMinutes: 15 } as const;
export const passwordCheckKey = (userId: number): string => `password-check:user:${userId}`;

/**
 * Checks the password of a logged-in account before a sensitive change (linking or unlinking Telegram; changing the
 * password, e-mail, phone or bank details). The attempts are counted per account (PASSWORD_CHECK_LIMITS), so a stolen
 * session cannot guess the password faster here than one client can at the log-in screen; a success resets the count.
 * Refuses with 422 at `field` (`missingKey` when empty, `wrongKey` when wrong) or 429 beyond the limit.
 */
export async function confirmAccountPassword(
  db: Db,
  user: User,
  password: string | undefined,
  opts: { field?: string; missingKey?: MessageKey; wrongKey: MessageKey },
): Promise<void> {
  const field = opts.field ?? 'password';
  if (!password) refuse([{ field, key: opts.missingKey ?? 'passwordRequired' }]);
  const key = passwordCheckKey(user.id);
  const attempt = await rateLimit.hit(db, key, PASSWORD_CHECK_LIMITS.perAccount, PASSWORD_CHECK_LIMITS.windowMinutes);
  if (!attempt.allowed) throw tooMany(attempt.retryMinutes);
  if (!(await verifyPassword(user.password_hash, password))) refuse([{ field, key: opts.wrongKey }]);
  await rateLimit.reset(db, key);
}

// ---------------------------------------------------------------------------
// Profile and details
// ---------------------------------------------------------------------------

/** The columns of a Telegram link, emptied: what removing it writes. */
export const UNLINKED = { telegram_user_id: null, telegram_username: null, telegram_name: null } as const;

/** "Mei Chen (@mei_tea)", or the name alone: how messages name the Telegram user of a link. */
export const telegramNameOf = (u: Pick<User, 'telegram_user_id' | 'telegram_name' | 'telegram_username'>): string =>
  u.telegram_username
    ? `${u.telegram_name ?? u.telegram_username} (@${u.telegram_username})`
    : (u.telegram_name ?? u.telegram_user_id ?? '');

/**
 * Edits nickname, e-mail, phone and (when given) the password. Changing the password, the e-mail or the phone needs the
 * current password (it is what taking over an account from a stolen session would change); a nickname-only change
 * does not. A new e-mail or phone is checked against the registered ones under CONTACT_CHECK_LIMITS. A new password
 * ends the other sessions and, with `unlink_telegram`, removes the Telegram link too (the profile offers it, naming
 * the Telegram user). The owner is told on every channel (notices.ts, docs/decisions/031), queued in the transaction
 * of the change, so the notices exist exactly when the change does.
 */
export async function updateProfile(
  shop: MailTx,
  user: User,
  sessionId: number,
  input: ProfileInput,
  client: { ip: string } = { ip: '' },
): Promise<User> {
  validateProfile(input);
  const { db } = shop;
  const email = normalizeEmail(input.email!);
  const phone = normalizePhone(input.phone!);
  const contactChanged = email !== user.email || phone !== user.phone;
  const passwordChanged = !!input.password;

  if (passwordChanged || contactChanged) {
    await confirmAccountPassword(db, user, input.current_password, {
      field: 'current_password',
      missingKey: 'currentPasswordRequired',
      wrongKey: 'currentPasswordWrong',
    });
  }
  if (contactChanged) {
    await rateLimit.enforce(db, [
      contactCheckLimit(contactCheckKeys.account(user.id), CONTACT_CHECK_LIMITS.perAccount),
      ...(client.ip ? [contactCheckLimit(contactCheckKeys.address(client.ip), CONTACT_CHECK_LIMITS.perAddress)] : []),
    ]);
    refuseTaken(await repo.takenContacts(db, { email, phone, exceptId: user.id }));
  }

  const changes: UserUpdate = { nickname: input.nickname!.trim(), email, phone };
  if (passwordChanged) changes.password_hash = await hashPassword(input.password!);
  const emailChanged = email !== user.email;
  // A new address is unconfirmed until its link is opened (docs/decisions/016).
  if (emailChanged) changes.email_confirmed_at = null;
  try {
    return await inTransaction(shop, async (tx) => {
      const trx = tx.db;
      // The row as it is now: the link may have changed since the session's copy was read.
      const fresh = (await repo.findUserById(trx, user.id)) ?? user;
      const unlinkFrom = passwordChanged && input.unlink_telegram ? fresh.telegram_user_id : null;
      const updated = await repo.updateUser(trx, user.id, { ...changes, ...(unlinkFrom ? UNLINKED : {}) });
      if (passwordChanged) await repo.revokeSessions(trx, user.id, { keep: sessionId });
      await tellProfileChanges(tx, fresh, updated, { passwordChanged, unlinkFrom });
      return updated;
    });
  } catch (err) {
    const column = violatedUserColumn(err);
    if (column === 'email' || column === 'phone') refuseTaken({ email: column === 'email', phone: column === 'phone' });
    throw err;
  }
}

/** The notices of a profile change (`before` and `after` are the account's rows), on every channel. */
async function tellProfileChanges(
  trx: MailTx,
  before: User,
  after: User,
  change: { passwordChanged: boolean; unlinkFrom: string | null },
): Promise<void> {
  const contactChanged = before.email !== after.email || before.phone !== after.phone;
  if (change.passwordChanged) {
    // To the chat linked before the change: with the link removed, it hears that it was unlinked.
    const chats = change.unlinkFrom ? [{ chatId: change.unlinkFrom, kind: 'telegram_unlinked' as const }] : [];
    await tellAccountOwner(trx, after, {
      bot: change.unlinkFrom ? undefined : 'password_changed',
      chats,
      mail: 'password_changed',
    });
    if (change.unlinkFrom) {
      await tellAccountOwner(trx, after, { mail: 'telegram_unlinked', telegramName: telegramNameOf(before) });
    }
  }
  if (!contactChanged) return;
  // A new address is not confirmed yet: the old one hears of the change (when it was confirmed), and the bot.
  await tellAccountOwner(trx, after, {
    bot: 'contact_changed',
    mail: before.email === after.email ? 'phone_changed' : undefined,
  });
  if (before.email !== after.email) {
    const mailLang = langOf(before.language);
    await queueConfirmation(trx, { userId: after.id, email: after.email, lang: mailLang, changed: true });
    if (mayMail(before, 'email_changed'))
      await enqueueMail(trx, {
        to: before.email,
        userId: after.id,
        kind: 'email_changed',
        lang: mailLang,
        params: { newAddress: after.email },
      });
  }
}

interface PreferenceInput {
  notify_orders?: boolean;
  notify_email?: boolean;
  language?: 'en' | 'zh';
}

/** Edits the notification toggles and the language; what is not given stays. Bank details: bank-details.ts. */
export async function updatePreferences(db: Db, user: User, input: PreferenceInput): Promise<User> {
  const changes: UserUpdate = {};
  if (input.notify_orders !== undefined) changes.notify_orders = input.notify_orders ? 1 : 0;
  if (input.notify_email !== undefined) changes.notify_email = input.notify_email ? 1 : 0;
  if (input.language !== undefined) changes.language = input.language;
  if (Object.keys(changes).length === 0) return user;
  return repo.updateUser(db, user.id, changes);
}
