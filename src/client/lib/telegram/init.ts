import { useSyncExternalStore } from 'react';
import { storeWhileHydrating } from '../ssr/boot';
import { yieldToMain } from '../yield-to-main';
import { confirmTelegramHost, launchLooks, subscribeLaunch, telegramHostState, telegramPlatform } from './launch';
import { markPerformanceClass } from './performance';
import { getSdk, setSdk, subscribeSdk } from './sdk';
import './telegram.css';

/**
 * Starts the Telegram side of the page without holding its first render (docs/plans/015 §5):
 * - `<html data-telegram>`: "false" in a plain browser tab (decided at once: no launch parameters or no host
 *   transport, and nothing of the SDK is downloaded); "pending" while the host is asked and the SDK loads (the
 *   in-page twin of the MainButton stays hidden: telegram.css); then "true" once the SDK started, else "false".
 * - Telegram's theme colours (`--tg-theme-*`) from the launch parameters at once, so the first render has them.
 * - `<html data-perf="low">` on Telegram for Android's LOW performance class (performance.ts).
 * - Inside Telegram ("inside" = a Telegram host answered, launch.ts) the SDK, fetched while the host answers, binds
 *   theme and viewport (with safe areas) and mounts the buttons; the hooks attach them when it is there (useSdk).
 * `web_app_ready` is not sent here: the layout sends it once the first screen has committed (launch.ts signalReady).
 * Resolves to true only inside Telegram with the SDK started.
 */
export function initTelegram(): Promise<boolean> {
  markPerformanceClass();
  const host = confirmTelegramHost();
  const root = document.documentElement;
  if (telegramHostState() === 'browser') {
    root.dataset.telegram = 'false';
    return Promise.resolve(false);
  }
  root.dataset.telegram = 'pending';
  const themed = setThemeVars(launchLooks()?.themeParams);
  const loading = import('@telegram-apps/sdk-react');
  // Not Telegram after all (no answer): the chunk is dropped unused.
  loading.catch(() => {});
  return host.then(async (inTelegram) => {
    // A chunk that never comes (a stalled network) must not hide the in-page actions for ever: they show again.
    const sdk = inTelegram ? await Promise.race([loading.catch(() => null), wait(SDK_TIMEOUT_MS)]) : null;
    const started = inTelegram && (await startSdk(sdk ?? null));
    root.dataset.telegram = started ? 'true' : 'false';
    // A URL's theme counts only inside Telegram.
    if (!inTelegram) for (const name of themed) root.style.removeProperty(name);
    return started;
  });
}

/** How long the page keeps the MainButton's in-page twin hidden while the SDK chunk loads (data-telegram "pending"). */
const SDK_TIMEOUT_MS = 10_000;
const wait = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/** Sets Telegram's theme colours as the SDK names them (`bg_color` → `--tg-theme-bg-color`); the names it set. */
function setThemeVars(theme: Record<string, string> | undefined): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(theme ?? {})) {
    if (!/^[a-z_]+$/.test(key) || typeof value !== 'string') continue;
    const name = `--tg-theme-${key.replace(/_/g, '-')}`;
    document.documentElement.style.setProperty(name, value);
    names.push(name);
  }
  return names;
}

/**
 * Starts the SDK and binds what the app uses, then hands it to the hooks (setSdk). Every SDK call checks again that it
 * runs in a Mini App by parsing the launch parameters (@telegram-apps/bridge `isTMA`: two URL parses and a schema check
 * of initData and the theme each time, dozens of them at start): one task for all of it blocked a 4×-slowed phone for 300 ms
 * on Telegram's first open, so each call runs as a task of its own (docs/decisions/027), and each function is called
 * once (`ifAvailable`, not `isAvailable` and then the call).
 */
async function startSdk(sdk: Awaited<typeof import('@telegram-apps/sdk-react')> | null): Promise<boolean> {
  try {
    if (!sdk) throw new Error('the SDK could not be loaded');
    // The import resolves in the task that evaluated the SDK's chunk (75 KB of modules, 60–160 ms of one task on a
    // 4×-slowed phone): init() and its parse start in the next one.
    await yieldToMain();
    sdk.init();
  } catch (err) {
    console.warn('Telegram SDK could not start', err);
    return false;
  }
  // One SDK call per task: each costs a parse of the launch parameters (see above). Only what the app uses: not the
  // SDK's initData (launch.ts reads the launch itself) nor the mini app's colours (no style reads --tg-bg-color & co.).
  let themed = false;
  const steps = [
    () => sdk.backButton.mount.ifAvailable(),
    () => sdk.mainButton.mount.ifAvailable(),
    () => sdk.closingBehavior.mount.ifAvailable(),
    () => {
      themed = sdk.themeParams.mountSync.ifAvailable()[0];
    },
    () => themed && sdk.themeParams.bindCssVars.ifAvailable(),
    () => {
      // The host answers viewport and safe-area requests; never block the app on a slow host.
      const [available, mounting] = sdk.viewport.mount.ifAvailable();
      if (!available) return;
      void Promise.race([mounting, new Promise((r) => setTimeout(r, 1500))])
        .then(async () => {
          await yieldToMain();
          sdk.viewport.bindCssVars.ifAvailable();
          await yieldToMain();
          sdk.viewport.expand.ifAvailable();
        })
        .catch((err: unknown) => console.warn('Telegram viewport unavailable', err));
    },
  ];
  for (const step of steps) {
    await yieldToMain();
    step();
  }
  // Last: the hooks waiting for the SDK (buttons) attach now, on a started SDK.
  setSdk(sdk);
  return true;
}

/** A colour is dark when its perceived brightness is low (the SDK's own rule for `themeParams.isDark`). */
function isDark(color: string | undefined): boolean {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color ?? '')?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
}

/** Light or dark: Telegram's theme inside Telegram (the launch's until the SDK is there); light in a browser. */
export function appearance(): 'light' | 'dark' {
  const sdk = getSdk();
  if (sdk) {
    try {
      return sdk.themeParams.isDark() ? 'dark' : 'light';
    } catch {
      // not mounted: the launch's theme says it
    }
  }
  return isDark(launchLooks()?.themeParams?.bg_color) ? 'dark' : 'light';
}

export interface AppLooks {
  appearance: 'light' | 'dark';
  platform: 'ios' | 'base';
}

/** What the server draws the app's root with: it has no launch parameters (docs/decisions/022). */
const SERVER_LOOKS = 'light base';

/** The app root's theme and platform now: Telegram's, or light and base in a browser. */
export function appLooks(): AppLooks {
  const platform = telegramPlatform();
  return { appearance: appearance(), platform: platform === 'ios' || platform === 'macos' ? 'ios' : 'base' };
}

const looksNow = (): string => {
  const looks = appLooks();
  return `${looks.appearance} ${looks.platform}`;
};

/** The server's looks while the page hydrates (lib/ssr/boot.ts). */
const looksStore = storeWhileHydrating(SERVER_LOOKS, looksNow, subscribeLaunch, subscribeSdk);

/**
 * React: the app root's theme and platform (Telegram's, or light and base in a browser), following the host check and
 * the SDK. A hydration draws the server's (light, base) first and then Telegram's, so a first open inside Telegram
 * hydrates the server's markup instead of drawing over it (docs/decisions/027); Telegram's colours are on the page
 * before either (THEME_BOOT).
 */
export function useAppLooks(): AppLooks {
  const looks = useSyncExternalStore(looksStore.subscribe, looksStore.snapshot, looksStore.serverSnapshot);
  const [appearance, platform] = looks.split(' ') as [AppLooks['appearance'], AppLooks['platform']];
  return { appearance, platform };
}
