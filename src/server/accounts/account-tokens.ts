import type { Db } from '../db/connection';
import type { AccountTokensTable } from '../db/schema';
import { addMinutes, nowIso } from '../lib/time';
import { hashToken, newToken } from './tokens';

// The single-use links mailed for an account (migration 2026-11-24T13-00): all their SQL. A token is 32 random bytes
// (base64url) shown once in the link; only its SHA-256 is stored.

export type AccountTokenPurpose = AccountTokensTable['purpose'];

/** How long a link works: a password reset 30 minutes (docs/product.md section 9), an address confirmation 7 days. */
export const TOKEN_MINUTES: Record<AccountTokenPurpose, number> = {
  reset_password: 30,
  confirm_email: 7 * 24 * 60,
};

/**
 * Makes a new link for `userId` and ends the older unused ones of the same purpose (a new request invalidates them).
 * Call it with the transaction that queues the e-mail carrying it. Answers the token (for the link only).
 */
export async function issueAccountToken(
  db: Db,
  req: { userId: number; purpose: AccountTokenPurpose; email: string },
  now: string = nowIso(),
): Promise<string> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', req.userId)
    .where('purpose', '=', req.purpose)
    .where('used_at', 'is', null)
    .execute();
  const token = newToken();
  await db
    .insertInto('account_tokens')
    .values({
      user_id: req.userId,
      purpose: req.purpose,
      token_hash: hashToken(token),
      email: req.email,
      expires_at: addMinutes(now, TOKEN_MINUTES[req.purpose]),
      created_at: now,
    })
    .execute();
  return token;
}

/**
 * Uses a link once: marks it used only if it is of `purpose`, unused and not expired (one conditional update, so two
 * requests with one token cannot both pass), and answers its row; undefined for an unknown, used or expired token.
 */
export async function useAccountToken(db: Db, token: string, purpose: AccountTokenPurpose, now: string = nowIso()) {
  const tokenHash = hashToken(token);
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'email', 'purpose'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A link's row whatever its state (used, expired), or undefined. */
export async function findAccountToken(db: Db, token: string, purpose: AccountTokenPurpose) {
  return db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'email', 'used_at', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Deletes links expired before `before` (kept a while after, then gone; see accounts/cleanup.ts). */
export async function deleteExpiredAccountTokens(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('account_tokens').where('expires_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
