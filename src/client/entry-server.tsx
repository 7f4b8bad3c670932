import type { Lang } from '@common/contract/lang';
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesFromChildren, matchPath, matchRoutes, StaticRouter } from 'react-router-dom';
import { App } from '@/app/App';
import { AppRoutes, SERVER_SCREENS, type ServerScreen } from '@/app/router';
import { isReferralCode } from '@/entities/user/referral-code';
import { ApiError, setApiTransport } from '@/lib/api/client';
import { i18n, initI18n } from '@/lib/i18n/i18n';
import { zhStart } from '@/lib/i18n/locales/zh';
import type { Boot } from '@/lib/ssr/boot';
import { STORAGE_KEYS, setServerStorage } from '@/lib/storage/storage';

/**
 * The server render of the shop's public first screens (docs/decisions/022), built by `npm run build` into
 * dist/server and called by the server's SPA fallback (src/server/plugins/client.ts). It renders the app at a URL
 * with a StaticRouter, its data fetched in process (the same API paths and bodies the client sends, through the
 * `send` it is given), in the visitor's language, with the age gate when they have not passed it. The client
 * hydrates that markup (main.tsx) from the same data (`boot.queries`).
 */

// Both languages: each request is rendered in its own.
initI18n('en', zhStart);

/** The query keys a screen may fetch on the server: public catalogue and info reads (nothing per-user, no writes). */
const SERVER_QUERIES = new Set(['banners', 'products', 'product', 'categories', 'tags', 'reviews', 'faq', 'info-page']);

/** The shop's routes as data, to tell a known path from an unknown one. */
let routes: ReturnType<typeof createRoutesFromChildren> | undefined;

/**
 * Whether the shop has a page at `pathname` (docs/decisions/047): the router's own routes, so an unknown path answers
 * 404. `/{referral_code}` counts when it has a code's form (whether the code is anyone's: `referralCodeOf`).
 */
export function knownPath(pathname: string): boolean {
  const last = lastMatch(pathname);
  if (!last || last.route.path === '*') return false;
  return last.route.path !== ':referralCode' || isReferralCode(last.params.referralCode);
}

/**
 * The code a path of the referral page (`/{referral_code}`) names, else null: the server answers 404 when no one has
 * that code (docs/decisions/055).
 */
export function referralCodeOf(pathname: string): string | null {
  const last = lastMatch(pathname);
  const code = last?.route.path === ':referralCode' ? last.params.referralCode : undefined;
  return isReferralCode(code) ? code : null;
}

function lastMatch(pathname: string) {
  routes ??= createRoutesFromChildren((AppRoutes() as { props: { children: unknown } }).props.children as never);
  const matches = matchRoutes(routes, pathname);
  return matches?.[matches.length - 1];
}

/** The server-rendered screen of a path, or null (the client renders it). */
export function screenOf(pathname: string): ServerScreen | null {
  for (const [name, screen] of Object.entries(SERVER_SCREENS)) {
    if (screen.paths.some((path) => matchPath(path, pathname))) return name as ServerScreen;
  }
  return null;
}

export interface RenderRequest {
  /** Path and query of the request. */
  url: string;
  lang: Lang;
  /** The visitor passed the age gate (its cookie): no gate in the markup. */
  visited: boolean;
  /** Answers an API call in process (same signature as fetch). */
  send: typeof fetch;
}

export interface Rendered {
  screen: ServerScreen;
  /** The page's source module: its key in the client build's manifest. */
  module: string;
  /** The markup inside #root. */
  html: string;
  boot: Boot;
  /** The largest image of the first screen, preloaded by the page's head. */
  lcpImage: { src: string; srcset?: string; sizes?: string } | null;
  /** What the screen shows is not there (a read answered 404 or 400: an unknown or hidden product): a 404 page. */
  notFound: boolean;
}

/** localStorage on the server: only what the cookies mirror. */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}

const enabled = (query: Query) => {
  const on = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof on === 'function' ? on(query) : on !== false;
};

const attr = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value?.replaceAll('&amp;', '&');
};

/** The first screen's LCP image: the one marked fetchpriority=high, else the first eager image of the page. */
function lcpImageOf(html: string): Rendered['lcpImage'] {
  const main = html.slice(Math.max(0, html.indexOf('<main')));
  const tags = main.match(/<img\b[^>]*>/g) ?? [];
  const tag = tags.find((t) => /\sfetchpriority="high"/i.test(t)) ?? tags.find((t) => /\sloading="eager"/.test(t));
  const src = tag && attr(tag, 'src');
  if (!tag || !src) return null;
  return { src, srcset: attr(tag, 'srcSet') ?? attr(tag, 'srcset'), sizes: attr(tag, 'sizes') };
}

// The render sets process-wide state (language, the stand-in storage, the API transport): one at a time.
let queue: Promise<unknown> = Promise.resolve();

/** Renders `url`'s screen, or null when it is not one the server renders. Throws when the render fails. */
export function render(request: RenderRequest): Promise<Rendered | null> {
  const run = queue.then(() => renderNow(request));
  queue = run.catch(() => {});
  return run;
}

async function renderNow({ url, lang, visited, send }: RenderRequest): Promise<Rendered | null> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const screen = screenOf(pathname);
  if (!screen) return null;
  await SERVER_SCREENS[screen].preload();
  await i18n.changeLanguage(lang);
  const local = new MemoryStorage();
  local.setItem(STORAGE_KEYS.i18nextLng, lang);
  if (visited) local.setItem(STORAGE_KEYS.hasVisited, 'true');
  setServerStorage(local);
  setApiTransport(send);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  try {
    const draw = () =>
      renderToString(
        <StrictMode>
          <App client={client} frame={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />
        </StrictMode>,
      );
    // Render, fetch what the screen asked for, render again, until it asks for nothing new (a screen's data may
    // depend on an earlier answer; three rounds at most).
    const tried = new Set<string>();
    // A product page whose id is not an id asks for nothing (its query is disabled): no product is there.
    let notFound = screen === 'details' && !/^\/details\/[1-9]\d{0,15}\/?$/.test(pathname);
    let html = draw();
    for (let round = 0; round < 3; round++) {
      const wanted = client
        .getQueryCache()
        .getAll()
        .filter(
          (q) =>
            q.state.status === 'pending' &&
            !tried.has(q.queryHash) &&
            SERVER_QUERIES.has(String(q.queryKey[0])) &&
            enabled(q),
        );
      if (!wanted.length) break;
      for (const q of wanted) tried.add(q.queryHash);
      await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
      // A failed read is left to the client (it shows the screen's loading state, as the server then does); one the
      // API refused as missing or malformed makes the page a 404 (docs/decisions/047).
      for (const q of wanted) {
        if (q.state.status !== 'error') continue;
        const { error } = q.state;
        if (error instanceof ApiError && (error.code === 404 || error.code === 400)) notFound = true;
        client.getQueryCache().remove(q);
      }
      html = draw();
    }
    const boot: Boot = {
      screen,
      lang,
      ageGate: !visited,
      queries: dehydrate(client),
    };
    return { screen, module: SERVER_SCREENS[screen].module, html, boot, lcpImage: lcpImageOf(html), notFound };
  } finally {
    setServerStorage(null);
    setApiTransport((input, init) => fetch(input, init));
    client.clear();
  }
}
