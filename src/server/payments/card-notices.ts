import type { Order } from '../db/schema';
import { AppError } from '../lib/errors';
import { findOrderForPayment, flagPaymentAttention, notePayment } from '../orders/payment-hooks';
import { changeOrderStatus } from '../orders/status';
import { inTransaction, type Shop } from '../shop';
import { settleProviderRefund } from './card-refunds';
import * as repo from './card-repository';
import type { CheckoutSessionInfo, PaymentInfo, RefundInfo, RefundReason, WebhookNotice } from './provider';
import { applyRenewalFailureNotice } from './renewal-failures';
import { keepSavedCard } from './saved-cards';

/**
 * Applying a card provider's notices (docs/decisions/040). Each notice is applied once: a notice whose event id is
 * recorded is skipped, and everything it does is idempotent by the provider's own ids (one payment row per payment,
 * one refund row per automatic refund, conditional status changes), so the same notice twice at once — two
 * deliveries, two instances, or the shopper's return read at the moment the notice lands — still records one payment
 * and one status change. The event id is recorded after its effects: a delivery that failed half-way is applied
 * again when the provider retries.
 */

/** The order's currency at the provider (docs/product.md §1: USD only). */
const SHOP_CURRENCY = 'usd';

/** Applies a verified notice; answers what it did (for the log and payment_events.outcome). */
export async function applyCardNotice(shop: Shop, notice: WebhookNotice): Promise<string> {
  const provider = shop.payments?.name ?? 'stripe';
  if (await repo.eventSeen(shop.db, provider, notice.eventId)) return 'duplicate_event';
  const { outcome, orderId } = await applyNoticeBody(shop, notice);
  await repo.insertEvent(shop.db, {
    provider,
    event_id: notice.eventId,
    type: notice.type,
    order_id: orderId,
    outcome,
  });
  return outcome;
}

/** What the back office's Settings say of card payments: on or off, test or live keys, the last notice's time. */
export async function cardPaymentsStatus(db: Shop['db'], provider: Shop['payments']) {
  return {
    on: provider !== null,
    mode: provider?.mode ?? null,
    last_notice_at: provider ? await repo.lastEventAt(db) : null,
  };
}

type Applied = { outcome: string; orderId: number | null };

async function applyNoticeBody(shop: Shop, notice: WebhookNotice): Promise<Applied> {
  switch (notice.type) {
    case 'checkout_completed':
    case 'checkout_async_succeeded':
      return applySession(shop, notice.session, 'completed');
    case 'checkout_async_failed':
      return applySession(shop, notice.session, 'failed');
    case 'checkout_expired':
      return applySession(shop, notice.session, 'expired');
    case 'charge_refunded': {
      const payment = await repo.findPaymentByCharge(shop.db, notice.charge);
      if (!payment) return { outcome: 'unknown_payment', orderId: null };
      await repo.setRefundedCents(shop.db, payment.id, notice.charge.amountRefundedCents);
      return { outcome: 'charge_refunded', orderId: payment.order_id };
    }
    case 'refund_updated':
      return applyRefundInfo(shop, notice.refund);
    case 'dispute_created': {
      const { dispute } = notice;
      const payment = await repo.findPaymentByCharge(shop.db, dispute);
      if (!payment) return { outcome: 'unknown_payment', orderId: null };
      await flagPaymentAttention(shop.db, payment.order_id, 'dispute', {
        dispute: dispute.reference,
        amount_cents: dispute.amountCents,
        reason: dispute.reason,
      });
      shop.log.warn({ orderId: payment.order_id, dispute: dispute.reference }, 'card payment disputed');
      return { outcome: 'dispute_flagged', orderId: payment.order_id };
    }
    case 'payment_failed':
      // A renewal's off-session charge declined (payments/renewal-failures.ts); a hosted page's failed try is not.
      return applyRenewalFailureNotice(shop, notice.payment);
    default:
      return { outcome: 'ignored', orderId: null };
  }
}

/** A refund's state as the provider reports it (its notice, or the reconciliation job reading it back). */
export async function applyRefundInfo(shop: Shop, refund: RefundInfo): Promise<Applied> {
  const row = await settleProviderRefund(shop, {
    refundId: refund.refundId,
    providerRef: refund.reference,
    status: refund.status,
    failureReason: refund.failureReason,
  });
  if (!row) return { outcome: 'refund_unchanged', orderId: refund.orderId };
  if (refund.status === 'failed') {
    await flagPaymentAttention(shop.db, row.order_id, 'refund_failed', {
      refund: refund.reference,
      reason: refund.failureReason,
    });
  } else if (refund.status === 'succeeded') {
    await notePayment(shop.db, row.order_id, 'card_refund', { refund: refund.reference, status: 'succeeded' });
  }
  return { outcome: `refund_${refund.status}`, orderId: row.order_id };
}

