import { vi } from 'vitest';
import { type Sdk, setSdk } from '../../../../src/client/lib/telegram/sdk';

/** A stand-in for @telegram-apps/sdk-react with what the app uses: MainButton, closing behaviour, invoices. */
export function installFakeSdk(opts: { invoiceStatus?: string; invoiceAvailable?: boolean } = {}) {
  const clickListeners = new Set<() => void>();
  const setParams = vi.fn();
  const enableConfirmation = vi.fn();
  const disableConfirmation = vi.fn();
  const open = Object.assign(
    vi.fn(async () => opts.invoiceStatus ?? 'paid'),
    { isAvailable: () => opts.invoiceAvailable ?? true },
  );
  const fake = {
    mainButton: {
      isMounted: () => true,
      setParams,
      onClick: (fn: () => void) => {
        clickListeners.add(fn);
        return () => clickListeners.delete(fn);
      },
    },
    closingBehavior: {
      enableConfirmation: { ifAvailable: enableConfirmation },
      disableConfirmation: { ifAvailable: disableConfirmation },
    },
    invoice: { open },
    hapticFeedback: {
      impactOccurred: { ifAvailable: vi.fn() },
      notificationOccurred: { ifAvailable: vi.fn() },
    },
  };
  setSdk(fake as unknown as Sdk);
  return {
    fake,
    setParams,
    enableConfirmation,
    disableConfirmation,
    open,
    /** Telegram's main_button_pressed. */
    press: () => {
      for (const fn of clickListeners) fn();
    },
    /** The last state put on the button. */
    last: () => setParams.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined,
    listeners: clickListeners,
  };
}

export const removeSdk = () => setSdk(null);
