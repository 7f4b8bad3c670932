import type { UserInfo } from '@common/contract/accounts';
import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { setCredentialsSource } from '@/lib/api/client';
import { STORAGE_KEYS, storage } from '@/lib/storage/storage';

interface SessionState {
  user: UserInfo | null;
  token: string | null;
  telegramUserId: string | null;
  setSession(user: UserInfo, token: string): void;
  setUser(user: UserInfo): void;
  /** Drops token and Telegram id (get-user-info failed: docs/product.md §2, Sessions). */
  dropCredentials(): void;
  clear(): void;
}

type Persisted = Pick<SessionState, 'user' | 'token' | 'telegramUserId'>;

/** Keeps user, token and telegram_user_id under the shared browser storage keys (docs/product.md §2). */
const specKeys: PersistStorage<Persisted> = {
  getItem: () => {
    let user: UserInfo | null = null;
    try {
      user = JSON.parse(storage.get(STORAGE_KEYS.user) ?? 'null') as UserInfo | null;
    } catch {
      storage.remove(STORAGE_KEYS.user);
    }
    return {
      state: { user, token: storage.get(STORAGE_KEYS.token), telegramUserId: storage.get(STORAGE_KEYS.telegramUserId) },
      version: 0,
    };
  },
  setItem: (_name, { state }) => {
    const write = (key: string, value: string | null) =>
      value == null ? storage.remove(key) : storage.set(key, value);
    write(STORAGE_KEYS.user, state.user ? JSON.stringify(state.user) : null);
    write(STORAGE_KEYS.token, state.token);
    write(STORAGE_KEYS.telegramUserId, state.telegramUserId);
  },
  removeItem: () => {
    storage.remove(STORAGE_KEYS.user);
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.telegramUserId);
  },
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      token: null,
      telegramUserId: null,
      setSession: (user, token) => set({ user, token, telegramUserId: user.telegram_user_id }),
      setUser: (user) => set({ user, telegramUserId: user.telegram_user_id }),
      dropCredentials: () => set({ token: null, telegramUserId: null }),
      clear: () => set({ user: null, token: null, telegramUserId: null }),
    }),
    {
      name: 'session',
      storage: specKeys,
      partialize: ({ user, token, telegramUserId }) => ({ user, token, telegramUserId }),
    },
  ),
);

// The API client reads the token and Telegram id from here (lib/ never imports stores/).
setCredentialsSource(() => useSession.getState());

export const isLoggedIn = (s: Pick<SessionState, 'user'>) => s.user !== null;
