import { TELEGRAM_WEB_ORIGINS } from '@common/telegram-origins';
import { useSyncExternalStore } from 'react';
import { storeWhileHydrating } from '../ssr/boot';
import { APP_KEYS, tabStorage } from '../storage/storage';

/**
 * Telegram launch parameters, read without the SDK so a browser never loads it, and trusted only when a Telegram host
 * answers (docs/decisions/001).
 *
 * Telegram opens a Mini App with `#tgWebAppData=…&tgWebAppPlatform=…` in the URL. Anyone can put that in a link, so a
 * URL alone never makes a tab "inside Telegram": someone else's initData in a link opened in a plain browser tab must
 * not log its Telegram user in there, nor be linked to whoever is logged in. The parameters count only when the page
 * has a way to talk to a Telegram host (the native apps' `window.TelegramWebviewProxy`, the old Windows Phone
 * `window.external.notify`, or a parent frame: Telegram's web clients show a Mini App in an iframe) AND the host
 * answers `web_app_request_theme` with `theme_changed` within HOST_TIMEOUT_MS. With no transport the answer is "not
 * Telegram", decided synchronously: nothing waits and nothing of the SDK is downloaded.
 *
 * The hash is lost on the first navigation, so verified parameters are kept in sessionStorage for the life of the tab.
 * Browsers copy sessionStorage into tabs opened from this one, so that copy too is used only after the host check
 * passed in the tab reading it: it never carries a Telegram identity into a plain tab.
 */
const KEY = APP_KEYS.telegramLaunch;

/** How long a host with a transport has to answer the theme request before the tab counts as not Telegram. */
const HOST_TIMEOUT_MS = 1000;

interface Launch {
  initData?: string;
  platform?: string;
  /** The Bot API version the Telegram app supports (`tgWebAppVersion`): error reports say it. */
  version?: string;
  themeParams?: Record<string, string>;
  userLanguage?: string;
  userId?: string;
  /** The Telegram user's name and @username as the host put them in initData (display only). */
  userName?: string;
  username?: string;
  /**
   * The `startapp` parameter the Mini App was opened with (initData's `start_param`, else `tgWebAppStartParam`), only
   * on the page Telegram opened: the tab's stored copy leaves it out, so a reload does not act on it again.
   */
  startParam?: string;
}

/** Where the host check stands: not started, waiting for the host, or decided. */
type HostState = 'unknown' | 'checking' | 'telegram' | 'browser';

let state: HostState = 'unknown';
let verified: Launch | null = null;
/** While the host check runs: what the launch claims, used for looks only (launchLooks), never for identity. */
let claimedNow: Launch | null = null;
let pending: Promise<boolean> | undefined;
const listeners = new Set<() => void>();

function decide(next: 'telegram' | 'browser', launch: Launch | null): boolean {
  state = next;
  verified = next === 'telegram' ? launch : null;
  claimedNow = null;
  for (const listener of listeners) listener();
  return next === 'telegram';
}

function fromHash(hash: string): Launch | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const initData = params.get('tgWebAppData') ?? undefined;
  const platform = params.get('tgWebAppPlatform') ?? undefined;
  if (!initData && !platform) return null;
  let themeParams: Record<string, string> | undefined;
  try {
    themeParams = JSON.parse(params.get('tgWebAppThemeParams') ?? 'null') ?? undefined;
  } catch {
    themeParams = undefined;
  }
  const launch: Launch = { initData, platform, themeParams, version: params.get('tgWebAppVersion') ?? undefined };
  // Telegram puts the start parameter in the query string (some clients in the hash too) and in initData.
  const startParam =
    params.get('tgWebAppStartParam') ?? new URLSearchParams(window.location.search).get('tgWebAppStartParam');
  if (startParam) launch.startParam = startParam;
  if (initData) {
    const signed = new URLSearchParams(initData).get('start_param');
    if (signed) launch.startParam = signed;
    try {
      const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as {
        id?: number;
        language_code?: string;
        first_name?: string;
        last_name?: string;
        username?: string;
      } | null;
      launch.userLanguage = user?.language_code;
      launch.userId = user?.id !== undefined ? String(user.id) : undefined;
      launch.userName = [user?.first_name, user?.last_name].filter((p) => p?.trim()).join(' ') || undefined;
      launch.username = user?.username || undefined;
    } catch {
      // malformed user field: treated as no user
    }
  }
  return launch;
}