/**
 * A session's news, from a notice or from asking the provider: expired or failed is recorded; completed and paid
 * records the payment and, when its amount and currency are the order's, moves a Pending order to Paid; completed
 * but unpaid (an asynchronous method on its way) leaves the order Pending, "Confirming your payment…".
 */
export async function applySession(
  shop: Shop,
  session: CheckoutSessionInfo,
  news: 'completed' | 'failed' | 'expired',
): Promise<Applied> {
  const applied = await applySessionNews(shop, session, news);
  shop.metrics.payment(shop.payments?.name ?? 'stripe', applied.outcome);
  return applied;
}

async function applySessionNews(
  shop: Shop,
  session: CheckoutSessionInfo,
  news: 'completed' | 'failed' | 'expired',
): Promise<Applied> {
  const order = session.orderId !== null ? await findOrderForPayment(shop.db, session.orderId) : undefined;
  const known = await repo.findSession(shop.db, session.reference);
  if (!order || (known && known.order_id !== order.id)) {
    shop.log.warn({ session: session.reference, orderId: session.orderId }, 'card session names no order of ours');
    return { outcome: 'unknown_order', orderId: null };
  }
  if (news !== 'completed') {
    await repo.updateSessionStatus(shop.db, session.reference, news);
    return { outcome: `session_${news}`, orderId: order.id };
  }
  await repo.updateSessionStatus(shop.db, session.reference, 'complete');
  if (session.paymentStatus !== 'paid') return { outcome: 'awaiting_payment', orderId: order.id };
  // A notice's body names the payment without its card: asked once here, for staff and the customer's notices.
  const payment = session.payment ?? (await readPayment(shop, session.paymentReference));
  const paid = {
    reference: session.paymentReference ?? session.reference,
    amountCents: session.amountCents,
    currency: session.currency,
    payment,
  };
  return { outcome: await recordCardPaid(shop, order, paid), orderId: order.id };
}

/** A payment the provider took: from a hosted page, or a renewal's charge to the saved card. */
export interface PaidByCard {
  reference: string;
  amountCents: number;
  currency: string;
  /** The payment as read (its charge, card, the card saved with consent), or null when it was not read. */
  payment: PaymentInfo | null;
}

/**
 * Records a card payment once (by its reference) and, when its amount and currency are the order's, moves a Pending
 * order to Paid through the order workflow; a consenting order's saved card is then kept for its renewals. Another
 * amount is flagged for staff; a payment for an order no longer payable is refunded (below).
 */
export async function recordCardPaid(shop: Shop, order: Order, paid: PaidByCard): Promise<string> {
  const provider = shop.payments?.name ?? 'stripe';
  const { payment } = paid;
  const card = payment?.card ?? null;
  const exact = paid.amountCents === order.total_cents && paid.currency === SHOP_CURRENCY;
  const { row, inserted } = await inTransaction(shop, async (tx) => {
    const recorded = await repo.insertCardPayment(tx.db, {
      order_id: order.id,
      provider,
      reference: paid.reference,
      charge_ref: payment?.chargeReference ?? null,
      amount_cents: paid.amountCents,
      currency: paid.currency,
      card_brand: card?.brand ?? null,
      card_last4: card?.last4 ?? null,
    });
    if (recorded.inserted) {
      await notePayment(tx.db, order.id, 'card_payment', {
        payment: recorded.row.provider_charge_id,
        amount_cents: paid.amountCents,
        currency: paid.currency,
        ...(card ? { card_brand: card.brand, card_last4: card.last4 } : {}),
      });
      if (!exact) {
        await flagPaymentAttention(tx.db, order.id, 'amount_mismatch', {
          amount_cents: paid.amountCents,
          currency: paid.currency,
          order_total_cents: order.total_cents,
        });
      }
    }
    return recorded;
  });
  if (!exact) {
    if (inserted) shop.log.warn({ orderId: order.id }, 'card payment differs from the order total; flagged');
    return inserted ? 'amount_mismatch' : 'duplicate';
  }
  const after = await markPaid(shop, order.id);
  // Paid by this payment (now, or by an earlier delivery of it): the card saved with the shopper's consent is kept.
  if (after.changed || (!inserted && after.order.paid_at)) await keepSavedCard(shop, order, payment);
  if (after.changed) return 'paid';
  // Not payable now: a payment for an order cancelled (or expired) before it was ever paid, or a second payment of
  // an order another payment paid, goes back to the card at once.
  const late = paidAfterCancel(after.order);
  if (late || (inserted && after.order.status !== 'Pending')) {
    await refundUnwantedPayment(shop, after.order, row, unwantedRefundReason(after.order));
    return 'refunded_unwanted_payment';
  }
  return 'duplicate';
}

