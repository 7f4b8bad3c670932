import { createIntervalJob, type IntervalJob } from '../lib/interval-job';
import { flagPaymentAttention, notePayment } from '../orders/payment-hooks';
import type { Shop } from '../shop';
import { applyRefundInfo, applySession, unwantedRefundReason } from './card-notices';
import { sendCardRefund } from './card-refunds';
import type { PaymentProvider, ProviderFailure } from './provider';
import * as repo from './reconcile-repository';
import { removedCardsToDetach } from './renewal-repository';
import { detachRemovedCard } from './saved-cards';

/**
 * Card payments that never need a person to notice them (docs/decisions/040): a background job, once across the
 * instances (its lease: docs/decisions/024), asks the provider about what a lost notice may have left behind —
 * - sessions of Pending orders (and of orders cancelled before they were paid) still open or complete in our records:
 *   a paid one makes the order Paid, or is refunded at once when the order was cancelled meanwhile;
 * - refunds to the card the provider never answered for (it was down): sent again as they were, with the same
 *   idempotency key, so the provider makes each at most once; past the provider's 24 hours of keys they are no longer
 *   sent but flagged for a person;
 * - refunds the provider made and had not settled: read back, settled as their notice would have (the customer told
 *   once it succeeded: card-refunds.ts);
 * - saved cards the customer removed that the provider has not detached yet (it did not answer at the removal):
 *   detached now (saved-cards.ts); they are never charged meanwhile, as the removal stopped that in our database.
 * Everything found is applied through the notices' own functions (card-notices.ts), idempotent by the provider's ids,
 * so the job racing a notice (or the shopper's return) still makes one payment and one status change. The provider
 * not answering ends the round at once with nothing changed; the next round asks again.
 */

/** The job's times, in one place. */
export const RECONCILE = {
  /** How often the fleet runs a round. */
  intervalMs: 2 * 60_000,
  /** The job's lease: far above a round's time between two items. */
  leaseMs: 5 * 60_000,
  /** A session or refund younger than this is left to its notice (which usually arrives within seconds). */
  settleMs: 5 * 60_000,
  /** Sessions older than this are not asked about any more (a hosted page lives at most 24 hours; bank debits settle within days). */
  watchMs: 7 * 24 * 3_600_000,
  /** A refund never answered is sent again within this time of its first send (the provider keeps keys 24 hours). */
  resendMs: 23 * 3_600_000,
  /** Items of each kind per round. */
  batch: 100,
} as const;

/** The note on a refund the provider never answered for within `resendMs`: a person checks it on the dashboard. */
export const STALE_REFUND_NOTE = 'not confirmed by the card provider within 23 hours: check its dashboard';

export interface ReconcileReport {
  /** Sessions asked about: what applying each did (or `open`, still open there). */
  sessions: Array<{ orderId: number; outcome: string }>;
  /** Refunds sent again, with the provider's state now. */
  resent: Array<{ refundId: number; outcome: string }>;
  /** Refunds read back, with their state now. */
  settled: Array<{ refundId: number; outcome: string }>;
  /** Refunds too old to send again, flagged for a person. */
  stale: number[];
  /** Removed saved cards detached at the provider this round. */
  detached: number[];
  /** The provider did not answer: the round stopped there (tried again next round). */
  unavailable: boolean;
  /** Items left after an unexpected error (tried again next round). */
  errors: Array<{ orderId: number; kind: string }>;
}

