import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../../src/server/app';
import { loadConfig } from '../../../../src/server/config';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { receiptLink } from '../../../../src/server/orders/receipts';
import { createUser } from '../../../factories/users';
import { insertOrder } from '../../../support/telegram/orders';
import { buildTestApp, dialects, freshDatabase, post, type TestApp } from '../../helper';

/** A built client in miniature: index.html, a script and its source map. */
function fakeClient(): string {
  const dist = mkdtempSync(join(tmpdir(), 'leafcup-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(dist, 'assets/app.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets/app.js.map'), '{"version":3,"sources":["src/client/secret.ts"]}');
  return dist;
}

describe.each(dialects)('security headers on %s', (dialect) => {
  let t: TestApp;
  let https: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeClient();
    t = await buildTestApp(dialect, { seed: false, clientDist: dist, env: { PUBLIC_URL: 'http://localhost:8080' } });
    https = await buildTestApp(dialect, {
      seed: false,
      clientDist: dist,
      env: { PUBLIC_URL: 'https://shop.example.com' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await https?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy'] ?? '');

  it.each(['/', '/products', '/login_be/1/profile'])(
    'the page %s carries the CSP, nosniff and a referrer policy',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(csp(res.headers)).toContain(
        "frame-ancestors 'self' https://web.telegram.org https://webk.telegram.org https://webz.telegram.org",
      );
      expect(csp(res.headers)).toContain("script-src 'self'");
      expect(csp(res.headers)).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp(res.headers)).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // X-Frame-Options cannot allow Telegram's web clients; frame-ancestors says who may frame the shop.
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('API answers and refusals carry them too (400, 401, 404)', async () => {
    for (const res of [
      await post(t.app, '/v2/get-category', {}),
      await post(t.app, '/v2/get-product-details', { product_id: 'x' }),
      await post(t.app, '/v1/get-user-info', {}),
      await t.app.inject({ method: 'GET', url: '/assets/missing-zzz999.js' }),
    ]) {
      expect(csp(res.headers)).toContain('frame-ancestors');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('over HTTPS (PUBLIC_URL https) answers carry HSTS and upgrade insecure requests', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(csp(res.headers)).toContain('upgrade-insecure-requests');
    const api = await post(https.app, '/v2/get-category', {});
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('serves the scripts but never their source maps', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });
});

describe.each(dialects)('request logs on %s', (dialect) => {
  it('never show the signature of a receipt link', async () => {
    const database = await freshDatabase(dialect);
    const lines: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'leafcup-logs-'));
    try {
      await migrateToLatest(database.db);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        CLIENT_DIST: join(dir, 'no-client'),
        UPLOAD_DIR: dir,
      });
      const app = await buildApp({ config, db: database.db, logger: { stream: { write: (l) => lines.push(l) } } });
      try {
        const { user } = await createUser(database.db);
        const order = await insertOrder(database.db, user.id);
        const link = await receiptLink(database.db, order.id, user.id);
        const sig = new URL(link, 'http://x').searchParams.get('sig')!;
        expect(sig.length).toBeGreaterThan(20);
        await app.inject({ method: 'GET', url: link });
        await app.inject({ method: 'GET', url: `${link}&token=abc123secret` });
        const log = lines.join('');
        expect(log).toContain(`/v1/receipt/${order.id}`);
        expect(log).toContain('sig=[redacted]');
        expect(log).not.toContain(sig);
        expect(log).not.toContain('abc123secret');

        // The links of the password reset and e-mail confirmation e-mails: their token is the last part of the path.
        lines.length = 0;
        const reset = 'ResetTokenAbcdefghijklmnopqrstuvwxyz0123456789';
        const confirm = 'ConfirmTokenAbcdefghijklmnopqrstuvwxyz012345678';
        await app.inject({ method: 'GET', url: `/reset-password/${reset}` });
        await app.inject({ method: 'GET', url: `/confirm-email/${confirm}?from=mail` });
        const links = lines.join('');
        expect(links).toContain('/reset-password/[redacted]');
        expect(links).toContain('/confirm-email/[redacted]?from=mail');
        expect(links).not.toContain(reset);
        expect(links).not.toContain(confirm);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
