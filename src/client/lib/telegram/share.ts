import { getSdk } from './sdk';

// Share inside Telegram. Imported on demand, when Share is pressed inside Telegram (docs/decisions/053): nothing of it
// is on a page's first load, nor ever in a browser.

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

/**
 * What became of a share through a prepared message (docs/decisions/053): `sent`; `declined` (the user closed
 * Telegram's chat picker: nothing more to do); `unavailable` (a browser, or a Telegram before Bot API 8.0) and `failed`
 * (the server could not prepare it, or Telegram could not send it): the caller shares the link instead.
 */
export type ShareOutcome = 'sent' | 'declined' | 'unavailable' | 'failed';

/** Whether this Telegram shares prepared messages (`web_app_send_prepared_message`, Bot API 8.0). */
export function canShareMessage(): boolean {
  const sdk = getSdk();
  if (!sdk) return false;
  try {
    return sdk.shareMessage.isAvailable();
  } catch {
    return false;
  }
}

/**
 * Asks the server to prepare the message (`prepare`, the caller's API call), then has Telegram share it: the SDK's
 * `shareMessage` posts `web_app_send_prepared_message` with the id, and Telegram answers `prepared_message_sent` or
 * `prepared_message_failed` (`USER_DECLINED` when the user closed the picker).
 */
export async function sharePreparedMessage(
  prepare: () => Promise<{ prepared_message_id: string }>,
): Promise<ShareOutcome> {
  const sdk = getSdk();
  if (!sdk || !canShareMessage()) return 'unavailable';
  let id: string;
  try {
    id = (await prepare()).prepared_message_id;
  } catch (err) {
    console.warn('The message to share could not be prepared', err);
    return 'failed';
  }
  try {
    // Through `ifAvailable`, as every SDK call of lib/telegram (back-button.ts says why).
    const [called, sending] = sdk.shareMessage.ifAvailable(id);
    if (!called) return 'unavailable';
    await sending;
    return 'sent';
  } catch (err) {
    if (err instanceof Error && err.message.includes('USER_DECLINED')) return 'declined';
    console.warn('Telegram could not share the message', err);
    return 'failed';
  }
}