/** The launch parameters this tab claims (URL hash, else this tab's sessionStorage copy), not yet trusted. */
function claimedLaunch(): { launch: Launch; fromUrl: boolean } | null {
  const current = fromHash(window.location.hash);
  if (current) return { launch: current, fromUrl: true };
  try {
    const stored = JSON.parse(tabStorage.get(KEY) ?? 'null') as Launch | null;
    return stored && typeof stored === 'object' ? { launch: stored, fromUrl: false } : null;
  } catch {
    return null;
  }
}

type HostWindow = Window & {
  TelegramWebviewProxy?: { postEvent?: unknown };
  external?: { notify?: unknown };
  Telegram?: { WebView?: { receiveEvent?: unknown } };
};

type Transport = 'proxy' | 'notify' | 'iframe';

/** How this page could talk to a Telegram host, if at all (decided synchronously). */
function hostTransport(): Transport | null {
  if (typeof window === 'undefined') return null;
  const w = window as HostWindow;
  if (typeof w.TelegramWebviewProxy?.postEvent === 'function') return 'proxy';
  try {
    if (typeof w.external?.notify === 'function') return 'notify';
  } catch {
    // some browsers throw on reading window.external
  }
  try {
    if (window.parent !== window || window.self !== window.top) return 'iframe';
  } catch {
    // a cross-origin top throws on some engines: that is a frame
    return 'iframe';
  }
  return null;
}

function post(transport: Transport, eventType: string): void {
  const w = window as HostWindow;
  if (transport === 'proxy') {
    (w.TelegramWebviewProxy!.postEvent as (type: string, data?: string) => void)(eventType, undefined);
  } else if (transport === 'notify') {
    (w.external!.notify as (message: string) => void)(JSON.stringify({ eventType }));
  } else {
    // Only Telegram's web clients get it; a frame of another origin never sees the request.
    for (const origin of TELEGRAM_WEB_ORIGINS) window.parent.postMessage(JSON.stringify({ eventType }), origin);
  }
}

/**
 * Listens for one host event through the native hooks (`Telegram.WebView.receiveEvent` and its older twins) and, in
 * a frame, messages from the parent when it is one of Telegram's web origins. Any hook already there is still called.
 * Returns the function that takes the listeners away again (so the SDK later installs its own on a clean window).
 */
function listen(onEvent: (eventType: string) => void): () => void {
  const w = window as HostWindow & {
    TelegramGameProxy?: { receiveEvent?: unknown };
    TelegramGameProxy_receiveEvent?: unknown;
  };
  const restores: Array<() => void> = [];
  const hook = (owner: Record<string, unknown>, name: string) => {
    const had = Object.hasOwn(owner, name);
    const previous = owner[name];
    owner[name] = (eventType: string, eventData?: unknown) => {
      if (typeof eventType === 'string') onEvent(eventType);
      if (typeof previous === 'function') previous(eventType, eventData);
    };
    restores.push(() => {
      if (had) owner[name] = previous;
      else delete owner[name];
    });
  };
  const hadTelegram = w.Telegram !== undefined;
  const hadWebView = w.Telegram?.WebView !== undefined;
  w.Telegram ??= {};
  w.Telegram.WebView ??= {};
  hook(w.Telegram.WebView as Record<string, unknown>, 'receiveEvent');
  const hadGameProxy = w.TelegramGameProxy !== undefined;
  w.TelegramGameProxy ??= {};
  hook(w.TelegramGameProxy as Record<string, unknown>, 'receiveEvent');
  hook(w as unknown as Record<string, unknown>, 'TelegramGameProxy_receiveEvent');
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || !TELEGRAM_WEB_ORIGINS.includes(event.origin)) return;
    let data: unknown = event.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    const eventType = (data as { eventType?: unknown } | null)?.eventType;
    if (typeof eventType === 'string') onEvent(eventType);
  };
  window.addEventListener('message', onMessage);
  return () => {
    window.removeEventListener('message', onMessage);
    for (const restore of restores.reverse()) restore();
    if (!hadGameProxy) delete w.TelegramGameProxy;
    if (!hadWebView && w.Telegram) delete w.Telegram.WebView;
    if (!hadTelegram) delete w.Telegram;
  };
}

/** Keeps verified parameters for this tab (the hash is lost on navigation). */
function remember(launch: Launch): void {
  // Storage full or refused: the parameters last for this page only. The start parameter is this page's alone.
  const { startParam: _once, ...kept } = launch;
  tabStorage.set(KEY, JSON.stringify(kept));
}

/**
 * Decides, once per page, whether this tab is inside Telegram: launch parameters, a host transport and the host's
 * answer to `web_app_request_theme` (see the top of this file). Without launch parameters or a transport it is
 * decided before this returns (`telegramHostState()` is then 'browser'). Resolves to true only inside Telegram.
 */
