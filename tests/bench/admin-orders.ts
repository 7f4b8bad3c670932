import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { createSession } from '../../src/server/accounts/session-repository';
import { buildApp } from '../../src/server/app';
import { encodeCursor } from '../../src/server/catalog/cursor';
import { loadConfig } from '../../src/server/config';
import { createDb, type Db } from '../../src/server/db/connection';
import { isPostgres } from '../../src/server/db/dialect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { orderFilter } from '../../src/server/orders/admin-read-service';
import { adminOrdersQuery } from '../../src/server/orders/admin-repository';
import { canConnect, createPgDatabase, type PgDatabase, redact } from '../setup/postgres';

/**
 * Back-office orders bench (`npm run bench:admin-orders`): 100,000 orders (bulk insert) on SQLite and, when
 * reachable, PostgreSQL; then the p50/p95 latency of `/admin/orders/list` (through the whole server, app.inject)
 * for page 1, a deep page (page 2,000 of 50, by cursor), a status-filtered page and a search by e-mail and by
 * order number, and the EXPLAIN plan of each query (index use).
 *
 * PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a temporary database is
 * created there and dropped after. Env: BENCH_ORDERS (100000), BENCH_RUNS (40), BENCH_PAGE (50).
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PAGE = Number(process.env.BENCH_PAGE ?? 50);
const DEEP_PAGE = 2000;
const CUSTOMERS = 2000;
const STATUSES = ['Pending', 'Paid', 'Processing', 'Completed', 'Cancelled'] as const;

async function bulkInsert(db: Db, table: 'users' | 'orders', rows: Record<string, unknown>[], chunk: number) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += chunk) {
      const batch = rows.slice(i, i + chunk);
      // Rows built for this table above (checked by the database).
      await trx
        .insertInto(table)
        .values(batch as never)
        .execute();
    }
  });
}

/** 2,000 customers and ORDERS orders over two years (one every ~10 minutes), mixed statuses and methods. */
async function seed(db: Db): Promise<{ token: string; email: string; orderNoPrefix: string }> {
  const now = new Date().toISOString();
  const users = Array.from({ length: CUSTOMERS }, (_, i) => ({
    nickname: `Bench ${i}`,
    email: `bench-${i}@example.com`,
    phone: `+63917${String(i).padStart(7, '0')}`,
    password_hash: 'bench-no-password',
    referral_code: `BENCH${i}`,
    created_at: now,
    updated_at: now,
  }));
  await bulkInsert(db, 'users', users, 500);
  const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
  const start = Date.parse('2024-11-01T00:00:00.000Z');
  const step = Math.floor((2 * 365 * 24 * 3600 * 1000) / ORDERS);
  const orders = Array.from({ length: ORDERS }, (_, i) => {
    const placed = new Date(start + i * step).toISOString();
    const status = STATUSES[i % 7 === 0 ? 0 : i % 5]!;
    return {
      order_no: `LC-${placed.slice(0, 10).replaceAll('-', '')}-${i.toString(36).toUpperCase().padStart(6, '0')}`,
      user_id: ids[i % ids.length]!,
      status,
      idempotency_key: `bench-${i}`,
      subtotal_cents: 2000 + (i % 50) * 100,
      delivery_fee_cents: 450,
      coupon_discount_cents: 0,
      cash_reward_cents: 0,
      total_cents: 2450 + (i % 50) * 100,
      shipping_method: 'standard',
      payment_method: i % 3 === 0 ? 'payment_link' : 'bank_transfer',
      receiver_name: `Receiver ${i}`,
      phone: `+63918${String(i % 100_000).padStart(7, '0')}`,
      address: `${i} Rizal St`,
      city: 'Makati',
      state_name: 'Metro Manila',
      zip: '1200',
      country: 'PH',
      lang: 'en',
      placed_at: placed,
      paid_at: status === 'Pending' ? null : placed,
      updated_at: placed,
    };
  });
  await bulkInsert(db, 'orders', orders, 1000);
  const owner = ids[0]!;
  await db.insertInto('staff').values({ user_id: owner, role: 'owner', created_at: now, updated_at: now }).execute();
  return { token: await createSession(db, owner), email: 'bench-1234@example.com', orderNoPrefix: 'LC-20250601' };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function explain(db: Db, input: Parameters<typeof orderFilter>[0], after?: { placedAt: string; id: number }) {
  const compiled = adminOrdersQuery(db, orderFilter(input, 'UTC'), after, PAGE + 1).compile();
  const pg = isPostgres(db as never);
  const prefix = pg ? 'explain (analyze, costs off, timing off, summary off) ' : 'explain query plan ';
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${prefix}${compiled.sql}`, [...compiled.parameters]),
  );
  return result.rows.map((r) => (pg ? String(r['QUERY PLAN']) : String(r.detail)));
}

async function benchOne(label: string, db: Db, url: string): Promise<void> {
  console.log(`\n== ${label} (${redact(url)})`);
  await migrateToLatest(db);
  const seeded = Date.now();
  const { token, email, orderNoPrefix } = await seed(db);
  console.log(`seeded ${CUSTOMERS} customers and ${ORDERS} orders in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  // Fresh statistics, as a database that has lived a while has.
  await db.executeQuery(CompiledQuery.raw('analyze'));

  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    CLIENT_DIST: join(dir, 'none'),
    UPLOAD_DIR: dir,
  });
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    // The deep page's cursor: the last row of page DEEP_PAGE - 1.
    const deepAt = await db
      .selectFrom('orders')
      .select(['id', 'placed_at'])
      .orderBy('placed_at', 'desc')
      .orderBy('id', 'desc')
      .offset((DEEP_PAGE - 1) * PAGE - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const deepCursor = encodeCursor({ createdAt: deepAt.placed_at, id: deepAt.id });

    const cases: Array<{ name: string; body: Record<string, string>; explainOf: () => Promise<string[]> }> = [
      { name: 'page 1', body: {}, explainOf: () => explain(db, {}) },
      {
        name: `page ${DEEP_PAGE} (cursor)`,
        body: { cursor: deepCursor },
        explainOf: () => explain(db, {}, { placedAt: deepAt.placed_at, id: deepAt.id }),
      },
      { name: 'status=Paid', body: { status: 'Paid' }, explainOf: () => explain(db, { status: 'Paid' }) },
      { name: `search e-mail`, body: { q: email }, explainOf: () => explain(db, { q: email }) },
      { name: `search number prefix`, body: { q: orderNoPrefix }, explainOf: () => explain(db, { q: orderNoPrefix }) },
    ];
    console.log(`${'case'.padEnd(24)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    const plans: Array<[string, string[]]> = [];
    for (const c of cases) {
      const payload = new URLSearchParams({ lang: 'en', limit: String(PAGE), ...c.body }).toString();
      const call = () =>
        app.inject({
          method: 'POST',
          url: '/admin/orders/list',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
          payload,
        });
      let rows = 0;
      for (let i = 0; i < 3; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const res = await call();
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        rows = res.json().data.orders.length;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${c.name.padEnd(24)} ${String(rows).padStart(5)} ${percentile(times, 0.5).toFixed(1).padStart(8)} ${percentile(times, 0.95).toFixed(1).padStart(8)}`,
      );
      plans.push([c.name, await c.explainOf()]);
    }
    for (const [name, plan] of plans) {
      console.log(`\nEXPLAIN ${name}:`);
      for (const line of plan) console.log(`  ${line}`);
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-sqlite-'));
  const file = join(dir, 'shop.sqlite');
  const sqlite = createDb({ kind: 'sqlite', location: file });
  try {
    await benchOne('SQLite', sqlite, `file:${file}`);
  } finally {
    await sqlite.destroy();
    rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const reachable = await canConnect(adminUrl);
  if (reachable !== true) {
    console.log(`\n== PostgreSQL skipped: ${reachable}`);
    return;
  }
  let database: PgDatabase | undefined;
  let pg: Db | undefined;
  try {
    database = await createPgDatabase(adminUrl);
    pg = createDb({ kind: 'postgres', location: database.url }, { poolSize: 5 });
    await benchOne('PostgreSQL', pg, database.url);
  } finally {
    await pg?.destroy();
    await database?.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
