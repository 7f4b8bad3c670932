import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningProxy, startProxy } from '../../../scripts/instances/proxy.mjs';
import { migrateToLatest, migrations } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/seed/index';
import { createProduct } from '../../factories/products';
import { releaseBefore } from '../../support/expand-contract';
import { type StreamFigures, type StreamShopper, startOrderStream } from '../../support/order-stream';
import { type ServerProcess, startServerProcess, tail } from '../../support/server-process';
import { until } from '../../support/until';
import { freshDatabase, onPostgres, type TestDatabase } from '../helper';
import { customer, PROVIDER_ENV } from './orders/support';

/**
 * Upgrades without downtime on PostgreSQL (docs/decisions/043, README "Upgrading"): a rolling restart of two
 * instances behind the proxy, and the previous release serving beside this one while it migrates the database, each
 * under a steady stream of orders. Nothing may fail — no 5xx, no connection error — and every acknowledged order must
 * be in the database once.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Servers start slowly on a loaded machine. */
const SLOW = { withinMs: 60_000, everyMs: 50 };

describe.runIf(onPostgres)('upgrading a shop that is taking orders', { timeout: 240_000 }, () => {
  let database: TestDatabase;
  let dir: string;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  let proxy: RunningProxy | undefined;

  beforeEach(async () => {
    database = await freshDatabase('postgres');
    dir = mkdtempSync(join(tmpdir(), 'leafcup-upgrade-'));
    env = {
      DATABASE_URL: database.url,
      CLIENT_DIST: join(dir, 'no-client'),
      SEED: 'off',
      SHUTDOWN_DRAIN_MS: '1000',
      TRUST_PROXY: '1',
      MAX_UNPAID_ORDERS: '0',
      ...PROVIDER_ENV,
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
    };
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await Promise.all(servers.splice(0).map((s) => s.stop({ killAfterMs: 5_000 })));
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (name: string, opts: { port?: number; cwd?: string } = {}) => {
    const uploads = join(dir, name, 'uploads');
    mkdirSync(uploads, { recursive: true });
    const server = await startServerProcess({ env: { ...env, UPLOAD_DIR: uploads }, timeoutMs: 90_000, ...opts });
    servers.push(server);
    return server;
  };

  /** Shoppers and a product with plenty of stock, made with this release's factories on the database as it is. */
  const shoppersAndLine = async () => {
    const shoppers: StreamShopper[] = [];
    for (let i = 0; i < 4; i++) shoppers.push(await customer(database.db));
    const { product, variants } = await createProduct(database.db, { stock: 100_000 });
    return { shoppers, line: { product_id: product.id, variant_id: variants[0]!.id }, productId: product.id };
  };

  /** Every acknowledged order is in the database, once, and stock went down by exactly as many units. */
  const expectEveryOrderKept = async (figures: StreamFigures, productId: number, stockBefore: number) => {
    expect(figures.failures).toEqual([]);
    const ids = figures.acknowledged.map((o) => o.orderId);
    expect(new Set(ids).size).toBe(ids.length);
    const found = await database.db.selectFrom('orders').select('id').where('id', 'in', ids).execute();
    expect(found.length).toBe(ids.length);
    const stock = await database.db
      .selectFrom('products')
      .select('stock_total')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(stockBefore - stock.stock_total).toBe(ids.length);
  };

  it('a rolling restart of two instances behind the proxy loses no request and no order', async () => {
    await migrateToLatest(database.db);
    await seedDemo(database.db);
    const { shoppers, line, productId } = await shoppersAndLine();
    const [a, b] = await Promise.all([start('a'), start('b')]);
    proxy = await startProxy({ upstreams: [{ port: a!.port }, { port: b!.port }], checkMs: 200 });
    const stream = startOrderStream({ baseUrl: () => `http://127.0.0.1:${proxy!.port}`, shoppers, line });
    await until(() => stream.count() >= 20, 'orders before the restart', SLOW);
    for (const [name, old] of [
      ['a2', a!],
      ['b2', b!],
    ] as const) {
      const code = await old.stop();
      expect(code, tail(old.output())).toBe(0);
      await start(name, { port: old.port });
      const placed = stream.count();
      await until(() => stream.count() >= placed + 20, `orders after ${name} started`, SLOW);
    }
    await expectEveryOrderKept(await stream.stop(), productId, 100_000);
  });

  it('the previous release keeps taking orders while this one migrates and starts beside it', async () => {
    const newest = Object.keys(migrations).sort().at(-1)!;
    const previous = releaseBefore(root, `src/server/db/migrations/${newest}.ts`);
    const tree = join(dir, 'previous');
    mkdirSync(tree);
    execFileSync('sh', ['-c', `git archive ${previous} | tar -x -C ${tree}`], { cwd: root });
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
    // The previous release migrates and seeds the database as its own start would.
    execFileSync(process.execPath, ['--import', 'tsx', 'src/server/db-cli.ts', 'seed'], {
      cwd: tree,
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: 'pipe',
    });
    const { shoppers, line, productId } = await shoppersAndLine();
    const old = await start('old', { cwd: tree });
    let target = old.url;
    const stream = startOrderStream({ baseUrl: () => target, shoppers, line });
    await until(() => stream.count() >= 10, 'orders on the previous release', SLOW);

    const upgraded = await start('new');
    const applied = await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect((applied as Array<{ name: string }>).map((r) => r.name)).toContain(newest);
    const before = stream.count();
    await until(() => stream.count() >= before + 20, 'orders on the previous release after the migration', SLOW);
    target = upgraded.url;
    const moved = stream.count();
    await until(() => stream.count() >= moved + 20, 'orders on this release', SLOW);
    await expectEveryOrderKept(await stream.stop(), productId, 100_000);
  });
});
