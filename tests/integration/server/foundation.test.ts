import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { banners as seedBanners, categories as seedCategories } from '../../../src/server/seed/catalog-data';
import { buildTestApp, dialects, post, type TestApp } from '../helper';

describe.each(dialects)('server foundation on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('get-category answers the 7 Shop categories in menu order, in English', async () => {
    const res = await post(t.app, '/v2/get-category', { lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(typeof res.body.message).toBe('string');
    expect(res.body.data.categories.map((c) => c.name)).toEqual([
      'BEST SELLERS',
      'ALL TEAS',
      'ACCESSORIES',
      'MATCHA',
      'BUNDLE & SAVE',
      'THE GIFT SHOP',
      'VARIETY PACKS',
    ]);
    for (const c of res.body.data.categories) expect(c.id).toBeGreaterThan(0);
  });

  it('get-category answers Chinese names for lang=zh (and lang=2)', async () => {
    for (const lang of ['zh', '2']) {
      const res = await post(t.app, '/v2/get-category', { lang });
      expect(res.status).toBe(200);
      expect(res.body.data.categories.map((c) => c.name)).toEqual(seedCategories.map((c) => c.name.zh));
      expect(res.body.data.categories.map((c) => c.slug)).toEqual(seedCategories.map((c) => c.slug));
    }
  });

  it('get-banners answers the hero banners in order, in the asked language', async () => {
    const en = await post(t.app, '/v2/get-banners', { lang: 'en' });
    const zh = await post(t.app, '/v2/get-banners', { lang: 'zh' });
    expect(en.status).toBe(200);
    expect(zh.status).toBe(200);
    expect(en.body.data.banners.map((b) => b.title)).toEqual(seedBanners.map((b) => b.title.en));
    expect(zh.body.data.banners.map((b) => b.title)).toEqual(seedBanners.map((b) => b.title.zh));
    expect(zh.body.data.banners.map((b) => b.link)).toEqual(seedBanners.map((b) => b.link));
    for (const b of en.body.data.banners) expect(b.image).toMatch(/^\/images\//);
  });

  it('an unknown API path answers a 404 envelope in the caller’s language', async () => {
    const en = await post(t.app, '/v2/no-such-path', { lang: 'en' });
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ success: false, code: 404, message: 'There is no such API path', data: null });
    const zh = await post(t.app, '/v1/no-such-path', { lang: 'zh' });
    expect(zh.status).toBe(404);
    expect(zh.body).toMatchObject({ success: false, code: 404, message: '没有这个接口路径' });
  });

  it('a malformed JSON body answers a 4xx envelope, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/get-category',
      headers: { 'content-type': 'application/json' },
      payload: '{"lang": "en",',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: res.statusCode });
    expect(body.message).toMatch(/^The request is not valid: .+/);
  });

  it('an unsupported content type answers 415 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/get-banners',
      headers: { 'content-type': 'text/csv', 'accept-language': 'zh-CN' },
      payload: 'lang,zh',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 415 });
    expect(res.json().message).toMatch(/^请求无效/);
  });

  it('a GET on an API path is not served the app: 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/get-category' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404 });
  });

  it('/openapi.json describes the contract’s paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/v2/get-category']).toHaveProperty('post');
    expect(doc.paths['/v2/get-banners']).toHaveProperty('post');
    expect(doc.paths).not.toHaveProperty('/health');
  });

  it('/health answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe.each(dialects)('serving the built client on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/x-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;
  const asset = `console.log(${JSON.stringify('leaf & cup '.repeat(500))});`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'leafcup-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'assets/x-abc123.js'), asset);
    // As the build writes them (vite.config.ts `precompressed`): the same file, brotli and gzip, beside it.
    writeFileSync(join(dist, 'assets/y-def456.js'), asset);
    writeFileSync(join(dist, 'assets/y-def456.js.br'), brotliCompressSync(asset));
    writeFileSync(join(dist, 'assets/y-def456.js.gz'), gzipSync(asset, { level: 9 }));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(dist, 'images/banners'), { recursive: true });
    writeFileSync(join(dist, 'images/banners/hero.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'humans.txt'), 'Leaf & Cup');
    t = await buildTestApp(dialect, { clientDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html for the app’s routes (SPA fallback), not cached', async () => {
    for (const url of ['/', '/products/3', '/product/12', '/login_be/123/cart', '/ABC123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // index.html itself (a page's own head tags may be added: docs/decisions/047).
      expect(res.body).toContain('<script type="module" src="/assets/x-abc123.js"></script>');
      expect(res.body).toContain('<div id="root"></div>');
      expect(String(res.headers['cache-control'])).not.toMatch(/immutable/);
    }
  });

  it('serves hashed assets with an immutable cache header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(asset);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('serves the seed images and the favicon cached for a day, other static files revalidated, and a missing file is a 404 not the app', async () => {
    // Unhashed but seldom changed: a repeat visit does not revalidate them one by one (docs/decisions/021).
    for (const url of ['/favicon.svg', '/images/banners/hero.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=86400, stale-while-revalidate=604800');
    }
    const other = await t.app.inject({ method: 'GET', url: '/humans.txt' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-zzz999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('sends the build’s .br or .gz of an asset as it is, as the client accepts them, and the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/y-def456.js',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(asset))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(asset);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(asset, { level: 9 }))).toBe(true);

    for (const plain of [await get(), await get('identity')]) {
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(asset);
    }
  });

  it('never answers the app for an API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/get-category' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, message: 'There is no such API path' });
  });

  it('compresses large answers when the client accepts gzip', async () => {
    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/x-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(script.rawPayload).toString()).toBe(asset);
    expect(script.rawPayload.length).toBeLessThan(asset.length / 5);

    const doc = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(doc.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(doc.rawPayload).toString())).toHaveProperty('paths');

    // An API answer over the 1 KiB threshold (the 25 menu tags in Chinese).
    const api = await t.app.inject({
      method: 'POST',
      url: '/v2/get-tags',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip' },
      payload: 'lang=zh',
    });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBe('gzip');
    const raw = gunzipSync(api.rawPayload).toString();
    expect(Buffer.byteLength(raw)).toBeGreaterThan(1024);
    expect(JSON.parse(raw)).toMatchObject({ success: true, code: 200 });

    // Without accept-encoding the same answer is plain.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/v2/get-tags',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=zh',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(raw);
  });
});
