/**
 * Account rules both sides apply (docs/product.md section 9): one copy, so the client refuses exactly what the server
 * refuses. The server (src/server/accounts/service.ts) answers with these; the client's forms check them before
 * sending.
 */
import { ACCOUNT_LIMITS } from './contract/accounts';

export { ACCOUNT_LIMITS };

// No spaces, and none of the characters that make an address field a list, a name or a group (`,;:<>()[]"\`):
// mail goes to exactly the address given (an `ann,eve@example.com` would otherwise be sent to eve@example.com).
const EMAIL_RE = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/;
const PHONE_RE = /^\+?\d{6,15}$/;

/**
 * The one form of an e-mail address the shop stores, looks up and counts by (register, log in, change of address,
 * forgot password, every throttle key): trimmed, lower-cased, then Unicode NFC. NFC only joins what are the same
 * characters written two ways (`e` + U+0301 and `é`), so a composed and a decomposed address are one account. NFKC is
 * not used: it also folds characters that are different ones (full-width `ｔ` → `t`, `ﬁ` → `fi`, `²` → `2`), so the
 * shop would treat as one account two mailboxes a mail server keeps apart, and mail an address other than the one
 * typed. Internationalised mail (RFC 6532, 3.1) recommends NFC and advises against NFKC for the same reason, and the
 * local part is only the receiving server's to read.
 * NFC comes last, so the result is composed whatever lower-casing did (`İ` lower-cases to `i` + U+0307).
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase().normalize('NFC');
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
