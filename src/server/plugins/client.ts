import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { formatMessage } from '../../common/i18n/messages';
import { SSR_COOKIES as COOKIE } from '../../common/server-render';
import { isPrivatePath } from '../../common/web-presence';
import { readCookie } from '../lib/cookies';
import { redactUrl } from '../lib/log';
import { CachedAnswer, sendEncoded } from '../lib/response-cache';
import { scriptJson } from '../lib/script-json';
import { pageLang, shopOrigin } from '../web-presence/address';
import { type PageFacts, pageHead, withHead } from '../web-presence/page-head';
import { START_BOOT, THEME_BOOT } from './boot-scripts';
import { requestLang } from './errors';
import { serveStatic } from './static-files';

const API_PATH = /^\/(v1|v2)\//;

/** What dist/server/entry-server.js exports (src/client/entry-server.tsx). */
interface Renderer {
  render(request: { url: string; lang: 'en' | 'zh'; visited: boolean; send: typeof fetch }): Promise<{
    screen: string;
    module: string;
    html: string;
    boot: unknown;
    lcpImage: { src: string; srcset?: string; sizes?: string } | null;
    notFound: boolean;
  } | null>;
  /** Whether the shop has a page at this path (docs/decisions/047). */
  knownPath(pathname: string): boolean;
  /** The referral code a path of the referral page names, else null (absent from a bundle built before it). */
  referralCodeOf?(pathname: string): string | null;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface ClientOptions {
  dist: string;
  /** Server-render the shop's first screens (docs/decisions/022); off: every route answers the SPA's index.html. */
  render?: boolean;
  /** How long a rendered page is reused for the same URL, language and age gate (CATALOG_CACHE_MS); 0: never. */
  cacheMs?: number;
  /** The server render's module (tests point it elsewhere); default: dist/server/entry-server.js next to `dist`. */
  renderer?: string;
  /**
   * The catalogue's freshness (the product-list cache, catalog/list-cache.ts): a rendered page is reused only while
   * its generation is the one it was rendered in (any catalogue write here, or heard from another instance, moves it)
   * and never while that cache is bypassed. Without it a page is reused for `cacheMs` whatever happens.
   */
  freshness?: () => { generation: number; bypassed: boolean } | null;
  /**
   * Whether a referral code is someone's: the referral page (`/{code}`) of an unknown code answers 404
   * (docs/decisions/055). A read: the visit itself is recorded by the page's client, as before.
   */
  referralCodeKnown?: (code: string) => Promise<boolean>;
}

/**
 * A weak validator over the bytes: the same page gives the same tag. The data's timestamps in a rendered page's boot
 * JSON (when the server read it) do not count: the same screen with the same data is the same page.
 */
const etagOf = (body: string) =>
  `W/"${createHash('sha1')
    .update(body.replace(/"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, ''))
    .digest('base64url')}"`;

const escapeAttr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Answers `body` as the page's HTML: revalidated on each visit (no-cache), 304 when the browser has these bytes. */
function sendHtml(req: FastifyRequest, reply: FastifyReply, page: { body: CachedAnswer; etag: string }) {
  const { etag } = page;
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
  const known = req.headers['if-none-match'];
  if (known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))) {
    return reply.code(304).send();
  }
  // Compressed here: the compress plugin does not hook the not-found handler that answers pages.
  return sendEncoded(req, reply, page.body);
}

/** The SPA's build as last read: index.html, its answer and tag, the manifest, and asset texts read since. */
interface SpaBuild {
  mtime: number;
  html: string;
  answer: CachedAnswer;
  etag: string;
  manifest: Manifest | null;
  files: Map<string, string>;
}

/** What the server render answers for a screen it renders. */
type Rendered = NonNullable<Awaited<ReturnType<Renderer['render']>>>;

/** Rendered pages by URL, language and age gate. */
type PageCache = Map<string, { at: number; body: CachedAnswer; etag: string; generation?: number }>;

/** How many rendered pages are kept (the oldest go first). */
const MAX_PAGES = 500;

/**
 * index.html (and the build's manifest) are read once and again only when a rebuild changed them (its assets'
 * names change with it); `onRebuild` then drops what was made from the old build.
 */
function readBuild(root: string, indexFile: string, onRebuild: () => void) {
  let spa: SpaBuild = {
    mtime: -1,
    html: '',
    answer: new CachedAnswer(''),
    etag: '',
    manifest: null,
    files: new Map<string, string>(),
  };
  const current = () => {
    let mtime: number;
    try {
      mtime = statSync(indexFile).mtimeMs;
    } catch (err) {
      // Being rebuilt this very moment: the last build read stands until the new one is there.
      if (spa.html) return spa;
      throw err;
    }
    if (mtime !== spa.mtime) {
      const html = readFileSync(indexFile, 'utf8');
      const manifestFile = join(root, '.vite/manifest.json');
      const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
      spa = { mtime, html, answer: new CachedAnswer(html), etag: etagOf(html), manifest, files: new Map() };
      onRebuild();
    }
    return spa;
  };
  const assetText = (file: string) => {
    let text = spa.files.get(file);
    if (text === undefined) {
      text = readFileSync(join(root, file), 'utf8');
      spa.files.set(file, text);
    }
    return text;
  };
  return { current, assetText };
}

