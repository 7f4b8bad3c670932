import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connection';
import { shopSecret } from '../settings/service';

/**
 * A ready copy's download link (docs/decisions/051): `/v1/data-export/<id>?exp=<unix>&sig=<hmac>`, the HMAC-SHA-256 of
 * the copy's id, its owner and its expiry under a server secret kept in the settings table (every instance signs and
 * checks alike). The link is the credential, so it works in any browser, without a session, from an e-mail or the bot;
 * it stops at the copy's expiry, when the job deletes the file. `sig` is redacted from the request log (lib/log.ts).
 */

export const DATA_EXPORT_PATH = '/v1/data-export';

const signingKey = (db: Db) => shopSecret(db, 'data_export_link_secret', () => randomBytes(32).toString('base64url'));

const sign = (key: string, id: number, userId: number, exp: number) =>
  createHmac('sha256', key).update(`data-export:${id}:${userId}:${exp}`).digest('base64url');

const unixOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The link (a path of the shop) to copy `id` of `userId`, valid until `expiresAt`. */
export async function downloadPath(db: Db, copy: { id: number; user_id: number; expires_at: string }) {
  const exp = unixOf(copy.expires_at);
  return `${DATA_EXPORT_PATH}/${copy.id}?exp=${exp}&sig=${sign(await signingKey(db), copy.id, copy.user_id, exp)}`;
}

/** Whether `sig` is the signature of copy `id` of `userId` expiring at `exp` (the expiry itself is checked apart). */
export async function signatureHolds(db: Db, link: { id: number; userId: number; exp: number; sig: string }) {
  if (!Number.isSafeInteger(link.exp)) return false;
  const expected = Buffer.from(sign(await signingKey(db), link.id, link.userId, link.exp));
  const given = Buffer.from(link.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
