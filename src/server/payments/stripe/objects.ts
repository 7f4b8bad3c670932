import type Stripe from 'stripe';
import type {
  CardDetails,
  ChargeNotice,
  CheckoutSessionInfo,
  CheckoutSessionStatus,
  DisputeNotice,
  PaymentInfo,
  PaymentStatus,
  RefundInfo,
  RefundStatus,
} from '../provider';

// Stripe's objects read into our own small types (payments/provider.ts). Only what the shop acts on is read; an
// expandable field that came back as an id gives the id and no details.

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const expanded = <T extends object>(value: string | T | null | undefined): T | null =>
  value != null && typeof value === 'object' ? value : null;

const wholeNumber = (raw: string | null | undefined): number | null =>
  raw != null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;

/** Our id from the metadata we sent (`order_id`, `refund_id`), or null when it is missing or not a whole number. */
const ourId = (metadata: Stripe.Metadata | null | undefined, key: string) => wholeNumber(metadata?.[key]);

function cardOf(charge: Stripe.Charge | null): CardDetails | null {
  const card = charge?.payment_method_details?.card;
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null;
}

function paymentStatus(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      // Back to "choose a method" after an attempt: that attempt was declined.
      return intent.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

export function toPaymentInfo(intent: Stripe.PaymentIntent): PaymentInfo {
  const status = paymentStatus(intent);
  const customerRef = idOf(intent.customer);
  const paymentMethodRef = idOf(intent.payment_method);
  const error = intent.last_payment_error;
  return {
    provider: 'stripe',
    reference: intent.id,
    chargeReference: idOf(intent.latest_charge),
    amountCents: intent.amount,
    currency: intent.currency,
    status,
    card: cardOf(expanded(intent.latest_charge)),
    savedCard:
      intent.setup_future_usage === 'off_session' && status === 'succeeded' && customerRef && paymentMethodRef
        ? { customerRef, paymentMethodRef }
        : null,
    orderId: ourId(intent.metadata, 'order_id'),
    renewalAttempt: intent.metadata?.kind === 'renewal' ? ourId(intent.metadata, 'attempt') : null,
    failure:
      status === 'failed' && error
        ? { code: error.code ?? null, declineCode: error.decline_code ?? null, message: error.message ?? null }
        : null,
  };
}

function sessionStatus(session: Stripe.Checkout.Session): CheckoutSessionStatus {
  // `null` is documented for sessions of other integrations; treat it as still open.
  const status = session.status;
  return status === 'complete' ? 'complete' : status === 'expired' ? 'expired' : 'open';
}

export function toSessionInfo(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  const intent = expanded(session.payment_intent);
  const paid = session.payment_status;
  return {
    provider: 'stripe',
    reference: session.id,
    url: session.url,
    status: sessionStatus(session),
    paymentStatus: paid === 'paid' ? 'paid' : paid === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? '',
    orderId: ourId(session.metadata, 'order_id') ?? wholeNumber(session.client_reference_id),
    expiresAt: new Date(session.expires_at * 1000),
    customerRef: idOf(session.customer),
    paymentReference: idOf(session.payment_intent),
    payment: intent ? toPaymentInfo(intent) : null,
  };
}

const REFUND_STATUSES: readonly RefundStatus[] = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'];

export function toRefundInfo(refund: Stripe.Refund): RefundInfo {
  const status = REFUND_STATUSES.find((s) => s === refund.status) ?? 'pending';
  return {
    provider: 'stripe',
    reference: refund.id,
    paymentReference: idOf(refund.payment_intent),
    chargeReference: idOf(refund.charge),
    amountCents: refund.amount,
    currency: refund.currency,
    status,
    failureReason: refund.failure_reason ?? null,
    refundId: ourId(refund.metadata, 'refund_id'),
    orderId: ourId(refund.metadata, 'order_id'),
  };
}

export function toChargeNotice(charge: Stripe.Charge): ChargeNotice {
  return {
    chargeReference: charge.id,
    paymentReference: idOf(charge.payment_intent),
    amountCents: charge.amount,
    amountRefundedCents: charge.amount_refunded,
    currency: charge.currency,
    refunded: charge.refunded,
  };
}

export function toDisputeNotice(dispute: Stripe.Dispute): DisputeNotice {
  return {
    reference: dispute.id,
    chargeReference: idOf(dispute.charge) ?? '',
    paymentReference: idOf(dispute.payment_intent),
    amountCents: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status,
  };
}
