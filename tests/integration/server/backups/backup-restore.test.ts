import { execFile } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Migrator, sql } from 'kysely';
import { buildApp } from '../../../../src/server/app';
import { writeArchive } from '../../../../src/server/backups/archive';
import { BackupError } from '../../../../src/server/backups/errors';
import { backupTo, restoreFrom } from '../../../../src/server/backups/service';
import { type Db, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { MIGRATION_NAMES, migrationProvider } from '../../../../src/server/db/migrate';
import { createProduct } from '../../../factories/products';
import { until } from '../../../support/until';
import { buildTestApp, dialects, freshDatabase, post, type TestApp } from '../../helper';
import { type Customer, customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { skippedWithoutPgTools } from './pg-tools';
import { backupDir, configFor, emptyTarget } from './support';

const exec = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const STOCK = 10_000;

const ordersOf = async (db: Db) => (await db.selectFrom('orders').select('order_no').execute()).map((o) => o.order_no);
const countOrders = async (db: Db) => (await ordersOf(db)).length;

/**
 * Backups and restores on both databases (docs/decisions/042): a backup taken during a rush of orders restores to a
 * database holding every order acknowledged before it began, stock consistent with what was sold, and the shop serves
 * from it; a damaged, newer or cross-database backup, or a database in use, is refused and changes nothing.
 */
describe.each(dialects)('backup and restore on %s', async (dialect) => {
  if (await skippedWithoutPgTools(dialect)) return;
  let t: TestApp;
  let dir: string;
  let good: string;
  let variantId: number;
  let ackedBefore: string[];
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } });
    dir = backupDir();
    good = join(dir, 'rush.backup');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a consistent backup during a rush of parallel orders', async () => {
    const { product, variants } = await createProduct(t.db, { name: 'Rush Tea', stock: STOCK });
    variantId = variants[0]!.id;
    const buyers: Customer[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await customer(t.db));
    const items = [{ product_id: product.id, variant_id: variantId, quantity: 2 }];
    const acked: string[] = [];
    // Some pay by transfer with a receipt: its image is kept in the database (FILES_URL unset) and must come back.
    const rush = [...buyers, ...buyers, ...buyers].map((c, i) =>
      placeOrder(t.app, c, { items, ...(i % 8 === 0 ? { payment_method: 'bank_transfer' } : {}) }).then((r) => {
        expect(r.status, r.body.message).toBe(200);
        acked.push(r.body.data.order.order_no);
      }),
    );
    await until(() => acked.length >= 15, 'orders acknowledged before the backup', { withinMs: 60_000, everyMs: 5 });
    ackedBefore = [...acked];
    // The backup begins while most orders are still on their way.
    expect(ackedBefore.length).toBeLessThan(60);
    const manifest = await backupTo(parseDatabaseUrl(t.config.DATABASE_URL), good);
    await Promise.all(rush);
    expect(acked).toHaveLength(60);
    expect(manifest.database).toBe(dialect);
    expect(manifest.schema).toBe(MIGRATION_NAMES.at(-1));
    expect(manifest.counts.orders).toBeGreaterThanOrEqual(ackedBefore.length);
    expect(manifest.payload.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.release.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(readdirSync(dir)).toEqual(['rush.backup']);
  }, 120_000);

  it('restores it: every acknowledged order, stock taken = units sold, files, and the shop serves', async () => {
    const target = await emptyTarget(dialect);
    try {
      const report = await restoreFrom(target.target, good);
      expect(report.migrated).toEqual([]);
      expect(report.counts).toEqual(report.manifest.counts);
      expect(report.counts.files).toBeGreaterThan(0);
      const db = target.open();
      expect(await ordersOf(db)).toEqual(expect.arrayContaining(ackedBefore));
      const variant = await db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow();
      const sold = await db
        .selectFrom('order_items')
        .select(sql<number>`coalesce(sum(quantity), 0)`.as('n'))
        .where('variant_id', '=', variantId)
        .executeTakeFirstOrThrow();
      expect(STOCK - variant.stock).toBe(Number(sold.n));
      // The restored shop starts and serves its product list.
      const app = await buildApp({ config: configFor(target.url), db });
      try {
        await app.ready();
        const list = await post<{ products: unknown[] }>(app, '/v2/get-product-list', {});
        expect(list.status).toBe(200);
        expect(list.body.data.products.length).toBeGreaterThan(0);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses a truncated, altered or foreign file with a clear message, changing nothing', async () => {
    const target = await emptyTarget(dialect);
    try {
      await restoreFrom(target.target, good);
      const before = await countOrders(target.open());
      await target.disconnect();
      const bytes = readFileSync(good);
      const variants: Array<[string, Buffer, RegExp]> = [
        [
          'truncated',
          bytes.subarray(0, bytes.length - 1000),
          /damaged \(it ends 1000 bytes early: the copy was truncated\)/,
        ],
        [
          'altered',
          Buffer.from(bytes).fill(0x55, bytes.length - 600, bytes.length - 590),
          /checksum: the copy was altered/,
        ],
        [
          'manifest',
          Buffer.from(bytes.toString('latin1').replace('"orders":', '"orders":1'), 'latin1'),
          /its manifest does not match its checksum: it was altered/,
        ],
        ['foreign', Buffer.from('SQLite format 3\0 not ours'), /is not a Leaf & Cup backup/],
      ];
      for (const [name, content, message] of variants) {
        const file = join(dir, `${name}.backup`);
        writeFileSync(file, content);
        const refused = await restoreFrom(target.target, file).catch((e: unknown) => e);
        expect(refused, name).toBeInstanceOf(BackupError);
        expect((refused as Error).message, name).toMatch(message);
        expect((refused as Error).message, name).toMatch(/Nothing was changed/);
      }
      expect(await countOrders(target.open())).toBe(before);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses a backup of a newer release, and one of the other database', async () => {
    const target = await emptyTarget(dialect);
    try {
      const newer = join(dir, 'newer.backup');
      const draft = {
        created_at: new Date().toISOString(),
        database: dialect,
        schema: '2099-01-01T00-00-from-the-future',
        release: { version: '9.0.0', commit: null },
        counts: {},
      };
      await writeArchive(newer, draft, good, dialect === 'sqlite' ? 'sqlite-gzip' : 'pg_dump-custom');
      await expect(restoreFrom(target.target, newer)).rejects.toThrow(
        /taken by a newer release \(release 9\.0\.0, schema 2099-01-01T00-00-from-the-future\).*Nothing was changed/,
      );
      const other = join(dir, 'other.backup');
      await writeArchive(
        other,
        { ...draft, database: dialect === 'sqlite' ? 'postgres' : 'sqlite' },
        good,
        'sqlite-gzip',
      );
      await expect(restoreFrom(target.target, other)).rejects.toThrow(/backup; DATABASE_URL names a/);
    } finally {
      await target.close();
    }
  });

  it('migrates forward a backup of an older release', async () => {
    const old = await freshDatabase(dialect);
    const target = await emptyTarget(dialect);
    try {
      const earlier = '2026-11-26T01-00-job-leases';
      const { error } = await new Migrator({ db: old.db, provider: migrationProvider() }).migrateTo(earlier);
      expect(error).toBeUndefined();
      const file = join(dir, 'older.backup');
      const manifest = await backupTo(parseDatabaseUrl(old.url), file);
      expect(manifest.schema).toBe(earlier);
      const report = await restoreFrom(target.target, file);
      expect(report.migrated).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(earlier) + 1));
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc`.execute(
        target.open(),
      );
      expect(rows[0]!.name).toBe(MIGRATION_NAMES.at(-1));
    } finally {
      await old.close();
      await target.close();
    }
  }, 60_000);

  it('refuses to restore into the database a running shop uses (command line: exit 1)', async () => {
    const before = await countOrders(t.db);
    await expect(restoreFrom(parseDatabaseUrl(t.config.DATABASE_URL), good)).rejects.toThrow(
      dialect === 'sqlite' ? /is in use \(a shop or another program has it open\)/ : /The database is in use/,
    );
    const env = { ...process.env, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' };
    const cli = await exec(TSX, ['src/server/operator/cli.ts', 'restore', good], { env }).catch((e) => e);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/in use.*Nothing was changed/s);
    expect(await countOrders(t.db)).toBe(before);
  }, 60_000);

  it('says clearly when the backup cannot be written, leaving nothing behind (command line: exit 1)', async () => {
    const env = { ...process.env, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' };
    const run = (file: string) => exec(TSX, ['src/server/operator/cli.ts', 'backup', file], { env }).catch((e) => e);
    const missing = await run(join(dir, 'no-such-folder', 'x.backup'));
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      `Cannot write ${join(dir, 'no-such-folder', 'x.backup')}: its folder does not exist.`,
    );
    const exists = await run(good);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toMatch(/already exists: give a new file name/);
    copyFileSync(good, join(dir, 'file-not-folder'));
    await expect(backupTo(parseDatabaseUrl(t.config.DATABASE_URL), join(dir, 'file-not-folder', 'x'))).rejects.toThrow(
      /Cannot write .*file-not-folder\/x: .*file-not-folder is a file, not a folder\./,
    );
    const ok = await run(join(dir, 'cli.backup'));
    expect(ok.code ?? 0).toBe(0);
    expect(ok.stdout).toMatch(
      /^Backup written: .*cli\.backup \(\d+ KB, SHA-256 [0-9a-f]{64}\)\.\n {2}taken .* rows: /s,
    );
    // …and restored by the command line into an unused database, printing the counts.
    const target = await emptyTarget(dialect);
    try {
      const cli = ['src/server/operator/cli.ts', 'restore', join(dir, 'cli.backup')];
      const restored = await exec(TSX, cli, { env: { ...env, DATABASE_URL: target.url } });
      const orders = await countOrders(t.db);
      expect(restored.stdout).toMatch(/^Restored .*cli\.backup \(taken .*\)\.\n {2}rows now: /);
      expect(restored.stdout).toContain(`, orders ${orders}, `);
    } finally {
      await target.close();
    }
  }, 60_000);
});
