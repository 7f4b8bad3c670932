import { createHash, randomBytes } from 'node:crypto';

/** A new bearer token: 32 random bytes, base64url. Only its hash is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Sessions live 30 days from their last use… */
export const SESSION_DAYS = 30;

/**
 * …and at most 90 days from their creation, however often they are used: a token copied from a device (a leaked
 * backup, a shared computer) stops working within three months even when it is used every day. The customer then
 * logs in again. The auth lookup refuses older sessions and the sliding expiry never goes past this.
 */
export const SESSION_MAX_DAYS = 90;

/** Revoked sessions (logged out, ended by a password change) are kept this long, then deleted by the cleanup job. */
export const REVOKED_SESSION_KEEP_DAYS = 7;
