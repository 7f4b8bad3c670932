/**
 * The idempotency key of the checkout in progress (docs/decisions/006: a retried or double-clicked submit
 * makes one order). Generated once, kept in sessionStorage so a reload or a retry sends the same key,
 * and dropped only when the order has been placed.
 */
import { APP_KEYS, tabStorage } from '@/lib/storage/storage';

const KEY = APP_KEYS.checkoutIdempotencyKey;

let memory: string | null = null;

function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // Older webviews without randomUUID: a v4 UUID from getRandomValues.
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key of this checkout: the stored one, or a new one (stored). */
export function checkoutIdempotencyKey(): string {
  // Storage disabled: the key lives in memory for this page.
  const stored = tabStorage.get(KEY) ?? memory;
  if (stored) return stored;
  const key = newKey();
  memory = key;
  tabStorage.set(KEY, key);
  return key;
}

/** The order was placed: the next checkout gets a new key. */
export function clearCheckoutIdempotencyKey(): void {
  memory = null;
  tabStorage.remove(KEY);
}
