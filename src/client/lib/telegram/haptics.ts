import { getSdk } from './sdk';

/** Haptic feedback inside Telegram (add to cart, errors, a placed order); nothing in a browser. */
export function haptic(kind: 'success' | 'error' | 'warning' | 'light'): void {
  const sdk = getSdk();
  if (!sdk) return;
  try {
    if (kind === 'light') sdk.hapticFeedback.impactOccurred.ifAvailable('light');
    else sdk.hapticFeedback.notificationOccurred.ifAvailable(kind);
  } catch {
    // haptics are a nicety
  }
}
