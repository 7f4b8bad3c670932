/**
 * The cookies through which the client tells the server what it keeps in localStorage and the server cannot read
 * (docs/decisions/022): the shop's language and whether the visitor passed the age gate. The server renders the
 * first screen accordingly; without them, in English with the age gate.
 */
export const SSR_COOKIES = { lang: 'leafcup_lang', visited: 'leafcup_visited' } as const;

/** How long the mirror cookies last: a year. */
export const MIRROR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

/** A mirror cookie as `document.cookie` takes it (a year, the whole site, Lax): the app's and the page's start script's. */
export const mirrorCookieText = (name: keyof typeof SSR_COOKIES, value: string): string =>
  `${SSR_COOKIES[name]}=${value}; path=/; max-age=${MIRROR_COOKIE_MAX_AGE_S}; samesite=lax`;

/**
 * The age gate's "Yes" tapped on the server's markup before the app has started (docs/decisions/027). The page's start
 * script answers it as the app would (the visited flag under `storageKey`, the visited cookie) and sets `flag` on
 * `<html>`, which hides the gate at once; the app then starts as for a visitor who had answered.
 * `attribute` marks the Yes button. From the moment the app takes over (`<html data-app>` set) the script leaves taps
 * to it.
 */
export const EARLY_AGE_YES = { attribute: 'data-age-yes', flag: 'ageOk', storageKey: 'hasVisited' } as const;
