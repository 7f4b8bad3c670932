import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection';
import { shopSecret } from '../settings/service';

/**
 * The part of a rate-limit key that names a person (an e-mail address, a phone number, a typed log-in id), as a keyed
 * hash: HMAC-SHA-256 under the shop's own secret (kept in `settings`, made on first use like the receipt links' and
 * the signals' keys), so the `rate_limits` table counts attempts per person without holding who they are, and a copy
 * of it cannot be reversed by hashing guesses (docs/decisions/050). `scope` keeps one person's keys of different
 * limits apart. Give the value normalized, as the limit compares it.
 */
export async function personKeyPart(db: Db, scope: string, value: string): Promise<string> {
  const secret = await shopSecret(db, 'rate_limit_key_secret', () => randomBytes(32).toString('base64url'));
  return `h${createHmac('sha256', secret).update(`${scope}\n${value}`).digest('base64url')}`;
}
