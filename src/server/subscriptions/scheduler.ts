import { parseLang } from '../../common/contract/lang';
import { paymentProviderConfigured } from '../checkout/service';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { AppError } from '../lib/errors';
import { createIntervalJob, type IntervalJob } from '../lib/interval-job';
import { addDays } from '../lib/time';
import { placeOrder } from '../orders/place-order';
import * as repo from './repository';

/**
 * Renewals (decisions.md §6: "the server places each renewal order when it falls due").
 *
 * Every minute each server instance looks for active subscriptions whose `next_due_at` has passed and, for
 * each, places an order through the ordinary placeOrder machinery: one transaction, the line re-priced from
 * the database at the subscription price (today's sale price, 15% off), stock taken with the same conditional
 * update, the delivery fee of the subscription's address and method, a 'placed' notice. The order is Pending,
 * awaiting payment (a bank transfer's reference and receipt are sent later with /v2/submit-payment; a
 * payment-link order is paid from the order screen, or falls back to bank transfer when no provider is
 * configured). It never uses the customer's applied coupon or held cash reward.
 *
 * Never twice: the order's idempotency key is `renewal:<subscription id>:<due date>` (unique per customer),
 * and the same transaction moves `next_due_at` on with a conditional update (only if it is still the due
 * date that was read), so a second scheduler running at the same moment, a retry or a crash can never place a
 * second order for one due date: either both the order and the new date are written, or neither.
 *
 * The next date: the due date plus the frequency, repeated until it is in the future (deliveries missed while
 * the server was down are not all placed at once: one order, then the normal rhythm).
 *
 * A renewal that cannot be placed (out of stock, product no longer sold or subscribable, no longer
 * deliverable to the address, payment method switched off): no order; the subscription moves on to its next
 * date (this delivery is skipped, the subscription stays active) and a notification row of kind
 * 'renewal_failed' (no order) is queued for the customer; both in one transaction, conditional on the due
 * date, so two schedulers report it once. We skip rather than retry the next day: a retry could place an
 * order days late without the customer asking, and an item that stays out of stock would repeat the notice
 * daily. An unexpected failure (database unreachable) changes nothing: the next round tries again.
 */

export const RENEWAL_INTERVAL_MS = 60_000;
const BATCH = 200;

export interface RenewalReport {
  /** Orders placed by this call, as [subscription id, order id]. */
  placed: Array<[number, number]>;
  /** Subscriptions whose renewal could not be placed (moved on, customer notified). */
  failed: number[];
  /** Due subscriptions another scheduler (or an earlier round) handled first. */
  skipped: number[];
  /** Subscriptions left due after an unexpected error (retried next round). */
  errors: number[];
}

type Log = { info?(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** The first date after `now` in the subscription's rhythm, starting from the due date. */
export function nextDueDate(dueAt: string, frequencyWeeks: number, now: Date): string {
  const weeks = frequencyWeeks > 0 ? frequencyWeeks : 4;
  let next = addDays(dueAt, weeks * 7);
  while (Date.parse(next) <= now.getTime()) next = addDays(next, weeks * 7);
  return next;
}

/** The renewal order's idempotency key for one due date. */
export const renewalKey = (subscriptionId: number, dueAt: string) => `renewal:${subscriptionId}:${dueAt.slice(0, 10)}`;

/** Places the renewal of every active subscription due at `now` (see above). Safe to run concurrently. */
export async function placeDueRenewals(
  db: Db,
  config: Config,
  now: Date = new Date(),
  opts: { log?: Log; limit?: number } = {},
): Promise<RenewalReport> {
  const report: RenewalReport = { placed: [], failed: [], skipped: [], errors: [] };
  const due = await repo.findDue(db, now.toISOString(), opts.limit ?? BATCH);
  for (const sub of due) {
    try {
      await renew(db, config, sub, now, report);
    } catch (err) {
      report.errors.push(sub.id);
      opts.log?.error({ err, subscriptionId: sub.id }, 'subscription renewal failed; will retry');
    }
  }
  if (report.placed.length || report.failed.length) {
    opts.log?.info?.({ placed: report.placed.length, failed: report.failed.length }, 'subscription renewals placed');
  }
  return report;
}

type DueRow = Awaited<ReturnType<typeof repo.findDue>>[number];

async function renew(db: Db, config: Config, sub: DueRow, now: Date, report: RenewalReport): Promise<void> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', sub.user_id).executeTakeFirst();
  if (!user) return;
  const dueAt = sub.next_due_at;
  const nextDueAt = nextDueDate(dueAt, sub.frequency_weeks, now);
  const paymentMethod =
    sub.payment_method === 'payment_link' && paymentProviderConfigured(config) ? 'payment_link' : 'bank_transfer';
  try {
    const placed = await placeOrder(db, config, user, parseLang(user.language) ?? 'en', {
      idempotencyKey: renewalKey(sub.id, dueAt),
      items: [
        {
          product_id: sub.product_id,
          variant_id: sub.variant_id,
          quantity: sub.quantity,
          frequency_weeks: sub.frequency_weeks,
        },
      ],
      addressId: sub.address_id,
      shippingMethod: sub.shipping_method === 'expedited' ? 'expedited' : 'standard',
      paymentMethod,
      renewal: { subscriptionId: sub.id, dueAt, nextDueAt },
    });
    if (placed.created) report.placed.push([sub.id, placed.order.id]);
    else report.skipped.push(sub.id);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // Someone else moved it first (another scheduler, the customer skipping, a cancel): nothing to do.
    if (err.key === 'subscriptionChanged') {
      report.skipped.push(sub.id);
      return;
    }
    // The renewal was refused (stock, product, address, method): skip this delivery and tell the customer.
    const at = new Date().toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await repo.advanceIfDue(trx, sub.id, dueAt, nextDueAt, at))) return false;
      await repo.enqueueRenewalFailed(trx, sub.user_id, at);
      return true;
    });
    if (moved) report.failed.push(sub.id);
    else report.skipped.push(sub.id);
  }
}

export type RenewalScheduler = IntervalJob<RenewalReport>;

export function createRenewalScheduler({
  db,
  config,
  log,
  intervalMs = RENEWAL_INTERVAL_MS,
}: {
  db: Db;
  config: Config;
  log?: Log;
  intervalMs?: number;
}): RenewalScheduler {
  return createIntervalJob({
    name: 'subscription renewals',
    run: (now) => placeDueRenewals(db, config, now, { log }),
    intervalMs,
    ...(log ? { log } : {}),
  });
}
