import { getSdk } from './sdk';

/**
 * Opens `url` (absolute, or relative to the app) in the browser inside Telegram: the SDK's `openLink`
 * (`web_app_open_link`); Telegram's web view does not open a link's new tab (`target="_blank"`) the way a browser does.
 * False in a browser, or when this Telegram cannot: the link then opens as a link does.
 */
export function openLinkInTelegram(url: string): boolean {
  const sdk = getSdk();
  if (!sdk) return false;
  try {
    // Through `ifAvailable`, as every SDK call of lib/telegram (back-button.ts says why).
    return sdk.openLink.ifAvailable(new URL(url, window.location.href).toString())[0];
  } catch (err) {
    console.warn('Telegram could not open the link', err);
    return false;
  }
}
