import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_EXPORT_LINK_HOURS } from '../../common/contract/data-export';
import { FILE_MAX_BYTES, FileTooLargeError } from '../files/store';
import { createIntervalJob, type IntervalJob, type JobRound } from '../lib/interval-job';
import { inTransaction, type Shop } from '../shop';
import { writeCopy } from './archive';
import { gatherCopy } from './gather';
import { tellCopyReady } from './notify';
import * as repo from './repository';

/**
 * The data-export job (docs/decisions/051): every few seconds, once across instances (a `job_leases` lease,
 * docs/decisions/024), it deletes the files of copies whose link has run out, then makes the copies asked for. Each
 * copy is claimed with a conditional update before it is built, so two rounds at once (a lease taken over, a
 * `runOnce` beside the timer) make one file: the loser skips it. A failed copy is tried again in a later round, up to
 * MAX_ATTEMPTS, then marked failed (the profile offers a new request).
 */

const INTERVAL_MS = 15_000;
const LEASE_MS = 5 * 60_000;
/** How long a round holds a copy it builds: well above the time one copy takes; past it another round may take it. */
const CLAIM_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;
const BATCH = 10;

export interface ExportRound {
  /** Copies made this round. */
  made: number[];
  /** Copies whose file this round deleted (their link had run out). */
  expired: number[];
  /** Copies that failed this round. */
  failed: number[];
}

type JobShop = Pick<Shop, 'db' | 'files' | 'mailOn' | 'log'>;

/** The largest copy: the file store's limit (tests pass a smaller one). */
export interface ExportLimits {
  maxBytes: number;
}

export async function runExportRound(
  shop: JobShop,
  now: Date,
  round?: JobRound,
  limits: ExportLimits = { maxBytes: FILE_MAX_BYTES },
): Promise<ExportRound> {
  const report: ExportRound = { made: [], expired: [], failed: [] };
  const at = now.toISOString();
  for (const row of await repo.expiredReady(shop.db, at, 100)) {
    // The file first, then the row: a crash between leaves a row whose file is gone, deleted again next round.
    if (row.file_key) await shop.files.remove(row.file_key);
    if (await repo.markExpired(shop.db, row.id)) report.expired.push(row.id);
  }
  await repo.failAbandoned(shop.db, at, MAX_ATTEMPTS);
  for (const row of await repo.duePreparing(shop.db, at, MAX_ATTEMPTS, BATCH)) {
    await round?.extend();
    const claimedUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
    if (!(await repo.claim(shop.db, row.id, row.attempts, at, claimedUntil))) continue;
    try {
      if (await makeCopy(shop, row, now, claimedUntil, limits)) report.made.push(row.id);
    } catch (err) {
      // Too large is not cured by trying again (it can only be when planUploads' margin was short).
      const final = err instanceof FileTooLargeError || row.attempts + 1 >= MAX_ATTEMPTS;
      await repo.markFailed(shop.db, row.id, err instanceof Error ? err.message : String(err), final);
      shop.log.error({ err, exportId: row.id }, 'making a copy of a customer’s data failed');
      report.failed.push(row.id);
    }
  }
  return report;
}

/**
 * Builds, stores and offers one claimed copy; false when the claim was lost meanwhile (its file is removed). The ZIP is
 * written to a file in this machine's temp folder, streaming the uploads in one at a time, then streamed into the file
 * store: memory stays small whatever the uploads weigh (docs/decisions/051).
 */
async function makeCopy(
  shop: JobShop,
  row: { id: number; user_id: number },
  now: Date,
  claimedUntil: string,
  limits: ExportLimits,
): Promise<boolean> {
  const at = now.toISOString();
  const copy = await gatherCopy(shop.db, shop.files, row.user_id, at);
  if (!copy) throw new Error('the customer no longer exists');
  const key = `exports/${randomBytes(16).toString('hex')}.zip`;
  const dir = await mkdtemp(join(tmpdir(), 'leafcup-export-'));
  let size: number;
  try {
    const path = join(dir, 'copy.zip');
    const written = await writeCopy(copy, now, shop.files, path, limits.maxBytes);
    size = written.size;
    if (written.leftOut.length) {
      shop.log.warn({ exportId: row.id, leftOut: written.leftOut.length }, 'a copy left out uploads over its limit');
    }
    // Never inside a transaction (files/store.ts): stored first, then the row marked ready with its notices.
    await shop.files.put(key, createReadStream(path));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const expiresAt = new Date(now.getTime() + DATA_EXPORT_LINK_HOURS * 3_600_000).toISOString();
  const ready = await inTransaction(shop, async (tx) => {
    const done = { file_key: key, size, ready_at: at, expires_at: expiresAt };
    if (!(await repo.markReady(tx.db, row.id, claimedUntil, done))) return false;
    const full = await repo.byId(tx.db, row.id);
    const owner = await repo.owner(tx.db, row.user_id);
    // A staff copy is the owner's: the customer is not told of it.
    if (owner && full?.requested_by === null) await tellCopyReady(tx, owner, row.id, at);
    return true;
  });
  if (!ready) await shop.files.remove(key);
  return ready;
}

export function createDataExportJob(shop: Shop, { intervalMs = INTERVAL_MS } = {}): IntervalJob<ExportRound> {
  const { db, log } = shop;
  return createIntervalJob({
    name: 'data export',
    run: (now, round) => runExportRound(shop, now, round),
    intervalMs,
    lease: { db, ttlMs: LEASE_MS },
    log,
    metrics: shop.metrics,
  });
}
