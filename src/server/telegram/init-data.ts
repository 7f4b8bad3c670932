import { isExpiredError, parse, validate } from '@telegram-apps/init-data-node';

/**
 * initData older than this is refused, for logging in and for linking alike (docs/decisions/001): it was 24 hours at
 * first and is one hour now: a copied initData (a shared link, a screenshot of the URL, a browser history entry) logs
 * its Telegram user in for at most an hour, and the Mini App gets a fresh one each time it is opened from Telegram.
 */
export const INIT_DATA_MAX_AGE_SECONDS = 60 * 60;
/** A small allowance for a host clock that runs ahead of ours; further in the future is refused. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** The Telegram user named by validated initData. */
export interface TelegramIdentity {
  /** The Telegram user id, as text (ids pass 2^31; stored as text). */
  id: string;
  /** @username without the @, if the user has one. */
  username: string | null;
  /** First and last name. */
  name: string;
  languageCode: string | null;
  /** The Mini App's start parameter (`startapp`), if any. */
  startParam: string | null;
  authDate: Date;
}

/** What `parse` answers (snake_case keys, dates as Date), as far as the shop reads it. */
interface ParsedInitData {
  auth_date: Date;
  start_param?: string;
  user?: { id: number; first_name?: string; last_name?: string; username?: string; language_code?: string };
}

/** Why initData was not accepted. */
export type InitDataProblem = 'notConfigured' | 'missing' | 'invalid' | 'expired' | 'noUser';

export type InitDataCheck = { ok: true; user: TelegramIdentity } | { ok: false; problem: InitDataProblem };

/**
 * Checks raw initData as Telegram sends it to a Mini App: HMAC-SHA-256 with a key derived from the bot
 * token, `auth_date` within the hour (and not in the future), and a `user` present. Only then is the
 * user read from it; nothing is read from unvalidated data.
 */
export function checkInitData(raw: string | undefined | null, botToken: string | undefined): InitDataCheck {
  if (!botToken) return { ok: false, problem: 'notConfigured' };
  if (!raw?.trim()) return { ok: false, problem: 'missing' };
  try {
    validate(raw, botToken, { expiresIn: INIT_DATA_MAX_AGE_SECONDS });
  } catch (err) {
    // A missing hash, a bad auth_date, a tampered field or another bot's token: all "not valid".
    return { ok: false, problem: isExpiredError(err) ? 'expired' : 'invalid' };
  }
  let data: ParsedInitData;
  try {
    data = parse(raw) as unknown as ParsedInitData;
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (data.auth_date.getTime() > Date.now() + FUTURE_SKEW_MS) return { ok: false, problem: 'invalid' };
  const user = data.user;
  if (!user || typeof user.id !== 'number' || !Number.isSafeInteger(user.id) || user.id <= 0) {
    return { ok: false, problem: 'noUser' };
  }
  const name = [user.first_name, user.last_name]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  return {
    ok: true,
    user: {
      id: String(user.id),
      username: user.username?.trim() || null,
      name: name || user.username || String(user.id),
      languageCode: user.language_code ?? null,
      startParam: data.start_param ?? null,
      authDate: data.auth_date,
    },
  };
}

/**
 * The `hash` field of raw initData: what tells one issued initData from another (Telegram signs each launch anew), so
 * the sessions minted from one initData can be counted. Read it only from initData that `checkInitData` accepted.
 */
export function initDataHash(raw: string): string | null {
  try {
    return new URLSearchParams(raw).get('hash')?.trim() || null;
  } catch {
    return null;
  }
}
