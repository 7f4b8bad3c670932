import type { AdminSystemOutput, JobOutcome, SystemInstance } from '../../common/contract/admin/system';
import { ERROR_GROUP_DAYS, ERROR_GROUP_LIMIT } from '../../common/system-rules';
import { currentRelease } from '../backups/release';
import { backupStatusWithSize } from '../backups/schedule';
import { listErrorGroups } from '../client-errors/service';
import { jobLeaseRows } from '../lib/job-lease';
import { scrubLine } from '../lib/log';
import { outboxes } from '../metrics/scrape';
import { cardPaymentsStatus } from '../payments/card-notices';
import type { Shop } from '../shop';
import { type Instance, LIVE_MS } from './heartbeat';
import * as repo from './repository';

/**
 * The System page (owner): the release, the live instances, the database, each background job's last and next round,
 * the outboxes, the backups, when the webhooks were last heard from and the errors from phones, grouped. Read only when asked; nothing is written
 * but the removal of instances' rows long gone (a day without a heartbeat).
 */

/** A job's error as shown: e-mail addresses scrubbed (lib/log.ts), one line, short. */
const ERROR_CHARS = 300;
/** Rows of instances silent this long are removed when the page is read (a killed instance leaves its row). */
const STALE_MS = 24 * 3_600_000;

type JobRow = Awaited<ReturnType<typeof jobLeaseRows>>[number];

/** How a job's last round went, from its lease row (lib/job-lease.ts keeps start, end and error). */
export function jobOutcome(row: JobRow, now: Date): JobOutcome {
  if (!row.last_started_at) return 'never';
  if (row.lease_until && row.lease_until > now.toISOString()) return 'running';
  if (!row.last_finished_at || row.last_finished_at < row.last_started_at) return 'stopped';
  return row.last_error ? 'failed' : 'ok';
}

const shortError = (error: string | null): string | null =>
  error === null ? null : scrubLine(error.replace(/\s+/g, ' ').trim()).slice(0, ERROR_CHARS);

const seconds = (from: string, to: Date) => Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / 1000));

type LiveRow = Awaited<ReturnType<typeof repo.liveInstances>>[number];

/** The live instances' rows (PostgreSQL; none on SQLite). */
const liveRows = (shop: Shop, self: Instance, now: Date): Promise<LiveRow[]> =>
  self.shared
    ? repo.liveInstances(
        shop.db,
        new Date(now.getTime() - LIVE_MS).toISOString(),
        new Date(now.getTime() - STALE_MS).toISOString(),
      )
    : Promise.resolve([]);

function instancesOf(rows: LiveRow[], self: Instance, now: Date): SystemInstance[] {
  const own = {
    id: self.id,
    host: self.host,
    pid: self.pid,
    release: self.release,
    started_at: self.startedAt.toISOString(),
    last_seen_at: now.toISOString(),
  };
  // This instance answers, so it is live, whether or not its heartbeat row is written yet.
  const others = rows.filter((r) => r.id !== self.id);
  return [own, ...others]
    .map(({ id, host, pid, release, started_at, last_seen_at }) => ({
      id,
      host,
      pid,
      release,
      started_at,
      last_seen_at,
      uptime_seconds: seconds(started_at, now),
      current: id === self.id,
    }))
    .sort((a, b) => a.started_at.localeCompare(b.started_at) || a.id.localeCompare(b.id));
}

/** When a live instance last heard from Telegram: this one's memory, or another's heartbeat. */
function telegramHeardAt(shop: Shop, rows: LiveRow[], self: Instance): string | null {
  const own = shop.metrics.heardAt('telegram');
  const times = rows.filter((r) => r.id !== self.id && r.telegram_heard_at).map((r) => r.telegram_heard_at as string);
  if (own !== null) times.push(new Date(own).toISOString());
  return times.sort().at(-1) ?? null;
}

/** What the page needs besides the shop: this instance, and the served client build's id (client-errors). */
export interface SystemDeps {
  self: Instance;
  clientBuild: () => Promise<string | null>;
}

export async function systemStatus(shop: Shop, { self, clientBuild }: SystemDeps): Promise<AdminSystemOutput> {
  const now = shop.clock();
  const [rows, bytes, jobs, backlogs, backups, card, build, errorGroups] = await Promise.all([
    liveRows(shop, self, now),
    repo.databaseBytes(shop.db).catch(() => null),
    jobLeaseRows(shop.db),
    outboxes(shop),
    backupStatusWithSize(shop.db, shop.config),
    cardPaymentsStatus(shop.db, shop.payments),
    clientBuild().catch(() => null),
    listErrorGroups(shop.db, { days: ERROR_GROUP_DAYS, limit: ERROR_GROUP_LIMIT, now }),
  ]);
  return {
    now: now.toISOString(),
    release: { ...currentRelease(), client_build: build },
    instances: instancesOf(rows, self, now),
    database: { kind: self.shared ? 'postgres' : 'sqlite', bytes },
    jobs: jobs.map((row) => ({
      name: row.name,
      outcome: jobOutcome(row, now),
      last_started_at: row.last_started_at,
      last_finished_at: row.last_finished_at,
      last_error: shortError(row.last_error),
      next_run_at: row.next_run_at,
      runs: Number(row.runs),
    })),
    outboxes: (['mail', 'bot'] as const).map((outbox) => ({
      outbox,
      backlog: backlogs[outbox].count,
      oldest_at: backlogs[outbox].oldest,
    })),
    backups,
    webhooks: [
      { source: 'telegram', on: Boolean(shop.config.BOT_TOKEN), last_heard_at: telegramHeardAt(shop, rows, self) },
      { source: 'stripe', on: card.on, last_heard_at: card.last_notice_at },
    ],
    error_groups: errorGroups,
  };
}
