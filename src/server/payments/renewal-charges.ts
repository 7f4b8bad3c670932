import type { Db } from '../db/connection';
import { findOrderForPayment } from '../orders/payment-hooks';
import type { Shop } from '../shop';
import { noteRenewalFailure } from '../subscriptions/service';
import { recordCardPaid } from './card-notices';
import type { PaymentInfo, PaymentProvider, ProviderResult } from './provider';
import { recordChargeFailure } from './renewal-failures';
import * as repo from './renewal-repository';

/**
 * Subscribe & save renewals charged to the saved card without the customer (docs/decisions/040, "Renewals charged
 * to a saved card only with consent"). The renewal scheduler places the order as always (one transaction), and after
 * it committed schedules attempt 1 here; the same job (one instance at a time: its lease) then runs the attempts due.
 *
 * Never twice: an attempt is a row (unique by order and attempt) claimed with a conditional update — still as read,
 * its order still Pending, its card not removed — before the provider is called, so two instances (a lease taken
 * over, a second shop on the same database) never both call it; and the provider's idempotency key
 * (`leafcup-renewal-<order no>-<order id>-<attempt>`) makes the same attempt run again (an instance that stopped
 * inside the call, found `charging` after STALE_CHARGE_MS) answer the first charge instead of making a second.
 * A success records the payment once (by its reference) and moves the order Pending → Paid through the order
 * workflow (card-notices.ts, actor `card`); a decline or a bank asking for the customer is a failure
 * (renewal-failures.ts: retries, the customer told, Pay now). A renewal whose attempt 1 was never scheduled (the
 * placing instance stopped right after the order's commit) is found by the next round and scheduled then.
 */

/** A claimed attempt still `charging` after this was interrupted: it runs again under the same idempotency key. */
const STALE_CHARGE_MS = 15 * 60_000;
/** The provider could not be reached: the same attempt (same key) again after this. */
const OUTAGE_RETRY_MS = 15 * 60_000;
/**
 * A renewal order with no attempt this long after it was placed lost its scheduling (the placing instance stopped
 * right after the commit; it schedules within milliseconds), up to `withinMs` after it was placed.
 */
const NEVER_SCHEDULED = { afterMs: 60_000, withinMs: 7 * 24 * 3_600_000 } as const;
const BATCH = 100;

export interface ChargeReport {
  /** Renewal orders whose first charge was never scheduled: scheduled by this round (and run with the others). */
  recovered: number[];
  /** Renewal orders this round charged and marked Paid. */
  paid: number[];
  /** Renewal orders whose charge this round failed (retried later or left for Pay now). */
  failed: number[];
  /** Attempts another instance had, or no longer to run (order paid or cancelled, card removed). */
  skipped: number[];
  /** Attempts left for a later round (the provider did not answer, or an error). */
  later: number[];
}

