import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { startProxy } from '../../scripts/instances/proxy.mjs';
import { createDb, type Db, PG_POOL_SIZE, parseDatabaseUrl } from '../../src/server/db/connection';
import { canConnect, createPgDatabase, redact } from '../setup/postgres';
import { processCpuSeconds } from './load';
import { type LoadFigures, percentile, runMix, send } from './soak-load';
import { type SoakData, seeded, soakKinds } from './soak-mix';
import { type Instance, instanceEnv, logProblems, prepareShop, startInstance, stopInstance, tail } from './soak-setup';
import { type MemorySample, rowCounts, sampleMemory, settledMemory, watchConnections } from './soak-watch';

/**
 * Soak bench, "a day in an hour" (`npm run bench:soak`; not part of `npm test`): two instances of the real server
 * (`src/server/main.ts`, NODE_ENV=production, request logs on) on a fresh PostgreSQL database, behind the example
 * round-robin proxy (scripts/instances/proxy.mjs, docs/decisions/025), under a steady mix for MINUTES: ~80 %
 * browsing and search (rendered pages, list with sorts, filters and next pages, details, reviews, search), ~15 %
 * cart and checkout (saved cart read and saved, delivery fee, payment methods, coupon check), ~5 % orders placed by
 * logged-in customers, and a few back-office reads by the owner (soak-mix.ts). Prints p50/p99 per kind.
 *
 * It fails (exit 1, "SOAK FAILED") on: any wrong answer (a non-200, a refusal, an answer that is not what was
 * asked); the shop falling behind the rate (over 1 % of requests not started); an instance's memory growing more
 * than 10 % between the start and the end of the measured part (after the warm-up: heap floor, or resident memory);
 * more PostgreSQL connections to the run's database than the instances' pools allow; a table other than the orders'
 * own growing between the start (after the warm-up) and the end; an error in an instance's log; an unclean exit;
 * the books not adding up (orders written = orders answered, stock taken = units sold).
 *
 * Options: --minutes N (SOAK_MINUTES, default 10; the first fifth, 20-60 s, is warm-up), --rate R (SOAK_RATE,
 * requests/s, default 50: 3,000 a minute, a small shop's day of ~180,000 requests in an hour).
 * PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a database leafcup_soak_… is
 * created there for the run and dropped after (kept with SOAK_KEEP=1).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] : process.argv[i + 1];
};
const MINUTES = Number(arg('minutes') ?? process.env.SOAK_MINUTES ?? 10);
const RATE = Number(arg('rate') ?? process.env.SOAK_RATE ?? 50);
const TOTAL = MINUTES * 60;
const WARMUP = Math.round(Math.min(60, Math.max(20, TOTAL / 5)));
const MEASURED = TOTAL - WARMUP;
/** How much an instance's memory may grow over the measured part. */
const MAX_GROWTH = 0.1;
const INSTANCES = ['a', 'b'];
/** Each instance: its pool (db/connection.ts) and the change listener's own connection (db/change-bus.ts). */
const MAX_CONNECTIONS = INSTANCES.length * (PG_POOL_SIZE + 1);
const BENCH_APP = 'leafcup-soak-bench';
/** Requests waiting at once beyond which the next is not started (counted: over 1 % of them fails the run). */
const MAX_IN_FLIGHT = 256;

/**
 * The tables that grow with the orders placed, and why; every other table must hold as many rows at the end as at
 * the start (after the warm-up). Browsing, carts (the same lines, other quantities), coupon checks (one application
 * and one rate-limit window per customer, reused), sessions, heartbeats and job leases must not add rows.
 */
const GROWS_WITH_ORDERS: Record<string, string> = {
  orders: 'the orders placed',
  order_items: 'their lines',
  order_events: "their timelines' first entries (placed)",
  stock_movements: 'the stock each order took',
  notifications: "the orders' bot notices (queued whether or not the customer has a chat)",
};

