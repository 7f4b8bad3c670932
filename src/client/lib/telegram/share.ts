import { getSdk } from './sdk';

/**
 * Opens Telegram's share sheet for `url` (with `text` after it) inside Telegram: the SDK's `shareURL`, which opens
 * `https://t.me/share/url?url=…&text=…` through the host (`web_app_open_tg_link`). False in a browser, or when this
 * Telegram cannot open t.me links in the app; the caller then shares another way.
 */
export function shareInTelegram(url: string, text: string): boolean {
  const sdk = getSdk();
  if (!sdk) return false;
  try {
    // Through `ifAvailable`, as every SDK call of lib/telegram (back-button.ts says why).
    return sdk.shareURL.ifAvailable(url, text)[0];
  } catch (err) {
    console.warn('Telegram share sheet could not be opened', err);
    return false;
  }
}
