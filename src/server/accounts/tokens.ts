import { createHash, randomBytes } from 'node:crypto';

/** A new bearer token: 32 random bytes, base64url. Only its hash is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Sessions live 30 days from their last use. */
export const SESSION_DAYS = 30;
