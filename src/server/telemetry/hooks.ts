/**
 * Where the server meets tracing (docs/decisions/046), without importing OpenTelemetry: tracing is on only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and then telemetry/start.ts fills these in before the server's modules are
 * imported (main.ts). Off, every caller sees `undefined` and does what it did before: no span, no extra work.
 */

/** A query Kysely ran on SQLite, as its `log` option hands it over (statement text only, never parameters). */
export interface QueryEvent {
  level: 'query' | 'error';
  query: { sql: string };
  queryDurationMillis: number;
  error?: unknown;
}

export interface Tracing {
  /** Runs `fn` inside a new span `name` (a job round, a bot update): what `fn` does is traced beneath it. */
  inSpan<R>(name: string, attributes: Record<string, string>, fn: () => Promise<R>): Promise<R>;
  /** Kysely's `log` option on SQLite: one span per query that ran inside a traced request, job or update. */
  sqliteQuery(event: QueryEvent): void;
  /** The trace id of the span active here, if any: in request log lines and error answers. */
  traceId(): string | undefined;
  /** Sends the spans still waiting and stops: the last thing a stopping server does. */
  shutdown(): Promise<void>;
}

let current: Tracing | undefined;

/** Tracing when it is on, else undefined. */
export const tracing = (): Tracing | undefined => current;

/** Called once, by telemetry/start.ts. */
export function setTracing(value: Tracing): void {
  current = value;
}

/**
 * Runs a SQLite statement Kysely does not see (a hot read's own prepared statement) with its span when tracing is on;
 * off, it hands back `run()`'s own promise.
 */
export function tracedSqlite<R>(sql: string, run: () => Promise<R>): Promise<R> {
  const traced = current;
  return traced ? timed(traced, sql, run) : run();
}

async function timed<R>(traced: Tracing, sql: string, run: () => Promise<R>): Promise<R> {
  const started = performance.now();
  let level: QueryEvent['level'] = 'error';
  try {
    const result = await run();
    level = 'query';
    return result;
  } finally {
    traced.sqliteQuery({ level, query: { sql }, queryDurationMillis: performance.now() - started });
  }
}
