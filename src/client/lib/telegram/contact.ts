import { getSdk } from './sdk';

/**
 * The customer's phone number from Telegram (Mini Apps 6.9+). The SDK's `requestContact` first asks the client
 * for a contact already shared (`web_app_invoke_custom_method` getRequestedContact); if there is none it posts
 * `web_app_request_phone`, Telegram asks the customer, answers `phone_requested` with `sent` (agreed) or
 * `cancelled`, and the SDK then reads the shared contact with getRequestedContact.
 */

/** Whether this Telegram can share the phone number (false in a browser and on clients older than 6.9). */
export function canRequestPhone(): boolean {
  try {
    return Boolean(getSdk()?.requestContact.isAvailable());
  } catch {
    return false;
  }
}

/** The phone number the customer agreed to share, as Telegram gives it (digits, often without `+`); null when refused or unavailable. */
export async function requestPhone(): Promise<string | null> {
  const sdk = getSdk();
  if (!sdk) return null;
  try {
    // Through `ifAvailable`, as every SDK call of lib/telegram (back-button.ts says why).
    const [available, asking] = sdk.requestContact.ifAvailable();
    if (!available) return null;
    const answer = await asking;
    const phone = answer.contact.phone_number;
    return typeof phone === 'string' && phone.trim() !== '' ? phone : null;
  } catch {
    // Refused (AccessDeniedError), already asking, or the client did not answer: nothing to fill.
    return null;
  }
}
