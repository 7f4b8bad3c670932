import { createIntervalJob, type IntervalJob } from '../lib/interval-job';
import { addMinutes } from '../lib/time';
import { closeOpenSessions } from '../payments/card-sessions';
import { unpaidOrderHours } from '../settings/service';
import type { Shop } from '../shop';
import { findUnpaidOrders } from './receipt-repository';
import { changeOrderStatus } from './status';

/**
 * Unpaid orders do not hold stock for ever. A Pending order with something to pay and nothing paid — no
 * Telegram payment recorded, no transfer receipt sent (a payment-link order never paid, a renewal placed
 * without payment) — is cancelled by the server the shop's unpaid-order hours after it was placed (the back
 * office's setting once the owner set it, else UNPAID_ORDER_HOURS; settings/repository.ts): stock, coupon use
 * and cash reward come back as with any cancel, and the customer gets an 'expired' notice. An order with a
 * receipt waits for the operator however long that takes.
 *
 * Run by one instance at a time (the job's lease: docs/decisions/024), and safe anyway with several instances
 * and against a payment arriving at the same moment: the cancel is the ordinary status change (conditional on
 * the order still being Pending), and its update also re-checks that no receipt and no payment exist, so an
 * order paid in between is left alone. A card order's open hosted session is expired at the provider before the
 * cancel, so it cannot be paid afterwards (a payment that still arrives is refunded: payments/card-notices.ts).
 */

const EXPIRY_INTERVAL_MS = 60_000;
/** The job's lease (docs/decisions/024): far above a round's time between two cancels. */
const EXPIRY_LEASE_MS = 5 * 60_000;
const BATCH = 200;

interface ExpiryReport {
  /** Orders this round cancelled. */
  cancelled: number[];
  /** Orders found unpaid that were paid, changed or cancelled by someone else before the cancel was written. */
  kept: number[];
  /** Orders left after an unexpected error (tried again next round). */
  errors: number[];
}

type Log = { info?(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Cancels every order left unpaid for longer than the unpaid-order hours at `now` (0: never), read each round. */
export async function cancelUnpaidOrders(
  shop: Shop,
  now: Date = new Date(),
  opts: { log?: Log; limit?: number; extend?: () => Promise<void> } = {},
): Promise<ExpiryReport> {
  const { db, config } = shop;
  const report: ExpiryReport = { cancelled: [], kept: [], errors: [] };
  const hours = await unpaidOrderHours(db, config);
  if (hours <= 0) return report;
  const cutoff = addMinutes(now.toISOString(), -60 * hours);
  for (const id of await findUnpaidOrders(db, cutoff, opts.limit ?? BATCH)) {
    // Between two cancels: the job's lease stays ours (or the round stops here: lib/interval-job.ts).
    await opts.extend?.();
    try {
      // A card order's open hosted page is closed at the provider first; one found paid meanwhile keeps the order
      // (its payment is applied instead: docs/decisions/040).
      if (shop.payments && !(await closeOpenSessions(shop, id))) {
        report.kept.push(id);
        continue;
      }
      const change = await changeOrderStatus(shop, id, 'Cancelled', { kind: 'expiry' }, now.getTime());
      (change.changed ? report.cancelled : report.kept).push(id);
    } catch (err) {
      report.errors.push(id);
      opts.log?.error({ err, orderId: id }, 'cancelling an unpaid order failed; will retry');
    }
  }
  if (report.cancelled.length) {
    opts.log?.info?.({ cancelled: report.cancelled }, 'unpaid orders cancelled');
  }
  return report;
}

export function createExpiryScheduler(
  shop: Shop,
  { intervalMs = EXPIRY_INTERVAL_MS }: { intervalMs?: number } = {},
): IntervalJob<ExpiryReport> {
  const { db, log } = shop;
  return createIntervalJob({
    name: 'unpaid order expiry',
    run: (now, round) => cancelUnpaidOrders(shop, now, { log, extend: round.extend }),
    intervalMs,
    lease: { db, ttlMs: EXPIRY_LEASE_MS },
    ...(log ? { log } : {}),
    metrics: shop.metrics,
  });
}
