import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { onTestFailed } from 'vitest';
import { type RunningProxy, startProxy } from '../../../scripts/instances/proxy.mjs';
import type { AdminProduct } from '../../../src/common/contract/admin/products';
import type { OrderDetails } from '../../../src/common/contract/orders';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { run } from '../../../src/server/operator/cli';
import { seedDemo } from '../../../src/server/seed/index';
import { createShop } from '../../../src/server/shop';
import { createProduct } from '../../factories/products';
import { createStaff } from '../../factories/staff';
import { logLines, rawPost, type ServerProcess, startServerProcess, tail } from '../../support/server-process';
import { until } from '../../support/until';
import { formEncode, freshDatabase, onPostgres, type TestDatabase } from '../helper';
import { productFormOf } from './admin/support';
import { holdTransaction, lockWaits } from './lock-waits';
import { type Customer, customer, PNG, PROVIDER_ENV, STORED_PNG } from './orders/support';
import { makeDue, ordersOf, type Subscribed, subscribe } from './subscriptions/support';

/**
 * Several instances: two server processes on one PostgreSQL database, each with its own (empty, unused) upload
 * folder, as behind a load balancer (docs/decisions/023, 024, 025). Files are in the database, a write on one instance clears
 * the other's product-list cache at once (LISTEN/NOTIFY; the cache is set to 60 s so time cannot explain it), the
 * background jobs run once across both (leases), a SIGKILL mid-request loses no acknowledged order, and SIGTERM
 * drains. Some requests go through the example proxy (`npm run instances`, scripts/instances/proxy.mjs).
 * PostgreSQL only: SQLite is one instance by design.
 */
