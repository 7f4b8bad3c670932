import { useCallback, useSyncExternalStore } from 'react';
import { type Sdk, useSdk } from './sdk';

/**
 * Telegram's full screen (Bot API 8.0, docs/decisions/053): the SDK's `viewport.requestFullscreen` posts
 * `web_app_request_fullscreen`, Telegram answers `fullscreen_changed` (or `fullscreen_failed`), and the viewport's
 * `isFullscreen` follows it, whoever changed it (the user may leave full screen through Telegram itself). The safe
 * areas Telegram then reports are bound as CSS variables by init.ts (`viewport.bindCssVars`), which the shell pads by.
 */
export interface TelegramFullscreen {
  /** Inside Telegram 8.0+, with the viewport mounted; false in a browser, on an older client and while hydrating. */
  available: boolean;
  /** The Mini App is in full screen now. */
  active: boolean;
  /** Asks Telegram for full screen; resolves to whether it is now. */
  enter(): Promise<boolean>;
  /** Asks Telegram to leave full screen. */
  exit(): Promise<void>;
}

const call = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

const subscribeTo = (sdk: Sdk | null) => (listener: () => void) => {
  if (!sdk) return () => {};
  // Mounting makes full screen available; a change of mode (either way) moves `isFullscreen`.
  const offs = [
    call(
      () => sdk.viewport.isMounted.sub(listener),
      () => {},
    ),
    call(
      () => sdk.viewport.isFullscreen.sub(listener),
      () => {},
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
};

const snapshotOf = (sdk: Sdk | null) => (): string => {
  if (!sdk) return 'off';
  const available = call(() => sdk.viewport.requestFullscreen.isAvailable(), false);
  const active = call(() => sdk.viewport.isFullscreen(), false);
  return `${available ? 'on' : 'off'}${active ? ' full' : ''}`;
};

const subscriptions = new WeakMap<Sdk, ReturnType<typeof subscribeTo>>();
const snapshots = new WeakMap<Sdk, ReturnType<typeof snapshotOf>>();
const NONE = { subscribe: subscribeTo(null), snapshot: snapshotOf(null) };

/** React: Telegram's full screen, following the SDK's viewport. */
export function useTelegramFullscreen(): TelegramFullscreen {
  const sdk = useSdk();
  let subscribe = NONE.subscribe;
  let snapshot = NONE.snapshot;
  if (sdk) {
    subscribe = subscriptions.get(sdk) ?? subscribeTo(sdk);
    subscriptions.set(sdk, subscribe);
    snapshot = snapshots.get(sdk) ?? snapshotOf(sdk);
    snapshots.set(sdk, snapshot);
  }
  const state = useSyncExternalStore(subscribe, snapshot, NONE.snapshot);
  const enter = useCallback(async () => {
    if (!sdk) return false;
    try {
      const [called, changing] = sdk.viewport.requestFullscreen.ifAvailable();
      if (!called) return false;
      await changing;
      return sdk.viewport.isFullscreen();
    } catch (err) {
      console.warn('Telegram full screen refused', err);
      return false;
    }
  }, [sdk]);
  const exit = useCallback(async () => {
    if (!sdk) return;
    try {
      await sdk.viewport.exitFullscreen.ifAvailable()[1];
    } catch (err) {
      console.warn('Telegram could not leave full screen', err);
    }
  }, [sdk]);
  return { available: state.startsWith('on'), active: state.endsWith('full'), enter, exit };
}
