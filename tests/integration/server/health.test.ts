import { buildTestApp, dialects, post, type TestApp } from '../helper';

/**
 * Health for a load balancer (docs/decisions/025): /livez is the process, /readyz the database and the drain;
 * once draining starts (SIGTERM, main.ts), readiness fails while requests are still served, each answer closes
 * its connection, and the tasks registered for the drain (the background jobs' stop) run once.
 */
describe.each(dialects)('health and draining on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/livez, /readyz and /health answer 200 when the database answers, never cached, not in the API document', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok', shutting_down: false, files: 'db' });
    // The product-list cache's clearing: PostgreSQL's listener, or this instance alone on SQLite.
    expect(ready.json().changes).toBe(dialect === 'postgres' ? 'listening' : 'local');
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers.connection).not.toBe('close');

    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: object };
    for (const path of ['/livez', '/readyz', '/health']) expect(doc.paths).not.toHaveProperty(path);
  });

  it('/readyz answers 503 when the database does not answer; /livez still 200', async () => {
    const other = await buildTestApp(dialect, { seed: false });
    try {
      // The health query reads a migrated table: without it the database does not answer that query.
      await other.db.schema.alterTable('categories').renameTo('categories_gone').execute();
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'database unreachable', database: 'unreachable' });
      expect((await other.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
      expect((await other.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('draining: /readyz 503 at once, the API still answers with Connection: close, drain tasks run once', async () => {
    const other = await buildTestApp(dialect);
    try {
      let runs = 0;
      other.app.lifecycle.onDrain(async () => {
        runs += 1;
      });
      const before = await post(other.app, '/v2/get-category', {});
      expect(before.headers.connection).not.toBe('close');

      await Promise.all([other.app.lifecycle.drain(), other.app.lifecycle.drain()]);
      expect(other.app.lifecycle.draining).toBe(true);
      expect(runs).toBe(1);

      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'shutting down', database: 'ok', shutting_down: true });
      expect(ready.headers.connection).toBe('close');
      expect((await other.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
      expect((await other.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);

      const during = await post(other.app, '/v2/get-category', {});
      expect(during.status).toBe(200);
      expect(during.body.data.categories).toHaveLength(7);
      expect(during.headers.connection).toBe('close');
      const missing = await other.app.inject({ method: 'GET', url: '/no-such-path' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers.connection).toBe('close');
    } finally {
      await other.close();
    }
  });
});
