import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CLI_ACTOR } from '../../src/server/audit/actor';
import { exportCatalogueCsv } from '../../src/server/catalog/catalogue-io/export';
import { importCatalogueCsv } from '../../src/server/catalog/catalogue-io/service';
import { loadConfig } from '../../src/server/config';
import { createDb, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/index';
import { createShop } from '../../src/server/shop';
import { canConnect, createPgDatabase, redact, startPostgres } from '../setup/postgres';

/**
 * Catalogue CSV bench (`npx tsx tests/bench/catalogue-import.ts`): the server's time for a 10,000-row file (2,500 new
 * products of 4 packagings, each with its first stock), dry run and apply; then the whole catalogue exported, every
 * packaging's stock changed by +1 and a price changed, dry run and apply again. SQLite, and PostgreSQL when one can
 * be started or TEST_DATABASE_URL reaches one. Env: BENCH_ROWS (10000).
 */

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const PER_PRODUCT = 4;

function newCatalogue(): Buffer {
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < ROWS; i++) {
    const p = Math.floor(i / PER_PRODUCT);
    const first = i % PER_PRODUCT === 0;
    rows.push({
      product_slug: `bench-tea-${p}`,
      name_en: first ? `Bench Tea ${p}` : '',
      name_zh: first ? `测试茶 ${p}` : '',
      description_en: first ? 'A tea for the bench: '.repeat(8) : '',
      description_zh: first ? '测试用的茶。'.repeat(8) : '',
      state: first ? 'hidden' : '',
      categories: first ? 'all-teas' : '',
      tags: '',
      available_ph: first ? 'yes' : '',
      available_cn: first ? 'yes' : '',
      subscribable: first ? 'no' : '',
      low_stock_threshold: '',
      packaging_id: '',
      packaging_en: `${(i % PER_PRODUCT) + 1}00 g`,
      packaging_zh: `${(i % PER_PRODUCT) + 1}00克`,
      price: `${10 + (i % PER_PRODUCT) * 5}.50`,
      discount_price: '',
      stock_at_export: '',
      stock_change: '',
      stock_count: String(20 + (i % 7)),
      retired: 'no',
    });
  }
  return Buffer.from(stringify(rows, { header: true, bom: true }));
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const out = await fn();
  console.log(`  ${label}: ${Math.round(performance.now() - start)} ms`);
  return out;
}

async function bench(name: string, db: Db) {
  await migrateToLatest(db);
  await seedDemo(db);
  const shop = await createShop({ db, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
  console.log(`${name}`);
  const file = newCatalogue();
  console.log(`  file: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(2)} MB`);
  const run = (bytes: Buffer, dryRun: boolean) =>
    importCatalogueCsv(shop, CLI_ACTOR, { bytes, fileName: 'bench.csv', dryRun }, 'en');
  const dry = await timed('new products, dry run', () => run(file, true));
  if (dry.problems_total) throw new Error(JSON.stringify(dry.problems.slice(0, 3)));
  const applied = await timed('new products, apply', () => run(file, false));
  if (!applied.applied) throw new Error('not applied');
  const exported = await timed('export (whole catalogue)', () => text(exportCatalogueCsv(db)));
  const rows = parse(exported, { bom: true, columns: true }) as Record<string, string>[];
  for (const r of rows) r.stock_change = '+1';
  for (const r of rows.slice(0, 100)) r.price = '99.00';
  const changes = Buffer.from(stringify(rows, { header: true }));
  console.log(`  changes file: ${rows.length} rows, ${(changes.length / 1024 / 1024).toFixed(2)} MB`);
  const dry2 = await timed('stock +1 on every row, dry run', () => run(changes, true));
  if (dry2.problems_total) throw new Error(JSON.stringify(dry2.problems.slice(0, 3)));
  await timed('stock +1 on every row, apply', () => run(changes, false));
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-'));
  const sqlite = createDb({ kind: 'sqlite', location: join(dir, 'bench.sqlite') });
  try {
    await bench('SQLite', sqlite);
  } finally {
    await sqlite.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  let adminUrl = process.env.TEST_DATABASE_URL;
  let server: Awaited<ReturnType<typeof startPostgres>> | undefined;
  if (!adminUrl || (await canConnect(adminUrl)) !== true) {
    server = await startPostgres();
    if ('error' in server) return console.log(`PostgreSQL: skipped (${server.error})`);
    adminUrl = server.url;
  }
  const database = await createPgDatabase(adminUrl);
  const pg = createDb({ kind: 'postgres', location: database.url });
  try {
    await bench(`PostgreSQL (${redact(adminUrl)})`, pg);
  } finally {
    await pg.destroy();
    await database.drop();
    if (server && !('error' in server)) await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
