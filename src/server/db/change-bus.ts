import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Db } from './connection';
import { isPostgres } from './dialect';

/**
 * Changes one instance tells the others about, over PostgreSQL's LISTEN/NOTIFY (docs/decisions/024): today, that the
 * catalogue changed, so every instance drops its product-list cache at once (catalog/list-cache.ts).
 *
 * - `publishChange`: `pg_notify` on the channel. Inside a transaction PostgreSQL delivers it at commit (and not at
 *   all on rollback); the callers publish after their commit. Works from any process on the database, the
 *   operator's command line included. On SQLite it does nothing: SQLite serves one instance (decision 004).
 * - `startChangeListener`: one dedicated connection (not from the pool: LISTEN belongs to a session, and a pooled
 *   client goes back to the pool) that LISTENs and calls `onChange`. When the connection drops it reconnects with a
 *   growing pause; notifications sent meanwhile are lost, so on every (re)connect it calls `onChange('*')` once,
 *   and it reports its state, so a cache it cannot clear is not used while it is not listening.
 */

export const CHANGES_CHANNEL = 'leafcup_changes';

/** What changed. `'*'`: anything may have (the listener was not listening for a while). */
export type ChangeTopic = 'catalog';

/**
 * Who sends a notice: `host:pid:random`, one per database handle (an instance; tests run several in one process). An
 * instance's listener skips its own notices: its write cleared its cache already, and clearing it again a moment later
 * would only drop pages read since.
 */
const origins = new WeakMap<object, string>();
export function originOf(db: Db): string {
  let origin = origins.get(db);
  if (!origin) {
    origin = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    origins.set(db, origin);
  }
  return origin;
}

/** Tells every listening instance of this PostgreSQL database that `topic` changed; nothing on SQLite. */
export async function publishChange(db: Db, topic: ChangeTopic): Promise<void> {
  if (!isPostgres(db as unknown as Kysely<unknown>)) return;
  const payload = JSON.stringify({ topic, from: originOf(db) });
  await sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(db);
}

export type ListenerState = 'connecting' | 'listening' | 'reconnecting' | 'closed';

export interface ChangeListener {
  readonly state: ListenerState;
  /** Resolves once the first connection attempt ended (true: listening), or after `waitMs`, whichever comes first. */
  firstAttempt(waitMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The pause before the n-th reconnection attempt: 0.5 s doubling up to 30 s; back to 0.5 s once listening. */
export function reconnectDelay(failures: number): number {
  return Math.min(500 * 2 ** Math.max(failures - 1, 0), 30_000);
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** The part of pg.Client the listener uses (tests pass a fake). */
export type ListenClient = Pick<pg.Client, 'connect' | 'query' | 'end' | 'on'>;

export function startChangeListener({
  url,
  onChange,
  onState,
  log,
  ignoreFrom,
  makeClient = (connectionString) =>
    new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: 'leafcup-listener',
      connectionTimeoutMillis: 10_000,
    }),
}: {
  url: string;
  onChange: (topic: ChangeTopic | '*') => void;
  onState?: (state: ListenerState) => void;
  log?: Log;
  /** Notices from this origin (the listening instance's own: `originOf(db)`) are skipped. */
  ignoreFrom?: string;
  makeClient?: (url: string) => ListenClient;
}): ChangeListener {
  let state: ListenerState = 'connecting';
  let client: ListenClient | undefined;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let settleFirst: (listening: boolean) => void = () => undefined;
  const first = new Promise<boolean>((resolve) => {
    settleFirst = resolve;
  });

  // Read through a function: `close()` may change it while a connection attempt awaits.
  const closed = () => state === 'closed';
  const setState = (next: ListenerState) => {
    if (state === next) return;
    state = next;
    onState?.(next);
  };

  const retry = () => {
    if (closed()) return;
    failures++;
    setState('reconnecting');
    const delay = reconnectDelay(failures);
    timer = setTimeout(connect, delay);
    timer.unref();
  };

  async function connect(): Promise<void> {
    timer = undefined;
    if (closed()) return;
    const c = makeClient(url);
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost || client !== c) return;
      lost = true;
      client = undefined;
      if (closed()) return;
      log?.warn({ err }, 'change listener: connection lost; reconnecting (product lists are read fresh meanwhile)');
      c.end().catch(() => undefined);
      retry();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (msg) => {
      if (msg.channel !== CHANGES_CHANNEL) return;
      try {
        const { topic, from } = JSON.parse(msg.payload ?? '{}') as { topic?: string; from?: string };
        if (topic === 'catalog' && (ignoreFrom === undefined || from !== ignoreFrom)) onChange(topic);
      } catch {
        // Not ours: ignored.
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      if (!lost) {
        lost = true;
        client = undefined;
        c.end().catch(() => undefined);
        if (!closed()) {
          log?.warn({ err }, 'change listener: cannot listen; trying again (product lists are read fresh meanwhile)');
          retry();
        }
      }
      settleFirst(false);
      return;
    }
    if (lost || closed()) {
      if (closed()) c.end().catch(() => undefined);
      settleFirst(false);
      return;
    }
    // Whatever was sent while not listening is lost: drop everything once.
    onChange('*');
    if (failures > 0) log?.info({ after: failures }, 'change listener: listening again');
    failures = 0;
    setState('listening');
    settleFirst(true);
  }

  void connect();

  return {
    get state() {
      return state;
    },
    firstAttempt(waitMs) {
      let waiter: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        waiter = setTimeout(() => resolve(false), waitMs);
      });
      return Promise.race([first, timeout]).finally(() => clearTimeout(waiter));
    },
    async close() {
      setState('closed');
      if (timer) clearTimeout(timer);
      timer = undefined;
      const c = client;
      client = undefined;
      settleFirst(false);
      await c?.end().catch(() => undefined);
    },
  };
}
