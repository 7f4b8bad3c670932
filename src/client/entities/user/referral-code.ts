/**
 * The referral code a visitor arrived with, kept for registration, and the visitor id that lets the
 * server count a visit once a day. The login screen reads `getStoredReferralCode()` (after `?ref` and
 * `/login/{code}`) to prefill the code; `getVisitorKey()` may be sent with the registration so that
 * the visit is marked converted.
 *
 * Keys are the app's own (not the shared storage keys of docs/product.md §2): the code lives in sessionStorage (this
 * visit only), the visitor id in localStorage.
 */

import { APP_KEYS, storage, tabStorage } from '@/lib/storage/storage';

export const REFERRAL_CODE_SESSION_KEY = APP_KEYS.referralCode;
const RECORDED_SESSION_KEY = APP_KEYS.referralVisits;
const VISITOR_LOCAL_KEY = APP_KEYS.visitorKey;

/** What a referral code may look like in a URL (the server checks the same). */
const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const isReferralCode = (value: unknown): value is string =>
  typeof value === 'string' && REFERRAL_CODE_PATTERN.test(value);

/** The referral code of this visit (from `/{code}` or `?ref={code}`), or null. */
export function getStoredReferralCode(): string | null {
  const code = tabStorage.get(REFERRAL_CODE_SESSION_KEY);
  return isReferralCode(code) ? code : null;
}

export function storeReferralCode(code: string): void {
  if (isReferralCode(code)) tabStorage.set(REFERRAL_CODE_SESSION_KEY, code);
}

function recordedCodes(): string[] {
  try {
    const list = JSON.parse(tabStorage.get(RECORDED_SESSION_KEY) ?? '[]') as unknown;
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
    tabStorage.set(RECORDED_SESSION_KEY, JSON.stringify([...codes, code.toUpperCase()].slice(-20)));
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
  const stored = storage.get(VISITOR_LOCAL_KEY);
  if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
  const key = memoryVisitorKey ?? randomKey();
  memoryVisitorKey = key;
  storage.set(VISITOR_LOCAL_KEY, key);
  return key;
}
