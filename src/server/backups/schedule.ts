import type { AdminDashboardOutput } from '../../common/contract/admin/dashboard';
import type { Lang } from '../../common/contract/lang';
import type { Config } from '../config';
import { type DatabaseTarget, type Db, parseDatabaseUrl } from '../db/connection';
import { createIntervalJob, type IntervalJob } from '../lib/interval-job';
import { addDays } from '../lib/time';
import { enqueueMail } from '../mail/outbox';
import { enqueueBackupFailedAlert } from '../notifications/staff-alerts';
import { inTransaction, type Shop } from '../shop';
import { type BackupDestination, bucketDestination, folderDestination } from './destination';
import { BackupError } from './errors';
import * as repo from './repository';
import { backupName, backupsToKeep, parseKeep } from './retention';
import { backupTo } from './service';

/**
 * Scheduled backups (docs/decisions/042): every BACKUP_EVERY_HOURS, across every instance once (a job lease,
 * docs/decisions/024), a backup into BACKUP_DIR or BACKUP_URL, then the old ones pruned (BACKUP_KEEP). Each round's
 * outcome is kept in `backup_runs` (the dashboard shows it); the first failure of a streak alerts the owners by the bot
 * and by e-mail, the following ones do not until a backup succeeds again.
 */

/** A round may take long (a large database, a slow bucket): the lease outlives it. */
const LEASE_MS = 60 * 60_000;
/** How long `backup_runs` remembers rounds. */
const HISTORY_DAYS = 90;

export interface BackupRoundResult {
  name: string;
  bytes: number;
  removed: string[];
}

/** The destination the settings name, or null when scheduled backups are off. */
export async function configuredDestination(
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_URL'>,
): Promise<BackupDestination | null> {
  if (config.BACKUP_DIR) return folderDestination(config.BACKUP_DIR);
  if (config.BACKUP_URL) return bucketDestination(config.BACKUP_URL);
  return null;
}

/** One scheduled backup now: written, pruned and recorded; a failure is recorded, alerted (once) and thrown. */
export async function runScheduledBackup(
  shop: Shop,
  destination: BackupDestination,
  now: Date,
  database: DatabaseTarget = parseDatabaseUrl(shop.config.DATABASE_URL),
): Promise<BackupRoundResult> {
  const startedAt = now.toISOString();
  const name = backupName(now);
  try {
    const manifest = await destination.store(name, (path) => backupTo(database, path, now));
    const removed = await prune(destination, shop.config.BACKUP_KEEP);
    await repo.insertRun(shop.db, {
      started_at: startedAt,
      finished_at: shop.clock().toISOString(),
      ok: 1,
      name,
      bytes: manifest.payload.bytes,
      error: null,
      alerted: 0,
    });
    await repo.deleteRunsBefore(shop.db, addDays(startedAt, -HISTORY_DAYS));
    return { name, bytes: manifest.payload.bytes, removed };
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    await recordFailure(shop, { startedAt, error, where: destination.where });
    throw err instanceof BackupError ? err : new BackupError(error);
  }
}

/** Deletes the job's backups no rule of BACKUP_KEEP keeps; answers their names. */
async function prune(destination: BackupDestination, keep: string): Promise<string[]> {
  const rules = parseKeep(keep) ?? [];
  const backups = await destination.list();
  const kept = backupsToKeep(backups, rules);
  const removed = backups.filter((b) => !kept.has(b.name)).map((b) => b.name);
  for (const name of removed) await destination.remove(name);
  return removed;
}

/** Records a failed round; the first failure after a success (or ever) alerts the owners, in the same transaction. */
async function recordFailure(shop: Shop, run: { startedAt: string; error: string; where: string }): Promise<void> {
  const error = `${run.error} (destination: ${run.where})`;
  await inTransaction(shop, async (tx) => {
    const { last } = await repo.latestRuns(tx.db);
    const firstOfStreak = !last || last.ok === 1;
    if (firstOfStreak) await alertOwners(tx, { error, at: run.startedAt });
    await repo.insertRun(tx.db, {
      started_at: run.startedAt,
      finished_at: shop.clock().toISOString(),
      ok: 0,
      name: null,
      bytes: null,
      error,
      alerted: firstOfStreak ? 1 : 0,
    });
  });
}

/** The bot's alert to owners linked to Telegram, and an e-mail to every owner (when the shop sends e-mail). */
async function alertOwners(tx: Shop, params: { error: string; at: string }): Promise<void> {
  await enqueueBackupFailedAlert(tx.db, params);
  for (const owner of await repo.owners(tx.db)) {
    await enqueueMail(tx, {
      to: owner.email,
      userId: owner.id,
      kind: 'backup_failed',
      lang: (owner.language === 'zh' ? 'zh' : 'en') satisfies Lang,
      params,
      dedupeKey: `backup-failed:${params.at}:${owner.id}`,
    });
  }
}

/**
 * The scheduled backup job, or null when BACKUP_DIR and BACKUP_URL are unset. The destination is made at the first
 * round (the AWS SDK is loaded only then); app.ts starts and stops the job with the others.
 */
export function createBackupJob(shop: Shop): IntervalJob<BackupRoundResult> | null {
  const { config } = shop;
  if (!config.BACKUP_DIR && !config.BACKUP_URL) return null;
  let destination: Promise<BackupDestination | null> | undefined;
  return createIntervalJob({
    name: 'backup',
    intervalMs: config.BACKUP_EVERY_HOURS * 3_600_000,
    lease: { db: shop.db, ttlMs: LEASE_MS },
    metrics: shop.metrics,
    log: shop.log,
    run: async (now) => {
      destination ??= configuredDestination(config);
      const target = await destination.catch(async (err: unknown) => {
        // A BACKUP_URL the S3 client refuses: recorded and alerted like any failed backup, tried again next round.
        destination = undefined;
        const error = err instanceof Error ? err.message : String(err);
        await recordFailure(shop, { startedAt: now.toISOString(), error, where: 'BACKUP_URL' });
        throw err;
      });
      if (!target) throw new BackupError('no backup destination');
      return runScheduledBackup(shop, target, now);
    },
  });
}

/** The dashboard's view of backups: whether they are scheduled, the last round and the last good one. */
export async function backupStatus(
  db: Db,
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_URL'>,
): Promise<NonNullable<AdminDashboardOutput['backups']>> {
  const { status } = await backupRuns(db, config);
  return status;
}

/** The System page's view: the dashboard's, and the last good backup's size. */
export async function backupStatusWithSize(db: Db, config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_URL'>) {
  const { status, lastGood } = await backupRuns(db, config);
  return { ...status, last_good_bytes: lastGood?.bytes ?? null };
}

async function backupRuns(db: Db, config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_URL'>) {
  const { last, lastGood } = await repo.latestRuns(db);
  const status: NonNullable<AdminDashboardOutput['backups']> = {
    scheduled: Boolean(config.BACKUP_DIR || config.BACKUP_URL),
    last_at: last?.started_at ?? null,
    last_ok: last ? last.ok === 1 : null,
    last_error: last?.ok === 0 ? last.error : null,
    last_good_at: lastGood?.started_at ?? null,
  };
  return { status, lastGood };
}
