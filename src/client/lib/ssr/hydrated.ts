import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a server-rendered screen (and on the server), true afterwards and in a client render.
 * What only this browser knows (the cart, the logged-in user: localStorage) is shown once this is true, so the
 * first client render equals the server's guest markup (docs/decisions/022).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
