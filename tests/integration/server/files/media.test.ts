import sharp from 'sharp';
import { IMAGE_WIDTHS, imageUrlAt, storeImage } from '../../../../src/server/files/images';
import { diskStore, isFileKey } from '../../../../src/server/files/store';
import { AppError } from '../../../../src/server/lib/errors';
import { deferred } from '../../../support/deferred';
import { buildTestApp, dialects, storedKeys, type TestApp } from '../../helper';

// The file store and the image pipeline (src/server/files): what staff upload for products and banners.
// On both dialects: the files are in the database (docs/decisions/023).

/** A real JPEG photo, 2000×1000, with EXIF metadata (a camera's make) that must not reach the shop. */
const photo = () =>
  sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 120, g: 160, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'GPS-9000' } })
    .toBuffer();

describe.each(dialects)('product and banner images on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an upload once per width as WebP, named by its content, and serves it public and immutable', async () => {
    const bytes = await photo();
    const stored = await storeImage(t.app.files, bytes);
    expect(stored.url).toMatch(/^\/media\/images\/[0-9a-f]{32}-640\.webp$/);
    expect(stored).toMatchObject({ width: 640, height: 320 });

    const files = await storedKeys(t, 'images/');
    expect(files).toHaveLength(IMAGE_WIDTHS.length);

    for (const width of IMAGE_WIDTHS) {
      const res = await t.app.inject({ method: 'GET', url: imageUrlAt(stored.url, width) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      // No camera metadata in what the shop serves.
      expect(meta.exif).toBeUndefined();
      expect(res.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    }

    // The same picture again is the same files.
    expect((await storeImage(t.app.files, bytes)).url).toBe(stored.url);
    expect(await storedKeys(t, 'images/')).toEqual(files);
  });

  it('never enlarges a small image', async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const stored = await storeImage(t.app.files, small);
    expect(stored).toMatchObject({ width: 200, height: 100 });
    const res = await t.app.inject({ method: 'GET', url: imageUrlAt(stored.url, 1280) });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(200);
  });

  it('refuses bytes that are not an image, naming the field', async () => {
    const refused = await storeImage(t.app.files, Buffer.from('<svg onload="alert(1)"></svg>'), 'images[0]').catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, key: 'imageUnreadable', fields: [{ field: 'images[0]' }] });
  });

  it('takes PNG, JPEG, WebP, GIF, AVIF and TIFF, and refuses an SVG even though sharp can read it', async () => {
    const picture = () => sharp({ create: { width: 60, height: 30, channels: 3, background: '#3a6' } });
    for (const format of ['png', 'jpeg', 'webp', 'gif', 'avif', 'tiff'] as const) {
      const stored = await storeImage(t.app.files, await picture().toFormat(format).toBuffer());
      expect(stored, format).toMatchObject({ width: 60, height: 30 });
    }
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="30"><rect width="60" height="30" fill="red"/></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    const refused = await storeImage(t.app.files, svg, 'image').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, key: 'imageUnreadable', fields: [{ field: 'image' }] });
  });

  it('answers 404 for unknown images and for any other path under /media, never a file outside the store', async () => {
    for (const url of [
      '/media/images/00000000000000000000000000000000-640.webp',
      '/media/images/../../package.json',
      '/media/..%2f..%2fpackage.json',
      '/media/receipts/x.png',
      '/media/images/abc-640.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  // The interleaving behind a flaky run of the test below (PostgreSQL, CI): a second request reads "no file" before
  // the first one stores it, and reaches the rendition's in-flight map only after that encoding has finished.
  it('makes a JPEG rendition once when a request read "not made yet" before an encoding that has since finished', async () => {
    // A picture of its own (another content hash): the test below needs its photo's rendition not made yet.
    const picture = sharp({ create: { width: 900, height: 600, channels: 3, background: '#a3553a' } })
      .png()
      .toBuffer();
    const stored = await storeImage(t.app.files, await picture);
    const jpeg = stored.url.replace('-640.webp', '-320.jpg');
    const key = jpeg.slice('/media/'.length);
    const realGet = t.app.files.get.bind(t.app.files);
    const realPut = t.app.files.put.bind(t.app.files);
    // The order forced here: both requests read "no file" (the second read answered only once the first request's
    // encoding has stored its file and left the in-flight map), and the encoding stores its file after that read.
    const secondRead = deferred();
    const gate = deferred();
    let reads = 0;
    const gets = vi.spyOn(t.app.files, 'get').mockImplementation(async (k: string) => {
      if (k !== key || ++reads !== 2) return realGet(k);
      const answer = await realGet(k);
      secondRead.resolve();
      await gate.promise;
      return answer;
    });
    const puts = vi.spyOn(t.app.files, 'put').mockImplementation(async (k, bytes) => {
      await secondRead.promise;
      await realPut(k, bytes);
      // Answered after the encoding's own promise has settled and left the map (a later task).
      setImmediate(gate.resolve);
    });
    try {
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: jpeg }),
        t.app.inject({ method: 'GET', url: jpeg }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers[0]!.rawPayload.equals(answers[1]!.rawPayload)).toBe(true);
      expect(puts.mock.calls.map((c) => c[0])).toEqual([key]);
    } finally {
      gets.mockRestore();
      puts.mockRestore();
    }
  });

  it('makes a JPEG rendition once for concurrent first requests, and answers 404 (not 500) for one it cannot decode', async () => {
    const stored = await storeImage(t.app.files, await photo());
    const jpeg = stored.url.replace('-640.webp', '-320.jpg');
    const puts = vi.spyOn(t.app.files, 'put');
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: jpeg })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
      expect((await sharp(answers[0]!.rawPayload).metadata()).format).toBe('jpeg');
      expect(puts.mock.calls.map((c) => c[0])).toEqual([jpeg.slice('/media/'.length)]);
    } finally {
      puts.mockRestore();
    }

    // A stored WebP that is not one (a broken file): no rendition, no file, 404.
    const hash = 'f'.repeat(32);
    await t.app.files.put(`images/${hash}-640.webp`, Buffer.from('RIFF0000WEBPnot really'));
    const broken = await t.app.inject({ method: 'GET', url: `/media/images/${hash}-640.jpg` });
    expect(broken.statusCode).toBe(404);
    expect(await t.app.files.has(`images/${hash}-640.jpg`)).toBe(false);
  });

  it('serves an image with its length and ETag, 304 for a client that has it, from the database store', async () => {
    const stored = await storeImage(t.app.files, await photo());
    const key = stored.url.slice('/media/'.length);
    expect(t.app.files.kind).toBe('db');
    const row = await t.db
      .selectFrom('files')
      .select(['size', 'sha256'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: stored.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(row.size),
      etag: `"${row.sha256.slice(0, 32)}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(res.rawPayload.length).toBe(row.size);
    for (const inm of [res.headers.etag as string, `W/${res.headers.etag}`, `"other", ${res.headers.etag}`]) {
      const again = await t.app.inject({ method: 'GET', url: stored.url, headers: { 'if-none-match': inm } });
      expect(again.statusCode, inm).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(res.headers.etag);
    }
    const other = await t.app.inject({ method: 'GET', url: stored.url, headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
    // The JPEG rendition: stored beside it, served the same way.
    const jpeg = await t.app.inject({ method: 'GET', url: stored.url.replace('.webp', '.jpg') });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(jpeg.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await t.app.files.has(key.replace('.webp', '.jpg'))).toBe(true);
  });

  it('keeps every key inside the store', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../b', '.hidden', 'a//b', 'a\\b', ''])
      expect(isFileKey(key), key).toBe(false);
    expect(isFileKey('images/abc-640.webp')).toBe(true);
    const store = diskStore(t.config.UPLOAD_DIR);
    await expect(store.put('../escape', new Uint8Array([1]))).rejects.toThrow(/not a file key/);
    // Writes of one key at once each replace it whole; none fails.
    const writes = Array.from({ length: 8 }, (_, i) => store.put('images/same.bin', new Uint8Array([i, i, i])));
    await expect(Promise.all(writes)).resolves.toHaveLength(8);
    expect((await store.get('images/same.bin'))?.size).toBe(3);
    expect(await store.get('../escape')).toBeNull();
  });
});