if (!(MINUTES > 0.5) || !(RATE > 0)) {
  console.error('usage: npm run bench:soak -- [--minutes N (> 0.5)] [--rate REQUESTS_PER_SECOND]');
  process.exit(2);
}

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average ${loadavg().map((l) => l.toFixed(2))}`;
  }
};

/** Each cart customer's cart saved and a coupon checked once, so those rows exist before the counts start. */
async function prime(base: string, data: SoakData): Promise<string[]> {
  const wrong: string[] = [];
  const queue = [...data.cartShoppers];
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      const items = s.cart.map((l) => ({ product_id: l.product_id, variant_id: l.variant_id, quantity: 1 }));
      for (const [path, form] of [
        ['/v2/save-cart', { changes: JSON.stringify(items) }],
        ['/v1/validate-coupon', { code: data.coupon, items: JSON.stringify(items) }],
      ] as const) {
        const r = await send(base, {
          method: 'POST',
          path,
          form: { lang: 'en', ...form },
          token: s.token,
          check: (a) => (a.status === 200 && a.json?.success ? null : `status ${a.status}: ${a.json?.message}`),
        });
        if (r.wrong) wrong.push(r.wrong);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return wrong;
}

function printKinds(load: LoadFigures) {
  const head = `${'kind'.padEnd(18)}${'group'.padEnd(8)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'failed'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`;
  console.log(`\n${head}`);
  const row = (name: string, group: string, latencies: number[], failed: number) => {
    const s = [...latencies].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(18)}${group.padEnd(8)}${String(s.length).padStart(9)}${(s.length / load.measuredSeconds).toFixed(1).padStart(8)}${String(failed).padStart(8)}${percentile(s, 0.5).toFixed(1).padStart(9)}${percentile(s, 0.99).toFixed(1).padStart(9)}${(s.at(-1) ?? Number.NaN).toFixed(1).padStart(9)}`,
    );
  };
  for (const k of load.kinds) row(k.name, k.group, k.latencies, k.failed);
  for (const group of ['browse', 'cart', 'order', 'staff'] as const) {
    const ks = load.kinds.filter((k) => k.group === group);
    row(
      `all ${group}`,
      '',
      ks.flatMap((k) => k.latencies),
      ks.reduce((n, k) => n + k.failed, 0),
    );
  }
  const all = load.kinds;
  row(
    'all',
    '',
    all.flatMap((k) => k.latencies),
    all.reduce((n, k) => n + k.failed, 0),
  );
}

