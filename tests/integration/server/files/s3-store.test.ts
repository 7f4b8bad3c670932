import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { jpegUrlAt, storeImage } from '../../../../src/server/files/images';
import { createS3Store, parseS3Url } from '../../../../src/server/files/s3-store';
import { FILE_MAX_BYTES, type FileStore } from '../../../../src/server/files/store';
import { type FakeS3, startFakeS3 } from '../../../support/fake-s3';
import { buildTestApp, type TestApp } from '../../helper';
import { storeContract } from './store-contract';

// The S3-compatible file store (FILES_URL=s3://…, docs/decisions/023) against a fake S3 server on 127.0.0.1
// (tests/support/fake-s3.ts): the real @aws-sdk/client-s3 speaking HTTP to it. No database is involved.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const ACCESS_KEY = 'AKIAFAKECHAINTEST';
const SECRET = 'fake-secret-from-the-environment';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const keysOf = async (store: FileStore, prefix: string) => {
  const keys: { key: string; size: number }[] = [];
  for await (const entry of store.list(prefix)) keys.push(entry);
  return keys.sort((a, b) => a.key.localeCompare(b.key));
};
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

// The SDK's standard chain: credentials from the environment, as an operator sets them (never in FILES_URL).
beforeAll(() => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', ACCESS_KEY);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET);
  vi.stubEnv('AWS_PROFILE', '');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

// The contract every store keeps (store-contract.ts), on a fresh fake with two keys a list page and the checksum
// headers refused, as some S3-compatible vendors do.
storeContract('S3 (fake S3-compatible server)', async () => {
  const fake = await startFakeS3({ buckets: ['contract'], pageSize: 2, rejectChecksums: true });
  const store = createS3Store(`s3://contract/leafcup?region=us-east-1&endpoint=${fake.endpoint}&path_style=1`);
  return {
    store,
    close: async () => {
      await store.close();
      await fake.close();
    },
  };
});

describe('FILES_URL=s3://… is read strictly, and credentials never come from it', () => {
  it('reads the bucket, the prefix and the vendor options', () => {
    expect(parseS3Url('s3://leafcup-files')).toEqual({
      bucket: 'leafcup-files',
      prefix: '',
      region: undefined,
      endpoint: undefined,
      pathStyle: false,
    });
    expect(
      parseS3Url('s3://shop.files/eu/prod/?region=auto&endpoint=https://abc.r2.cloudflarestorage.com/&path_style=1'),
    ).toEqual({
      bucket: 'shop.files',
      prefix: 'eu/prod/',
      region: 'auto',
      endpoint: 'https://abc.r2.cloudflarestorage.com',
      pathStyle: true,
    });
  });

  it.each([
    ['s3://', /the bucket is missing/],
    ['s3:///receipts', /the bucket is missing/],
    ['s3://Shop_Files', /not a valid S3 bucket name/],
    ['s3://shop:9000', /a port does not go after the bucket/],
    ['s3://shop/a/.hidden', /the prefix may hold/],
    ['s3://shop/a%2F..%2Fb', /the prefix may hold/],
    ['s3://shop?endpoint=ftp://host', /endpoint= must be an http\(s\) URL/],
    ['s3://shop?path_style=yes', /path_style= is 1 or 0/],
    ['s3://shop?region=eu%20west', /region= is not a region name/],
  ])('refuses %s with a message', (url, message) => {
    expect(() => createS3Store(url)).toThrow(message);
  });

  it.each([
    `s3://${ACCESS_KEY}:${SECRET}@shop`,
    `s3://${ACCESS_KEY}@shop`,
    `s3://shop?endpoint=https://${ACCESS_KEY}:${SECRET}@minio.example.com`,
    `s3://shop?region=eu-west-1&secret_access_key=${SECRET}`,
    `s3://shop?access_key_id=${ACCESS_KEY}`,
  ])('refuses credentials in the URL without repeating them: %s', (url) => {
    let message = '';
    try {
      createS3Store(url);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^FILES_URL: (credentials do not go in|unknown parameter)/);
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain(ACCESS_KEY);
  });
});

describe('the S3 store against a fake S3-compatible server', () => {
  let fake: FakeS3;
  let store: FileStore;
  const url = () => `s3://leafcup/shop-a?region=us-east-1&endpoint=${fake.endpoint}&path_style=1`;

  beforeAll(async () => {
    fake = await startFakeS3({ buckets: ['leafcup'], pageSize: 2, rejectChecksums: true });
    store = createS3Store(url());
  });
  afterAll(async () => {
    await store?.close();
    await fake?.close();
  });

  it('writes, reads (streamed), answers has, and removes a file, under the URL prefix', async () => {
    const bytes = randomBytes(5000);
    const key = 'receipts/0a1b2c.png';
    expect(store.kind).toBe('s3');
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();

    await store.put(key, bytes);
    const object = fake.objects('leafcup').get(`shop-a/${key}`);
    expect(object?.body.equals(bytes)).toBe(true);
    expect(object).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'private, no-store',
      metadata: { sha256: sha256(bytes) },
    });

    expect(await store.has(key)).toBe(true);
    const got = await store.get(key);
    expect(got).toMatchObject({ size: 5000, contentType: 'image/png', etag: sha256(bytes).slice(0, 32) });
    expect(got?.stream).toBeInstanceOf(Readable);
    expect((await readAll(got?.stream as Readable)).equals(bytes)).toBe(true);

    await store.remove(key);
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.remove(key); // removing what is gone is not an error
    expect(fake.objects('leafcup').has(`shop-a/${key}`)).toBe(false);
  });

  it('replaces a key whole, and stores images public and immutable', async () => {
    const key = 'images/5f0c0ffee0c0ffee0c0ffee0c0ffee00-640.webp';
    await store.put(key, Buffer.from('first'));
    await store.put(key, Buffer.from('second, longer'));
    const got = await store.get(key);
    expect(got?.size).toBe(14);
    expect(got?.contentType).toBe('image/webp');
    expect((await readAll(got?.stream as Readable)).toString()).toBe('second, longer');
    expect(fake.objects('leafcup').get(`shop-a/${key}`)?.cacheControl).toBe('public, max-age=31536000, immutable');
    await store.remove(key);
  });

  it('takes a stream of unknown length, and a 3 MiB file comes back streamed with the same SHA-256', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const pieces = Array.from({ length: 48 }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
    await store.put('receipts/big.jpg', Readable.from(pieces));
    const got = await store.get('receipts/big.jpg');
    expect(got?.size).toBe(bytes.length);
    expect(got?.contentType).toBe('image/jpeg');
    expect(sha256(await readAll(got?.stream as Readable))).toBe(sha256(bytes));
    expect(got?.etag).toBe(sha256(bytes).slice(0, 32));
    await store.remove('receipts/big.jpg');
  });

  it(`refuses a stream over FILE_MAX_BYTES (${FILE_MAX_BYTES}) and stores nothing`, async () => {
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const endless = new Readable({
      read() {
        sent += chunk.length;
        this.push(chunk);
      },
    });
    await expect(store.put('receipts/huge.png', endless)).rejects.toMatchObject({ name: 'FileTooLargeError' });
    expect(endless.destroyed).toBe(true);
    expect(sent).toBeLessThanOrEqual(FILE_MAX_BYTES + 2 * chunk.length);
    expect(await store.has('receipts/huge.png')).toBe(false);
  });

  it('lists the keys under a prefix across pages, and nothing outside its own prefix', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e']) await store.put(`receipts/${name}.png`, Buffer.from(name));
    await store.put('images/x-320.webp', Buffer.from('img'));
    // Not ours: another store's prefix, and an object someone put by hand with a name no key has.
    const other = createS3Store(`s3://leafcup/shop-b?region=us-east-1&endpoint=${fake.endpoint}&path_style=1`);
    await other.put('receipts/z.png', Buffer.from('z'));
    await other.close();
    fake.objects('leafcup').set('shop-a/receipts/.hidden', {
      body: Buffer.from('?'),
      contentType: undefined,
      cacheControl: undefined,
      metadata: {},
      etag: '"0"',
      lastModified: new Date(),
    });

    const before = fake.requests.length;
    expect(await keysOf(store, 'receipts/')).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((n) => ({ key: `receipts/${n}.png`, size: 1 })),
    );
    // Two keys a page in the fake: the SDK's paginator followed the continuation tokens.
    expect(fake.requests.length - before).toBeGreaterThanOrEqual(3);
    expect((await keysOf(store, '')).map((e) => e.key)).toContain('images/x-320.webp');
    expect((await keysOf(store, '')).map((e) => e.key)).not.toContain('receipts/z.png');

    for (const { key } of await keysOf(store, '')) await store.remove(key);
    expect(await keysOf(store, '')).toEqual([]);
    fake.objects('leafcup').delete('shop-a/receipts/.hidden');
  });

  it('keeps keys inside the store: a name that is not a file key is never sent', async () => {
    const before = fake.requests.length;
    await expect(store.put('../escape.png', Buffer.from('x'))).rejects.toThrow(/not a file key/);
    await expect(store.remove('receipts/../../x.png')).rejects.toThrow(/not a file key/);
    expect(await store.get('/etc/passwd')).toBeNull();
    expect(await store.has('receipts/.hidden')).toBe(false);
    expect(fake.requests.length).toBe(before);
  });

  it('signs with the credentials of the SDK chain and sends no flexible checksums', () => {
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) {
      expect(request.accessKeyId).toBe(ACCESS_KEY);
      expect(Object.keys(request.headers).filter((h) => h.startsWith('x-amz-checksum'))).toEqual([]);
    }
  });

  it('the checksum options are what makes a vendor that refuses flexible checksums work', async () => {
    // The same call with the SDK's defaults (checksums WHEN_SUPPORTED) is refused by such a server.
    const defaults = new S3Client({ region: 'us-east-1', endpoint: fake.endpoint, forcePathStyle: true });
    try {
      await expect(
        defaults.send(
          new PutObjectCommand({ Bucket: 'leafcup', Key: 'shop-a/receipts/d.png', Body: Buffer.from('d') }),
        ),
      ).rejects.toMatchObject({ name: 'InvalidArgument' });
    } finally {
      defaults.destroy();
    }
    await store.put('receipts/d.png', Buffer.from('d'));
    expect(await store.has('receipts/d.png')).toBe(true);
    await store.remove('receipts/d.png');
  });

  it('a missing bucket is an error, not a missing file', async () => {
    const wrong = createS3Store(`s3://no-such-bucket?region=us-east-1&endpoint=${fake.endpoint}&path_style=1`);
    try {
      await expect(wrong.get('receipts/a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(wrong.put('receipts/a.png', Buffer.from('a'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      await wrong.close();
    }
  });
});

