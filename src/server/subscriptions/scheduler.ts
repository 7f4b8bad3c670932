import { langOf } from '../../common/contract/lang';
import { RENEWAL_KEY_PREFIX } from '../../common/contract/orders';
import { accountById } from '../accounts/service';
import { AppError } from '../lib/errors';
import { createIntervalJob, type IntervalJob } from '../lib/interval-job';
import { addDays } from '../lib/time';
import { enqueueMail, type RenewalSkipReason } from '../mail/outbox';
import { placeOrder } from '../orders/place-order';
import { type ChargeReport, chargeDueRenewals, scheduleRenewalCharge } from '../payments/renewal-charges';
import { hit } from '../rate-limits/rate-limit';
import { paymentProviderConfigured } from '../settings/service';
import { inTransaction, type MailTx, type Shop } from '../shop';
import * as repo from './repository';

/**
 * Renewals (docs/decisions/012: "the server places each renewal order when it falls due").
 *
 * Every minute one server instance (the job's lease: docs/decisions/024) looks for active subscriptions whose `next_due_at` has passed and, for
 * each, places an order through the ordinary placeOrder machinery: one transaction, the line re-priced from
 * the database at the subscription price (today's sale price, 15% off), stock taken with the same conditional
 * update, the delivery fee of the subscription's address and method, a 'placed' notice. The order is Pending,
 * awaiting payment (a bank transfer's reference and receipt are sent later with /v2/submit-payment; a
 * payment-link order is paid from the order screen, or falls back to bank transfer when no provider is
 * configured; a card subscription's renewal is a card order, charged to its saved card after the order committed
 * when the customer agreed — payments/renewal-charges.ts, docs/decisions/040 — or else paid with Pay now). It never
 * uses the customer's applied coupon or held cash reward.
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
 * daily. An unexpected failure (database unreachable) changes nothing: the next round tries again, up to
 * RENEWAL_ATTEMPTS rounds for one due date (counted in `rate_limits`, shared by every instance); then that
 * delivery is skipped like a refused one, with an error log line, so one broken subscription is not retried
 * for ever.
 *
 * Blocked keys: a customer's own idempotency key can never start with the server's `renewal:` (the contract
 * refuses it: RESERVED_KEY_PREFIXES), but orders placed before that rule may hold a renewal's key. Such an
 * order is not this renewal (its `subscription_id` differs): the delivery is skipped with a warning and a
 * notice rather than left due, where it would be found again every round.
 *
 * No subscription holds up the others: a round pages through every due subscription (oldest due first, then
 * by id), past any that is still due after its turn, so a batch of broken or blocked ones cannot stall the
 * renewals behind them.
 */

const RENEWAL_INTERVAL_MS = 60_000;
/** The renewal job's lease (docs/decisions/024): far above a round's time between two renewals (one placeOrder). */
const RENEWAL_LEASE_MS = 5 * 60_000;
const BATCH = 200;
/** Rounds an unexpected failure of one due date is retried in before that delivery is skipped. */
export const RENEWAL_ATTEMPTS = 5;

interface RenewalReport {
  /** Orders placed by this call, as [subscription id, order id]. */
  placed: Array<[number, number]>;
  /**
   * Subscriptions whose renewal could not be placed (refused, or failing RENEWAL_ATTEMPTS rounds): moved on
   * to their next date, customer notified.
   */
  failed: number[];
  /** Subscriptions whose renewal key was held by another order: moved on, customer notified, warning logged. */
  blocked: number[];
  /** Due subscriptions another scheduler (or an earlier round) handled first. */
  skipped: number[];
  /** Subscriptions left due after an unexpected error (retried next round). */
  errors: number[];
  /** The renewals charged to a saved card this round (payments/renewal-charges.ts). */
  charges?: ChargeReport;
}

