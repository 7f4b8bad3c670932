import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { currentRelease } from '../backups/release';
import { isPostgres } from '../db/dialect';
import { newHolderId } from '../lib/job-lease';
import type { Shop } from '../shop';
import * as repo from './repository';

/**
 * This instance on the System page: who it is, since when, and — on PostgreSQL, where several instances share the
 * database (docs/decisions/025) — its heartbeat, a row in `instances` written at start and every 30 s by the instance
 * itself (not a leased job: each writes its own), with when it last heard from Telegram (kept in memory, per
 * instance), and removed when it stops gracefully. One that stops without (killed) drops out of the list after 90 s.
 * SQLite is one process: no row, the page shows this instance.
 */

export const HEARTBEAT_MS = 30_000;
/** An instance not seen for this long is not live (three heartbeats missed). */
export const LIVE_MS = 90_000;

export interface Instance {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  readonly release: string;
  readonly startedAt: Date;
  /** Whether instances share the database and keep heartbeats (PostgreSQL). */
  readonly shared: boolean;
  /** Writes the heartbeat now (PostgreSQL); a failure is logged, the next one tries again. */
  beat(now?: Date): Promise<void>;
  start(): Promise<void>;
  /** Stops the heartbeat and removes the row (graceful shutdown). */
  stop(): Promise<void>;
}

export function releaseName(): string {
  const { version, commit } = currentRelease();
  return commit ? `${version}+${commit}` : version;
}

export function createInstance(shop: Pick<Shop, 'db' | 'metrics' | 'log' | 'clock'>): Instance {
  const { db, metrics, log } = shop;
  const shared = isPostgres(db as unknown as Kysely<unknown>);
  const startedAt = shop.clock();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // The heartbeat on its way, awaited by stop() so it cannot write the row again after it was removed.
  let beating: Promise<void> | undefined;
  const instance: Instance = {
    id: newHolderId(),
    host: hostname(),
    pid: process.pid,
    release: releaseName(),
    startedAt,
    shared,
    async beat(now = shop.clock()) {
      if (!shared || stopped) return;
      const heard = metrics.heardAt('telegram');
      beating = repo
        .upsertInstance(db, {
          id: instance.id,
          host: instance.host,
          pid: instance.pid,
          release: instance.release,
          started_at: startedAt.toISOString(),
          last_seen_at: now.toISOString(),
          telegram_heard_at: heard === null ? null : new Date(heard).toISOString(),
        })
        .catch((err: unknown) => log.warn({ err }, 'instance heartbeat failed'));
      await beating;
    },
    async start() {
      if (!shared || timer) return;
      stopped = false;
      await instance.beat();
      timer = setInterval(() => void instance.beat(), HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (!shared || stopped) return;
      stopped = true;
      await beating;
      await repo.deleteInstance(db, instance.id).catch(() => undefined);
    },
  };
  return instance;
}
