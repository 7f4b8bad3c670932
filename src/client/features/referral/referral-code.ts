/**
 * The referral code a visitor arrived with, kept for registration, and the visitor id that lets the
 * server count a visit once a day. The login screen reads `getStoredReferralCode()` (after `?ref` and
 * `/login/{code}`) to prefill the code; `getVisitorKey()` may be sent with the registration so that
 * the visit is marked converted.
 *
 * Keys are the app's own (not spec keys): the code lives in sessionStorage (this visit only), the
 * visitor id in localStorage.
 */

export const REFERRAL_CODE_SESSION_KEY = 'leafcup.referral_code';
const RECORDED_SESSION_KEY = 'leafcup.referral_visits';
const VISITOR_LOCAL_KEY = 'leafcup.visitor_key';

/** What a referral code may look like in a URL (the server checks the same). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const isReferralCode = (value: unknown): value is string =>
  typeof value === 'string' && REFERRAL_CODE_PATTERN.test(value);

function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}
function write(store: () => Storage, key: string, value: string): void {
  try {
    store().setItem(key, value);
  } catch {
    // Storage disabled or full: the referral is simply not remembered.
  }
}
const session = () => window.sessionStorage;
const local = () => window.localStorage;

/** The referral code of this visit (from `/{code}` or `?ref={code}`), or null. */
export function getStoredReferralCode(): string | null {
  const code = read(session, REFERRAL_CODE_SESSION_KEY);
  return isReferralCode(code) ? code : null;
}

export function storeReferralCode(code: string): void {
  if (isReferralCode(code)) write(session, REFERRAL_CODE_SESSION_KEY, code);
}

export function clearStoredReferralCode(): void {
  try {
    session().removeItem(REFERRAL_CODE_SESSION_KEY);
  } catch {
    // ignore
  }
}

function recordedCodes(): string[] {
  try {
    const list = JSON.parse(read(session, RECORDED_SESSION_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether this session already recorded a visit for the code (visits are recorded once per code per session). */
export const wasVisitRecorded = (code: string): boolean => recordedCodes().includes(code.toUpperCase());

export function markVisitRecorded(code: string): void {
  const codes = recordedCodes();
  if (!codes.includes(code.toUpperCase())) {
    write(session, RECORDED_SESSION_KEY, JSON.stringify([...codes, code.toUpperCase()].slice(-20)));
  }
}

let memoryVisitorKey: string | null = null;

function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's visitor id (random, created once, kept in localStorage; in memory when storage is off). */
export function getVisitorKey(): string {
  const stored = read(local, VISITOR_LOCAL_KEY);
  if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
  const key = memoryVisitorKey ?? randomKey();
  memoryVisitorKey = key;
  write(local, VISITOR_LOCAL_KEY, key);
  return key;
}
