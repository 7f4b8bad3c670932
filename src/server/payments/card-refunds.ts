import type { Db } from '../db/connection';
import { notifyCardRefunded } from '../orders/payment-hooks';
import { inTransaction, type Shop } from '../shop';
import * as repo from './card-repository';
import type { RefundReason } from './provider';

/**
 * Staff's refunds to the card (docs/decisions/040): the orders domain records the refund row (its id is the
 * provider's idempotency key) with the order's row locked; this file finds the payment to give back and, outside any
 * transaction, asks the provider. What happens to the refund afterwards comes with the provider's notices
 * (card-notices.ts: refund.updated) or the reconciliation's read-back (reconcile.ts). Whichever first says it
 * succeeded tells the customer (settleProviderRefund).
 */

export interface CardPaymentToRefund {
  paymentId: number;
  reference: string;
}

/** The order's card payment that a refund gives back, if the order has one. */
export async function cardPaymentToRefund(shop: Shop, db: Db, orderId: number): Promise<CardPaymentToRefund | null> {
  if (!shop.payments) return null;
  const payment = await repo.orderCardPayment(db, orderId, shop.payments.name);
  return payment ? { paymentId: payment.id, reference: payment.provider_charge_id } : null;
}

export type CardRefundOutcome =
  | { ok: true; providerRef: string; status: string }
  /** The provider refused it: the row is failed with `reason`, nothing was given back. */
  | { ok: false; unconfirmed: false; reason: string }
  /**
   * The provider did not answer (down, or rate-limited after the SDK's retries): it may have made the refund, so the
   * row stays pending, holding its amount; sending it again uses the same idempotency key (never a second refund),
   * and a notice naming our refund id settles it meanwhile.
   */
  | { ok: false; unconfirmed: true; reason: string };

/**
 * Sends a recorded refund (provider_status `pending`) to the provider and writes what it answered. A refusal fails
 * the row, so what it held back is refundable again (asking again makes a new row and a new key); an outage leaves it
 * pending, to be sent again as it is — the same amount (none: the automatic refund of a whole payment) and reason, as
 * the provider keeps the first request's values under its key.
 */
export async function sendCardRefund(
  shop: Shop,
  refund: {
    refundId: number;
    orderId: number;
    paymentReference: string;
    amountCents: number | undefined;
    reason?: RefundReason;
  },
): Promise<CardRefundOutcome> {
  const provider = shop.payments;
  if (!provider) {
    await repo.failRefund(shop.db, refund.refundId, 'card payments are off');
    return { ok: false, unconfirmed: false, reason: 'card payments are off' };
  }
  const result = await provider.refund({
    refundId: refund.refundId,
    orderId: refund.orderId,
    paymentReference: refund.paymentReference,
    ...(refund.amountCents === undefined ? {} : { amountCents: refund.amountCents }),
    reason: refund.reason ?? 'requested_by_customer',
  });
  shop.metrics.providerRefund(provider.name, result);
  if (!result.ok) {
    const { kind, code, message, retryable } = result.failure;
    const reason = code ? `${message} (${code})` : message;
    if (retryable) {
      shop.log.warn({ orderId: refund.orderId, refundId: refund.refundId, kind, code }, 'card refund unconfirmed');
      await repo.noteRefundUnconfirmed(shop.db, refund.refundId, reason);
      return { ok: false, unconfirmed: true, reason };
    }
    shop.log.error({ orderId: refund.orderId, refundId: refund.refundId, kind, code }, 'card refund refused');
    await repo.failRefund(shop.db, refund.refundId, reason);
    return { ok: false, unconfirmed: false, reason };
  }
  const info = result.value;
  await settleProviderRefund(shop, {
    refundId: refund.refundId,
    providerRef: info.reference,
    status: info.status,
    failureReason: info.failureReason,
  });
  return { ok: true, providerRef: info.reference, status: info.status };
}

/**
 * Writes what the provider said of a refund (its answer, its notice, or the reconciliation reading it back) and, when
 * this moved it to succeeded, tells the customer in the same transaction (orders/payment-hooks.ts). The change to a
 * final state is conditional (card-repository.ts updateProviderRefund), so of the answer, a notice repeated, the
 * read-back and two instances at once, one makes it and the customer is told once. A failed refund tells the customer
 * nothing (staff are flagged by the caller). Answers the row when it changed now.
 */
export async function settleProviderRefund(
  shop: Shop,
  refund: { refundId: number | null; providerRef: string; status: string; failureReason: string | null },
): Promise<repo.ProviderRefundRow | undefined> {
  return inTransaction(shop, async (tx) => {
    const row = await repo.updateProviderRefund(tx.db, refund);
    if (row && refund.status === 'succeeded') {
      await notifyCardRefunded(tx, { orderId: row.order_id, refundId: row.id, amountCents: row.amount_cents });
    }
    return row;
  });
}