type Log = {
  info?(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** The first date after `now` in the subscription's rhythm, starting from the due date. */
export function nextDueDate(dueAt: string, frequencyWeeks: number, now: Date): string {
  const weeks = frequencyWeeks > 0 ? frequencyWeeks : 4;
  let next = addDays(dueAt, weeks * 7);
  while (Date.parse(next) <= now.getTime()) next = addDays(next, weeks * 7);
  return next;
}

/** The renewal order's idempotency key for one due date (in the server's namespace: RENEWAL_KEY_PREFIX). */
export const renewalKey = (subscriptionId: number, dueAt: string) =>
  `${RENEWAL_KEY_PREFIX}${subscriptionId}:${dueAt.slice(0, 10)}`;

/** Places the renewal of every active subscription due at `now` (see above). Safe to run concurrently. */
export async function placeDueRenewals(
  shop: Shop,
  now: Date = new Date(),
  opts: { log?: Log; limit?: number; extend?: () => Promise<void> } = {},
): Promise<RenewalReport> {
  const { db } = shop;
  const report: RenewalReport = { placed: [], failed: [], blocked: [], skipped: [], errors: [] };
  const limit = opts.limit ?? BATCH;
  let after: { dueAt: string; id: number } | undefined;
  for (;;) {
    const due = await repo.findDue(db, now.toISOString(), limit, after);
    for (const sub of due) {
      // Between two renewals: the job's lease stays ours (or the round stops here: lib/interval-job.ts).
      await opts.extend?.();
      try {
        await renew(shop, sub, now, report, opts.log);
      } catch (err) {
        report.errors.push(sub.id);
        opts.log?.error({ err, subscriptionId: sub.id }, 'subscription renewal failed; will retry');
        await giveUpAfterAttempts(shop, sub, now, report, opts.log).catch((e: unknown) =>
          opts.log?.error({ err: e, subscriptionId: sub.id }, 'counting a failed renewal failed'),
        );
      }
    }
    const last = due[due.length - 1];
    if (due.length < limit || !last) break;
    after = { dueAt: last.next_due_at, id: last.id };
  }
  // The renewals to charge to a saved card (just placed, or a retry due), outside every placing transaction.
  report.charges = await chargeDueRenewals(shop, now, opts);
  if (report.placed.length || report.failed.length || report.blocked.length) {
    opts.log?.info?.(
      { placed: report.placed.length, failed: report.failed.length, blocked: report.blocked.length },
      'subscription renewals placed',
    );
  }
  return report;
}

type DueRow = Awaited<ReturnType<typeof repo.findDue>>[number];

/**
 * Skips one delivery: the subscription moves on to `nextDueAt` and the customer gets a 'renewal_failed'
 * notice, in one transaction, conditional on the due date (of two schedulers only one does it). Answers
 * whether this call did it.
 */
async function skipDelivery(
  shop: MailTx,
  sub: DueRow,
  dueAt: string,
  nextDueAt: string,
  reason: RenewalSkipReason,
): Promise<boolean> {
  const at = new Date().toISOString();
  return inTransaction(shop, async (tx) => {
    const trx = tx.db;
    if (!(await repo.advanceIfDue(trx, sub.id, dueAt, nextDueAt, at))) return false;
    await repo.enqueueRenewalFailed(trx, sub.user_id, at);
    await mailRenewalSkipped(tx, sub, dueAt, reason, at);
    return true;
  });
}

/**
 * The e-mail of a skipped delivery (docs/decisions/016), in the customer's language, unless their e-mail switch is off (nothing
 * is awaiting their payment). Queued once per due date.
 */
async function mailRenewalSkipped(tx: MailTx, sub: DueRow, dueAt: string, reason: RenewalSkipReason, at: string) {
  if (!tx.mailOn) return;
  const trx = tx.db;
  const user = await accountById(trx, sub.user_id);
  if (!user?.email || user.notify_email !== 1) return;
  await enqueueMail(
    tx,
    {
      to: user.email,
      userId: user.id,
      kind: 'renewal_skipped',
      lang: langOf(user.language),
      params: { subscriptionId: sub.id, reason },
      dedupeKey: `subscription:${sub.id}:skipped:${dueAt}`,
    },
    at,
  );
}

/** Why placeOrder refused a renewal, as the e-mail says it. */
function skipReason(key: string): RenewalSkipReason {
  if (key === 'itemNotEnoughStock' || key === 'itemInvalidQuantity') return 'out_of_stock';
  if (key === 'itemUnavailable' || key === 'itemNotSubscribable') return 'unavailable';
  if (key === 'itemNotDeliverable' || key === 'addressNotFound') return 'not_deliverable';
  // The shop stopped offering the subscription's method to its state (docs/decisions/041).
  if (key === 'standardNotOffered' || key === 'expeditedNotOffered') return 'not_deliverable';
  if (key === 'methodNotAvailable') return 'payment_method';
  return 'other';
}

/** Counts an unexpected failure of a due date; the RENEWAL_ATTEMPTS-th skips that delivery. */
async function giveUpAfterAttempts(
  shop: Shop,
  sub: DueRow,
  now: Date,
  report: RenewalReport,
  log?: Log,
): Promise<void> {
  const dueAt = sub.next_due_at;
  const attempt = await hit(shop.db, `renewal-attempts:${sub.id}:${dueAt}`, RENEWAL_ATTEMPTS - 1, 24 * 60);
  if (attempt.allowed) return;
  if (await skipDelivery(shop, sub, dueAt, nextDueDate(dueAt, sub.frequency_weeks, now), 'other')) {
    report.failed.push(sub.id);
    log?.error(
      { subscriptionId: sub.id, dueAt, attempts: RENEWAL_ATTEMPTS },
      'subscription renewal kept failing; this delivery is skipped',
    );
  }
}

/**
 * A card subscription's renewal is a card order while the shop takes cards: charged to its saved card, or paid with
 * Pay now (docs/decisions/040); a payment-link one while a provider is configured; otherwise a bank transfer.
 */
function renewalPaymentMethod(shop: Shop, sub: DueRow): 'card' | 'payment_link' | 'bank_transfer' {
  if (sub.payment_method === 'card' && shop.payments) return 'card';
  if (sub.payment_method === 'payment_link' && paymentProviderConfigured(shop.config)) return 'payment_link';
  return 'bank_transfer';
}

async function renew(shop: Shop, sub: DueRow, now: Date, report: RenewalReport, log?: Log): Promise<void> {
  const { db } = shop;
  const user = await accountById(db, sub.user_id);
  if (!user) return;
  const dueAt = sub.next_due_at;
  const nextDueAt = nextDueDate(dueAt, sub.frequency_weeks, now);
  const paymentMethod = renewalPaymentMethod(shop, sub);
  try {
    const placed = await placeOrder(shop, user, langOf(user.language), {
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
      shippingMethod: sub.shipping_method,
      paymentMethod,
      renewal: { subscriptionId: sub.id, dueAt, nextDueAt },
    });
    if (placed.created) {
      report.placed.push([sub.id, placed.order.id]);
      // Charged to the saved card after the order committed, by the round's charging step (docs/decisions/040).
      if (paymentMethod === 'card' && sub.saved_card_id !== null) {
        // Due at the round's own time, so this round's charging step runs it.
        const at = now.toISOString();
        await scheduleRenewalCharge(db, {
          orderId: placed.order.id,
          subscriptionId: sub.id,
          savedCardId: sub.saved_card_id,
          at,
        });
      }
      return;
    }
    if (placed.order.subscription_id === sub.id) {
      // This date's renewal was placed before (its transaction moved the date on; this makes sure of it).
      await repo.advanceIfDue(db, sub.id, dueAt, nextDueAt, new Date().toISOString());
      report.skipped.push(sub.id);
      return;
    }
    // The key is held by another order (a customer's, from before the namespaces were kept apart): left due,
    // this subscription would be found again every round. Skip the delivery and say so.
    const blocked = { subscriptionId: sub.id, dueAt, orderId: placed.order.id };
    if (log?.warn) log.warn(blocked, 'renewal key held by another order; this delivery is skipped');
    else log?.error(blocked, 'renewal key held by another order; this delivery is skipped');
    if (await skipDelivery(shop, sub, dueAt, nextDueAt, 'other')) report.blocked.push(sub.id);
    else report.skipped.push(sub.id);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // Someone else moved it first (another scheduler, the customer skipping, a cancel): nothing to do.
    if (err.key === 'subscriptionChanged') {
      report.skipped.push(sub.id);
      return;
    }
    // The renewal was refused (stock, product, address, method): skip this delivery and tell the customer.
    if (await skipDelivery(shop, sub, dueAt, nextDueAt, skipReason(err.key))) report.failed.push(sub.id);
    else report.skipped.push(sub.id);
  }
}

type RenewalScheduler = IntervalJob<RenewalReport>;

export function createRenewalScheduler(
  shop: Shop,
  { intervalMs = RENEWAL_INTERVAL_MS }: { intervalMs?: number } = {},
): RenewalScheduler {
  const { db, log } = shop;
  return createIntervalJob({
    name: 'subscription renewals',
    run: (now, round) => placeDueRenewals(shop, now, { log, extend: round.extend }),
    intervalMs,
    lease: { db, ttlMs: RENEWAL_LEASE_MS },
    ...(log ? { log } : {}),
  });
}
