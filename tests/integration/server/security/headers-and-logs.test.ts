import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { buildApp } from '../../../../src/server/app';
import { loadConfig } from '../../../../src/server/config';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { scrubLine } from '../../../../src/server/lib/log';
import { invoicePayload } from '../../../../src/server/orders/invoice-payload';
import { receiptLink } from '../../../../src/server/orders/receipts';
import { WEBHOOK_PATH, webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createProduct } from '../../../factories/products';
import { createUser } from '../../../factories/users';
import { interceptBotApi, successfulPaymentUpdate } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { insertOrder } from '../../../support/telegram/orders';
import { buildTestApp, dialects, freshDatabase, post, type TestApp } from '../../helper';
import { METRICS_TOKEN, sample, scrape } from '../metrics/support';
import { placeOrder } from '../orders/support';

/** A built client in miniature: index.html, a script (and its brotli) and its source map. */
function fakeClient(): string {
  const dist = mkdtempSync(join(tmpdir(), 'leafcup-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(dist, 'assets/app.js'), 'console.log(1)');
  // As the build writes it beside each script (vite.config.ts, docs/decisions/030).
  writeFileSync(join(dist, 'assets/app.js.br'), brotliCompressSync('console.log(1)'));
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

  it('API answers, refusals and missing files carry nosniff and CORP, not the policies of a document (400, 401, 404)', async () => {
    for (const res of [
      await post(t.app, '/v2/get-category', {}),
      await post(t.app, '/v2/get-product-details', { product_id: 'x' }),
      await post(t.app, '/v1/get-user-info', {}),
      await t.app.inject({ method: 'GET', url: '/assets/missing-zzz999.js' }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // docs/decisions/054: a JSON answer is never shown as a page, so it has no use for a document's policies.
      for (const name of ['content-security-policy', 'referrer-policy', 'cross-origin-opener-policy']) {
        expect(res.headers[name], name).toBeUndefined();
      }
    }
  });

  it('a hashed asset is answered with what a script needs and no more: nosniff, CORP, cache, type, length', async () => {
    for (const encoding of [undefined, 'gzip, deflate, br']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/app.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(encoding ? brotliDecompressSync(res.rawPayload).toString() : res.body).toBe('console.log(1)');
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'accept-encoding',
        ...(encoding ? { 'content-encoding': 'br' } : {}),
      });
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      // docs/decisions/054: every other header is bytes on each script of a first visit (no CSP, COOP, referrer
      // policy, ETag, Last-Modified, Accept-Ranges).
      expect(Object.keys(res.headers).sort()).toEqual([
        'cache-control',
        'connection',
        ...(encoding ? ['content-encoding'] : []),
        'content-length',
        'content-type',
        'cross-origin-resource-policy',
        'date',
        'vary',
        'x-content-type-options',
      ]);
    }
  });

  it('over HTTPS (PUBLIC_URL https) pages carry HSTS and upgrade insecure requests; assets and API answers do not', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(csp(res.headers)).toContain('upgrade-insecure-requests');
    // The browser keeps HSTS from the page it navigated to: every later request to the shop is HTTPS already.
    for (const other of [
      await post(https.app, '/v2/get-category', {}),
      await https.app.inject({ method: 'GET', url: '/assets/app.js' }),
    ]) {
      expect(other.headers['strict-transport-security']).toBeUndefined();
      expect(other.headers['x-content-type-options']).toBe('nosniff');
    }
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

describe.each(dialects)('what a customer journey leaves in the logs and metrics on %s', (dialect) => {
  const logs: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      botToken: TEST_BOT_TOKEN,
      env: { PAYMENT_PROVIDER_TOKEN: 'provider-test-token', METRICS_TOKEN },
      logs,
    });
    interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sign-up, a wrong then a right password, an address, an order and its payment: no e-mail, phone, password, token or address', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `mei.${tag}@example.com`;
    const phone = `+63917${String(Date.now()).slice(-7)}`;
    const password = `Pw-${tag}-secret!`;
    const wrong = `Wrong-${tag}-guess`;
    const street = `88 Hidden Lane ${tag}`;
    const signup = await post(t.app, '/v1/user-register', {
      nickname: 'Mei',
      email,
      phone,
      password,
      confirm_password: password,
    });
    expect(signup.status, signup.body.message).toBe(200);
    expect((await post(t.app, '/v1/user-login', { login: email, password: wrong })).status).toBe(422);
    const login = await post(t.app, '/v1/user-login', { login: phone, password });
    expect(login.status, login.body.message).toBe(200);
    const { token } = login.body.data;
    const userId = login.body.data.user_info.id;
    const state = await t.db.selectFrom('states').select('id').orderBy('sort_order').executeTakeFirstOrThrow();
    const saved = await post(
      t.app,
      '/v2/save-address',
      { receiver_name: 'Mei Lin', phone, address: street, city: 'Makati', state_id: state.id, zip: '1209' },
      { token },
    );
    expect(saved.status, saved.body.message).toBe(200);
    const { product, variants } = await createProduct(t.db, { variants: [{ name: '50 g', price: 1500, stock: 5 }] });
    const c = { userId, token, addressId: saved.body.data.address.id };
    const placed = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
    });
    expect(placed.status, placed.body.message).toBe(200);
    const order = placed.body.data.order;
    const paid = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret(t.config)! },
      payload: successfulPaymentUpdate(
        { id: 6_300_000_001 },
        { payload: invoicePayload(order.id, order.total_cents), totalAmount: order.total_cents, chargeId: `ch-${tag}` },
      ),
    });
    expect(paid.statusCode).toBe(200);
    // The token in the header, as the client sends it; a trace id from a proxy's traceparent.
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const info = await t.app.inject({
      method: 'POST',
      url: '/v1/get-user-info',
      headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      payload: { lang: 'en' },
    });
    expect(info.statusCode).toBe(200);

    const metrics = await scrape(t.app);
    expect(sample(metrics, 'shop_signups_total', { result: 'ok' })).toBe(1);
    expect(sample(metrics, 'shop_logins_total', { result: 'refused' })).toBe(1);
    expect(sample(metrics, 'shop_logins_total', { result: 'ok' })).toBe(1);
    expect(sample(metrics, 'shop_orders_total', { event: 'paid', payment_method: 'payment_link' })).toBe(1);
    expect(sample(metrics, 'shop_payments_total', { provider: 'telegram', result: 'paid' })).toBe(1);

    // One line per request, with its id, route pattern, status and time; the account once its session was read.
    const lines = logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = lines.filter((l) => l.msg === 'request completed');
    expect(requests.length).toBeGreaterThanOrEqual(7);
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    for (const line of requests) {
      expect(line).toMatchObject({ reqId: expect.any(String), route: expect.any(String) });
      expect((line.res as { statusCode: number }).statusCode).toBeGreaterThanOrEqual(200);
      expect(line.responseTime).toEqual(expect.any(Number));
    }
    const infoLine = requests.find((l) => l.route === '/v1/get-user-info')!;
    expect(infoLine).toMatchObject({ user_id: userId, trace_id: traceId, level: 30 });
    expect(requests.find((l) => l.route === '/v1/user-register')?.trace_id).toBeUndefined();

    const everything = [...logs, metrics].join('\n');
    for (const secret of [email, phone, phone.replace(/\D/g, ''), password, wrong, token, street]) {
      expect(everything, `a log line or metric holds ${secret}`).not.toContain(secret);
    }
  });
});

describe('the log guard', () => {
  it('scrubs e-mail addresses from free text and leaves other lines as they are', () => {
    expect(scrubLine('{"msg":"550 5.1.1 <mei.lin+tea@mail.example.co.uk>: Recipient address rejected"}')).toBe(
      '{"msg":"550 5.1.1 <[email]>: Recipient address rejected"}',
    );
    const plain = '{"msg":"request completed","to":"m***@example.com","stack":"at node_modules/@fastify/static"}';
    expect(scrubLine(plain)).toBe(plain);
  });
});
