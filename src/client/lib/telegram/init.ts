import { confirmTelegramHost, telegramHostState } from './launch';
import { getSdk, setSdk } from './sdk';
import './telegram.css';

/**
 * Starts the Telegram SDK inside Telegram only: binds theme parameters and viewport (with safe areas)
 * to CSS variables, mounts the buttons, tells Telegram the app is ready, and expands it.
 * "Inside Telegram" means a Telegram host answered (launch.ts): in a plain browser tab, even one whose URL carries
 * `#tgWebAppData=…`, this is decided at once and loads nothing. With a host transport the SDK is fetched while the
 * host answers, so a real Telegram waits for one of the two, not both.
 */
export async function initTelegram(): Promise<boolean> {
  const host = confirmTelegramHost();
  if (telegramHostState() === 'browser') return false;
  const loading = import('@telegram-apps/sdk-react');
  // Not Telegram after all (no answer): the chunk is dropped unused.
  loading.catch(() => {});
  if (!(await host)) return false;
  let sdk: Awaited<typeof loading>;
  try {
    sdk = await loading;
    sdk.init();
  } catch (err) {
    console.warn('Telegram SDK could not start', err);
    return false;
  }
  setSdk(sdk);
  sdk.backButton.mount.ifAvailable();
  sdk.mainButton.mount.ifAvailable();
  sdk.closingBehavior.mount.ifAvailable();
  sdk.initData.restore();
  if (sdk.themeParams.mountSync.isAvailable()) {
    sdk.themeParams.mountSync();
    sdk.themeParams.bindCssVars.ifAvailable();
  }
  if (sdk.miniApp.mountSync.isAvailable()) {
    sdk.miniApp.mountSync();
    sdk.miniApp.bindCssVars.ifAvailable();
  }
  if (sdk.viewport.mount.isAvailable()) {
    // The host answers viewport and safe-area requests; never block the app on a slow host.
    void Promise.race([sdk.viewport.mount(), new Promise((r) => setTimeout(r, 1500))])
      .then(() => {
        sdk.viewport.bindCssVars.ifAvailable();
        sdk.viewport.expand.ifAvailable();
      })
      .catch((err: unknown) => console.warn('Telegram viewport unavailable', err));
  }
  sdk.miniApp.ready.ifAvailable();
  return true;
}

/** Light or dark: Telegram's theme inside Telegram; light in a browser. */
export function appearance(): 'light' | 'dark' {
  const sdk = getSdk();
  if (!sdk) return 'light';
  try {
    return sdk.themeParams.isDark() ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}
