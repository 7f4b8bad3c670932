import { useEffect } from 'react';
import { APP_KEYS, storage } from '@/lib/storage/storage';
import { whenIdleAfterLoad } from '@/lib/when-idle';
import { isLoggedIn, useSession } from '@/stores/session-store';

/**
 * Mounted by the layouts: while a customer is logged in, the cart follows their saved cart on the server
 * (docs/decisions/052). The sync itself (cart-sync.ts) is its own chunk, loaded once the page is idle, never in the
 * first load; a guest never loads it. Logging out stops it and forgets its state (the saved cart stays on the server).
 */
export function useCartSync(): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelWait: (() => void) | null = null;
    let alive = true;
    const begin = () => {
      if (stop || cancelWait) return;
      cancelWait = whenIdleAfterLoad(() => {
        void import('./cart-sync').then(({ startCartSync }) => {
          cancelWait = null;
          if (alive && !stop && isLoggedIn(useSession.getState())) stop = startCartSync();
        });
      });
    };
    const end = () => {
      cancelWait?.();
      cancelWait = null;
      stop?.();
      stop = null;
      storage.remove(APP_KEYS.cartSync);
    };
    if (isLoggedIn(useSession.getState())) begin();
    const unsubscribe = useSession.subscribe((state, previous) => {
      if (isLoggedIn(state) && !isLoggedIn(previous)) begin();
      else if (!isLoggedIn(state) && isLoggedIn(previous)) end();
    });
    return () => {
      alive = false;
      unsubscribe();
      cancelWait?.();
      stop?.();
    };
  }, []);
}
