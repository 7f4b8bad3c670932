/**
 * The idempotency key of the checkout in progress (decisions.md §6: a retried or double-clicked submit
 * makes one order). Generated once, kept in sessionStorage so a reload or a retry sends the same key,
 * and dropped only when the order has been placed.
 */
const KEY = 'leafcup/checkout-idempotency-key';

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
  let key: string | null = null;
  try {
    key = sessionStorage.getItem(KEY);
  } catch {
    key = memory;
  }
  if (key) return key;
  key = newKey();
  memory = key;
  try {
    sessionStorage.setItem(KEY, key);
  } catch {
    // storage disabled: the key lives in memory for this page
  }
  return key;
}

/** The order was placed: the next checkout gets a new key. */
export function clearCheckoutIdempotencyKey(): void {
  memory = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}