describe.runIf(onPostgres)('several instances on one PostgreSQL database', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let dir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: RunningProxy;
  let shopper: Customer;
  let owner: { token: string };
  let subscribed: Subscribed;
  let unpaidOrderId: number;
  let env: Record<string, string>;
  const uploadDirs = { a: '', b: '' };
  const proxyLog: string[] = [];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const { db } = database;
    dir = mkdtempSync(join(tmpdir(), 'leafcup-instances-'));
    for (const name of ['a', 'b', 'setup'] as const) mkdirSync(join(dir, name, 'uploads'), { recursive: true });
    uploadDirs.a = join(dir, 'a', 'uploads');
    uploadDirs.b = join(dir, 'b', 'uploads');
    env = {
      DATABASE_URL: database.url,
      CLIENT_DIST: join(dir, 'no-client'),
      SEED: 'off',
      CATALOG_CACHE_MS: '60000',
      SHUTDOWN_DRAIN_MS: '1000',
      TRUST_PROXY: '1',
      // The kill case places ten unpaid (payment link) orders for one customer.
      MAX_UNPAID_ORDERS: '0',
      ...PROVIDER_ENV,
      // The bot's sender talks to nothing (no customer here has a Telegram chat anyway).
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
    };

    // The shop as the instances find it: a due subscription (renewal to place) and an order unpaid for too long.
    await migrateToLatest(db);
    await seedDemo(db);
    const config = loadConfig({
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPLOAD_DIR: join(dir, 'setup', 'uploads'),
    });
    const app = await buildApp({ config, db });
    await app.ready();
    try {
      shopper = await customer(db);
      owner = await createStaff(db, 'owner');
      const t = { app, db, shop: app.shop, config, dialect: 'postgres' as const, close: async () => {} };
      subscribed = await subscribe(t, shopper, { weeks: 4 });
      await makeDue(db, subscribed.subscriptionId);
      const { product, variants } = await createProduct(db, { stock: 10 });
      const unpaid = await postJson<{ order: OrderDetails }>(
        null,
        '/v1/order',
        {
          idempotency_key: randomUUID(),
          address_id: shopper.addressId,
          payment_method: 'payment_link',
          items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        },
        shopper.token,
        app,
      );
      unpaidOrderId = unpaid.body.data.order.id;
      await db
        .updateTable('orders')
        .set({ placed_at: new Date(Date.now() - 49 * 3_600_000).toISOString() })
        .where('id', '=', unpaidOrderId)
        .execute();
    } finally {
      await app.close();
    }

    [a, b] = await Promise.all([
      startServerProcess({ env: { ...env, UPLOAD_DIR: uploadDirs.a }, timeoutMs: 90_000 }),
      startServerProcess({ env: { ...env, UPLOAD_DIR: uploadDirs.b }, timeoutMs: 90_000 }),
    ]);
    // Checked once at start only (an overloaded machine must not make a slow check skew the round-robin): after the
    // kill, the proxy learns that A is gone from the refused connection, which is the retry the test wants to see.
    proxy = await startProxy({
      upstreams: [{ port: a.port }, { port: b.port }],
      checkMs: 600_000,
      log: (line) => proxyLog.push(line),
    });
    expect(proxy.instances.map((i) => i.ready)).toEqual([true, true]);
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.kill(), b?.kill()]);
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // A failure shows what both instances logged.
  beforeEach(() => {
    onTestFailed(() => {
      for (const [name, server] of [
        ['A', a],
        ['B', b],
      ] as const) {
        // Its own lines but the request log (the proxy's readiness checks would fill it).
        const own = server
          ?.output()
          .split('\n')
          .filter((line) => !line.includes('"reqId"'));
        if (own) console.error(`--- instance ${name} ---\n${tail(own.join('\n'))}`);
      }
    });
  });

  const filesUnder = (root: string): string[] =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));

  it('jobs run once across both instances: one renewal, one expiry, each leased job claimed once', async () => {
    const { db } = database;
    // Both instances ran their jobs' first tick at start; wait for the work to be done.
    const state = async () =>
      JSON.stringify({
        leases: await db.selectFrom('job_leases').selectAll().execute(),
        subscription: await db
          .selectFrom('subscriptions')
          .selectAll()
          .where('id', '=', subscribed.subscriptionId)
          .executeTakeFirst(),
        orders: await ordersOf(db, subscribed.subscriptionId),
      });
    await until(async () => (await ordersOf(db, subscribed.subscriptionId)).length === 1, 'the renewal order').catch(
      async (err: Error) => {
        throw new Error(`${err.message}: ${await state()}`);
      },
    );
    await until(
      async () =>
        (await db.selectFrom('orders').select('status').where('id', '=', unpaidOrderId).executeTakeFirstOrThrow())
          .status === 'Cancelled',
      'the unpaid order cancelled',
    );
    const leases = await db
      .selectFrom('job_leases')
      .select(['name', 'runs', 'last_started_at', 'next_run_at'])
      .where('name', 'in', ['subscription renewals', 'unpaid order expiry', 'receipt retention', 'account cleanup'])
      .orderBy('name')
      .execute();
    expect(leases.map((l) => [l.name, l.runs])).toEqual([
      ['account cleanup', 1],
      ['receipt retention', 1],
      ['subscription renewals', 1],
      ['unpaid order expiry', 1],
    ]);
    const said = (msg: string) =>
      [...logLines(a.output()), ...logLines(b.output())].filter((line) => line.msg === msg).length;
    // The rows are committed before the log line reaches this process through the pipe (later on a busy machine).
    await until(
      async () => said('subscription renewals placed') > 0 && said('unpaid orders cancelled') > 0,
      'the jobs’ log lines',
    );
    expect(said('subscription renewals placed')).toBe(1);
    expect(said('unpaid orders cancelled')).toBe(1);
    expect(await ordersOf(db, subscribed.subscriptionId)).toHaveLength(1);
  });

  it('a receipt uploaded through A is served by B (and through the proxy); no instance writes its upload folder', async () => {
    const { product, variants } = await createProduct(database.db, { stock: 10 });
    const form = new FormData();
    const fields = {
      lang: 'en',
      is_frontend: '1',
      idempotency_key: randomUUID(),
      address_id: String(shopper.addressId),
      payment_method: 'bank_transfer',
      payment_reference: 'REF-778899',
      items: JSON.stringify([{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }]),
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'receipt.png');
    const placed = await fetch(`${a.url}/v1/order`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper.token}` },
      body: form,
    });
    const placedBody = (await placed.json()) as { message: string; data: { order: OrderDetails } };
    expect(placed.status, placedBody.message).toBe(200);

    const details = await postJson<{ order: OrderDetails }>(
      b,
      '/v1/get-order-details',
      { order_id: placedBody.data.order.id },
      shopper.token,
    );
    const link = details.body.data.order.receipt_url;
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link!, b.url);
    for (const base of [b.url, a.url, proxy.url, proxy.url]) {
      const res = await fetch(`${base}${pathname}${search}`);
      expect(res.status, base).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(STORED_PNG), base).toBe(true);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toMatch(/private/);
    }

    // A product image uploaded through A's back office: B serves every width, public and immutable.
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4a7a3c' } })
      .png()
      .toBuffer();
    const upload = new FormData();
    upload.append('lang', 'en');
    upload.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'tea.png');
    const uploaded = await fetch(`${a.url}/admin/products/images/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: upload,
    });
    const uploadedBody = (await uploaded.json()) as { message: string; data: { url: string } };
    expect(uploaded.status, uploadedBody.message).toBe(200);
    const media = await fetch(new URL(uploadedBody.data.url, b.url));
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/webp');
    expect(media.headers.get('cache-control')).toMatch(/immutable/);
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');

    expect(filesUnder(uploadDirs.a)).toEqual([]);
    expect(filesUnder(uploadDirs.b)).toEqual([]);
  });

  it('a product change through A shows on B at once, and so does one from the command line (cache set to 60 s)', async () => {
    const { db } = database;
    const { product, variants } = await createProduct(db, { name: 'Instance Oolong', stock: 7 });
    const cardOn = async (server: ServerProcess) => {
      const res = await postJson<{ products: Array<{ id: number; name: string; stock_total: number }> }>(
        server,
        '/v2/get-product-list',
        { limit: 50 },
      );
      return res.body.data.products.find((p) => p.id === product.id);
    };
    expect(await cardOn(b)).toMatchObject({ name: 'Instance Oolong', stock_total: 7 });
    expect(await cardOn(a)).toMatchObject({ name: 'Instance Oolong', stock_total: 7 });

    // The control: a change behind both instances' backs (no notification) is not seen: B's page is cached.
    await db.updateTable('products').set({ name_en: 'Behind Their Backs' }).where('id', '=', product.id).execute();
    expect(await cardOn(b)).toMatchObject({ name: 'Instance Oolong' });

    // Through A's back office: B's cached page is dropped when A's change commits.
    const got = await postJson<{ product: AdminProduct }>(
      a,
      '/admin/products/get',
      { product_id: product.id },
      owner.token,
    );
    const changed = await postJson(
      a,
      '/admin/products/update',
      { ...productFormOf(got.body.data.product), name_en: 'Shared Oolong' },
      owner.token,
    );
    expect(changed.status, changed.body.message).toBe(200);
    const started = Date.now();
    await until(async () => (await cardOn(b))?.name === 'Shared Oolong', 'the new name on B', {
      withinMs: 2000,
      everyMs: 20,
    });
    expect(Date.now() - started, 'B saw the change well within its 60 s cache').toBeLessThan(1500);

    // The operator's command line (another process, here this test's): both instances see it at once.
    const lines: string[] = [];
    await run(
      await createShop({ db, config: loadConfig({ ...env, UPLOAD_DIR: uploadDirs.a }) }),
      ['adjust-stock', String(variants[0]!.id), '+5', '--reason', 'counted'],
      (line) => lines.push(line),
    );
    await until(async () => (await cardOn(a))?.stock_total === 12, 'the new stock on A', {
      withinMs: 2000,
      everyMs: 20,
    });
    await until(async () => (await cardOn(b))?.stock_total === 12, 'the new stock on B', {
      withinMs: 2000,
      everyMs: 20,
    });
  });

  it('SIGKILL of A mid-order (through the proxy) loses no acknowledged order and never places one twice', async () => {
    const { db } = database;
    const { product, variants } = await createProduct(db, { stock: 100 });
    const variantId = variants[0]!.id;
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const order = (key: string) =>
      fetch(`${proxy.url}/v1/order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${shopper.token}`,
          connection: 'close',
        },
        body: formEncode({
          lang: 'en',
          is_frontend: 1,
          idempotency_key: key,
          address_id: shopper.addressId,
          payment_method: 'payment_link',
          items: [{ product_id: product.id, variant_id: variantId, quantity: 1 }],
        }),
      }).then(
        async (res) => ({ status: res.status, body: (await res.json()) as { data: { order?: { id: number } } } }),
        () => ({ status: 0, body: { data: {} } as { data: { order?: { id: number } } } }),
      );

    // Every order waits on the packaging's row lock, held by this test, inside A or B.
    const lock = await holdTransaction(db, async (trx) => {
      await sql`select id from product_variants where id = ${variantId} for update`.execute(trx);
    });
    const answers = keys.map(order);
    await lockWaits(db, keys.length);
    await a.kill();
    lock.release();
    await lock.done;
    const first = await Promise.all(answers);

    // A's requests fail (the proxy answers 502 and does not send them again); B's are acknowledged.
    const statuses = first.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 502).length, JSON.stringify(statuses)).toBe(5);
    expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses)).toBe(5);
    const acknowledged = new Map<string, number>();
    first.forEach((r, i) => {
      if (r.status === 200) acknowledged.set(keys[i]!, r.body.data.order!.id);
    });

    // The client tries the others again with the same keys: the proxy finds A refusing and uses B.
    for (const [i, key] of keys.entries()) {
      if (acknowledged.has(key)) continue;
      const again = await order(key);
      expect(again.status, `retry of ${i}`).toBe(200);
      acknowledged.set(key, again.body.data.order!.id);
    }
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'idempotency_key'])
      .where('idempotency_key', 'in', keys)
      .execute();
    expect(proxyLog.some((line) => line.includes('refused POST /v1/order: trying the next instance'))).toBe(true);
    expect(rows).toHaveLength(keys.length);
    for (const row of rows) expect(acknowledged.get(row.idempotency_key)).toBe(row.id);
    const stock = await db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(100 - keys.length);
  });

  it('SIGTERM drains B: /readyz 503 at once, the keep-alive order in flight is kept (200), and B exits 0 promptly', async () => {
    const { db } = database;
    const { product, variants } = await createProduct(db, { stock: 10 });
    const variantId = variants[0]!.id;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const key = randomUUID();
      const lock = await holdTransaction(db, async (trx) => {
        await sql`select id from product_variants where id = ${variantId} for update`.execute(trx);
      });
      const answer = keepAlivePost(agent, b.port, '/v1/order', shopper.token, {
        lang: 'en',
        is_frontend: 1,
        idempotency_key: key,
        address_id: shopper.addressId,
        payment_method: 'payment_link',
        items: [{ product_id: product.id, variant_id: variantId, quantity: 1 }],
      });
      await lockWaits(db, 1);

      const signalled = Date.now();
      b.process.kill('SIGTERM');
      await until(async () => (await fetch(`${b.url}/readyz`)).status === 503, '/readyz 503 on B', {
        withinMs: 1000,
        everyMs: 20,
      });
      // Past the drain (1 s) B has stopped listening; the order still waits on the lock, then is answered.
      await new Promise((r) => setTimeout(r, Math.max(0, 1300 - (Date.now() - signalled))));
      lock.release();
      await lock.done;
      const res = await answer;
      expect(res.status, res.body).toBe(200);
      expect(res.connection).toBe('close');
      const id = (JSON.parse(res.body) as { data: { order: { id: number } } }).data.order.id;
      expect(await db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute()).toEqual([{ id }]);

      expect(await b.exited).toBe(0);
      expect(Date.now() - signalled, 'B exits right after its last answer').toBeLessThan(5000);
      expect(b.output()).toContain('draining: /readyz answers 503, still serving');
    } finally {
      agent.destroy();
    }
  });
});

/** POSTs a form to an instance (or, with `app`, injects into an in-process app); answers status and body. */
async function postJson<T = Record<string, unknown>>(
  server: ServerProcess | null,
  path: string,
  fields: Record<string, unknown>,
  token?: string,
  app?: import('fastify').FastifyInstance,
): Promise<{ status: number; body: { success: boolean; message: string; data: T } }> {
  const headers = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const payload = formEncode({ lang: 'en', is_frontend: 1, ...fields });
  if (app) {
    const res = await app.inject({ method: 'POST', url: path, headers, payload });
    return { status: res.statusCode, body: res.json() };
  }
  const res = await fetch(`${server!.url}${path}`, { method: 'POST', headers, body: payload });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: T } };
}

/** A form POST on a keep-alive agent: status, body and the answer's Connection header. */
function keepAlivePost(agent: Agent, port: number, path: string, token: string, fields: Record<string, unknown>) {
  return rawPost({ port, path, agent, body: formEncode(fields), headers: { authorization: `Bearer ${token}` } })
    .response;
}
