import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
// @ts-expect-error: a plain .mjs script without types
import { ensureClientBuild } from '../../../scripts/ensure-build.mjs';
import { saleUnitCents } from '../../../src/common/pricing';
import { productSitemap, sitemap } from '../../../src/server/web-presence/sitemap';
import { buildTestApp, dialects, post, type TestApp } from '../helper';

/**
 * The shop as a crawler or a chat's link preview sees it (docs/decisions/047): plain HTTP, no script. robots.txt,
 * the sitemap (parsed as XML), each language at its own address, the head of each page (title, description,
 * canonical, hreflang, Open Graph, JSON-LD with the API's prices), 404 for what is not there, noindex on private pages.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dist = join(root, 'dist/client');
const SHOP = 'https://shop.example.com';

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** Parses XML (throws when it is not well-formed) into a small tree. */
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser();
  const top: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [top];
  parser.on('opentag', (tag) => {
    const node = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    stack[stack.length - 1]!.children.push(node);
    if (!tag.isSelfClosing) stack.push(node);
  });
  parser.on('text', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  parser.write(xml).close();
  return top.children[0]!;
}
const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);

/** What the tests read of a JSON-LD object. */
interface LdNode {
  '@type': string;
  name?: string;
  logo?: string;
  offers?: Array<{ availability: string } & Record<string, unknown>>;
  aggregateRating?: unknown;
  review?: unknown[];
  itemListElement?: unknown[];
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(':', '\\:')}" content="([^"]*)">`).exec(head(html))?.[1];
const linkOf = (html: string, rel: string, hreflang?: string) =>
  new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(head(html))?.[1];
const ldOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as LdNode);
const fromHtml = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&quot;', '"');

describe.each(dialects)('found by search engines and previewed in chats (%s)', (dialect) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ensureClientBuild({ quiet: true });
    t = await buildTestApp(dialect, { clientDist: dist, env: { PUBLIC_URL: SHOP } });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('robots.txt keeps crawlers out of the private pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    for (const path of ['/cart', '/checkout', '/profile', '/login', '/admin', '/order']) {
      expect(res.body).toContain(`Disallow: ${path}\n`);
    }
    expect(res.body).not.toMatch(/Disallow: \/(products|details|about|faq)?\n/);
    expect(res.body).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
  });

  it('sitemap.xml parses and lists home, categories, products and info pages in both languages with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const urlset = parseXml(res.body);
    expect(urlset.name).toBe('urlset');
    const urls = urlset.children.filter((c) => c.name === 'url');
    const locs = urls.map((u) => child(u, 'loc')!.text);
    const products = await t.db.selectFrom('products').select(['id', 'is_active']).execute();
    const shown = products.filter((p) => p.is_active === 1);
    for (const lang of ['en', 'zh']) {
      expect(locs).toContain(`${SHOP}/?lang=${lang}`);
      expect(locs).toContain(`${SHOP}/products?lang=${lang}`);
      expect(locs).toContain(`${SHOP}/about?lang=${lang}`);
      expect(locs).toContain(`${SHOP}/faq?lang=${lang}`);
      for (const p of shown) expect(locs).toContain(`${SHOP}/details/${p.id}?lang=${lang}`);
    }
    expect(locs.some((l) => /\/products\/[\w-]+\?lang=zh$/.test(l))).toBe(true);
    for (const p of products.filter((p) => p.is_active !== 1)) {
      expect(locs).not.toContain(`${SHOP}/details/${p.id}?lang=en`);
    }
    const product = urls.find((u) => child(u, 'loc')!.text === `${SHOP}/details/${shown[0]!.id}?lang=zh`)!;
    expect(Date.parse(child(product, 'lastmod')!.text)).not.toBeNaN();
    const alternates = product.children.filter((c) => c.name === 'xhtml:link').map((c) => c.attributes);
    expect(alternates).toEqual([
      { rel: 'alternate', hreflang: 'en', href: `${SHOP}/details/${shown[0]!.id}?lang=en` },
      { rel: 'alternate', hreflang: 'zh', href: `${SHOP}/details/${shown[0]!.id}?lang=zh` },
      { rel: 'alternate', hreflang: 'x-default', href: `${SHOP}/details/${shown[0]!.id}` },
    ]);
  });

  it('past the size limit, sitemap.xml is an index of sitemaps that together list every product once', async () => {
    const shown = await t.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').execute();
    const index = parseXml(await sitemap(t.db, SHOP, 6));
    expect(index.name).toBe('sitemapindex');
    const files = index.children.map((s) => child(s, 'loc')!.text);
    expect(files[0]).toBe(`${SHOP}/sitemap-pages.xml`);
    const seen: string[] = [];
    for (const file of files.slice(1)) {
      const after = Number(new URL(file).searchParams.get('after'));
      const set = parseXml(await productSitemap(t.db, SHOP, after, 6));
      expect(set.children.length).toBeLessThanOrEqual(6);
      seen.push(...set.children.map((u) => child(u, 'loc')!.text).filter((l) => l.endsWith('?lang=en')));
    }
    expect(seen).toEqual(shown.map((p) => `${SHOP}/details/${p.id}?lang=en`));
    expect((await get('/sitemap-pages.xml')).statusCode).toBe(200);
    expect((await get('/sitemap-products.xml?after=0')).statusCode).toBe(200);
    expect((await get('/sitemap-products.xml?after=-1')).statusCode).toBe(400);
  });

  it('answers 404 with the shop’s page for an unknown route, product (or hidden one) and category', async () => {
    const hidden = await t.db.selectFrom('products').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ is_active: 0 }).where('id', '=', hidden.id).execute();
    try {
      for (const url of [
        '/no/such/page',
        '/details/99999',
        `/details/${hidden.id}`,
        '/details/abc',
        '/products/nope',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).toContain('<div id="root">');
        expect(metaOf(res.body, 'robots'), url).toBe('noindex');
        expect(res.body, url).toContain('<title>Page not found · Leaf &amp; Cup</title>');
      }
      expect((await get('/no/such/page', { 'accept-language': 'zh-CN,zh;q=0.9' })).body).toContain('<title>页面不存在');
    } finally {
      await t.db.updateTable('products').set({ is_active: 1 }).where('id', '=', hidden.id).execute();
    }
  });

  it('answers the private pages with noindex, and the public ones without', async () => {
    for (const url of ['/cart', '/checkout', '/profile', '/login', '/admin', '/admin/orders']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaOf(res.body, 'robots'), url).toBe('noindex');
    }
    for (const url of ['/', '/products', '/about', '/faq'])
      expect(metaOf((await get(url)).body, 'robots')).toBeUndefined();
  });

  it('renders each language at its own address with title, description, canonical, hreflang and Open Graph', async () => {
    const en = await get('/about?lang=en');
    const zh = await get('/about?lang=zh', { cookie: 'leafcup_lang=en' });
    const [aboutEn, aboutZh] = await Promise.all([
      post(t.app, '/v2/get-page', { slug: 'about', lang: 'en' }),
      post(t.app, '/v2/get-page', { slug: 'about', lang: 'zh' }),
    ]);
    expect(en.body).toContain('<html lang="en">');
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(fromHtml(/<title>([^<]*)<\/title>/.exec(head(zh.body))![1]!)).toBe(
      `${aboutZh.body.data.page.title} · Leaf & Cup`,
    );
    expect(fromHtml(/<title>([^<]*)<\/title>/.exec(head(en.body))![1]!)).toBe(
      `${aboutEn.body.data.page.title} · Leaf & Cup`,
    );
    expect(head(en.body).match(/<title>/g)).toHaveLength(1);
    expect(head(en.body).match(/<meta name="description"/g)).toHaveLength(1);
    for (const [res, lang] of [
      [en, 'en'],
      [zh, 'zh'],
    ] as const) {
      expect(linkOf(res.body, 'canonical')).toBe(`${SHOP}/about?lang=${lang}`);
      expect(metaOf(res.body, 'og:url')).toBe(`${SHOP}/about?lang=${lang}`);
      expect(linkOf(res.body, 'alternate', 'en')).toBe(`${SHOP}/about?lang=en`);
      expect(linkOf(res.body, 'alternate', 'zh')).toBe(`${SHOP}/about?lang=zh`);
      expect(linkOf(res.body, 'alternate', 'x-default')).toBe(`${SHOP}/about`);
      expect(metaOf(res.body, 'og:image')).toMatch(/^https:\/\/shop\.example\.com\//);
      expect(metaOf(res.body, 'twitter:card')).toBeDefined();
    }
    expect(metaOf(zh.body, 'og:locale')).toBe('zh_CN');
    // A first visit (no cookie, no ?lang=) follows the browser's language.
    expect((await get('/faq', { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.5' })).body).toContain('<html lang="zh-CN">');
    expect((await get('/faq', { 'accept-language': 'zh-TW', cookie: 'leafcup_lang=en' })).body).toContain(
      '<html lang="en">',
    );
    const home = await get('/?lang=zh');
    const banner = (await post(t.app, '/v2/get-banners', { lang: 'zh' })).body.data.banners[0]!;
    expect(metaOf(home.body, 'og:image')).toBe(`${SHOP}${banner.image}`);
    expect(home.body).toContain('<title>Leaf &amp; Cup：散装茶叶、抹茶与礼品</title>');
    expect(ldOf(home.body).find((ld) => ld['@type'] === 'Organization')).toMatchObject({
      name: 'Leaf & Cup',
      logo: `${SHOP}/logo-512.png`,
    });
  });

  it('previews pages without a picture with the raster picture, and serves the raster logo and icons (055)', async () => {
    for (const url of ['/products', '/products/best-sellers', '/about', '/faq?lang=zh']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaOf(res.body, 'og:image'), url).toBe(`${SHOP}/og-default.png`);
      expect([metaOf(res.body, 'og:image:width'), metaOf(res.body, 'og:image:height')], url).toEqual(['1200', '630']);
      expect(res.body, url).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    }
    // A page with its own picture gives no size (its renditions are of several shapes).
    expect(metaOf((await get('/')).body, 'og:image:width')).toBeUndefined();
    for (const [url, width, height] of [
      ['/logo-512.png', 512, 512],
      ['/og-default.png', 1200, 630],
      ['/apple-touch-icon.png', 180, 180],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/png');
      expect(await sharp(res.rawPayload).metadata(), url).toMatchObject({ format: 'png', width, height });
    }
  });

  it('a product page carries its name, a summary, its picture, prices from the API and Product JSON-LD', async () => {
    const list = await post(t.app, '/v2/get-product-list', {});
    const { products } = list.body.data;
    const id = (products.find((p) => p.rating.count > 0) ?? products[0]!).id;
    for (const lang of ['en', 'zh'] as const) {
      const api = (await post(t.app, '/v2/get-product-details', { product_id: id, lang })).body.data.product;
      const res = await get(`/details/${id}?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(fromHtml(/<title>([^<]*)<\/title>/.exec(head(res.body))![1]!)).toBe(`${api.name} · Leaf & Cup`);
      expect(fromHtml(metaOf(res.body, 'description')!).length).toBeLessThanOrEqual(160);
      expect(metaOf(res.body, 'og:type')).toBe('product');
      expect(metaOf(res.body, 'og:image')).toBe(`${SHOP}${api.image.replace(/-(320|640)\.webp$/, '-1280.webp')}`);
      const prices = api.variants.map((v: Parameters<typeof saleUnitCents>[0]) => saleUnitCents(v));
      expect(metaOf(res.body, 'product:price:amount')).toBe((Math.min(...prices) / 100).toFixed(2));
      const lds = ldOf(res.body);
      const product = lds.find((ld) => ld['@type'] === 'Product')!;
      expect(product.name).toBe(api.name);
      expect(product.offers).toHaveLength(api.variants.length);
      api.variants.forEach((v: Parameters<typeof saleUnitCents>[0] & { name: string }, i: number) => {
        expect(product.offers![i]).toMatchObject({
          '@type': 'Offer',
          name: v.name,
          price: (saleUnitCents(v) / 100).toFixed(2),
          priceCurrency: 'USD',
        });
        expect(product.offers![i]!.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
      });
      if (api.rating.count > 0) {
        expect(product.aggregateRating).toMatchObject({
          ratingValue: api.rating.average,
          reviewCount: api.rating.count,
        });
        expect(product.review!.length).toBeGreaterThan(0);
      } else {
        expect(product.aggregateRating).toBeUndefined();
      }
      const crumbs = lds.find((ld) => ld['@type'] === 'BreadcrumbList')!;
      expect(crumbs.itemListElement!.at(-1)).toMatchObject({
        name: api.name,
        item: `${SHOP}/details/${id}?lang=${lang}`,
      });
      // No `<` inside the JSON-LD (it could close the script).
      for (const m of res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
        expect(m[1]).not.toContain('<');
      }
    }
  });

  it('a product coming soon is offered as a pre-order', async () => {
    const p = await t.db
      .selectFrom('products')
      .select(['id', 'stock_state'])
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ stock_state: 'coming_soon' }).where('id', '=', p.id).execute();
    try {
      const res = await get(`/details/${p.id}?lang=en&soon=1`);
      const product = ldOf(res.body).find((ld) => ld['@type'] === 'Product')!;
      for (const offer of product.offers!) expect(offer.availability).toBe('https://schema.org/PreOrder');
      expect(metaOf(res.body, 'product:availability')).toBe('preorder');
    } finally {
      await t.db.updateTable('products').set({ stock_state: p.stock_state }).where('id', '=', p.id).execute();
    }
  });
});