type Log = { warn?(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** After a renewal order committed: its first charge to the subscription's saved card, due now. */
export async function scheduleRenewalCharge(
  db: Db,
  renewal: { orderId: number; subscriptionId: number; savedCardId: number; at: string },
): Promise<void> {
  await repo.scheduleAttempt(db, {
    order_id: renewal.orderId,
    subscription_id: renewal.subscriptionId,
    saved_card_id: renewal.savedCardId,
    attempt: 1,
    due_at: renewal.at,
  });
}

/**
 * Schedules attempt 1, due now, of each renewal order that never got it (`repo.renewalsNeverScheduled`), so this
 * round charges it. The unique order and attempt decide: two instances at once write one row, and one of them claims
 * it. Answers the orders this call scheduled.
 */
async function scheduleNeverScheduled(shop: Shop, now: Date, log?: Log): Promise<number[]> {
  const window = {
    after: new Date(now.getTime() - NEVER_SCHEDULED.withinMs).toISOString(),
    before: new Date(now.getTime() - NEVER_SCHEDULED.afterMs).toISOString(),
  };
  const scheduled: number[] = [];
  for (const row of await repo.renewalsNeverScheduled(shop.db, window, BATCH)) {
    const wrote = await repo.scheduleAttempt(shop.db, { ...row, attempt: 1, due_at: now.toISOString() });
    if (!wrote) continue;
    scheduled.push(row.order_id);
    log?.warn?.({ orderId: row.order_id }, 'renewal charge was never scheduled; scheduled now');
  }
  return scheduled;
}

/** Runs every attempt due at `now` (scheduled, or interrupted long ago). Safe to run concurrently. */
export async function chargeDueRenewals(
  shop: Shop,
  now: Date,
  opts: { log?: Log; extend?: () => Promise<void> } = {},
): Promise<ChargeReport> {
  const report: ChargeReport = { recovered: [], paid: [], failed: [], skipped: [], later: [] };
  if (!shop.payments) return report;
  report.recovered = await scheduleNeverScheduled(shop, now, opts.log);
  const stale = new Date(now.getTime() - STALE_CHARGE_MS).toISOString();
  for (const row of await repo.dueAttempts(shop.db, now.toISOString(), stale, BATCH)) {
    await opts.extend?.();
    try {
      report[await chargeAttempt(shop, row, now)].push(row.order_id);
    } catch (err) {
      report.later.push(row.order_id);
      opts.log?.error({ err, orderId: row.order_id, attempt: row.attempt }, 'renewal charge failed; will retry');
    }
  }
  return report;
}

/** One attempt: claimed, charged, and its outcome applied. Answers which list of the report it belongs to. */
export async function chargeAttempt(shop: Shop, row: repo.RenewalChargeRow, now: Date): Promise<keyof ChargeReport> {
  const provider = shop.payments;
  if (!provider) return 'later';
  if (!(await repo.claimAttempt(shop.db, row, now.toISOString()))) {
    // Another instance has it, or it is no longer to run: a paid or cancelled order, a removed card.
    await repo.cancelIfMoot(shop.db, row.id);
    return 'skipped';
  }
  const order = await findOrderForPayment(shop.db, row.order_id);
  const card = await repo.findSavedCard(shop.db, row.saved_card_id);
  if (!order || !card) return 'skipped';
  const key = { orderId: order.id, attempt: row.attempt };
  // A payment already made for this attempt (it was still settling) is read again, never made twice.
  const charged = row.payment_ref
    ? await settledPayment(provider, row.payment_ref)
    : await provider.chargeSavedCard({
        orderId: order.id,
        orderNo: order.order_no,
        attempt: row.attempt,
        // The renewal order's own total as the server computed it, in cents.
        amountCents: order.total_cents,
        currency: 'usd',
        savedCard: { customerRef: card.customer_ref, paymentMethodRef: card.payment_method_ref },
      });
  if (charged.ok) {
    const payment = charged.value;
    if (payment.status !== 'succeeded') {
      // A card charge with no redirect settles at once; anything else stays claimed and is read again by its
      // reference once the claim is stale.
      await repo.notePaymentRef(shop.db, row.id, payment.reference);
      shop.log.warn({ orderId: order.id, status: payment.status }, 'renewal charge not settled yet');
      return 'later';
    }
    const paid = {
      reference: payment.reference,
      amountCents: payment.amountCents,
      currency: payment.currency,
      payment,
    };
    const outcome = await recordCardPaid(shop, order, paid);
    shop.metrics.payment(provider.name, outcome === 'paid' ? 'renewal_paid' : outcome);
    await repo.finishAttempt(shop.db, key, { status: 'succeeded', paymentRef: payment.reference }, now.toISOString());
    if (row.subscription_id !== null && outcome === 'paid')
      await noteRenewalFailure(shop.db, row.subscription_id, null);
    return outcome === 'paid' ? 'paid' : 'skipped';
  }
  const { failure } = charged;
  if (failure.retryable) {
    await repo.rescheduleAttempt(shop.db, row.id, new Date(now.getTime() + OUTAGE_RETRY_MS).toISOString());
    shop.log.warn({ orderId: order.id, kind: failure.kind }, 'renewal charge not sent; tried again later');
    return 'later';
  }
  if (failure.kind !== 'card_declined' && failure.kind !== 'authentication_required') {
    shop.log.error({ orderId: order.id, kind: failure.kind, code: failure.code }, 'renewal charge refused');
  }
  const failed = {
    kind: failure.kind,
    code: failure.declineCode ?? failure.code,
    paymentRef: failure.paymentReference,
  };
  await recordChargeFailure(shop, key, failed, now);
  shop.metrics.payment(provider.name, 'renewal_declined');
  return 'failed';
}

/** A payment made earlier for an attempt, as it is now: a decline reads as the failure a charge would answer. */
async function settledPayment(provider: PaymentProvider, reference: string): Promise<ProviderResult<PaymentInfo>> {
  const read = await provider.readPayment(reference);
  if (!read.ok || (read.value.status !== 'failed' && read.value.status !== 'canceled')) return read;
  const { failure } = read.value;
  return {
    ok: false,
    failure: {
      kind: failure?.code === 'authentication_required' ? 'authentication_required' : 'card_declined',
      code: failure?.code ?? null,
      declineCode: failure?.declineCode ?? null,
      message: failure?.message ?? `The payment is ${read.value.status}`,
      retryable: false,
      paymentReference: reference,
    },
  };
}
