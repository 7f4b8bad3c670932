import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { createIntervalJob } from '../../../../src/server/lib/interval-job';
import { createExpiryScheduler } from '../../../../src/server/orders/expiry';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { METRICS_TOKEN, sample, samples, scrape } from './support';

const count = async (t: TestApp, query: ReturnType<typeof sql<{ n: number }>>) =>
  Number((await query.execute(t.db)).rows[0]?.n ?? 0);

describe.each(dialects)('metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, METRICS_TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /metrics only to its bearer token (401 otherwise), uncached, and not in the OpenAPI', async () => {
    const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', headers });
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of refused) {
      const res = await get(headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('shop_');
    }
    const ok = await get({ authorization: `Bearer ${METRICS_TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
    // The process's own metrics: memory and event-loop lag.
    expect(sample(ok.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(ok.body).toContain('nodejs_eventloop_lag_seconds');
    expect(ok.body).toContain('nodejs_heap_size_used_bytes');
    const openapi = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(openapi.body).not.toContain('/metrics');
  });

  it('counts orders placed, paid and cancelled and times every answer by its route pattern', async () => {
    const { product, variants } = await createProduct(t.db, { variants: [{ name: '50 g', price: 1500, stock: 50 }] });
    const c = await customer(t.db);
    const before = await scrape(t.app);
    const placedBefore = sample(before, 'shop_orders_total', { event: 'placed', payment_method: 'payment_link' }) ?? 0;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      });
      expect(res.status, res.body.message).toBe(200);
      ids.push(res.body.data.order.id);
    }
    // The same key again answers the same order: not placed twice.
    expect((await post(t.app, '/v2/cancel-order', { order_id: ids[0] }, { token: c.token })).status).toBe(200);

    const text = await scrape(t.app);
    expect(sample(text, 'shop_orders_total', { event: 'placed', payment_method: 'payment_link' })).toBe(
      placedBefore + 3,
    );
    expect(sample(text, 'shop_orders_total', { event: 'cancelled', payment_method: 'payment_link' })).toBe(1);
    const order = { method: 'POST', route: '/v1/order', status: '200' };
    expect(sample(text, 'shop_http_request_duration_seconds_count', order)).toBe(3);
    expect(sample(text, 'shop_http_request_duration_seconds_bucket', { ...order, le: '+Inf' })).toBe(3);
    expect(sample(text, 'shop_http_request_duration_seconds_bucket', { ...order, le: '10' })).toBe(3);
    expect(sample(text, 'shop_http_request_duration_seconds_sum', order)).toBeGreaterThan(0);
    expect(sample(text, 'shop_http_request_duration_seconds_count', { route: '/v2/cancel-order', status: '200' })).toBe(
      1,
    );
    // Every query is timed.
    expect(sample(text, 'shop_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(20);
    expect(sample(text, 'shop_db_query_duration_seconds_bucket', { outcome: 'ok', le: '1' })).toBeGreaterThan(20);
  });

  it("reports job rounds, failures, their time and last success, and the outboxes' backlog", async () => {
    const { product, variants } = await createProduct(t.db, { variants: [{ name: '50 g', price: 1500, stock: 50 }] });
    const c = await customer(t.db);
    const res = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
    });
    const old = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await t.db.updateTable('orders').set({ placed_at: old }).where('id', '=', res.body.data.order.id).execute();
    const expiry = createExpiryScheduler(t.shop);
    expect((await expiry.runOnce()).cancelled).toContain(res.body.data.order.id);
    const failing = createIntervalJob({
      name: 'always failing',
      run: async () => {
        throw new Error('no');
      },
      intervalMs: 60_000,
      lease: 'local',
      metrics: t.shop.metrics,
    });
    await expect(failing.runOnce()).rejects.toThrow('no');

    const text = await scrape(t.app);
    expect(sample(text, 'shop_orders_total', { event: 'expired', payment_method: 'payment_link' })).toBe(1);
    const job = { job: 'unpaid_order_expiry' };
    expect(sample(text, 'shop_job_runs_total', { ...job, outcome: 'ok' })).toBe(1);
    expect(sample(text, 'shop_job_duration_seconds_count', job)).toBe(1);
    expect(sample(text, 'shop_job_duration_seconds_bucket', { ...job, le: '+Inf' })).toBe(1);
    const lastSuccess = sample(text, 'shop_job_last_success_timestamp_seconds', job)!;
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(60);
    expect(sample(text, 'shop_job_runs_total', { job: 'always_failing', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'shop_job_last_success_timestamp_seconds', { job: 'always_failing' })).toBeUndefined();

    // The bot's outbox holds the notices of the orders placed and moved (nobody drains it here); no e-mail is queued.
    const waiting = await count(t, sql<{ n: number }>`select count(*) as n from notifications where sent_at is null`);
    expect(waiting).toBeGreaterThan(0);
    expect(sample(text, 'shop_outbox_backlog', { outbox: 'bot' })).toBe(waiting);
    expect(sample(text, 'shop_outbox_backlog', { outbox: 'mail' })).toBe(0);
    expect(sample(text, 'shop_outbox_oldest_age_seconds', { outbox: 'bot' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_outbox_oldest_age_seconds', { outbox: 'mail' })).toBe(0);
    expect(sample(text, 'shop_metrics_collect_failures_total')).toBeUndefined();
    // Telegram (BOT_TOKEN is set): seconds since the last update, since the start when none came yet.
    expect(sample(text, 'shop_webhook_silence_seconds', { source: 'telegram' })).toBeGreaterThanOrEqual(0);
  });

  it('shows the PostgreSQL pool (in use, waiting), and no pool on SQLite', async () => {
    const text = await scrape(t.app);
    if (dialect === 'postgres') {
      // Read while the scrape's own reads run (they may wait for a connection the pool is still opening).
      expect(sample(text, 'shop_db_pool_in_use')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'shop_db_pool_waiting')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'shop_db_pool_max')).toBe(5);
    } else {
      expect(text).not.toContain('shop_db_pool');
    }
  });

  it('keeps labels bounded: an id, an unknown path or a file name never becomes a label', async () => {
    await t.app.inject({ method: 'GET', url: '/details/99999' });
    await post(t.app, '/v1/whatever-unknown', {});
    await post(t.app, '/v2/get-product-details', { product_id: 99999 });
    await t.app.inject({ method: 'GET', url: '/assets/missing-zzz999.js' });
    const text = await scrape(t.app);
    // In no label (a value may hold any digits).
    expect(text).not.toMatch(/\{[^}]*(99999|whatever-unknown|zzz999)[^}]*\}/);
    expect(
      sample(text, 'shop_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'shop_http_request_duration_seconds_count', { route: '/v2/get-product-details' })).toBe(1);
    const routes = new Set(samples(text, 'shop_http_request_duration_seconds_count').map((s) => s.labels.route));
    for (const route of routes) expect(route).toMatch(/^(\/[\w./:-]*|unmatched|static|other)$/);
  });
});

describe.each(dialects.slice(0, 1))('metrics switched off or on their own port (%s)', (dialect) => {
  it('answers /metrics 404 without METRICS_TOKEN, whatever the header says', async () => {
    const t = await buildTestApp(dialect, { seed: false });
    try {
      for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('shop_');
      }
      expect(t.app.metricsAddress()).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('serves METRICS_PORT on 127.0.0.1 without a token, and closes it with the app', async () => {
    const t = await buildTestApp(dialect, { seed: false, env: { METRICS_PORT: '0' } });
    let port = 0;
    try {
      const address = t.app.metricsAddress()!;
      expect(address.address).toBe('127.0.0.1');
      port = address.port;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      expect(text).toContain('shop_http_request_duration_seconds');
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      // The main app still asks for a token it does not have: 404.
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    const refused = await new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/metrics' }, () => resolve('answered'));
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      req.end();
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('stops the start with a message naming METRICS_PORT when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      await expect(buildTestApp(dialect, { seed: false, env: { METRICS_PORT: String(port) } })).rejects.toThrow(
        `METRICS_PORT ${port}: cannot listen on 127.0.0.1 (EADDRINUSE)`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