/** An order cancelled (or expired) before it was ever paid: a payment for it arrived late. */
const paidAfterCancel = (order: { status: string; paid_at: string | null }) =>
  order.status === 'Cancelled' && !order.paid_at;

/**
 * Why an unwanted payment goes back: it came after the order was cancelled, or it is a second payment. Read from the
 * order, whose state decides it for good (Cancelled is final), so a refund sent again says the same.
 */
export const unwantedRefundReason = (order: { status: string; paid_at: string | null }): RefundReason =>
  paidAfterCancel(order) ? 'requested_by_customer' : 'duplicate';

/** The payment with its card and charge, or null when the provider does not answer (recorded without them). */
async function readPayment(shop: Shop, reference: string | null): Promise<PaymentInfo | null> {
  if (!reference || !shop.payments) return null;
  const read = await shop.payments.readPayment(reference);
  return read.ok ? read.value : null;
}

/** Pending → Paid through the order's workflow (its notice, timeline, effects); a refusal answers the order as it is. */
async function markPaid(shop: Shop, orderId: number): Promise<{ changed: boolean; order: Order }> {
  try {
    return await changeOrderStatus(shop, orderId, 'Paid', { kind: 'card' });
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 409) throw err;
    const order = await findOrderForPayment(shop.db, orderId);
    if (!order) throw err;
    return { changed: false, order };
  }
}

/**
 * Gives a payment back through the provider: one refund row per payment (unique key), whose id is the provider's
 * idempotency key, so two instances, or a retried notice, refund once. Staff are told on the order (its flag and
 * timeline). A refusal the provider will not change its mind about flags the order for a person; an outage throws,
 * so the notice is answered 500 and the provider delivers it again.
 */
async function refundUnwantedPayment(
  shop: Shop,
  order: Order,
  payment: repo.CardPaymentRow,
  reason: RefundReason,
): Promise<void> {
  const provider = shop.payments;
  const claimed = await inTransaction(shop, async (tx) => {
    const refund = await repo.claimRefundRow(tx.db, {
      order_id: order.id,
      payment_id: payment.id,
      amount_cents: payment.amount_cents,
      provider: provider?.name ?? 'stripe',
      key: `auto:${payment.id}`,
      reference: payment.provider_charge_id,
    });
    if (refund.inserted) {
      await flagPaymentAttention(tx.db, order.id, 'paid_after_cancel', {
        payment: payment.provider_charge_id,
        amount_cents: payment.amount_cents,
        order_status: order.status,
      });
    }
    return refund;
  });
  if (claimed.row.provider_ref || !provider) return;
  const result = await provider.refund({
    refundId: claimed.row.id,
    orderId: order.id,
    paymentReference: payment.provider_charge_id,
    reason,
  });
  shop.metrics.providerRefund(provider.name, result);
  if (!result.ok) {
    const { kind, code, retryable } = result.failure;
    shop.log.error({ orderId: order.id, kind, code }, 'automatic card refund refused');
    if (retryable) throw new Error(`automatic refund of order ${order.id} not sent (${kind}); retried`);
    // Refused for good: the row gave nothing back, and a person looks at the order.
    await repo.failRefund(
      shop.db,
      claimed.row.id,
      code ? `${result.failure.message} (${code})` : result.failure.message,
    );
    await flagPaymentAttention(shop.db, order.id, 'refund_failed', { payment: payment.provider_charge_id, kind, code });
    return;
  }
  const refund = result.value;
  await settleProviderRefund(shop, {
    refundId: claimed.row.id,
    providerRef: refund.reference,
    status: refund.status,
    failureReason: refund.failureReason,
  });
  if (claimed.inserted) {
    await notePayment(shop.db, order.id, 'card_refund', { refund: refund.reference, amount_cents: refund.amountCents });
  }
  shop.log.warn({ orderId: order.id, refund: refund.reference }, 'payment for an unpayable order refunded');
}
