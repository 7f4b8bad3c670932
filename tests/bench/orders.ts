import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createSession } from '../../src/server/accounts/session-repository';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb, type Db, parseDatabaseUrl } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { nowIso } from '../../src/server/lib/time';
import { seedDemo } from '../../src/server/seed/index';
import { createAddress } from '../factories/addresses';
import { createProduct } from '../factories/products';
import { canConnect, createPgDatabase, type PgDatabase, redact } from '../setup/postgres';
import { dbProbeReport, describeProbe, installDbProbe, type ProbeReport, resetDbProbe } from './db-probe';
import { processCpuSeconds } from './load';
import { type OtlpSink, otlpSinkIfAsked } from './otlp-sink';

/**
 * Orders bench (`npm run bench:orders`): the real server in its own process on a fresh database, and
 * 50 customers each placing orders back to back (1-3 lines, a new idempotency key each, one
 * transaction per order: re-price, take stock, write the order), on SQLite and on PostgreSQL.
 * Prints orders per second, p50/p99 latency and the server's CPU time per order, then checks the books: stock taken =
 * units sold.
 *
 * PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a temporary
 * database is created there and dropped after. Env: BENCH_SECONDS (10), BENCH_CUSTOMERS (50),
 * BENCH_PORT (8500; PostgreSQL uses the next port), BENCH_DIALECTS (sqlite,postgres), BENCH_TRACES (1: the server traces, exporting over OTLP to a sink
 * in this process, otlp-sink.ts).
 * More than 1% of the orders refused fails the bench (exit 1): its figures would be those of the refusals; so do books
 * that do not balance.
 * Each database's run also prints what the server asked of it per order (db-probe.ts): statements (round trips),
 * commits, how long a transaction stayed open and held the stock rows, and the wait for a pooled connection.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 8500);
const PROVIDER = {
  BOT_TOKEN: '123456:BENCH-TOKEN-abcdefghijklmnopqrstuvwxyz',
  PAYMENT_PROVIDER_TOKEN: 'bench-provider',
};
const STOCK = 1_000_000;
/** BENCH_DIALECTS=postgres (or sqlite) runs one database only: the figures to compare come from a run of both. */
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');

interface Shopper {
  token: string;
  addressId: number;
}

interface Prepared {
  shoppers: Shopper[];
  lines: Array<{ product_id: number; variant_id: number }>;
}

