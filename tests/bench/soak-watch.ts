import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../src/server/db/connection';

/**
 * What the soak bench (soak.ts) watches besides the answers: each instance's memory (its METRICS_PORT listener,
 * prom-client's process metrics), the PostgreSQL connections of the run's database (pg_stat_activity), and every
 * table's row count.
 */

export interface MemorySample {
  /** Seconds since the measured part of the run began (negative during the warm-up). */
  at: number;
  rss: number;
  heapUsed: number;
}

/** One gauge of a Prometheus text page (no labels), or NaN when it is not there. */
export function gauge(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line
    ? Number(
        line
          .slice(name.length + 1)
          .trim()
          .split(' ')[0],
      )
    : Number.NaN;
}

/** Reads an instance's resident memory and used heap from its metrics listener. */
export async function sampleMemory(metricsPort: number, at: number): Promise<MemorySample> {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  const text = await res.text();
  if (!res.ok) throw new Error(`metrics on ${metricsPort} answered ${res.status}`);
  const sample = {
    at,
    rss: gauge(text, 'process_resident_memory_bytes'),
    heapUsed: gauge(text, 'nodejs_heap_size_used_bytes'),
  };
  if (!Number.isFinite(sample.rss) || !Number.isFinite(sample.heapUsed)) {
    throw new Error(`metrics on ${metricsPort} lack process_resident_memory_bytes or nodejs_heap_size_used_bytes`);
  }
  return sample;
}

/** The memory of an instance after a full collection (soak-gc.mjs: SIGWINCH), read from its metrics listener. */
export async function settledMemory(pid: number, metricsPort: number, at: number): Promise<MemorySample> {
  process.kill(pid, 'SIGWINCH');
  await new Promise((r) => setTimeout(r, 500));
  return sampleMemory(metricsPort, at);
}

export interface ConnectionWatch {
  /** The most connections seen at once: in all, and per application name. */
  max(): { total: number; perApplication: Map<string, number>; samples: number };
  stop(): Promise<void>;
}

/**
 * Counts the connections to `database` every `everyMs` from the server's admin database (so the watcher's own
 * connection is not among them), per application name; `ignore` names the bench's own application.
 */
export async function watchConnections(
  adminUrl: string,
  database: string,
  ignore: string,
  everyMs = 1000,
): Promise<ConnectionWatch> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'leafcup-soak-watch' });
  await client.connect();
  let total = 0;
  let samples = 0;
  const perApplication = new Map<string, number>();
  let running: Promise<void> = Promise.resolve();
  const sample = async () => {
    const { rows } = await client.query<{ app: string; n: string }>(
      `select coalesce(application_name, '') as app, count(*) as n from pg_stat_activity
        where datname = $1 and application_name <> $2 group by 1`,
      [database, ignore],
    );
    let now = 0;
    for (const row of rows) {
      const n = Number(row.n);
      now += n;
      perApplication.set(row.app, Math.max(perApplication.get(row.app) ?? 0, n));
    }
    total = Math.max(total, now);
    samples++;
  };
  await sample();
  const timer = setInterval(() => {
    running = running.then(sample).catch((err) => console.error(`connection watch: ${(err as Error).message}`));
  }, everyMs);
  return {
    max: () => ({ total, perApplication, samples }),
    stop: async () => {
      clearInterval(timer);
      await running;
      await client.end();
    },
  };
}

/** Every table of the database's public schema with its row count (exact: count(*)). */
export async function rowCounts(db: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts = new Map<string, number>();
  for (const { name } of rows) {
    const { rows: n } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts.set(name, Number(n[0]?.n ?? 0));
  }
  return counts;
}
