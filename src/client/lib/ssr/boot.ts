import type { Lang } from '@common/contract/lang';
import { EARLY_AGE_YES, mirrorCookieText, type SSR_COOKIES } from '@common/server-render';
import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a server-rendered page tells the client (`<script type="application/json" id="boot">`, docs/decisions/022):
 * the screen it rendered, under which assumptions (language, age gate), and the data it rendered from.
 */
export interface Boot {
  screen: string;
  lang: Lang;
  /** The age gate is in the markup (no "visited" cookie). */
  ageGate: boolean;
  queries: DehydratedState;
}

export const BOOT_ELEMENT_ID = 'boot';

/** The page's boot data, or null (a page the server did not render, or unreadable data). */
export function readBoot(doc: Document = document): Boot | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Boot;
  } catch {
    return null;
  }
}

/**
 * Writes a mirror cookie (a year, the whole site, Lax), so the server renders the next page as this browser shows it.
 * Never throws (cookies may be disabled).
 */
export function mirrorCookie(name: keyof typeof SSR_COOKIES, value: string): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Telegram WebViews
    document.cookie = mirrorCookieText(name, value);
  } catch {
    // cookies disabled: the server renders the defaults and the client renders over them
  }
}

/**
 * Whether the age gate's Yes was tapped on the server's markup before the app started (docs/decisions/027: the
 * page's start script answered it and marked `<html>`).
 */
export function answeredEarly(): boolean {
  // No document while the server renders (entry-server.tsx): no page, nothing answered.
  if (typeof document === 'undefined') return false;
  return document.documentElement.dataset[EARLY_AGE_YES.flag] !== undefined;
}

/** From `markStarting` until the first screen is hydrated (`screenHydrated`): the stores answer what the server drew. */
let hydrating = false;
const onHydrated = new Set<() => void>();

/**
 * React takes over the page's taps (`<html data-app="starting">`; "ready" once live, `markLive`): set in the task that
 * starts the hydration, so the start script stops answering the age gate between main.tsx's read of the answer and the
 * hydration's first render (docs/decisions/027). The stores answer as on the server until the first screen is hydrated.
 */
export function markStarting(): void {
  document.documentElement.dataset.app = 'starting';
  hydrating = true;
}

/** How long the stores wait at most for the first screen (one that fails shows the error page instead). */
const HYDRATING_MAX_MS = 5000;

/** The app is live (App's first effect: rendered, or the server's shell hydrated): `<html data-app="ready">`. */
export function markLive(): void {
  document.documentElement.dataset.app = 'ready';
  if (hydrating) setTimeout(screenHydrated, HYDRATING_MAX_MS);
}

/** The first screen is drawn or hydrated (its first effect, app/layout/FirstScreenReady): the stores tell React now. */
export function screenHydrated(): void {
  if (!hydrating) return;
  hydrating = false;
  for (const listener of onHydrated) listener();
}

/** What useSyncExternalStore takes: a store's subscribe, its snapshot, and what the server drew. */
export interface ExternalStore<T> {
  subscribe: (listener: () => void) => () => void;
  snapshot: () => T;
  serverSnapshot: () => T;
}

/**
 * A store for useSyncExternalStore that answers `server` (what the server drew) while React hydrates the server's
 * markup, and `now()` once the first screen is hydrated, when it also tells React to read it again; between, it tells
 * React when `subscribes` do (docs/decisions/027). React 18 hydrates each Suspense boundary after the shell, and an
 * urgent update before (a store answering something new: Telegram's host check, its SDK, its theme, which finish
 * while the page hydrates) makes it give up hydrating the boundary and draw it again (React error 421).
 */
export function storeWhileHydrating<T>(
  server: T,
  now: () => T,
  ...subscribes: Array<(listener: () => void) => () => void>
): ExternalStore<T> {
  return {
    subscribe: (listener) => {
      const offs = [...subscribes, subscribeHydrated].map((subscribe) => subscribe(listener));
      return () => {
        for (const off of offs) off();
      };
    },
    snapshot: () => (hydrating ? server : now()),
    serverSnapshot: () => server,
  };
}

export function subscribeHydrated(listener: () => void): () => void {
  onHydrated.add(listener);
  return () => onHydrated.delete(listener);
}
