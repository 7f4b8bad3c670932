/**
 * Account rules both sides apply (spec §5, §9): one copy, so the client refuses exactly what the server refuses.
 * The server (src/server/accounts/service.ts) answers with these; the client's forms check them before sending.
 */
import { ACCOUNT_LIMITS } from './contract/accounts';

export { ACCOUNT_LIMITS };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?\d{6,15}$/;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
/** Separators (spaces, dashes, dots, brackets) are dropped, so "+60 12-345 6789" and "+60123456789" are one number. */
export const normalizePhone = (phone: string): string => phone.replace(/[\s\-().]/g, '');

/** A normalised e-mail (see normalizeEmail) of a plausible shape and at most `emailMax` characters. */
export const isEmail = (value: string): boolean => EMAIL_RE.test(value) && value.length <= ACCOUNT_LIMITS.emailMax;
/** A normalised phone number (see normalizePhone): an optional `+` and 6 to 15 digits. */
export const isPhone = (normalized: string): boolean => PHONE_RE.test(normalized);

/** Length in characters (not UTF-16 units): what the password limits count. */
export const charLength = (s: string): number => [...s].length;

/** Nothing but spaces (or nothing at all). */
export const blank = (v: string | undefined): boolean => v === undefined || v.trim() === '';
