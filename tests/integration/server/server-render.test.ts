import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
// @ts-expect-error: a plain .mjs script without types
import { ensureClientBuild } from '../../../scripts/ensure-build.mjs';
import clientPlugin from '../../../src/server/plugins/client';
import { buildTestApp, post, type TestApp } from '../helper';

/**
 * The shop's first screens answered rendered (docs/decisions/022): markup, data, preloads and inlined CSS in the
 * HTML, in the cookie's language, with the age gate until it was passed; ETag/304; the SPA page when rendering
 * fails. Uses the real build (`vite build` makes the client and dist/server/entry-server.js), built if stale.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dist = join(root, 'dist/client');

const bootOf = (html: string) => {
  const json = /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)?.[1];
  return json
    ? (JSON.parse(json) as {
        screen: string;
        lang: string;
        ageGate: boolean;
        queries: { queries: Array<{ queryKey: unknown[] }> };
      })
    : null;
};

/** What the page's inline start script asks for after the first paint (its data-entry and data-preload). */
const startOf = (html: string) => {
  const tag = /<script data-entry="([^"]+)" data-preload="([^"]+)">/.exec(html);
  return { entry: tag?.[1] ?? '', preload: tag?.[2]?.split(' ').filter(Boolean) ?? [] };
};

describe('server-rendered first screens (SQLite)', () => {
  let t: TestApp;
  const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

  beforeAll(async () => {
    ensureClientBuild({ quiet: true });
    t = await buildTestApp('sqlite', { clientDist: dist });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('renders home with its banners, the boot data, the page chunk preloaded, the hero image preloaded and the CSS inlined', async () => {
    const banners = await post(t.app, '/v2/get-banners', {});
    const first = banners.body.data.banners[0]!;
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<div id="root"><div class="app-root"`);
    expect(res.body).toContain(first.title.replaceAll('&', '&amp;'));
    const boot = bootOf(res.body);
    expect(boot).toMatchObject({ screen: 'home', lang: 'en', ageGate: true });
    expect(boot?.queries.queries.map((q) => q.queryKey[0])).toContain('banners');
    // The hero image is asked for first: right after the charset, before the inlined CSS, at the width the screen
    // needs (the seeded banners come in the three widths an upload has: docs/decisions/026).
    const wide = first.image as string;
    expect(wide).toMatch(/-1280\.webp$/);
    const narrow = wide.replace(/-1280\.webp$/, '-640.webp');
    expect(res.body).toContain(
      `<meta charset="UTF-8" /><link rel="preload" as="image" fetchpriority="high" href="${wide}" imagesrcset="${narrow} 640w, ${wide} 1280w" imagesizes="`,
    );
    // No render-blocking stylesheet: the first screen's CSS is in the page. Its chunks' stylesheets are named by
    // disabled links only (never fetched), so the app's chunk loader does not ask for them once more.
    expect(res.body).toContain('<style>');
    const sheets = res.body.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(sheets.some((link) => /\/assets\/HomePage-[\w-]+\.css"/.test(link))).toBe(true);
    for (const link of sheets) expect(link).toMatch(/^<link rel="stylesheet" href="\/assets\/[\w-]+\.css" disabled>$/);
    // No script is asked for before the first paint: the inline start script asks for the entry and the screen's
    // chunks (HomePage among them) after it, then runs the entry.
    expect(res.body).not.toMatch(/<script type="module"|<link rel="modulepreload"|<script src=/);
    const start = startOf(res.body);
    expect(start.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(start.preload[0]).toBe(start.entry);
    expect(start.preload.some((f) => /^\/assets\/HomePage-[\w-]+\.js$/.test(f))).toBe(true);
    expect(res.body.indexOf('id="boot"')).toBeLessThan(res.body.indexOf('data-entry='));
  });

  it('renders the product list and a product page with their data', async () => {
    const list = await post(t.app, '/v2/get-product-list', {});
    const product = list.body.data.products[0]!;
    const products = await page('/products');
    expect(products.statusCode).toBe(200);
    expect(products.body).toContain(product.name.replaceAll('&', '&amp;'));
    expect(bootOf(products.body)?.screen).toBe('products');
    expect(startOf(products.body).preload.some((f) => /^\/assets\/ProductListPage-[\w-]+\.js$/.test(f))).toBe(true);
    expect(products.body).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" href="[^"]+-640\.webp" imagesrcset="[^"]+-320\.webp 320w, [^"]+-640\.webp 640w" imagesizes="[^"]+">/,
    );

    const details = await page(`/details/${product.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.body).toMatch(new RegExp(`<h1[^>]*>${product.name.replaceAll('&', '&amp;')}</h1>`));
    const boot = bootOf(details.body);
    expect(boot?.screen).toBe('details');
    expect(boot?.queries.queries.map((q) => q.queryKey[0])).toContain('product');
    expect(startOf(details.body).preload.some((f) => /^\/assets\/ProductDetailPage-[\w-]+\.js$/.test(f))).toBe(true);
  });

  it('renders in the language of the cookie, and shows the age gate until its cookie says it was passed', async () => {
    const zh = await post(t.app, '/v2/get-product-list', { lang: 'zh' });
    const res = await page('/products', 'leafcup_lang=zh');
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain(zh.body.data.products[0]!.name);
    expect(bootOf(res.body)?.lang).toBe('zh');

    expect((await page('/')).body).toContain('class="dialog age-gate"');
    const passed = await page('/', 'leafcup_visited=1; leafcup_lang=en');
    expect(passed.body).not.toContain('class="dialog age-gate"');
    expect(bootOf(passed.body)?.ageGate).toBe(false);
  });

  it('answers 304 to a browser that has the page (weak ETag over the bytes), the SPA page too, revalidated each time', async () => {
    for (const url of ['/products', '/cart']) {
      const first = await page(url);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/"/);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const again = await page(url, undefined, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      const other = await page(url, undefined, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode, url).toBe(200);
    }
    // Routes the server does not render answer the SPA page (no boot data).
    const cart = await page('/cart');
    expect(cart.body).toContain('<div id="root"></div>');
    expect(bootOf(cart.body)).toBeNull();
  });

  it('sends rendered pages compressed (br or gzip, as the browser accepts; the SPA page is under the 1 KB threshold)', async () => {
    // The same page bar the boot data's read times (each request renders anew here).
    const same = (html: string) => html.replace(/"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '');
    for (const url of ['/', '/products', '/details/2']) {
      const plain = await page(url);
      const br = await page(url, undefined, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      expect(same(brotliDecompressSync(br.rawPayload).toString()), url).toBe(same(plain.body));
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
      const gz = await page(url, undefined, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(same(gunzipSync(gz.rawPayload).toString()), url).toBe(same(plain.body));
    }
  });

  it('has two inline scripts, the theme boot and the start, each admitted by its hash in the CSP, and no script file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/products' });
    const inline = [...res.body.matchAll(/<script(?: data-[\w-]+="[^"]*")*>([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(2);
    const csp = String(res.headers['content-security-policy']);
    const sources = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const hashes = inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    expect(sources).toEqual(["'self'", ...hashes]);
    // Nothing blocks the first paint: no script file is asked for by the HTML itself.
    expect(res.body).not.toMatch(/<script[^>]*src=/);
  });
});

describe('a rendered page kept for CATALOG_CACHE_MS', () => {
  let t: TestApp;
  beforeAll(async () => {
    ensureClientBuild({ quiet: true });
    t = await buildTestApp('sqlite', { clientDist: dist, env: { CATALOG_CACHE_MS: '60000' } });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is rendered again after a catalogue change (an order, a staff edit, another instance), not served stale', async () => {
    const product = await t.db
      .selectFrom('products')
      .select(['id', 'name_en'])
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const get = () => t.app.inject({ method: 'GET', url: `/details/${product.id}` });
    const first = await get();
    expect(first.body).toContain(product.name_en);
    // Renamed behind the cache's back: the kept page is still served (that is what the cache is for)…
    await t.db.updateTable('products').set({ name_en: 'Renamed Oolong' }).where('id', '=', product.id).execute();
    expect((await get()).body).not.toContain('Renamed Oolong');
    // …until the catalogue says it changed (what every write path and the change listener call).
    await t.shop.catalog.changed();
    expect((await get()).body).toContain('Renamed Oolong');
  });
});

describe('server render failures', () => {
  let dir: string;
  beforeAll(() => {
    ensureClientBuild({ quiet: true });
    dir = mkdtempSync(join(tmpdir(), 'leafcup-ssr-'));
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const serve = async (opts: { renderer?: string; render?: boolean }) => {
    const app = Fastify({ logger: false });
    await app.register(clientPlugin, { dist, ...opts });
    await app.ready();
    return app;
  };

  it('answers the plain SPA page when the render throws, never a 500', async () => {
    const broken = join(dir, 'broken.mjs');
    writeFileSync(broken, 'export async function render() { throw new Error("boom"); }\n');
    const app = await serve({ renderer: broken });
    const res = await app.inject({ method: 'GET', url: '/products' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toMatch(/<script type="module"[^>]*src="\/assets\/index-/);
    await app.close();
  });

  it('answers the plain SPA page when a module cannot be loaded, and with SERVER_RENDER=off', async () => {
    const missing = await serve({ renderer: join(dir, 'missing.mjs') });
    expect((await missing.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root"></div>');
    await missing.close();
    const off = await serve({ render: false });
    expect((await off.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root"></div>');
    await off.close();
  });
});
