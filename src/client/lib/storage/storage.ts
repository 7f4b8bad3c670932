import { EARLY_AGE_YES } from '@common/server-render';

/**
 * Every browser-storage read and write of the client goes through here, with every key spelt once.
 * Storage may be disabled, full or private (Safari, some in-app browsers): nothing here ever throws; a read
 * then answers null and a write is dropped (the app keeps working in memory).
 */

/** localStorage keys shared with any compatible client (docs/product.md §2, Browser storage), spelled as they are. */
export const STORAGE_KEYS = {
  cart: 'cart',
  user: 'user',
  token: 'token',
  telegramUserId: 'telegram_user_id',
  hasVisited: EARLY_AGE_YES.storageKey,
  language: 'language',
  i18nextLng: 'i18nextLng',
} as const;

/** The app's own keys, not shared: `tab` ones live in sessionStorage (this tab), `local` in localStorage. */
export const APP_KEYS = {
  /** A guest's "Add to cart" waiting for the log-in (docs/decisions/012). */
  pendingCartLine: 'pendingCartLine',
  /**
   * The product whose "Notify me when available" a guest pressed, set once they have logged in (docs/decisions/018).
   */
  pendingStockAlert: 'leafcup.pending_stock_alert',
  /**
   * The cart's sync with the server (localStorage, docs/decisions/052): whose saved cart the `cart` key mirrors,
   * whether this browser's cart was merged into it, and the changes not saved yet.
   */
  cartSync: 'leafcup.cart_sync',
  /** The idempotency key of the checkout in progress (docs/decisions/006). */
  checkoutIdempotencyKey: 'leafcup/checkout-idempotency-key',
  /** The verified Telegram launch parameters of this tab. */
  telegramLaunch: 'leafcup/launch',
  /** The referral code this visit arrived with, and the codes whose visit was already recorded. */
  referralCode: 'leafcup.referral_code',
  referralVisits: 'leafcup.referral_visits',
  /** This browser's visitor id (localStorage). */
  visitorKey: 'leafcup.visitor_key',
  /** When the "add to home screen" offer was shown inside Telegram (localStorage; it is offered once). */
  homeScreenOffered: 'leafcup.home_screen_offered',
} as const;

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  clear(): void;
}

function safe(area: () => Storage): SafeStorage {
  return {
    get(key) {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        area().setItem(key, value);
      } catch {
        // Storage full or disabled: the app keeps working in memory.
      }
    },
    remove(key) {
      try {
        area().removeItem(key);
      } catch {
        // ignore
      }
    },
    clear() {
      try {
        area().clear();
      } catch {
        // ignore
      }
    },
  };
}

let serverLocal: Storage | null = null;
/**
 * The server render's stand-in for localStorage (src/client/entry-server.tsx): what the request's cookies mirror
 * (language, age gate), so the server draws the screen this browser will show. Null again after the render.
 */
export function setServerStorage(area: Storage | null): void {
  serverLocal = area;
}

/** localStorage that never throws. */
export const storage = safe(() => serverLocal ?? window.localStorage);
/** sessionStorage (this tab only) that never throws. */
export const tabStorage = safe(() => window.sessionStorage);
