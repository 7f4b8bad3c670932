import type { Db } from '../db/connection';
import type { Shop } from '../shop';
import * as repo from './card-repository';

/**
 * Staff's refunds to the card (docs/decisions/040): the orders domain records the refund row (its id is the
 * provider's idempotency key) with the order's row locked; this file finds the payment to give back and, outside any
 * transaction, asks the provider. What happens to the refund afterwards comes with the provider's notices
 * (card-notices.ts: refund.updated).
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
  /** The provider refused it or could not be reached: the row is failed with `reason`, nothing was given back. */
  | { ok: false; reason: string };

/**
 * Sends a recorded refund (provider_status `pending`) to the provider and writes what it answered. A refusal (or an
 * outage) fails the row, so what it held back is refundable again; asking again makes a new row and a new key.
 */
export async function sendCardRefund(
  shop: Shop,
  refund: { refundId: number; orderId: number; paymentReference: string; amountCents: number },
): Promise<CardRefundOutcome> {
  const provider = shop.payments;
  if (!provider) {
    await repo.failRefund(shop.db, refund.refundId, 'card payments are off');
    return { ok: false, reason: 'card payments are off' };
  }
  const result = await provider.refund({
    refundId: refund.refundId,
    orderId: refund.orderId,
    paymentReference: refund.paymentReference,
    amountCents: refund.amountCents,
    reason: 'requested_by_customer',
  });
  if (!result.ok) {
    const { kind, code, message } = result.failure;
    shop.log.error({ orderId: refund.orderId, refundId: refund.refundId, kind, code }, 'card refund refused');
    const reason = code ? `${message} (${code})` : message;
    await repo.failRefund(shop.db, refund.refundId, reason);
    return { ok: false, reason };
  }
  const info = result.value;
  await repo.updateProviderRefund(shop.db, {
    refundId: refund.refundId,
    providerRef: info.reference,
    status: info.status,
    failureReason: info.failureReason,
  });
  return { ok: true, providerRef: info.reference, status: info.status };
}
