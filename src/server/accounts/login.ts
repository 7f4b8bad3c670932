import { createHash } from 'node:crypto';
import { isEmail, isPhone, normalizeEmail, normalizePhone } from '../../common/account-rules';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { clientAddressKey } from '../lib/client-address';
import { tooManyRequests, unprocessable } from '../lib/errors';
import { personKeyPart } from '../rate-limits/person-key';
import * as rateLimit from '../rate-limits/rate-limit';
import { clientSignals, hasRecordedSignal, recordSignals } from '../referral/signals';
import type { MailTx } from '../shop';
import { tellAccountOwner } from './notices';
import { timingDummy, verifyPassword } from './passwords';
import * as repo from './repository';
import { createSession } from './session-repository';
import { blank, type Issue, refuse } from './validation';

/**
 * Logging in (docs/decisions/033, anchored on OWASP's authentication guidance: no lock-out an attacker can cause).
 * Wrong passwords slow down whoever sends them, never the account's owner elsewhere:
 * - one client and one account: 5 failures a window from a client address (or from a browser the account knows),
 *   then that client waits; the owner on another network or device is not affected;
 * - one client address, any account: 20 failures a window;
 * - one account from clients it does not know (guessing spread over many addresses): 10 failures a window, then one
 *   try a minute from such clients, however many there are; the owner is told (bot and e-mail) when it starts;
 * - a browser that logged in to the account before (the device cookie, device.ts) is not paced by the account's count.
 * Every attempt is counted before the password is checked, in one conditional statement per limit, so parallel
 * guesses never pass a limit; an attempt refused by a later limit is taken back from the earlier ones.
 */
export const LOGIN_LIMITS = {
  /** Failures of one client (address, or known browser) against one account. */
  perClientAndAccount: 5,
  /** Failures from one client address against any accounts. */
  perAddress: 20,
  /** Failures against one account from unknown clients before they are paced. */
  perAccountBeforePacing: 10,
  /** Past that, one try per this many minutes from unknown clients. */
  paceMinutes: 1,
  windowMinutes: 15,
} as const;

/** Counted without a limit (the account's failures from unknown clients): pacing decides, not this. */
const UNBOUNDED = 1_000_000_000;

/** The e-mail or phone number someone logs in with, or null when it is neither. */
function parseLoginId(raw: string): { kind: 'email' | 'phone'; value: string } | null {
  if (raw.includes('@')) {
    const email = normalizeEmail(raw);
    return isEmail(email) ? { kind: 'email', value: email } : null;
  }
  const phone = normalizePhone(raw);
  return isPhone(phone) ? { kind: 'phone', value: phone } : null;
}

const shortHash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The rate-limit keys of the log-in limits. Every key by address goes through clientAddressKey (IPv6: its /64). */
export const loginKeys = {
  address: (ip: string) => `login:ip:${clientAddressKey(ip)}`,
  /** An account's failures from unknown clients. */
  account: (userId: number) => `login:user:${userId}`,
  pace: (userId: number) => `login:user:${userId}:pace`,
  accountFromAddress: (userId: number, ip: string) => `login:user:${userId}:ip:${clientAddressKey(ip)}`,
  accountFromDevice: (userId: number, deviceId: string) => `login:user:${userId}:device:${shortHash(deviceId)}`,
  /**
   * No such account: the typed login id from this address (nothing tells whether it exists); the id as a keyed hash,
   * so the table never holds it (rate-limits/person-key.ts).
   */
  unknownFromAddress: async (db: Db, loginId: string, ip: string) =>
    `login:id:${await personKeyPart(db, 'login:id', loginId)}:ip:${clientAddressKey(ip)}`,
};

const tooMany = (minutes: number) => tooManyRequests('tooManyRequests', { minutes });

/** The attempts a log-in counted, to take back from the limits when a later one refuses it or it succeeds. */
class Attempt {
  private counted: Array<{ key: string; windowStart: string }> = [];
  constructor(private readonly db: Db) {}

  /** Counts under `key`; past `max`, takes back what it counted so far and refuses with 429. */
  async take(key: string, max: number, windowMinutes: number) {
    const hit = await rateLimit.hit(this.db, key, max, windowMinutes);
    if (!hit.allowed) {
      await this.takeBack();
      throw tooMany(hit.retryMinutes);
    }
    this.counted.push({ key, windowStart: hit.windowStart });
    return hit;
  }

  /** Takes this attempt back from every limit it was counted under (or from those `keys` only). */
  async takeBack(keys?: readonly string[]) {
    for (const c of this.counted)
      if (!keys || keys.includes(c.key)) await rateLimit.release(this.db, c.key, c.windowStart);
  }
}

export interface LoginClient {
  ip: string;
  /** The browser's device cookie (device.ts), or null. */
  deviceId: string | null;
}

/** Logs in by e-mail or phone within LOGIN_LIMITS; answers the account and a new session's token. */
export async function login(
  shop: MailTx,
  input: { login?: string; password?: string },
  client: LoginClient,
): Promise<{ user: User; token: string }> {
  const { db } = shop;
  const issues: Issue[] = [];
  if (blank(input.login)) issues.push({ field: 'login', key: 'loginIdRequired' });
  if (!input.password) issues.push({ field: 'password', key: 'passwordRequired' });
  if (issues.length) refuse(issues);
  const id = parseLoginId(input.login!);
  if (!id) refuse([{ field: 'login', key: 'enterEmailOrPhone' }]);
  const user =
    id.kind === 'email' ? await repo.findUserByEmail(db, id.value) : await repo.findUserByPhone(db, id.value);

  const known =
    user !== undefined &&
    client.deviceId !== null &&
    (await hasRecordedSignal(db, user.id, { kind: 'device', value: client.deviceId }));
  const { windowMinutes } = LOGIN_LIMITS;
  const attempt = new Attempt(db);
  const clientKey = !user
    ? await loginKeys.unknownFromAddress(db, id.value, client.ip)
    : known
      ? loginKeys.accountFromDevice(user.id, client.deviceId!)
      : loginKeys.accountFromAddress(user.id, client.ip);
  await attempt.take(clientKey, LOGIN_LIMITS.perClientAndAccount, windowMinutes);
  await attempt.take(loginKeys.address(client.ip), LOGIN_LIMITS.perAddress, windowMinutes);
  let accountFailures = 0;
  if (user && !known) {
    accountFailures = (await attempt.take(loginKeys.account(user.id), UNBOUNDED, windowMinutes)).count;
    if (accountFailures > LOGIN_LIMITS.perAccountBeforePacing) {
      await attempt.take(loginKeys.pace(user.id), 1, LOGIN_LIMITS.paceMinutes);
    }
  }

  const ok = user
    ? await verifyPassword(user.password_hash, input.password!)
    : (await verifyPassword(await timingDummy(), input.password!)) && false;
  if (!user || !ok) {
    // The failure that reaches the account's free tries starts the pacing: the owner hears of it, once a window.
    if (user && accountFailures === LOGIN_LIMITS.perAccountBeforePacing) {
      await tellAccountOwner(shop, user, { bot: 'login_attempts', mail: 'login_attempts' });
    }
    throw unprocessable('wrongCredentials');
  }

  // A success is no failure: it leaves the client's count empty and counts nowhere else. Failures from other
  // clients stay counted (they are not the owner's).
  await rateLimit.reset(db, clientKey);
  await attempt.takeBack([loginKeys.address(client.ip), loginKeys.account(user.id), loginKeys.pace(user.id)]);
  await recordSignals(db, user.id, clientSignals(client));
  return { user, token: await createSession(db, user.id) };
}
