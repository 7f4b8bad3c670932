import type { Lang } from '@common/contract/lang';
import { EARLY_AGE_YES, MIRROR_COOKIE_MAX_AGE_S, SSR_COOKIES } from '@common/server-render';
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
    document.cookie = `${SSR_COOKIES[name]}=${value}; path=/; max-age=${MIRROR_COOKIE_MAX_AGE_S}; samesite=lax`;
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

/**
 * React takes over the page's taps (`<html data-app="starting">`; "ready" once live): set in the task that starts the
 * hydration, so the start script stops answering the age gate between main.tsx's read of the answer and the
 * hydration's first render (docs/decisions/027).
 */
export function markStarting(): void {
  document.documentElement.dataset.app = 'starting';
}
