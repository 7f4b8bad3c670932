import { monitorEventLoopDelay } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * What the orders bench's server asks of its database, counted in its own process (the local PostgreSQL has no
 * pg_stat_statements): every statement sent (transaction control included), how long a transaction stays open from
 * its `begin` to its `commit` or `rollback`, how long it holds the packagings' stock rows (from the first
 * `update "product_variants"` to the end: the rows every customer's order waits for), and, on PostgreSQL, how long a
 * request waited for a pooled connection. Installed once in the server process (orders.ts `--serve`), before the
 * app opens its database; `reset()` starts the figures over at the end of the warm-up.
 */

export interface ProbeReport {
  statements: number;
  /** Statement counts by normalised SQL (parameters are placeholders already), most frequent first. */
  byText: Array<[string, number]>;
  /** Transactions committed and rolled back. */
  commits: number;
  rollbacks: number;
  /** Milliseconds, sorted. */
  transactionMs: number[];
  stockLockMs: number[];
  /** The stock statement's own time (mostly the wait for the rows' locks), the gap from its answer to the commit's
   * being sent (the server's event loop), and the commit's time (the WAL flush). */
  stockStatementMs: number[];
  toCommitMs: number[];
  commitMs: number[];
  poolWaitMs: number[];
  /**
   * How late the server's event loop ran a 10 ms timer (ms): roughly how long an answer that has arrived waits before
   * it is read.
   */
  loopDelayMs: { mean: number; p50: number; p99: number };
}

const loop = monitorEventLoopDelay({ resolution: 10 });

const started = new WeakMap<
  object,
  { begun: number; stock: number | null; stockAnswered: number | null; lastAnswered: number }
>();
let figures = empty();

function empty() {
  return {
    statements: 0,
    byText: new Map<string, number>(),
    commits: 0,
    rollbacks: 0,
    transactionMs: [] as number[],
    stockLockMs: [] as number[],
    stockStatementMs: [] as number[],
    toCommitMs: [] as number[],
    commitMs: [] as number[],
    poolWaitMs: [] as number[],
  };
}

const shorten = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 160);

/** Counts one statement sent on `connection`; answers what to call once its answer is back. */
function sent(connection: object, text: string): () => void {
  figures.statements++;
  const key = shorten(text);
  figures.byText.set(key, (figures.byText.get(key) ?? 0) + 1);
  const at = performance.now();
  const verb = key.split(' ', 1)[0]!.toLowerCase();
  if (verb === 'begin') started.set(connection, { begun: at, stock: null, stockAnswered: null, lastAnswered: at });
  const open = started.get(connection);
  // The packagings' stock rows: an update of one (SQLite, and PostgreSQL before docs/decisions/058) or the one
  // statement that locks and updates them all (stock/repository.ts changeStocksInOneStatement).
  const stock = open && open.stock === null && /^(update "product_variants"|with want as)/i.test(key);
  if (stock) open.stock = at;
  if (verb !== 'commit' && verb !== 'rollback') {
    return () => {
      if (!open) return;
      open.lastAnswered = performance.now();
      if (stock) open.stockAnswered = open.lastAnswered;
    };
  }
  return () => {
    const tx = started.get(connection);
    if (!tx) return;
    started.delete(connection);
    const end = performance.now();
    if (verb === 'commit') figures.commits++;
    else figures.rollbacks++;
    figures.transactionMs.push(end - tx.begun);
    if (tx.stock !== null) figures.stockLockMs.push(end - tx.stock);
    if (verb !== 'commit' || tx.stock === null || tx.stockAnswered === null) return;
    figures.stockStatementMs.push(tx.stockAnswered - tx.stock);
    figures.toCommitMs.push(at - tx.lastAnswered);
    figures.commitMs.push(end - at);
  };
}

let installed = false;

export function installDbProbe(): void {
  if (installed) return;
  installed = true;
  loop.enable();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function probed(this: object, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const done = sent(this, text);
    const answer = query.apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === 'function') {
      (answer as Promise<unknown>).then(done, done);
    } else done();
    return answer;
  } as typeof pg.Client.prototype.query;
  const connect = pg.Pool.prototype.connect as (...args: unknown[]) => Promise<unknown>;
  pg.Pool.prototype.connect = function probedConnect(this: pg.Pool, ...args: unknown[]) {
    const at = performance.now();
    const answer = connect.apply(this, args);
    answer?.then?.(() => figures.poolWaitMs.push(performance.now() - at));
    return answer;
  } as typeof pg.Pool.prototype.connect;
  // better-sqlite3: every statement Kysely runs goes through one of these (transaction control included).
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = statement[method] as (...args: unknown[]) => unknown;
    statement[method] = function probedStatement(this: { source: string; database: object }, ...args: unknown[]) {
      const done = sent(this.database, this.source);
      try {
        return original.apply(this, args);
      } finally {
        done();
      }
    };
  }
}

export function resetDbProbe(): void {
  figures = empty();
  loop.reset();
}

export function dbProbeReport(): ProbeReport {
  const sort = (a: number[]) => [...a].sort((x, y) => x - y);
  return {
    statements: figures.statements,
    byText: [...figures.byText].sort((a, b) => b[1] - a[1]),
    commits: figures.commits,
    rollbacks: figures.rollbacks,
    transactionMs: sort(figures.transactionMs),
    stockLockMs: sort(figures.stockLockMs),
    stockStatementMs: sort(figures.stockStatementMs),
    toCommitMs: sort(figures.toCommitMs),
    commitMs: sort(figures.commitMs),
    poolWaitMs: sort(figures.poolWaitMs),
    // The histogram holds the time between the timer's runs: its 10 ms interval plus the delay.
    loopDelayMs: {
      mean: Math.max(0, loop.mean / 1e6 - 10),
      p50: Math.max(0, loop.percentile(50) / 1e6 - 10),
      p99: Math.max(0, loop.percentile(99) / 1e6 - 10),
    },
  };
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const spread = (sorted: number[]) =>
  sorted.length
    ? `mean ${(sorted.reduce((a, b) => a + b, 0) / sorted.length).toFixed(1)}, p50 ${pct(sorted, 0.5).toFixed(1)}, ` +
      `p99 ${pct(sorted, 0.99).toFixed(1)} ms`
    : 'none';

/** The probe's figures per answered order, with the statements sent most often (BENCH_STATEMENTS: how many, 12). */
export function describeProbe(report: ProbeReport, orders: number): string {
  const per = (n: number) => (orders ? n / orders : 0).toFixed(2);
  const top = Number(process.env.BENCH_STATEMENTS ?? 12);
  return [
    `  statements (round trips on PostgreSQL) ${per(report.statements)}, commits ${per(report.commits)}, ` +
      `rollbacks ${per(report.rollbacks)}`,
    `  transaction open (begin → end): ${spread(report.transactionMs)}`,
    `  stock rows held (first packaging update → end): ${spread(report.stockLockMs)}`,
    `    of which the stock statement(s) ${spread(report.stockStatementMs)};`,
    `    last answer → commit sent ${spread(report.toCommitMs)}; commit ${spread(report.commitMs)}`,
    `  wait for a pooled connection: ${report.poolWaitMs.length ? spread(report.poolWaitMs) : 'n/a (SQLite)'}`,
    `  the server's event loop late by: mean ${report.loopDelayMs.mean.toFixed(1)}, ` +
      `p50 ${report.loopDelayMs.p50.toFixed(1)}, p99 ${report.loopDelayMs.p99.toFixed(1)} ms`,
    ...report.byText.slice(0, top).map(([text, n]) => `  ${per(n).padStart(6)}  ${text}`),
  ].join('\n');
}
