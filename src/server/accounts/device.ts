import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../lib/cookies';

/**
 * The device cookie (docs/decisions/033, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a
 * random id the browser keeps, HttpOnly, sent to the /v1 paths (among them log-in and sign-up). A browser that logged in to an
 * account before is known by it (an account signal, referral/signals.ts), so it is not slowed down when someone else
 * guesses that account's password from elsewhere. It proves nothing by itself: the password is still checked.
 */

export const DEVICE_COOKIE = 'lc_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{32}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The log-in and sign-up paths are under /v1 (a cookie's path is a whole path segment). */
const COOKIE_PATH = '/v1';

/** The request's device id, or null when it has none (or not one of ours). */
export function deviceIdOf(req: FastifyRequest): string | null {
  const value = readCookie(req, DEVICE_COOKIE);
  return value && DEVICE_ID.test(value) ? value : null;
}

/** The request's device id, or a new one for a browser without it. */
export const deviceIdFor = (req: FastifyRequest): string => deviceIdOf(req) ?? randomBytes(24).toString('base64url');

/** Sets (or renews) the device cookie; Secure when the request came over HTTPS. */
export function rememberDevice(req: FastifyRequest, reply: FastifyReply, deviceId: string): void {
  const attributes = [
    `${DEVICE_COOKIE}=${deviceId}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${ONE_YEAR_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(req.protocol === 'https' ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}
