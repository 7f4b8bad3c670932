import { createIntervalJob, type IntervalJob } from '../lib/interval-job';
import { addDays } from '../lib/time';
import type { Shop } from '../shop';
import { clearReceipt, ordersWithOldReceipts } from './receipt-repository';
import { removeReceipt } from './receipts';

/**
 * Receipts are not kept for ever. A cancelled order (by the customer, the operator, or the unpaid-order
 * expiry) keeps its payment receipt RECEIPT_RETENTION_DAYS after it was cancelled — time enough for the
 * operator to settle a refund or a dispute — and then the file is deleted and the order's reference to it
 * cleared (its details then show no receipt). Orders that go on (Paid, Processing, Completed) keep theirs.
 *
 * The reference is cleared first, conditionally (still Cancelled, still that file), then the file removed:
 * a crash in between leaves a stray file, never an order pointing at a missing one. Safe with several
 * instances: of two rounds clearing the same order, one clears it and removes the file.
 */

const RECEIPT_RETENTION_INTERVAL_MS = 60 * 60_000;
const BATCH = 200;

interface RetentionReport {
  /** Orders whose receipt this round deleted. */
  deleted: number[];
  /** Orders whose file could not be deleted (their reference is cleared; the file is left, and logged). */
  errors: number[];
}

type Log = { info?(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Deletes the receipts of orders cancelled more than RECEIPT_RETENTION_DAYS before `now` (0: never). */
export async function deleteExpiredReceipts(
  shop: Pick<Shop, 'db' | 'config' | 'files'>,
  now: Date = new Date(),
  opts: { log?: Log; batch?: number } = {},
): Promise<RetentionReport> {
  const { db, config, files } = shop;
  const report: RetentionReport = { deleted: [], errors: [] };
  if (config.RECEIPT_RETENTION_DAYS <= 0) return report;
  const at = now.toISOString();
  const cutoff = addDays(at, -config.RECEIPT_RETENTION_DAYS);
  const batch = opts.batch ?? BATCH;
  // Keyset over (cancelled_at, id): a row that could not be cleared is passed over, never read again this round.
  let after: { cancelledAt: string; id: number } | null = null;
  for (;;) {
    const position: { cancelledAt: string; id: number } | null = after;
    const rows = await ordersWithOldReceipts(db, cutoff, position, batch);
    for (const row of rows) {
      const path = row.receipt_path as string;
      if (!(await clearReceipt(db, row.id, path, at))) continue;
      try {
        await removeReceipt(files, path);
        report.deleted.push(row.id);
      } catch (err) {
        report.errors.push(row.id);
        opts.log?.error({ err, orderId: row.id, receiptPath: path }, 'deleting an old receipt file failed');
      }
    }
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last) break;
    after = { cancelledAt: last.cancelled_at as string, id: last.id };
  }
  if (report.deleted.length) opts.log?.info?.({ deleted: report.deleted.length }, 'old receipts deleted');
  return report;
}

export function createReceiptRetentionJob(
  shop: Shop,
  { intervalMs = RECEIPT_RETENTION_INTERVAL_MS }: { intervalMs?: number } = {},
): IntervalJob<RetentionReport> {
  const { db, log } = shop;
  return createIntervalJob({
    name: 'receipt retention',
    run: (now) => deleteExpiredReceipts(shop, now, { log }),
    intervalMs,
    // Once across instances (docs/decisions/024); a round is a few batches of deletes.
    lease: { db, ttlMs: 10 * 60_000 },
    ...(log ? { log } : {}),
    metrics: shop.metrics,
  });
}
