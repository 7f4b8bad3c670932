import { createIntervalJob, type IntervalJob, type JobRound } from '../lib/interval-job';
import { addDays } from '../lib/time';
import type { Shop } from '../shop';
import { eraseOldDeliveries, forgetOldVisitors } from './retention-repository';

/**
 * What the shop stops keeping with time (docs/decisions/050), hourly, on one instance at a time (a job lease,
 * docs/decisions/024):
 * - the delivery's name, phone, street, postcode and company of orders completed or cancelled more than
 *   ORDER_ADDRESS_RETENTION_DAYS ago (0: kept for ever); the order's amounts, lines, dates and region stay;
 * - who made a referral visit, once the visit is past attribution (REFERRAL_VISITOR_DAYS): its visitor key.
 * Each step is a conditional update in batches, so a round that stops half-way (or runs beside another) leaves
 * nothing half-done.
 */

const RETENTION_INTERVAL_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Days a referral visit keeps its visitor key: the visit converts when that visitor registers within this time
 * (referral/service.ts recordConversion looks the visit up by key); after it a registration records a visit of its own.
 */
export const REFERRAL_VISITOR_DAYS = 30;

export interface RetentionReport {
  /** Orders whose delivery details this round erased. */
  ordersErased: number;
  /** Referral visits whose visitor key this round cleared. */
  visitorsForgotten: number;
}

const NO_ROUND: JobRound = { extend: async () => undefined };

/** One round at `now`. */
export async function applyRetention(
  shop: Pick<Shop, 'db' | 'config'>,
  now: Date = new Date(),
  round: JobRound = NO_ROUND,
): Promise<RetentionReport> {
  const { db, config } = shop;
  const at = now.toISOString();
  const report: RetentionReport = { ordersErased: 0, visitorsForgotten: 0 };
  const days = config.ORDER_ADDRESS_RETENTION_DAYS;
  if (days > 0) {
    const cutoff = addDays(at, -days);
    for (const column of ['completed_at', 'cancelled_at'] as const) {
      for (;;) {
        const n = await eraseOldDeliveries(db, column, cutoff, at, BATCH);
        report.ordersErased += n;
        if (n < BATCH) break;
        await round.extend();
      }
    }
  }
  report.visitorsForgotten = await forgetOldVisitors(db, addDays(at, -REFERRAL_VISITOR_DAYS));
  return report;
}

export function createRetentionJob(
  shop: Shop,
  { intervalMs = RETENTION_INTERVAL_MS }: { intervalMs?: number } = {},
): IntervalJob<RetentionReport> {
  const { db, log } = shop;
  return createIntervalJob({
    name: 'personal data retention',
    run: async (now, round) => {
      const report = await applyRetention(shop, now, round);
      if (report.ordersErased || report.visitorsForgotten)
        log?.info?.({ ...report }, 'retention: old personal data removed');
      return report;
    },
    intervalMs,
    lease: { db, ttlMs: 10 * 60_000 },
    ...(log ? { log } : {}),
    metrics: shop.metrics,
  });
}
