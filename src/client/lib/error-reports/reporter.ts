import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERROR_PATH,
  type ClientErrorKind,
  MAX_REPORTS_PER_PAGE,
} from '@common/client-error-rules';
import { API_BASE } from '../api/client';
import { launchLooks } from '../telegram/launch';

/**
 * Tells the shop about errors on the shopper's device (docs/decisions/045-errors-from-phones.md): uncaught errors,
 * unhandled rejections, scripts that failed to load (Vite's `vite:preloadError`) and screens that failed to render
 * (RouteErrorBoundary). Installed first thing by main.tsx and part of the entry, so a failed chunk load is still
 * reported: it is a few hundred bytes and loads nothing.
 *
 * Each distinct error (message and top of the stack) is sent once, and at most MAX_REPORTS_PER_PAGE per page load,
 * with `navigator.sendBeacon` (it outlives a page being closed), else `fetch` with keepalive. A report carries the
 * error's own message and stack, the page's path (never its query or fragment: a Mini App's launch data is in the
 * fragment), the build's id and, inside Telegram, the platform and version; the server scrubs it again before storing.
 */

type Send = (body: URLSearchParams) => void;

let report: ((kind: ClientErrorKind, error: unknown) => void) | undefined;
let listening = false;

/** The build's id from the entry script's URL: `…/assets/index-<hash>.js` → `index-<hash>` (the server's too). */
export const buildIdOf = (entryUrl: string): string => /([^/?#]+)\.[cm]?[jt]sx?(?:[?#].*)?$/.exec(entryUrl)?.[1] ?? '';

/** Where reports go: the API's server (VITE_API_BASE, else this origin). */
function beacon(body: URLSearchParams): void {
  const url = API_BASE + CLIENT_ERROR_PATH;
  try {
    if (!navigator.sendBeacon?.(url, body)) {
      fetch(url, { method: 'POST', body, keepalive: true }).catch(() => {});
    }
  } catch {
    // Nowhere to tell: the error stays on this device.
  }
}

/** A render error an error boundary caught (React does not pass it on to `window`). */
export const reportRenderError = (error: unknown): void => report?.('render', error);

/**
 * Starts reporting (again, with a fresh count: tests); `build` from `buildIdOf(import.meta.url)` in the entry. The
 * message and stack are cut to CLIENT_ERROR_LIMITS, which fit the server's body limit however they are encoded.
 */
export function installErrorReporter(build: string, send: Send = beacon): void {
  const seen = new Set<string>();
  report = (kind, error) => {
    const e = (error ?? {}) as { message?: unknown; stack?: unknown };
    const message =
      String(typeof e.message === 'string' ? e.message : error).slice(0, CLIENT_ERROR_LIMITS.message) || kind;
    const stack = typeof e.stack === 'string' ? e.stack.slice(0, CLIENT_ERROR_LIMITS.stack) : '';
    const key = `${message}\n${stack.split('\n', 3)}`;
    if (seen.has(key) || seen.size >= MAX_REPORTS_PER_PAGE) return;
    seen.add(key);
    const looks = launchLooks();
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries({
      // The server tells a failed load by its message whichever way it came (rejection, render).
      kind,
      message,
      stack,
      route: location.pathname,
      build,
      platform: looks?.platform,
      tg_version: looks?.version,
    })) {
      if (value) body.set(name, value);
    }
    send(body);
  };
  if (listening) return;
  listening = true;
  // A script of another origin gives no error, only "Script error.": nothing to act on.
  addEventListener('error', (event) => event.error && report?.('error', event.error));
  addEventListener('unhandledrejection', (event) => report?.('rejection', event.reason));
  addEventListener('vite:preloadError', (event) => report?.('chunk', (event as Event & { payload?: unknown }).payload));
}