/** Migrates and seeds a database, adds the bench's products and customers (sessions opened directly). */
async function prepare(db: Db): Promise<Prepared> {
  await migrateToLatest(db);
  await seedDemo(db);
  const lines: Prepared['lines'] = [];
  for (let i = 0; i < 4; i++) {
    const { product, variants } = await createProduct(db, {
      name: `Bench Tea ${i}`,
      variants: [
        { name: '50 g', price: 1200 + i * 100, stock: STOCK },
        { name: '100 g', price: 2200 + i * 100, stock: STOCK },
      ],
    });
    for (const v of variants) lines.push({ product_id: product.id, variant_id: v.id });
  }
  const shoppers: Shopper[] = [];
  const now = nowIso();
  for (let i = 0; i < CUSTOMERS; i++) {
    const user = await db
      .insertInto('users')
      .values({
        nickname: `Bench ${i}`,
        email: `bench-${i}@example.com`,
        phone: `+6391700${String(i).padStart(5, '0')}`,
        // Never logged in with a password: the bench opens sessions directly.
        password_hash: 'bench-no-password',
        referral_code: `BENCH${i}`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const address = await createAddress(db, user.id);
    shoppers.push({ token: await createSession(db, user.id), addressId: address.id });
  }
  return { shoppers, lines };
}

function startServer(databaseUrl: string, port: number, sink: OtlpSink | null): Promise<ChildProcess> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        ...(sink?.nodeArgs ?? []),
        // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's CPU time goes.
        ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        fileURLToPath(import.meta.url),
        '--serve',
        databaseUrl,
        String(port),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, ...sink?.env } },
    );
    const timer = setTimeout(() => reject(new Error('the bench server did not start in 30 s')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolveStart(child);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with ${code}`));
    });
  });
}

const stopServer = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.removeAllListeners('exit');
    child.on('exit', () => done());
    child.kill('SIGTERM');
  });

/** Asks the server's database probe to start over, or for its figures (over the IPC channel, answered in turn). */
function askProbe(server: ChildProcess, what: 'reset' | 'report'): Promise<ProbeReport | null> {
  return new Promise((answered) => {
    server.once('message', (message) => answered(what === 'report' ? (message as ProbeReport) : null));
    server.send(what);
  });
}

interface Result {
  /** The server process's CPU time per answered request in ms (Linux), the figure other load on the machine bends least. */
  cpuMsPerOrder: number | null;
  orders: number;
  refused: number;
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
  probe: ProbeReport | null;
}

/** 50 closed-loop customers placing orders for `seconds` (after a 2 s warm-up). */
async function load(port: number, prepared: Prepared, seconds: number, server: ChildProcess): Promise<Result> {
  const serverPid = server.pid;
  const agent = new Agent({ keepAlive: true, maxSockets: prepared.shoppers.length });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let counting = false;
  const placeOne = (s: Shopper) =>
    new Promise<void>((done) => {
      const count = 1 + Math.floor(Math.random() * 3);
      const items = Array.from({ length: count }, () => {
        const line = prepared.lines[Math.floor(Math.random() * prepared.lines.length)]!;
        return { ...line, quantity: 1 + Math.floor(Math.random() * 2) };
      });
      const body = Buffer.from(
        new URLSearchParams({
          lang: 'en',
          is_frontend: '1',
          idempotency_key: randomUUID(),
          items: JSON.stringify(items),
          address_id: String(s.addressId),
          shipping_method: 'standard',
          payment_method: 'payment_link',
        }).toString(),
      );
      const started = performance.now();
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v1/order',
          agent,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': body.length,
            authorization: `Bearer ${s.token}`,
            accept: 'application/json',
            'accept-encoding': 'identity',
          },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (counting) {
              latencies.push(performance.now() - started);
              statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            }
            done();
          });
        },
      );
      req.on('error', () => {
        if (counting) statuses.set(0, (statuses.get(0) ?? 0) + 1);
        done();
      });
      req.end(body);
    });
  const loop = async (until: number) =>
    Promise.all(
      prepared.shoppers.map(async (s) => {
        while (performance.now() < until) await placeOne(s);
      }),
    );
  await loop(performance.now() + 2000);
  // Nothing is in flight between the loops: the probe counts exactly the measured orders.
  await askProbe(server, 'reset');
  counting = true;
  const cpuBefore = processCpuSeconds(serverPid);
  const started = performance.now();
  await loop(started + seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = processCpuSeconds(serverPid);
  const probe = await askProbe(server, 'report');
  agent.destroy();
  const answered = latencies.length;
  return {
    cpuMsPerOrder:
      cpuBefore !== null && cpuAfter !== null && answered ? ((cpuAfter - cpuBefore) * 1000) / answered : null,
    orders: statuses.get(200) ?? 0,
    refused: [...statuses].filter(([code]) => code !== 200).reduce((n, [, c]) => n + c, 0),
    seconds: elapsed,
    latencies,
    statuses,
    probe,
  };
}

/** Above this share of refused orders the run measured refusals, not orders. */
const MAX_REFUSED_SHARE = 0.01;

/** Stock taken must equal units sold, never below zero. */
async function checkBooks(db: Db, prepared: Prepared): Promise<string> {
  const ids = prepared.lines.map((l) => l.variant_id);
  const stock = await db.selectFrom('product_variants').select(['id', 'stock']).where('id', 'in', ids).execute();
  const sold = await db
    .selectFrom('order_items')
    .select(['variant_id', sql<number>`sum(quantity)`.as('n')])
    .where('variant_id', 'in', ids)
    .groupBy('variant_id')
    .execute();
  const orders = Number(
    (await db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
  );
  for (const s of stock) {
    const units = Number(sold.find((x) => x.variant_id === s.id)?.n ?? 0);
    if (s.stock < 0 || STOCK - s.stock !== units) return `MISMATCH on variant ${s.id}: stock ${s.stock}, sold ${units}`;
  }
  return `ok (${orders} orders, stock taken = units sold on all ${stock.length} packagings)`;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

interface Row {
  dialect: string;
  orders: number;
  refused: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuMs: number | null;
  books: string;
  probe: string;
}

async function benchOne(dialect: 'sqlite' | 'postgres', port: number, sink: OtlpSink | null): Promise<Row | string> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-orders-'));
    url = `file:${join(dir, 'shop.sqlite')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const reachable = await canConnect(admin);
    if (reachable !== true) return `PostgreSQL skipped: ${redact(admin)} does not answer (${reachable})`;
    const database: PgDatabase = await createPgDatabase(admin);
    url = database.url;
    cleanup = () => database.drop();
  }
  try {
    const db = createDb(parseDatabaseUrl(url));
    const prepared = await prepare(db);
    await db.destroy();
    const server = await startServer(url, port, sink);
    let result: Result;
    try {
      result = await load(port, prepared, SECONDS, server);
    } finally {
      await stopServer(server);
    }
    const check = createDb(parseDatabaseUrl(url));
    const books = await checkBooks(check, prepared);
    await check.destroy();
    const sorted = result.latencies.sort((a, b) => a - b);
    if (result.refused) {
      const codes = [...result.statuses]
        .filter(([c]) => c !== 200)
        .map(([c, n]) => `${n}×${c}`)
        .join(', ');
      console.warn(`  ${dialect}: ${codes} refused`);
    }
    return {
      dialect,
      orders: result.orders,
      refused: result.refused,
      perSecond: result.orders / result.seconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      cpuMs: result.cpuMsPerOrder,
      books,
      probe: result.probe ? describeProbe(result.probe, result.latencies.length) : 'no probe figures',
    };
  } finally {
    await cleanup();
  }
}

export async function runOrdersBench(): Promise<void> {
  console.log(`Orders bench: ${CUSTOMERS} concurrent customers, ${SECONDS} s per database (after a 2 s warm-up)`);
  const sink = await otlpSinkIfAsked(root);
  console.log(`tracing: ${sink ? 'on, every span exported over OTLP (BENCH_TRACES=1)' : 'off'}\n`);
  const rows: Row[] = [];
  try {
    for (const [i, dialect] of (['sqlite', 'postgres'] as const).entries()) {
      if (!DIALECTS.includes(dialect)) continue;
      const row = await benchOne(dialect, PORT + i, sink);
      if (typeof row === 'string') console.log(row);
      else rows.push(row);
    }
  } finally {
    if (sink) {
      const { requests, bytes } = sink.received();
      console.log(`traces exported: ${requests} OTLP requests, ${(bytes / 1e6).toFixed(1)} MB\n`);
      await sink.close();
    }
  }
  const header = ['database', 'orders', 'refused', 'orders/s', 'p50 ms', 'p99 ms', 'server CPU ms/order'];
  const table = rows.map((r) => [
    r.dialect,
    String(r.orders),
    String(r.refused),
    r.perSecond.toFixed(1),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.cpuMs?.toFixed(2) ?? 'n/a',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table) console.log(line(r));
  console.log('');
  for (const r of rows) console.log(`books on ${r.dialect}: ${r.books}`);
  for (const r of rows) console.log(`\nwhat the server asked of ${r.dialect}, per order:\n${r.probe}`);
  const refused = rows.filter((r) => r.refused > MAX_REFUSED_SHARE * (r.orders + r.refused) || r.orders === 0);
  for (const r of refused) {
    console.error(`FAILED on ${r.dialect}: ${r.refused} of ${r.orders + r.refused} orders refused (over 1%)`);
  }
  const unbalanced = rows.filter((r) => !r.books.startsWith('ok'));
  for (const r of unbalanced) console.error(`FAILED on ${r.dialect}: books ${r.books}`);
  if (refused.length || unbalanced.length) process.exitCode = 1;
}

/** The bench's server process: the real app on the prepared database. */
async function serve(databaseUrl: string, port: number): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    CLIENT_DIST: join(root, 'dist/client'),
    UPLOAD_DIR: join(tmpdir(), 'leafcup-bench-uploads'),
    SEED: 'off',
    // Each customer places order after order without paying: the unpaid-orders limit would refuse all but the first
    // few (config.ts MAX_UNPAID_ORDERS), and the bench would measure refusals.
    MAX_UNPAID_ORDERS: '0',
    ...PROVIDER,
  });
  installDbProbe();
  process.on('message', (message) => {
    if (message === 'reset') resetDbProbe();
    process.send?.(message === 'report' ? dbProbeReport() : 'reset');
  });
  // BENCH_POOL: the PostgreSQL pool's size, to compare (default: createDb's).
  const poolSize = process.env.BENCH_POOL ? Number(process.env.BENCH_POOL) : undefined;
  const db = createDb(parseDatabaseUrl(databaseUrl), poolSize ? { poolSize } : {});
  const app = await buildApp({ config, db, ownsDb: true });
  await app.listen({ host: '127.0.0.1', port });
  process.stdout.write('ready\n');
  const stop = async () => {
    process.disconnect?.();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

const self = resolve(fileURLToPath(import.meta.url));
if (process.argv[1] && resolve(process.argv[1]) === self) {
  const [flag, url, port] = process.argv.slice(2);
  if (flag === '--serve' && url && port) await serve(url, Number(port));
  else await runOrdersBench();
}
