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
 * An SDK function as @telegram-apps/sdk makes them, for the fakes: `isAvailable()` and `ifAvailable(...args)` (which
 * answers `[true, result]` or `[false]`) around `impl`, whose calls the tests read. The plain call throws: the app calls
 * through `ifAvailable`, because the real one parses the launch parameters on every plain call (back-button.ts).
 */
export function sdkFunction<A extends unknown[], R>(
  impl: ((...args: A) => R) & { mock: unknown },
  isAvailable: () => boolean = () => true,
) {
  return Object.assign(
    (..._args: A): R => {
      throw new Error('call the Telegram SDK through ifAvailable');
    },
    {
      isAvailable,
      ifAvailable: (...args: A): [true, R] | [false] => (isAvailable() ? [true, impl(...args)] : [false]),
    },
  );
}

/**
 * A stand-in for @telegram-apps/sdk-react with what the app uses: MainButton, closing behaviour, invoices, the share
 * sheet (`shareURL`; `shareAvailable: false` for a Telegram that cannot open it), prepared messages (`shareMessage`,
 * Bot API 8.0: `shareMessageAvailable: false` for an older Telegram; `shareMessageAnswer` what Telegram answers, an
 * error such as `USER_DECLINED` rejecting), links opened outside (`openLink`).
 */
export function installFakeSdk(
  opts: {
    invoiceStatus?: string;
    invoiceAvailable?: boolean;
    shareAvailable?: boolean;
    shareMessageAvailable?: boolean;
    shareMessageAnswer?: 'sent' | string;
  } = {},
) {
  const clickListeners = new Set<() => void>();
  const setParams = vi.fn();
  const enableConfirmation = vi.fn();
  const disableConfirmation = vi.fn();
  const open = vi.fn(async (_url: string, _type?: string) => opts.invoiceStatus ?? 'paid');
  const shareURL = vi.fn((_url: string, _text?: string) => {});
  const openLink = vi.fn((_url: string) => {});
  const shareMessage = vi.fn(async (_id: string) => {
    const answer = opts.shareMessageAnswer ?? 'sent';
    // The SDK's ShareMessageError carries Telegram's error as its message.
    if (answer !== 'sent') throw new Error(answer);
  });
  const onClick = vi.fn((fn: () => void) => {
    clickListeners.add(fn);
    return () => {
      clickListeners.delete(fn);
    };
  });
  const fake = {
    openLink: sdkFunction(openLink),
    mainButton: {
      isMounted: () => true,
      setParams: sdkFunction(setParams),
      onClick: sdkFunction(onClick),
    },
    closingBehavior: {
      enableConfirmation: { ifAvailable: enableConfirmation },
      disableConfirmation: { ifAvailable: disableConfirmation },
    },
    invoice: { open: sdkFunction(open, () => opts.invoiceAvailable ?? true) },
    shareURL: sdkFunction(shareURL, () => opts.shareAvailable ?? true),
    shareMessage: sdkFunction(shareMessage, () => opts.shareMessageAvailable ?? true),
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
    shareMessage,
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
