import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeEmail } from '../../common/account-rules';
import { type Lang, langOf } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { clientAddressKey } from '../lib/client-address';
import { unprocessable } from '../lib/errors';
import { nowIso } from '../lib/time';
import { enqueueMail } from '../mail/outbox';
import { enqueueAccountNotification } from '../notifications/outbox';
import { personKeyPart } from '../rate-limits/person-key';
import * as rateLimit from '../rate-limits/rate-limit';
import { inTransaction, type MailTx, requireMail } from '../shop';
import { findAccountToken, issueAccountToken, useAccountToken } from './account-tokens';
import * as repo from './repository';
import { hashPassword, UNLINKED } from './service';
import { validateNewPassword } from './validation';

// Forgot password (docs/decisions/016): a single-use link to /reset-password/{token}, valid 30 minutes, mailed to the
// account's address; the reset sets the new password, ends every session, removes the Telegram link and tells the
// customer (e-mail, and the chat that was linked).

/**
 * Reset requests per e-mail address asked for, per account (the web form and the bot's /password share it) and per
 * client address, in one window. Beyond a limit the answer stays the same (nothing tells whether an account exists),
 * but nothing is mailed.
 */
export const RESET_LIMITS = {
  perEmail: 3,
  perAccount: 3,
  perAddress: 20,
  /** Tries of a reset link (/v2/reset-password) per client address: the 429 names the minutes left. */
  linkUsesPerAddress: 30,
  windowMinutes: 60,
} as const;
export const resetKeys = {
  /** The e-mail as a keyed hash: the table never holds it (rate-limits/person-key.ts). */
  email: async (db: Db, email: string) => `pw-reset:email:${await personKeyPart(db, 'pw-reset:email', email)}`,
  account: (userId: number) => `pw-reset:user:${userId}`,
  address: (ip: string) => `pw-reset:ip:${clientAddressKey(ip)}`,
  linkUse: (ip: string) => `pw-reset-link:ip:${clientAddressKey(ip)}`,
};

/** The forgot-password answer takes at least this long, whether or not an account exists, mailed or throttled. */
const FORGOT_MIN_MS = 250;

export const resetLinkPath = (token: string): string => `/reset-password/${token}`;

/** What became of a reset request for a known account. */
export type ResetLinkOutcome = 'sent' | 'throttled';

/**
 * Mails a reset link to a known account, unless its account limit is reached. An unconfirmed address gets it too
 * (mail/policy.ts): using the link proves the address, and a reset confirms it. Used by the forgot-password form and
 * the bot's /password.
 */
export async function sendResetLink(shop: MailTx, user: User, lang: Lang): Promise<ResetLinkOutcome> {
  const attempt = await rateLimit.hit(
    shop.db,
    resetKeys.account(user.id),
    RESET_LIMITS.perAccount,
    RESET_LIMITS.windowMinutes,
  );
  if (!attempt.allowed) return 'throttled';
  await inTransaction(shop, async (tx) => {
    const token = await issueAccountToken(tx.db, { userId: user.id, purpose: 'reset_password', email: user.email });
    await enqueueMail(tx, {
      to: user.email,
      userId: user.id,
      kind: 'password_reset',
      lang,
      params: { link: resetLinkPath(token) },
    });
  });
  return 'sent';
}

/** Where forgotPassword reports a failure it does not show (the request's logger). */
export interface ForgotPasswordLog {
  error(obj: object, msg: string): void;
}

/**
 * The forgot-password form: always answers the same, in about the same time, whether the address has an account,
 * is throttled, gets a link or its link could not be made (the database failed: logged, never a 500, which would tell
 * that the address has an account). An empty address is refused at the field (that tells nothing).
 */
export async function forgotPassword(
  shop: MailTx,
  input: { email?: string },
  lang: Lang,
  ip: string,
  log?: ForgotPasswordLog,
): Promise<void> {
  requireMail(shop);
  const { db } = shop;
  const email = normalizeEmail(input.email ?? '');
  if (!email) throw unprocessable('emailRequired', {}, [{ field: 'email', key: 'emailRequired' }]);
  const started = Date.now();
  try {
    const perEmail = await rateLimit.hit(
      db,
      await resetKeys.email(db, email),
      RESET_LIMITS.perEmail,
      RESET_LIMITS.windowMinutes,
    );
    const perAddress = ip
      ? await rateLimit.hit(db, resetKeys.address(ip), RESET_LIMITS.perAddress, RESET_LIMITS.windowMinutes)
      : { allowed: true };
    if (!perEmail.allowed || !perAddress.allowed) return;
    const user = await repo.findUserByEmail(db, email);
    if (user) await sendResetLink(shop, user, lang);
  } catch (err) {
    log?.error({ err }, 'forgot password: no link made; answered as usual');
  } finally {
    const left = FORGOT_MIN_MS - (Date.now() - started);
    if (left > 0) await sleep(left + Math.floor(Math.random() * 20));
  }
}

/**
 * Sets a new password with a reset link, throttled per client address. Cheap checks come first, so a bad request costs
 * no argon2: the password (a typo does not spend the link), then the link (unused, not expired, without spending it).
 * Only then the hash, and in one transaction the link is used once (the conditional update: of two requests with one
 * link only one passes), the hash set, every session ended and the notices queued. A link mailed to an address the
 * account no longer has does not work. Following the link also proves the address: it is confirmed.
 */
export async function resetPassword(
  shop: MailTx,
  input: { link_token?: string; password?: string; confirm_password?: string },
  ip: string,
): Promise<User> {
  requireMail(shop);
  const { db } = shop;
  if (ip) {
    await rateLimit.enforce(db, [
      { key: resetKeys.linkUse(ip), max: RESET_LIMITS.linkUsesPerAddress, windowMinutes: RESET_LIMITS.windowMinutes },
    ]);
  }
  validateNewPassword(input.password, input.confirm_password);
  const invalid = () => unprocessable('resetLinkInvalid', {}, [{ field: 'link_token', key: 'resetLinkInvalid' }]);
  if (!input.link_token) throw invalid();
  const found = await findAccountToken(db, input.link_token, 'reset_password');
  if (!found || found.used_at !== null || found.expires_at <= nowIso()) throw invalid();
  const passwordHash = await hashPassword(input.password!);
  const user = await inTransaction(shop, async (tx) => {
    const trx = tx.db;
    const now = nowIso();
    const link = await useAccountToken(trx, input.link_token!, 'reset_password', now);
    if (!link) return undefined;
    const owner = await repo.findUserById(trx, link.user_id);
    if (!owner || owner.email !== link.email) return undefined;
    // A reset ends every way into the account (docs/decisions/031): its sessions and its Telegram link, which opens
    // the Mini App logged in without a password and may be someone else's.
    const formerChat = owner.telegram_user_id;
    const updated = await repo.updateUser(trx, owner.id, {
      password_hash: passwordHash,
      ...(owner.email_confirmed_at ? {} : { email_confirmed_at: now }),
      ...(formerChat ? UNLINKED : {}),
    });
    await repo.revokeSessions(trx, owner.id, { now });
    await enqueueMail(tx, {
      to: owner.email,
      userId: owner.id,
      kind: 'password_was_reset',
      lang: langOf(owner.language),
      params: {},
    });
    if (formerChat) {
      await enqueueAccountNotification(
        trx,
        { userId: owner.id, kind: 'password_reset', telegramChatId: formerChat },
        now,
      );
    }
    return updated;
  });
  if (!user) throw invalid();
  return user;
}
