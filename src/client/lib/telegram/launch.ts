/**
 * Telegram launch parameters, read without the SDK so a browser never loads it.
 * Telegram opens a Mini App with `#tgWebAppData=…&tgWebAppPlatform=…` in the URL; the hash is lost on
 * the first navigation, so the parameters are kept in sessionStorage for the life of the tab.
 */
const KEY = 'leafcup/launch';

interface Launch {
  initData?: string;
  platform?: string;
  themeParams?: Record<string, string>;
  userLanguage?: string;
  userId?: string;
}

let cached: Launch | null | undefined;

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
  let userLanguage: string | undefined;
  let userId: string | undefined;
  if (initData) {
    try {
      const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as {
        id?: number;
        language_code?: string;
      } | null;
      userLanguage = user?.language_code;
      userId = user?.id !== undefined ? String(user.id) : undefined;
    } catch {
      // malformed user field: treated as no user
    }
  }
  return { initData, platform, themeParams, userLanguage, userId };
}

export function readLaunch(): Launch | null {
  if (cached !== undefined) return cached;
  if (typeof window === 'undefined') return null;
  const current = fromHash(window.location.hash);
  if (current) {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(current));
    } catch {
      // ignore
    }
    cached = current;
    return cached;
  }
  try {
    cached = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Launch | null;
  } catch {
    cached = null;
  }
  return cached;
}

/** True only inside Telegram (launch parameters present). */
export const isInTelegram = (): boolean => readLaunch() !== null;

/** The raw initData string to send to the server (validated there), or undefined in a browser. */
export const telegramInitData = (): string | undefined => readLaunch()?.initData;

export const telegramLanguageCode = (): string | undefined => readLaunch()?.userLanguage;

/** The Telegram user id of the launch (display only: the server trusts only validated initData). */
export const telegramUserIdFromLaunch = (): string | undefined => readLaunch()?.userId;

export const telegramPlatform = (): string | undefined => readLaunch()?.platform;

/** For tests: forget what was read. */
export function resetLaunchCache(): void {
  cached = undefined;
}