export function confirmTelegramHost(opts: { timeoutMs?: number } = {}): Promise<boolean> {
  if (pending) return pending;
  if (typeof window === 'undefined') {
    decide('browser', null);
    pending = Promise.resolve(false);
    return pending;
  }
  const claimed = claimedLaunch();
  const transport = claimed ? hostTransport() : null;
  if (!claimed || !transport) {
    decide('browser', null);
    pending = Promise.resolve(false);
    return pending;
  }
  state = 'checking';
  claimedNow = claimed.launch;
  pending = new Promise<boolean>((resolve) => {
    let done = false;
    let stop: () => void = () => {};
    const finish = (inTelegram: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stop();
      if (inTelegram) remember(claimed.launch);
      resolve(decide(inTelegram ? 'telegram' : 'browser', claimed.launch));
    };
    const timer = setTimeout(() => finish(false), opts.timeoutMs ?? HOST_TIMEOUT_MS);
    stop = listen((eventType) => {
      if (eventType === 'theme_changed') finish(true);
    });
    try {
      post(transport, 'web_app_request_theme');
    } catch {
      finish(false);
    }
  });
  return pending;
}

/** Where the host check stands now. */
export const telegramHostState = (): HostState => state;

/** The launch parameters, only once a Telegram host answered; null in a browser and while the check runs. */
function readLaunch(): Launch | null {
  return state === 'telegram' ? verified : null;
}

/** True only inside Telegram: a host answered (see confirmTelegramHost). */
export const isInTelegram = (): boolean => readLaunch() !== null;

/** Calls `listener` when the host check decides (Telegram or a browser); returns the unsubscribe. */
export function subscribeLaunch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const inTelegramStore = storeWhileHydrating(false, isInTelegram, subscribeLaunch);

/** React: whether the page runs inside Telegram; false as on the server while the page hydrates (lib/ssr/boot.ts). */
export function useIsInTelegram(): boolean {
  return useSyncExternalStore(inTelegramStore.subscribe, inTelegramStore.snapshot, inTelegramStore.serverSnapshot);
}

/** The raw initData string to send to the server (validated there), or undefined outside a verified host. */
export const telegramInitData = (): string | undefined => readLaunch()?.initData;

export const telegramLanguageCode = (): string | undefined => readLaunch()?.userLanguage;

/** The Telegram user id of the launch (display only: the server trusts only validated initData). */
export const telegramUserIdFromLaunch = (): string | undefined => readLaunch()?.userId;

/**
 * How the page should look inside Telegram (platform, theme, the user's language): the verified launch's, or, while
 * the host check runs, what the launch claims, so the first render does not wait for the host (docs/plans/015 §5).
 * Looks only: nothing that logs in, links or sends init_data reads this. Null in a browser and once the check said
 * "not Telegram".
 */
export function launchLooks(): Pick<Launch, 'platform' | 'version' | 'themeParams' | 'userLanguage'> | null {
  return state === 'telegram' ? verified : state === 'checking' ? claimedNow : null;
}

/** The Telegram platform (ios, android, tdesktop, …) for the app's looks (see launchLooks); undefined in a browser. */
export const telegramPlatform = (): string | undefined => launchLooks()?.platform;

let readySent = false;

/**
 * Tells the host that the first screen is drawn (`web_app_ready`: Telegram then takes its placeholder away), through
 * the host transport the check uses, so it needs no SDK. Once per page; sent while the check still runs too (only a
 * Telegram host has these transports; a frame posts to Telegram's web origins only). Nothing in a browser.
 */
export function signalReady(): void {
  if (readySent || (state !== 'checking' && state !== 'telegram')) return;
  const transport = hostTransport();
  if (!transport) return;
  readySent = true;
  try {
    post(transport, 'web_app_ready');
  } catch {
    // a host that went away: nothing to tell
  }
}

let startParamTaken = false;

/**
 * The `startapp` parameter of this launch, answered once per page (later calls: undefined), so the launch acts on it
 * once (src/common/startapp.ts reads it). Undefined outside a verified host.
 */
export function takeTelegramStartParam(): string | undefined {
  if (startParamTaken) return undefined;
  const param = readLaunch()?.startParam;
  if (param !== undefined) startParamTaken = true;
  return param;
}

/** For tests: forget what was read and decided. */
export function resetLaunchCache(): void {
  startParamTaken = false;
  readySent = false;
  state = 'unknown';
  verified = null;
  claimedNow = null;
  pending = undefined;
}
