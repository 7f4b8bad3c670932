import { useSyncExternalStore } from 'react';
import { storeWhileHydrating } from '../ssr/boot';

/** The Telegram SDK, loaded only inside Telegram (see init.ts). Null in a browser, and inside Telegram until loaded. */
export type Sdk = typeof import('@telegram-apps/sdk-react');

let loaded: Sdk | null = null;
const listeners = new Set<() => void>();

export const getSdk = (): Sdk | null => loaded;
/** Set by init.ts once the SDK started; tests set a fake (or null) here. */
export const setSdk = (sdk: Sdk | null): void => {
  loaded = sdk;
  for (const listener of listeners) listener();
};

/**
 * React: the SDK, re-rendering when it arrives. The first screen renders without waiting for it (docs/plans/015 §5), so
 * a hook that attaches Telegram's buttons depends on this and attaches them once the SDK is there.
 */
export function useSdk(): Sdk | null {
  return useSyncExternalStore(sdkStore.subscribe, sdkStore.snapshot, sdkStore.serverSnapshot);
}

/** None while the page hydrates, as on the server (lib/ssr/boot.ts). */
const sdkStore = storeWhileHydrating<Sdk | null>(null, getSdk, subscribeSdk);

/** Calls `listener` when the SDK is set (started, or taken away in tests); returns the unsubscribe. */
export function subscribeSdk(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
