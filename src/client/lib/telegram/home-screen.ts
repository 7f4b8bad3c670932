import { getSdk } from './sdk';

/**
 * "Add to home screen" (Bot API 8.0): `checkHomeScreenStatus` posts `web_app_check_home_screen` and Telegram answers
 * `home_screen_checked` with `unsupported`, `unknown`, `added` or `missed`; `addToHomeScreen` posts
 * `web_app_add_to_home_screen` (Telegram then shows its own prompt).
 */
export type HomeScreenStatus = 'unsupported' | 'unknown' | 'added' | 'missed';

/** Whether this Telegram can add the Mini App to the home screen (false in a browser and before 8.0). */
export function canAddToHomeScreen(): boolean {
  try {
    const sdk = getSdk();
    return Boolean(sdk?.addToHomeScreen.isAvailable() && sdk.checkHomeScreenStatus.isAvailable());
  } catch {
    return false;
  }
}

/** Whether the Mini App is on the home screen; `unsupported` when it cannot be asked (or the asking failed). */
export async function homeScreenStatus(): Promise<HomeScreenStatus> {
  const sdk = getSdk();
  if (!sdk || !canAddToHomeScreen()) return 'unsupported';
  try {
    // Through `ifAvailable`, as every SDK call of lib/telegram (back-button.ts says why).
    const [asked, checking] = sdk.checkHomeScreenStatus.ifAvailable({ timeout: 3000 });
    if (!asked) return 'unsupported';
    const status = await checking;
    return status === 'added' || status === 'missed' || status === 'unknown' ? status : 'unsupported';
  } catch {
    return 'unsupported';
  }
}

/** Asks Telegram to add the Mini App to the home screen; false when it cannot. */
export function addToHomeScreen(): boolean {
  const sdk = getSdk();
  if (!sdk || !canAddToHomeScreen()) return false;
  try {
    return sdk.addToHomeScreen.ifAvailable()[0];
  } catch {
    return false;
  }
}
