import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../../src/server/app';
import { CatalogCache } from '../../../../src/server/catalog/list-cache';
import { reconnectDelay } from '../../../../src/server/db/change-bus';
import { createDb, type Db } from '../../../../src/server/db/connection';
import { createProduct } from '../../../factories/products';
import { buildTestApp, onPostgres, post, type TestApp } from '../../helper';

/**
 * Two instances on one PostgreSQL database (two apps, each with its own pool and so its own list cache, as two
 * processes would have): a catalogue change made through one clears the other's cached list at once, over
 * LISTEN/NOTIFY (docs/decisions/024). The TTL is 60 s, so only the notice can explain a fresh page.
 */
describe.runIf(onPostgres)('product list cache across instances on postgres', () => {
  let a: TestApp;
  let bDb: Db;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildTestApp('postgres', { env: { CATALOG_CACHE_MS: '60000' } });
    bDb = createDb({ kind: 'postgres', location: a.config.DATABASE_URL! }, { poolSize: 3 });
    b = await buildApp({ config: a.config, db: bDb });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.destroy();
    await a?.close();
  });

  const nameOn = async (app: FastifyInstance, productId: number) => {
    const res = await post(app, '/v2/get-product-list', { limit: 50 });
    expect(res.status).toBe(200);
    return res.body.data.products.find((p) => p.id === productId)?.name;
  };
  const rename = (productId: number, name: string) =>
    a.db.updateTable('products').set({ name_en: name }).where('id', '=', productId).execute();
  /** Polls `read` every 20 ms until it answers `want` (at most 2 s); answers how long that took. */
  const until = async (read: () => Promise<unknown>, want: unknown): Promise<number> => {
    const started = Date.now();
    while (Date.now() - started < 2000) {
      if ((await read()) === want) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`still not ${String(want)} after 2 s`);
  };
  const readyChanges = async (app: FastifyInstance) =>
    ((await app.inject({ method: 'GET', url: '/readyz' })).json() as { changes: string }).changes;

  it('a change through one instance clears the cached list of the other at once', async () => {
    expect(await readyChanges(b)).toBe('listening');
    // B's first list (its cold start) is read before the clock starts: the bound is on the notice, not on that.
    await nameOn(b, 0);
    const { product } = await createProduct(a.db, { name: 'Bus Oolong' });
    await a.shop.catalog.changed();
    expect(await until(() => nameOn(b, product.id), 'Bus Oolong')).toBeLessThan(500);
    // B keeps its page: a change nobody announces is not seen there. (A read that raced the notice's arrival was not
    // kept: read once more after it, so the page is in the cache.)
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await nameOn(b, product.id)).toBe('Bus Oolong');
    await rename(product.id, 'Quiet Oolong');
    expect(await nameOn(b, product.id)).toBe('Bus Oolong');
    // A write through A (its catalogue change told after commit) reaches B within the bound.
    await rename(product.id, 'Told Oolong');
    await a.shop.catalog.changed();
    expect(await until(() => nameOn(b, product.id), 'Told Oolong')).toBeLessThan(500);
  });

  it('a notice sent from any process (the command line) reaches both; a rolled-back one reaches none', async () => {
    const { product } = await createProduct(a.db, { name: 'Shared Sencha' });
    await a.shop.catalog.changed();
    await until(() => nameOn(a.app, product.id), 'Shared Sencha');
    await until(() => nameOn(b, product.id), 'Shared Sencha');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([await nameOn(a.app, product.id), await nameOn(b, product.id)]).toEqual(['Shared Sencha', 'Shared Sencha']);
    const cli = createDb({ kind: 'postgres', location: a.config.DATABASE_URL! }, { poolSize: 1 });
    try {
      // A transaction that rolls back notifies nobody (PostgreSQL delivers NOTIFY at commit).
      await cli
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('products').set({ name_en: 'Ghost Sencha' }).where('id', '=', product.id).execute();
          await new CatalogCache(trx, 0).changed();
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await rename(product.id, 'Unannounced Sencha');
      expect(await nameOn(a.app, product.id)).toBe('Shared Sencha');
      expect(await nameOn(b, product.id)).toBe('Shared Sencha');
      await new CatalogCache(cli, 0).changed();
      await until(() => nameOn(a.app, product.id), 'Unannounced Sencha');
      await until(() => nameOn(b, product.id), 'Unannounced Sencha');
    } finally {
      await cli.destroy();
    }
  });

  it('after its connection is killed, the listener reads lists fresh, reconnects, and clears once', async () => {
    const { product } = await createProduct(a.db, { name: 'Kill Pu-erh' });
    await a.shop.catalog.changed();
    await until(() => nameOn(b, product.id), 'Kill Pu-erh');
    const killed = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where application_name = 'leafcup-listener' and datname = current_database()`.execute(a.db);
    expect(killed.rows[0]?.n).toBe(2);
    // Until it listens again, a change nobody announces is seen at once (the cache is bypassed), then as before.
    await until(() => readyChanges(b), 'reconnecting');
    await rename(product.id, 'Missed Pu-erh');
    expect(await nameOn(b, product.id)).toBe('Missed Pu-erh');
    await until(() => readyChanges(b), 'listening');
    await until(() => readyChanges(a.app), 'listening');
    expect(await nameOn(b, product.id)).toBe('Missed Pu-erh');
    await rename(product.id, 'Heard Pu-erh');
    expect(await nameOn(b, product.id)).toBe('Missed Pu-erh'); // cached again
    await a.shop.catalog.changed();
    expect(await until(() => nameOn(b, product.id), 'Heard Pu-erh')).toBeLessThan(500);
  });

  it('waits longer after each failed reconnection, up to 30 s', () => {
    expect([1, 2, 3, 4, 7, 20].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 30_000, 30_000]);
  });
});