type Log = { warn?(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** The provider did not answer: the round ends. */
class ProviderDown extends Error {
  constructor(readonly failure: ProviderFailure) {
    super(`card provider unavailable (${failure.kind})`);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether a failure means "ask again later" (the round stops) rather than an answer about this item. */
const orDown = (failure: ProviderFailure) => {
  if (failure.retryable) throw new ProviderDown(failure);
  return failure.kind;
};

/** One round at `now`: sessions, refunds to send again, refunds to read back (see the top of this file). */
export async function reconcileCardPayments(
  shop: Shop,
  now: Date = new Date(),
  opts: { log?: Log; extend?: () => Promise<void> } = {},
): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    sessions: [],
    resent: [],
    settled: [],
    stale: [],
    detached: [],
    unavailable: false,
    errors: [],
  };
  const provider = shop.payments;
  if (!provider) return report;
  const at = now.getTime();
  const before = iso(at - RECONCILE.settleMs);
  const steps: Array<() => Promise<void>> = [
    () => askSessions(shop, provider, { after: iso(at - RECONCILE.watchMs), before }, report, opts),
    () => resendRefunds(shop, { after: iso(at - RECONCILE.resendMs), before }, report, opts),
    () => flagStaleRefunds(shop, iso(at - RECONCILE.resendMs), report),
    () => readBackRefunds(shop, provider, { after: iso(at - RECONCILE.watchMs), before }, report, opts),
    () => detachRemovedCards(shop, provider, report, opts),
  ];
  try {
    for (const step of steps) await step();
  } catch (err) {
    if (!(err instanceof ProviderDown)) throw err;
    report.unavailable = true;
    opts.log?.warn?.({ kind: err.failure.kind }, 'card provider did not answer; reconciliation tries next round');
  }
  return report;
}

/** Runs `work` for one item; an unexpected error is logged and the item left for the next round. */
async function each<T>(
  items: readonly T[],
  orderOf: (item: T) => number,
  work: (item: T) => Promise<void>,
  report: ReconcileReport,
  opts: { log?: Log; extend?: () => Promise<void> },
): Promise<void> {
  for (const item of items) {
    await opts.extend?.();
    try {
      await work(item);
    } catch (err) {
      if (err instanceof ProviderDown) throw err;
      report.errors.push({ orderId: orderOf(item), kind: 'error' });
      opts.log?.error({ err, orderId: orderOf(item) }, 'card reconciliation of an order failed; will retry');
    }
  }
}

async function askSessions(
  shop: Shop,
  provider: PaymentProvider,
  window: repo.Window,
  report: ReconcileReport,
  opts: { log?: Log; extend?: () => Promise<void> },
) {
  const rows = await repo.sessionsToAsk(shop.db, window, RECONCILE.batch);
  await each(
    rows,
    (r) => r.order_id,
    async (row) => {
      const read = await provider.readCheckoutSession(row.provider_ref);
      if (!read.ok) {
        report.sessions.push({ orderId: row.order_id, outcome: `unread_${orDown(read.failure)}` });
        return;
      }
      const session = read.value;
      if (session.status === 'open') {
        report.sessions.push({ orderId: row.order_id, outcome: 'open' });
        return;
      }
      const failed = session.paymentStatus !== 'paid' && session.payment?.status === 'failed';
      const news = session.status === 'expired' ? 'expired' : failed ? 'failed' : 'completed';
      // Applied exactly as its notice would be. A late payment's refund the provider did not answer for throws: the
      // order is left as an error, and a later round sends its pending refund row again.
      const applied = await applySession(shop, session, news);
      report.sessions.push({ orderId: row.order_id, outcome: applied.outcome });
    },
    report,
    opts,
  );
}

async function resendRefunds(
  shop: Shop,
  window: repo.Window,
  report: ReconcileReport,
  opts: { log?: Log; extend?: () => Promise<void> },
) {
  const rows = await repo.unsentRefunds(shop.db, window, RECONCILE.batch);
  await each(
    rows,
    (r) => r.order_id,
    async (row) => {
      // The automatic refund of a whole payment was asked without an amount, with the reason its order gives.
      const auto = row.idempotency_key !== null;
      const order = { status: row.order_status, paid_at: row.order_paid_at };
      const sent = await sendCardRefund(shop, {
        refundId: row.id,
        orderId: row.order_id,
        paymentReference: row.payment_reference,
        amountCents: auto ? undefined : row.amount_cents,
        reason: auto ? unwantedRefundReason(order) : 'requested_by_customer',
      });
      if (!sent.ok && sent.unconfirmed) throw new ProviderDown(unavailable(sent.reason));
      if (!sent.ok) {
        await flagPaymentAttention(shop.db, row.order_id, 'refund_failed', { refund_id: row.id, reason: sent.reason });
        report.resent.push({ refundId: row.id, outcome: 'refused' });
        return;
      }
      await notePayment(shop.db, row.order_id, 'card_refund', {
        refund: sent.providerRef,
        amount_cents: row.amount_cents,
        status: sent.status,
        resent: true,
      });
      report.resent.push({ refundId: row.id, outcome: sent.status });
    },
    report,
    opts,
  );
}

const unavailable = (message: string): ProviderFailure => ({
  kind: 'unavailable',
  code: null,
  declineCode: null,
  message,
  retryable: true,
  paymentReference: null,
});

/** Refunds never answered for longer than the provider keeps its keys: noted and flagged once, never sent again. */
async function flagStaleRefunds(shop: Shop, before: string, report: ReconcileReport) {
  for (const row of await repo.staleRefunds(shop.db, before, STALE_REFUND_NOTE, RECONCILE.batch)) {
    if (!(await repo.noteStaleRefund(shop.db, row.id, STALE_REFUND_NOTE))) continue;
    await flagPaymentAttention(shop.db, row.order_id, 'refund_failed', {
      refund_id: row.id,
      amount_cents: row.amount_cents,
      reason: STALE_REFUND_NOTE,
    });
    report.stale.push(row.id);
  }
}

async function readBackRefunds(
  shop: Shop,
  provider: PaymentProvider,
  window: repo.Window,
  report: ReconcileReport,
  opts: { log?: Log; extend?: () => Promise<void> },
) {
  const rows = await repo.unsettledRefunds(shop.db, window, RECONCILE.batch);
  await each(
    rows,
    (r) => r.order_id,
    async (row) => {
      const read = await provider.readRefund(row.provider_ref);
      if (!read.ok) {
        report.settled.push({ refundId: row.id, outcome: `unread_${orDown(read.failure)}` });
        return;
      }
      if (read.value.status === 'pending' || read.value.status === 'requires_action') return;
      const applied = await applyRefundInfo(shop, { ...read.value, refundId: read.value.refundId ?? row.id });
      report.settled.push({ refundId: row.id, outcome: applied.outcome });
    },
    report,
    opts,
  );
}

/**
 * Removed cards the provider has not detached: detached now. The provider down ends the round (the next one asks
 * again); a refusal about our key (authentication, permission) ends this step, as every card would meet it; a
 * refusal about one card is noted on it and the next card is tried.
 */
async function detachRemovedCards(
  shop: Shop,
  provider: PaymentProvider,
  report: ReconcileReport,
  opts: { extend?: () => Promise<void> },
) {
  for (const card of await removedCardsToDetach(shop.db, provider.name, RECONCILE.batch)) {
    await opts.extend?.();
    const failure = await detachRemovedCard(shop, provider, card);
    if (!failure) {
      report.detached.push(card.id);
      continue;
    }
    if (failure.retryable) throw new ProviderDown(failure);
    if (failure.kind === 'authentication' || failure.kind === 'permission') return;
  }
}

/** The job: a round every `intervalMs` across the fleet, only while the shop has a card provider. */
export function createReconcileJob(
  shop: Shop,
  { intervalMs = RECONCILE.intervalMs }: { intervalMs?: number } = {},
): IntervalJob<ReconcileReport> {
  const { db, log } = shop;
  return createIntervalJob({
    name: 'card payment reconciliation',
    run: (now, round) => reconcileCardPayments(shop, now, { ...(log ? { log } : {}), extend: round.extend }),
    intervalMs,
    lease: { db, ttlMs: RECONCILE.leaseMs },
    metrics: shop.metrics,
    ...(log ? { log } : {}),
  });
}