/** Orders written = orders answered as new; stock taken from the bench's packagings = units sold of them. */
async function books(db: Db, data: SoakData, ordersAnswered: number): Promise<string | null> {
  const orders = Number(
    (await db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
  );
  if (orders !== ordersAnswered) return `${orders} orders written, ${ordersAnswered} answered as placed`;
  const ids = data.lines.map((l) => l.variant_id);
  const stock = await db.selectFrom('product_variants').select(['id', 'stock']).where('id', 'in', ids).execute();
  const sold = await db
    .selectFrom('order_items')
    .select(['variant_id', sql<number>`sum(quantity)`.as('n')])
    .where('variant_id', 'in', ids)
    .groupBy('variant_id')
    .execute();
  for (const s of stock) {
    const units = Number(sold.find((x) => x.variant_id === s.id)?.n ?? 0);
    if (1_000_000 - s.stock !== units) return `packaging ${s.id}: stock ${s.stock}, ${units} sold`;
  }
  return null;
}

interface Run {
  admin: string;
  database: { name: string };
  db: Db;
  data: SoakData;
  instances: Instance[];
  proxyUrl: string;
  proxyLog: string[];
  failures: string[];
}

/** Primes the carts, then runs the mix while sampling memory and connections; prints and judges what it saw. */
async function soak(run: Run): Promise<void> {
  const { db, instances, failures } = run;
  const connections = await watchConnections(run.admin, run.database.name, BENCH_APP);
  failures.push(...(await prime(run.proxyUrl, run.data)).map((w) => `priming: ${w}`));
  // Memory every 5 s from each instance's METRICS_PORT; `at` counts from the measured part's start.
  let measuredAt = Number.POSITIVE_INFINITY;
  const memory = new Map<string, MemorySample[]>(instances.map((i) => [i.name, []]));
  const memoryTimer = setInterval(() => {
    const at = (performance.now() - measuredAt) / 1000;
    for (const i of instances) {
      sampleMemory(i.metricsPort, Number.isFinite(at) ? at : -1).then(
        (sample) => memory.get(i.name)?.push(sample),
        (err) => failures.push(`memory of ${i.name}: ${(err as Error).message}`),
      );
    }
  }, 5000);
  let rowsStart: Promise<Map<string, number>> = Promise.resolve(new Map());
  let cpuStart: Array<number | null> = [];
  // Each instance's memory after a full collection, as the measured part starts and once it has ended.
  let settledStart: Promise<MemorySample[]> = Promise.resolve([]);
  const settle = (at: number) => Promise.all(instances.map((i) => settledMemory(i.child.pid ?? 0, i.metricsPort, at)));
  const random = seeded(20261208);
  const load = await runMix({
    base: run.proxyUrl,
    kinds: soakKinds(run.data, random),
    random,
    rate: RATE,
    warmupSeconds: WARMUP,
    seconds: MEASURED,
    maxInFlight: MAX_IN_FLIGHT,
    onMeasured: () => {
      measuredAt = performance.now();
      cpuStart = instances.map((i) => processCpuSeconds(i.child.pid));
      rowsStart = rowCounts(db);
      settledStart = settle(0);
      console.log(`warm-up done; measuring (${uptime()})`);
    },
  });
  clearInterval(memoryTimer);
  const settledEnd = await settle(MEASURED);
  const cpuUsed = instances.map((i, n) => (processCpuSeconds(i.child.pid) ?? 0) - (cpuStart[n] ?? 0));
  const rowsEnd = await rowCounts(db);
  const maxConnections = connections.max();
  await connections.stop();

  printKinds(load);
  const scheduled = load.sent + load.skipped;
  console.log(
    `\nmeasured: ${load.sent} requests in ${load.measuredSeconds} s (${(load.sent / load.measuredSeconds).toFixed(1)} req/s of ${RATE} asked), ${load.skipped} not started (${MAX_IN_FLIGHT} already waiting)`,
  );
  const cpuMs = cpuUsed.map((c) => ((c * 1000) / load.sent).toFixed(2)).join(' + ');
  const busy = cpuUsed.map((c) => `${Math.round((c / load.measuredSeconds) * 100)} %`).join(', ');
  console.log(`instances' CPU: ${cpuMs} ms per request (busy ${busy} of a core each)`);
  if (load.skipped > 0.01 * scheduled) {
    failures.push(`the shop fell behind: ${load.skipped} of ${scheduled} requests not started`);
  }
  for (const k of load.kinds) {
    if (k.failed) failures.push(`${k.name}: ${k.failed} wrong answers, e.g. ${k.firstFailures.join(' | ')}`);
  }
  // Readiness flaps are the proxy's view of a busy instance; what they cost (a 503, a 502) is a wrong answer above.
  for (const line of run.proxyLog) console.log(`proxy: ${line}`);

  reportMemory(memory, await settledStart, settledEnd, instances, failures);
  const perApp = [...maxConnections.perApplication].map(([app, n]) => `${app || '(none)'} ${n}`).join(', ');
  console.log(
    `\nPostgreSQL connections to ${run.database.name} (every 1 s, ${maxConnections.samples} samples): at most ${maxConnections.total} at once (limit ${MAX_CONNECTIONS}: ${INSTANCES.length} × (pool ${PG_POOL_SIZE} + listener 1)); per application: ${perApp}`,
  );
  if (maxConnections.total > MAX_CONNECTIONS) {
    failures.push(`${maxConnections.total} connections, over ${MAX_CONNECTIONS}`);
  }
  reportRows(await rowsStart, rowsEnd, failures);
  const ordered = load.kinds.find((k) => k.name === 'place order')?.succeeded ?? 0;
  const booksWrong = await books(db, run.data, ordered);
  console.log(`books: ${booksWrong ?? `ok (${ordered} orders placed, stock taken = units sold)`}`);
  if (booksWrong) failures.push(`books: ${booksWrong}`);
}

/** Stops each instance (SIGTERM, drained) and reads its log: an unclean exit or an error line is a failure. */
async function stopAll(instances: Instance[], failures: string[]): Promise<void> {
  for (const i of instances) {
    const code = await stopInstance(i);
    const { warnings, errors } = logProblems(i.logFile);
    console.log(`instance ${i.name}: exit ${code}, ${warnings.length} warnings and ${errors.length} errors in its log`);
    for (const w of warnings.slice(0, 3)) console.log(`  warning: ${w.slice(0, 300)}`);
    if (code !== 0) failures.push(`instance ${i.name} exited ${code}:\n${tail(i.logFile)}`);
    for (const e of errors.slice(0, 5)) failures.push(`instance ${i.name} logged: ${e.slice(0, 500)}`);
  }
}

async function main(): Promise<number> {
  const failures: string[] = [];
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const reachable = await canConnect(admin);
  if (reachable !== true) {
    console.error(`SOAK FAILED: PostgreSQL at ${redact(admin)} does not answer (${reachable})`);
    return 1;
  }
  console.log(`soak: ${uptime()}`);
  // The rendered pages need the client's build, as `npm start` makes it.
  spawnSync(process.execPath, [join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
  const database = await createPgDatabase(admin, { prefix: 'leafcup_soak_' });
  const benchUrl = new URL(database.url);
  benchUrl.searchParams.set('application_name', BENCH_APP);
  const db = createDb(parseDatabaseUrl(benchUrl.toString()), { poolSize: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-soak-'));
  const instances: Instance[] = [];
  let stopProxy = async () => {};
  try {
    const cartCustomers = Math.max(50, Math.ceil(RATE * 1.5));
    const data = await prepareShop(db, { cart: cartCustomers, order: 50 });
    const env = instanceEnv(database.url);
    instances.push(...(await Promise.all(INSTANCES.map((n) => startInstance(n, env, join(dir, `instance-${n}.log`))))));
    const proxyLog: string[] = [];
    const started = performance.now();
    const proxy = await startProxy({
      upstreams: instances.map((i) => ({ port: i.port })),
      log: (line) => proxyLog.push(`${((performance.now() - started) / 1000).toFixed(0)} s: ${line}`),
    });
    stopProxy = () => proxy.close();
    console.log(
      `${INSTANCES.length} instances (ports ${instances.map((i) => i.port).join(', ')}) behind ${proxy.url}, database ${database.name}; ` +
        `${RATE} req/s for ${MINUTES} min (${WARMUP} s warm-up, then ${MEASURED} s measured); ` +
        `${data.productIds.length} products, ${cartCustomers} + 50 customers; ${cpus().length} cores`,
    );
    await soak({ admin, database, db, data, instances, proxyUrl: proxy.url, proxyLog, failures });
    await stopProxy();
    await stopAll(instances, failures);
  } catch (err) {
    failures.push(`the run stopped: ${(err as Error).stack ?? err}`);
    for (const i of instances) console.error(`instance ${i.name}'s log ends:\n${tail(i.logFile)}`);
  } finally {
    await stopProxy();
    for (const i of instances) await stopInstance(i);
    await db.destroy();
    if (process.env.SOAK_KEEP === '1') console.log(`kept ${database.name} and ${dir}`);
    else {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`\nend: ${uptime()}`);
  if (!failures.length) {
    console.log('soak: passed');
    return 0;
  }
  console.error(`\nSOAK FAILED (${failures.length}):`);
  for (const f of failures) console.error(`  - ${f}`);
  return 1;
}

function reportMemory(
  memory: Map<string, MemorySample[]>,
  start: MemorySample[],
  end: MemorySample[],
  instances: Instance[],
  failures: string[],
) {
  console.log(
    `\nmemory after a full collection, at the start of the measured part → at its end (aim: growth <= ${pct(MAX_GROWTH)}):`,
  );
  for (const [n, i] of instances.entries()) {
    const [a, b] = [start[n], end[n]];
    const seen = (memory.get(i.name) ?? []).filter((s) => s.at >= 0);
    const range = (f: (s: MemorySample) => number) => `${mb(Math.min(...seen.map(f)))}-${mb(Math.max(...seen.map(f)))}`;
    if (!a || !b) {
      failures.push(`instance ${i.name}: its memory was not read at the start and the end`);
      continue;
    }
    const heap = b.heapUsed / a.heapUsed - 1;
    const rss = b.rss / a.rss - 1;
    console.log(
      `  instance ${i.name}: heap ${mb(a.heapUsed)} → ${mb(b.heapUsed)} (${pct(heap)}), resident ${mb(a.rss)} → ${mb(b.rss)} (${pct(rss)}); every 5 s meanwhile: heap ${range((s) => s.heapUsed)}, resident ${range((s) => s.rss)}`,
    );
    if (heap > MAX_GROWTH) failures.push(`instance ${i.name}: heap grew ${pct(heap)}`);
    if (rss > MAX_GROWTH) failures.push(`instance ${i.name}: resident memory grew ${pct(rss)}`);
  }
}

function reportRows(start: Map<string, number>, end: Map<string, number>, failures: string[]) {
  console.log('\nrows at the start of the measured part → at the end (tables that changed):');
  let unchanged = 0;
  for (const [table, after] of end) {
    const before = start.get(table) ?? 0;
    if (before === after) {
      unchanged++;
      continue;
    }
    const why = GROWS_WITH_ORDERS[table];
    console.log(`  ${table.padEnd(24)} ${String(before).padStart(8)} → ${String(after).padStart(8)}  ${why ?? ''}`);
    if (after > before && !why) failures.push(`table ${table} grew from ${before} to ${after} rows`);
  }
  console.log(`  (${unchanged} other tables unchanged)`);
}

process.exitCode = await main();