/** The page around a rendered screen: index.html with the screen's markup, data, inlined CSS and preloads. */
function renderedPage(
  { html, manifest }: SpaBuild,
  assetText: (file: string) => string,
  rendered: Rendered,
  facts: PageFacts,
): string {
  const { lang } = facts;
  const entry = manifest?.['index.html'];
  const screen = manifest?.[rendered.module];
  if (!manifest || !entry || !screen) throw new Error(`no build manifest entry for ${rendered.module}`);
  // The page chunk and what it imports (not the entry: it is loaded by /start.js), each once.
  const chunks: ManifestChunk[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk === entry || chunks.includes(chunk)) return;
    chunks.push(chunk);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(rendered.module);
  // The entry's stylesheets, then the screen's chunks' own (each once): all inlined in the page below.
  const entryCss = entry.css ?? [];
  const chunkCss = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((file) => !entryCss.includes(file));
  const style = [...new Set(entryCss), ...chunkCss].map(assetText).join('\n');
  const image = rendered.lcpImage;
  // The first screen's image is asked for first, before the parser reaches the inlined CSS.
  const imagePreload = image
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(image.src)}"${image.srcset ? ` imagesrcset="${escapeAttr(image.srcset)}"` : ''}${image.sizes ? ` imagesizes="${escapeAttr(image.sizes)}"` : ''}>`
    : '';
  // The screen's chunks' stylesheets are in the <style> below, but the client's loader of a lazy chunk (Vite's
  // preload helper) adds a chunk's stylesheet unless the page has a stylesheet link to it: without these it asked
  // for them again once the app started, and the page's style was worked out again (docs/decisions/026). A
  // `disabled` stylesheet link is never fetched nor applied; the helper takes it as there.
  const head = [
    // Telegram's theme from the URL's hash and the LOW class, before the first paint (inline: allowed by its hash).
    `<script>${THEME_BOOT}</script>`,
    `<style>${style.replaceAll('</style', '<\\/style')}</style>`,
    ...chunkCss.map((file) => `<link rel="stylesheet" href="/${escapeAttr(file)}" disabled>`),
  ].join('');
  // After the first paint: the entry and the screen's chunks are asked for, then the entry hydrates this markup
  // (boot-scripts.ts START_BOOT; inline, allowed by its hash).
  const preload = chunks.map((c) => `/${c.file}`).join(' ');
  const start = `<script data-entry="/${entry.file}" data-preload="/${entry.file} ${preload}">${START_BOOT}</script>`;
  const withoutEntry = html
    .replace(/<script type="module"[^>]*src="[^"]*"[^>]*><\/script>\s*/, '')
    .replace(/<link rel="stylesheet"[^>]*>\s*/g, '');
  return withHead(withoutEntry, pageHead(facts))
    .replace('<html lang="en">', `<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">`)
    .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />${imagePreload}`)
    .replace('</head>', `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${rendered.html}</div><script type="application/json" id="boot">${scriptJson(rendered.boot)}</script>${start}`,
    );
}

/**
 * The server render of the shop's first screens: the renderer loaded on the first page that needs it, the screen's
 * data read in process, each page kept in `pages` for `cacheMs` while the catalogue is unchanged. Answers the
 * rendered page for a request, or null.
 */
function serverRender(
  app: FastifyInstance,
  opts: ClientOptions,
  {
    root,
    hasClient,
    build,
    pages,
  }: {
    root: string;
    hasClient: boolean;
    build: ReturnType<typeof readBuild>;
    pages: PageCache;
  },
) {
  // The server render: loaded on the first page that needs it; a build without it (or SERVER_RENDER=off) answers
  // the SPA HTML everywhere.
  const rendererFile = opts.renderer ?? join(dirname(root), 'server/entry-server.js');
  const renderOn = hasClient && opts.render !== false && existsSync(rendererFile);
  // Loaded once: a new build needs a restart of the server (as its static files do).
  let renderer: Promise<Renderer> | null = null;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<Renderer>;
    return renderer;
  };

  // The screen's data, read in process: the same API paths and bodies the client sends.
  const send: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: url.pathname + url.search,
      payload: init?.body == null ? undefined : String(init.body),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

  /**
   * The rendered page for this request, 'missing' when its screen's data is not there (an unknown or hidden product)
   * or the path is no page of the shop, or null (not a rendered screen, rendering off, or it failed).
   */
  async function rendered(
    req: FastifyRequest,
  ): Promise<{ body: CachedAnswer; etag: string; ms?: number } | 'missing' | null> {
    if (!renderOn) return null;
    const lang = pageLang(req);
    const visited = readCookie(req, COOKIE.visited) === '1';
    const origin = shopOrigin(app, req);
    const key = `${lang}|${visited ? 1 : 0}|${origin}${req.url}`;
    const cacheMs = opts.cacheMs ?? 0;
    const fresh = opts.freshness?.();
    const reusable = fresh === undefined || (fresh !== null && !fresh.bypassed);
    const cached = pages.get(key);
    if (cached && reusable && Date.now() - cached.at < cacheMs && cached.generation === fresh?.generation) {
      return cached;
    }
    try {
      const started = performance.now();
      const { render, knownPath, referralCodeOf } = await loadRenderer();
      const result = await render({ url: req.url, lang, visited, send });
      if (!result) {
        const path = req.url.split('?')[0] ?? '/';
        if (!knownPath(path)) return 'missing';
        const code = referralCodeOf?.(path) ?? null;
        return code !== null && opts.referralCodeKnown && !(await opts.referralCodeKnown(code)) ? 'missing' : null;
      }
      if (result.notFound) return 'missing';
      const facts = { origin, url: req.url, lang, screen: result.screen, noindex: false };
      const body = renderedPage(build.current(), build.assetText, result, {
        ...facts,
        queries: (result.boot as { queries: { queries: PageFacts['queries'] } }).queries.queries,
      });
      const entry = { at: Date.now(), body: new CachedAnswer(body), etag: etagOf(body), generation: fresh?.generation };
      // Not kept when the catalogue changed while rendering (the page may hold the old rows).
      if (cacheMs > 0 && reusable && opts.freshness?.()?.generation === fresh?.generation) {
        pages.delete(key);
        pages.set(key, entry);
        if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
      }
      const ms = performance.now() - started;
      req.log.debug({ screen: result.screen, ms }, 'server render');
      return { ...entry, ms };
    } catch (err) {
      req.log.error({ err, url: redactUrl(req.url) }, 'server render failed: answering the SPA page');
      return null;
    }
  }
  return rendered;
}

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated, and any
 * unknown GET that is not an API path answers index.html (SPA fallback) so the shop's routes (docs/product.md
 * section 3) are real URLs. The shop's public first screens (home, product list, product page, info pages) are
 * answered rendered (docs/decisions/022): their markup, data, CSS and preloads in the HTML, so they paint before any
 * script runs and the client hydrates them. Anything that goes wrong there answers the plain SPA HTML.
 */
export default fp(async function client(app: FastifyInstance, opts: ClientOptions) {
  const root = resolve(opts.dist);
  const indexFile = join(root, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await serveStatic(app, root);
  } else {
    app.log.warn(`no built client at ${root}: run "npm run build" (npm start does it for you)`);
  }
  // Rendered pages by URL, language and age gate, for cacheMs (bounded: the oldest go first).
  const pages: PageCache = new Map();
  // The SPA page not to be indexed (private or missing, docs/decisions/047), by kind, language and shop address.
  const unlisted = new Map<string, { body: CachedAnswer; etag: string }>();
  const build = readBuild(root, indexFile, () => {
    pages.clear();
    unlisted.clear();
  });
  const rendered = serverRender(app, opts, { root, hasClient, build, pages });
  const unlistedPage = (req: FastifyRequest, notFound: boolean) => {
    const lang = pageLang(req);
    const origin = shopOrigin(app, req);
    const key = `${notFound}|${lang}|${origin}`;
    let page = unlisted.get(key);
    if (!page) {
      const facts = { origin, url: '/', lang, screen: null, queries: [], noindex: true, notFound };
      const html = withHead(build.current().html, pageHead(facts));
      page = { body: new CachedAnswer(html), etag: etagOf(html) };
      unlisted.set(key, page);
    }
    return page;
  };

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      !API_PATH.test(path) &&
      hasClient &&
      !/\.\w{1,5}$/.test(path)
    ) {
      const spaPage = build.current();
      const page = await rendered(req);
      // The HTML depends on the language (cookie, else the browser's on a first visit) and the age-gate cookie.
      reply.header('vary', 'cookie, accept-language');
      // An unknown page, product or hidden product: the shop's page (it shows "not found") with a 404
      // (docs/decisions/047); a private page is not to be indexed.
      if (page === 'missing') return sendHtml(req, reply.code(404), unlistedPage(req, true));
      if (!page && isPrivatePath(path)) return sendHtml(req, reply, unlistedPage(req, false));
      // What the render cost (absent: the page came from the cache, or was not rendered).
      if (page?.ms !== undefined) reply.header('server-timing', `render;dur=${page.ms.toFixed(1)}`);
      return sendHtml(req, reply, page ?? { body: spaPage.answer, etag: spaPage.etag });
    }
    const lang = requestLang(req);
    return reply.code(404).send({
      success: false,
      code: 404,
      message: formatMessage(lang, API_PATH.test(path) ? 'routeNotFound' : 'notFound'),
      data: null,
    });
  });
});