describe('the shop with FILES_URL=s3://… (against the fake)', () => {
  let fake: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeS3({ buckets: ['shop-files'], rejectChecksums: true });
    t = await buildTestApp('sqlite', {
      seed: false,
      env: { FILES_URL: `s3://shop-files/live?region=us-east-1&endpoint=${fake.endpoint}&path_style=1` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('stores an uploaded image in the bucket and serves it (and its JPEG rendition) from there', async () => {
    expect(t.app.files.kind).toBe('s3');
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#6a4' } })
      .png()
      .toBuffer();
    const stored = await storeImage(t.app.files, png);
    const keys = [...fake.objects('shop-files').keys()].sort();
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^live\/images\/[0-9a-f]{32}-(320|640|1280)\.webp$/);
    expect(readdirSync(t.config.UPLOAD_DIR)).toEqual([]);

    const res = await t.app.inject({ method: 'GET', url: stored.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const object = fake.objects('shop-files').get(`live/${stored.url.slice('/media/'.length)}`);
    expect(res.rawPayload.equals(object?.body ?? Buffer.alloc(0))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(object?.body.length);

    const again = await t.app.inject({
      method: 'GET',
      url: stored.url,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const jpeg = jpegUrlAt(stored.url, 320) as string;
    const rendition = await t.app.inject({ method: 'GET', url: jpeg });
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers['content-type']).toBe('image/jpeg');
    expect(fake.objects('shop-files').has(`live/${jpeg.slice('/media/'.length)}`)).toBe(true);

    const missing = await t.app.inject({ method: 'GET', url: stored.url.replace(/[0-9a-f]{32}/, '0'.repeat(32)) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the AWS SDK is loaded only for FILES_URL=s3:// (and BACKUP_URL=s3://)', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );

  it('only s3-store.ts imports the SDK; only create-store.ts and backups/destination.ts load it, lazily', () => {
    const files = sources(join(root, 'src'));
    const importing = (pattern: RegExp) =>
      files.filter((f) => pattern.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(importing(/from '@aws-sdk\/|import\('@aws-sdk\//)).toEqual(['src/server/files/s3-store.ts']);
    expect(importing(/(from |import\()'[^']*\/s3-store/)).toEqual([
      'src/server/backups/destination.ts',
      'src/server/files/create-store.ts',
    ]);
    const createStore = readFileSync(join(root, 'src/server/files/create-store.ts'), 'utf8');
    expect(createStore).toMatch(/await import\('\.\/s3-store(\.ts|\.js)?'\)/);
    expect(createStore).not.toMatch(/^import[^;]*s3-store/m);
    const backups = readFileSync(join(root, 'src/server/backups/destination.ts'), 'utf8');
    expect(backups).toMatch(/await import\('\.\.\/files\/s3-store(\.ts|\.js)?'\)/);
    expect(backups).not.toMatch(/^import[^;]*s3-store/m);
  });
});

describe('the server refuses a bad s3:// FILES_URL at start', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'leafcup-s3-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const start = (filesUrl: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/tmp',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: '0',
          DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
          UPLOAD_DIR: join(dir, 'uploads'),
          FILES_URL: filesUrl,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = Promise.all([text(child.stdout), text(child.stderr)]).then((parts) => parts.join(''));
      child.once('exit', (code) => {
        output.then((all) => resolve({ code, output: all }));
      });
    });

  it('with credentials in it: the process exits 1 with the reason, and the secret is printed nowhere', async () => {
    // A real start (node --import tsx src/server/main.ts): about 4 s of CPU, far longer on a busy machine.
    const { code, output } = await start(`s3://${ACCESS_KEY}:${SECRET}@shop?region=eu-west-1`);
    expect(code).toBe(1);
    expect(output).toMatch(/FILES_URL: credentials do not go in the URL/);
    expect(output).not.toContain(SECRET);
  }, 120_000);

  it('without a bucket: building the app fails with the reason', async () => {
    await expect(
      buildTestApp('sqlite', { seed: false, env: { FILES_URL: 's3:///receipts?region=eu-west-1' } }),
    ).rejects.toThrow(/^FILES_URL: the bucket is missing/);
  });
});
