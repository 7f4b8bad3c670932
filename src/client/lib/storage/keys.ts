/** Browser storage keys of spec §3, in one place. */
export const STORAGE_KEYS = {
  cart: 'cart',
  user: 'user',
  token: 'token',
  telegramUserId: 'telegram_user_id',
  hasVisited: 'hasVisited',
  language: 'language',
  i18nextLng: 'i18nextLng',
} as const;

/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the app keeps working in memory.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
  clear(): void {
    try {
      window.localStorage.clear();
    } catch {
      // ignore
    }
  },
};
