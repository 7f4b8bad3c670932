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

export interface ChangeListenerOptions {
  url: string;
  onChange: (topic: ChangeTopic | '*') => void;
  onState?: (state: ListenerState) => void;
  log?: Log;
  /** Notices from this origin (the listening instance's own: `originOf(db)`) are skipped. */
  ignoreFrom?: string;
  makeClient?: (url: string) => ListenClient;
}

/** The listener's own connection: a dedicated pg.Client (not from the pool), kept alive. */
const listenClient = (connectionString: string): ListenClient =>
  new pg.Client({
    connectionString,
    keepAlive: true,
    application_name: 'leafcup-listener',
    connectionTimeoutMillis: 10_000,
  });

/** The topic a notice names, unless it is not ours or comes from `ignoreFrom`. */
function noticeTopic(msg: { channel: string; payload?: string }, ignoreFrom: string | undefined): ChangeTopic | null {
  if (msg.channel !== CHANGES_CHANNEL) return null;
  try {
    const { topic, from } = JSON.parse(msg.payload ?? '{}') as { topic?: string; from?: string };
    if (topic === 'catalog' && (ignoreFrom === undefined || from !== ignoreFrom)) return topic;
  } catch {
    // Not ours: ignored.
  }
  return null;
}

export function startChangeListener(options: ChangeListenerOptions): ChangeListener {
  const listener = new Listener(options);
  void listener.connect();
  return listener;
}

/** One listener: its connection, its state, and the pause before the next attempt after a failure. */
class Listener implements ChangeListener {
  #state: ListenerState = 'connecting';
  private client: ListenClient | undefined;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private settleFirst: (listening: boolean) => void = () => undefined;
  private readonly first = new Promise<boolean>((resolve) => {
    this.settleFirst = resolve;
  });
  private readonly makeClient: (url: string) => ListenClient;

  constructor(private readonly options: ChangeListenerOptions) {
    this.makeClient = options.makeClient ?? listenClient;
  }

  get state(): ListenerState {
    return this.#state;
  }

  // Read through a method: `close()` may change it while a connection attempt awaits.
  private closed(): boolean {
    return this.#state === 'closed';
  }

  private setState(next: ListenerState): void {
    if (this.#state === next) return;
    this.#state = next;
    this.options.onState?.(next);
  }

  private retry(): void {
    if (this.closed()) return;
    this.failures++;
    this.setState('reconnecting');
    const delay = reconnectDelay(this.failures);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }

  async connect(): Promise<void> {
    this.timer = undefined;
    if (this.closed()) return;
    const { url, onChange, log, ignoreFrom } = this.options;
    const c = this.makeClient(url);
    this.client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost || this.client !== c) return;
      lost = true;
      this.client = undefined;
      if (this.closed()) return;
      log?.warn({ err }, 'change listener: connection lost; reconnecting (product lists are read fresh meanwhile)');
      c.end().catch(() => undefined);
      this.retry();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (msg) => {
      const topic = noticeTopic(msg, ignoreFrom);
      if (topic) onChange(topic);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      if (!lost) {
        lost = true;
        this.client = undefined;
        c.end().catch(() => undefined);
        if (!this.closed()) {
          log?.warn({ err }, 'change listener: cannot listen; trying again (product lists are read fresh meanwhile)');
          this.retry();
        }
      }
      this.settleFirst(false);
      return;
    }
    if (lost || this.closed()) {
      if (this.closed()) c.end().catch(() => undefined);
      this.settleFirst(false);
      return;
    }
    this.listening();
  }

  /** Connected and listening: whatever was sent while not listening is lost, so everything is dropped once. */
  private listening(): void {
    this.options.onChange('*');
    if (this.failures > 0) this.options.log?.info({ after: this.failures }, 'change listener: listening again');
    this.failures = 0;
    this.setState('listening');
    this.settleFirst(true);
  }

  firstAttempt(waitMs: number): Promise<boolean> {
    let waiter: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      waiter = setTimeout(() => resolve(false), waitMs);
    });
    return Promise.race([this.first, timeout]).finally(() => clearTimeout(waiter));
  }

  async close(): Promise<void> {
    this.setState('closed');
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const c = this.client;
    this.client = undefined;
    this.settleFirst(false);
    await c?.end().catch(() => undefined);
  }
}
