import { vi } from 'vitest';
import { APP_KEYS } from '../../../../src/client/lib/storage/storage';
import { confirmTelegramHost, resetLaunchCache } from '../../../../src/client/lib/telegram/launch';
import { type Sdk, setSdk } from '../../../../src/client/lib/telegram/sdk';

type HostWindow = Window & {
  TelegramWebviewProxy?: { postEvent(type: string, data?: string): void };
  Telegram?: { WebView?: { receiveEvent?(type: string, data?: unknown): void } };
};

/**
 * A Telegram host as the native apps provide one: `window.TelegramWebviewProxy.postEvent`, answering
 * `web_app_request_theme` with `theme_changed` through `window.Telegram.WebView.receiveEvent` (unless `answers` is
 * false: a transport that never answers). Records what the page posted.
 */
export function installTelegramHost({ answers = true }: { answers?: boolean } = {}) {
  const posted: string[] = [];
  const w = window as HostWindow;
  w.TelegramWebviewProxy = {
    postEvent(type: string) {
      posted.push(type);
      if (answers && type === 'web_app_request_theme') {
        setTimeout(() => w.Telegram?.WebView?.receiveEvent?.('theme_changed', { theme_params: {} }), 0);
      }
    },
  };
  return { posted };
}

/** Takes the fake host away and forgets the launch (call in afterEach). */
export function leaveTelegram(): void {
  delete (window as HostWindow).TelegramWebviewProxy;
  resetLaunchCache();
}

/** The launch parameters as launch.ts keeps them in sessionStorage for the tab. */
export function storeLaunchCopy(telegramUserId: string, initData: string) {
  sessionStorage.setItem(
    APP_KEYS.telegramLaunch,
    JSON.stringify({
      initData,
      platform: 'android',
      userId: telegramUserId,
      userLanguage: 'en',
      userName: 'Mei Chen',
      username: 'mei_tea',
    }),
  );
}

export const testInitData = (telegramUserId: string) => `user=%7B%22id%22%3A${telegramUserId}%7D&hash=abc`;

/**
 * Pretends the app was opened inside Telegram by this user: the launch parameters of the tab, and a Telegram host that
 * answers the host check (launch.ts), which has run when this resolves.
 */
export async function openInTelegram(telegramUserId: string, initData = testInitData(telegramUserId)) {
  storeLaunchCopy(telegramUserId, initData);
  installTelegramHost();
  resetLaunchCache();
  if (!(await confirmTelegramHost())) throw new Error('the fake Telegram host did not answer');
  return initData;
}

/**
 * A stand-in for @telegram-apps/sdk-react with what the app uses: MainButton, closing behaviour, invoices, the share
 * sheet (`shareURL`; `shareAvailable: false` for a Telegram that cannot open it), links opened outside (`openLink`).
 */
export function installFakeSdk(
  opts: { invoiceStatus?: string; invoiceAvailable?: boolean; shareAvailable?: boolean } = {},
) {
  const clickListeners = new Set<() => void>();
  const setParams = vi.fn();
  const enableConfirmation = vi.fn();
  const disableConfirmation = vi.fn();
  const open = Object.assign(
    vi.fn(async () => opts.invoiceStatus ?? 'paid'),
    { isAvailable: () => opts.invoiceAvailable ?? true },
  );
  const shareURL = Object.assign(
    vi.fn((_url: string, _text?: string) => {}),
    { isAvailable: () => opts.shareAvailable ?? true },
  );
  const openLink = Object.assign(
    vi.fn((_url: string) => {}),
    { isAvailable: () => true },
  );
  const fake = {
    openLink,
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
    shareURL,
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
    shareURL,
    openLink,
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
