import { REMINDER_LATE_DAYS } from '../../common/marketing-rules';
import { createIntervalJob, type IntervalJob, type JobRound } from '../lib/interval-job';
import { addDays } from '../lib/time';
import { inTransaction, type Shop } from '../shop';
import { offerable } from './reminder-views';
import * as repo from './repository';
import { channelOf, queueReminder } from './send';
import { marketingAllowed } from './service';

/**
 * "Running low?" (docs/decisions/056): a product may set its usual interval (`products.reorder_days`, the back
 * office's product page; none by default). That many days after an order is completed, each of its one-time lines
 * of such a product (not a Subscribe & save line: that one comes again by itself) gets one message — by the bot when
 * linked, else by e-mail to a confirmed address — with Buy again and Subscribe & save; only with the customer's
 * marketing consent, and not when they have bought the product again since the order or subscribe to it, nor when it
 * is no longer on sale.
 *
 * Once per order line: `reorder_reminders` is keyed by the line and written in the transaction that queues the
 * message, so two rounds at once tell it once. Lines more than REMINDER_LATE_DAYS late (an interval set on a product
 * long after its orders) are left. One instance at a time (the job's lease, docs/decisions/024).
 */

const INTERVAL_MS = 30 * 60_000;
const PAGE = 100;

export interface ReorderReminderReport {
  reminded: number;
  /** Lines looked at and left: no consent, nowhere to send, bought again, the product off sale, or taken meanwhile. */
  skipped: number;
}

const NO_ROUND: JobRound = { extend: async () => undefined };

type Line = repo.ReorderCandidate & { days: number };

/** One round at `now`. */
export async function remindReorders(
  shop: Shop,
  now: Date = shop.clock(),
  round: JobRound = NO_ROUND,
): Promise<ReorderReminderReport> {
  const report: ReorderReminderReport = { reminded: 0, skipped: 0 };
  const at = now.toISOString();
  for (const days of await repo.reorderIntervals(shop.db)) {
    const to = addDays(at, -days);
    const from = addDays(to, -REMINDER_LATE_DAYS);
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const lines = await repo.reorderCandidates(shop.db, { days, from, to, after, limit: PAGE });
      for (const line of lines) {
        await round.extend();
        if (await remindLine(shop, { ...line, days }, at)) report.reminded += 1;
        else report.skipped += 1;
      }
      const last = lines.at(-1);
      if (lines.length < PAGE || !last?.completed_at) break;
      after = { at: last.completed_at, id: last.order_item_id };
    }
  }
  return report;
}

/** One order line: its reminder queued (true), or left (false). */
async function remindLine(shop: Shop, line: Line, at: string): Promise<boolean> {
  const { db } = shop;
  const product = await repo.reminderProduct(db, line.product_id);
  if (!product || !offerable(product)) return false;
  const who = await repo.recipient(db, line.user_id);
  if (!who) return false;
  const channel = channelOf(who, shop);
  if (!channel || !(await marketingAllowed(db, who.id))) return false;
  if (await repo.restocked(db, who.id, line.product_id, line.placed_at)) return false;
  return inTransaction(shop, async (tx) => {
    const claimed = await repo.claimReorderLine(tx.db, {
      order_item_id: line.order_item_id,
      user_id: who.id,
      product_id: line.product_id,
      created_at: at,
    });
    if (!claimed) return false;
    const params = { userId: who.id, orderItemId: line.order_item_id, productId: line.product_id, days: line.days };
    const key = `reorder-reminder:${line.order_item_id}`;
    await queueReminder(tx, who, channel, { kind: 'reorder_reminder', params, key }, at);
    return true;
  });
}

export function createReorderReminderJob(
  shop: Shop,
  { intervalMs = INTERVAL_MS }: { intervalMs?: number } = {},
): IntervalJob<ReorderReminderReport> {
  const { db, log } = shop;
  return createIntervalJob({
    name: 'running-low reminders',
    run: async (now, round) => {
      const report = await remindReorders(shop, now, round);
      if (report.reminded) log.info({ ...report }, '"running low?" reminders queued');
      return report;
    },
    intervalMs,
    lease: { db, ttlMs: 5 * 60_000 },
    log,
    metrics: shop.metrics,
  });
}
