import type { Config } from '../config';
import { createStripeProvider } from './stripe/provider';

/**
 * A card payment provider behind one small interface (docs/decisions/040-card-payments-hosted-checkout-stripe-first.md):
 * a hosted checkout page for an order, refunds to the card, off-session charges of a saved card for Subscribe & save
 * renewals, and the provider's signed notices. Everything in and out is our own small types: amounts are integer cents
 * (docs/decisions/003), references are the provider's ids as strings, and a provider's failure comes back as a
 * `ProviderFailure` value, never as one of its SDK's exceptions. A second provider is one new file implementing
 * `PaymentProvider` plus its tests; nothing outside src/server/payments sees which provider it is.
 *
 * Every call that creates something at the provider carries an idempotency key derived from our own ids, so a retry
 * (ours, the SDK's, or a second instance doing the same job) never creates a second session, refund or charge.
 */

export type ProviderName = 'stripe';

/** The shop charges in US dollars only (docs/product.md §1). */
export type Currency = 'usd';

/** One line of the hosted page: `unitAmountCents × quantity`. The lines of a session sum to the order's total. */
export interface CheckoutLine {
  name: string;
  unitAmountCents: number;
  quantity: number;
}

export interface CheckoutSessionRequest {
  orderId: number;
  /** The order's number (LC-YYYYMMDD-XXXXXX): shown on the provider's dashboard and part of the idempotency key. */
  orderNo: string;
  /**
   * 1 for an order's first session, 2, 3… for each later one (Pay now after one expired): with the order it makes
   * the idempotency key, so the same attempt twice is one session and a new attempt is a new one.
   */
  attempt: number;
  lines: CheckoutLine[];
  /** The order's total in cents: the lines must sum to it (checked before anything is sent). */
  totalCents: number;
  currency: Currency;
  /** Where the provider sends the shopper after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session's id. */
  successUrl: string;
  cancelUrl: string;
  /** The hosted page's language; unset: the shopper's browser decides. */
  locale?: 'en' | 'zh';
  /** Prefilled on the hosted page when no saved-card customer is given. */
  customerEmail?: string;
  /** When the session stops accepting payment (the provider allows 30 minutes to 24 hours from now). */
  expiresAt?: Date;
  /**
   * The shopper ticked "charge my renewals to this card" (off by default): the card is saved to a provider customer
   * for off-session charges. Without it nothing is saved.
   */
  saveCardForRenewals?: SaveCardConsent;
}

export interface SaveCardConsent {
  /** Our customer's id (the idempotency key of a new provider customer). */
  customerId: number;
  /** The provider customer made for this customer before, if any; otherwise one is created. */
  providerCustomerRef?: string | null;
  email?: string;
  name?: string;
  /** The consent's words, shown again on the hosted page beside the Pay button (what, when, how to stop). */
  notice?: string;
}

export interface CardDetails {
  /** As the provider reports it: visa, mastercard, amex, unionpay… */
  brand: string;
  last4: string;
}

/**
 * - `succeeded`: the money is taken.
 * - `processing`: an asynchronous method (a bank debit) is on its way; a later notice settles it.
 * - `requires_action`: the customer must act (3-D Secure); off-session this counts as failed.
 * - `failed`: the last attempt was declined; nothing is taken.
 * - `canceled`, `pending`: nothing is taken (yet).
 */
export type PaymentStatus = 'succeeded' | 'processing' | 'requires_action' | 'failed' | 'canceled' | 'pending';

export interface PaymentInfo {
  provider: ProviderName;
  /** The payment's reference (Stripe: the PaymentIntent, pi_…): what refunds and the dashboard link name. */
  reference: string;
  /** The charge's reference (Stripe: ch_…), once a charge exists. */
  chargeReference: string | null;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  /** Only when the provider reports it (read with `readPayment` / `readCheckoutSession`, not from a notice's body). */
  card: CardDetails | null;
  /** The card saved for off-session renewals, when the shopper consented and the payment succeeded. */
  savedCard: SavedCard | null;
  /** Our order, from the metadata we sent. */
  orderId: number | null;
  /** A renewal's off-session charge: its attempt (1, 2, 3…), from the metadata we sent; null for other payments. */
  renewalAttempt: number | null;
  /** The last failure, for a `failed` payment. */
  failure: DeclineInfo | null;
}

export interface SavedCard {
  customerRef: string;
  paymentMethodRef: string;
}

export interface DeclineInfo {
  code: string | null;
  declineCode: string | null;
  message: string | null;
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export interface CheckoutSessionInfo {
  provider: ProviderName;
  /** Stripe: cs_… */
  reference: string;
  /** The hosted page to send the shopper to (only while open). */
  url: string | null;
  status: CheckoutSessionStatus;
  /** `paid` only once the money is taken: a completed session of an asynchronous method is still `unpaid`. */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountCents: number;
  currency: string;
  orderId: number | null;
  expiresAt: Date;
  /** The provider customer the card is saved to (with consent). */
  customerRef: string | null;
  paymentReference: string | null;
  /** The payment with its card, when the session was read (a notice's body carries only `paymentReference`). */
  payment: PaymentInfo | null;
}

/** The reasons a refund can carry (the provider's own list). */
export type RefundReason = 'requested_by_customer' | 'duplicate' | 'fraudulent';

export interface RefundRequest {
  /** Our refund's id: the idempotency key, so one press is one refund even pressed twice or on two instances. */
  refundId: number;
  orderId: number;
  /** The payment to refund (`PaymentInfo.reference`). */
  paymentReference: string;
  /** Unset: whatever is left of the payment. The caller keeps it within what was paid less what was refunded. */
  amountCents?: number;
  reason: RefundReason;
}

export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface RefundInfo {
  provider: ProviderName;
  /** Stripe: re_… */
  reference: string;
  paymentReference: string | null;
  chargeReference: string | null;
  amountCents: number;
  currency: string;
  status: RefundStatus;
  failureReason: string | null;
  /** Ours, from the metadata we sent. */
  refundId: number | null;
  orderId: number | null;
}

export interface OffSessionChargeRequest {
  /** The renewal order: with `attempt`, the idempotency key, so one attempt charges at most once. */
  orderId: number;
  orderNo: string;
  /**
   * 1 for the first charge of the renewal, 2, 3… for each retry after a decline: the provider keeps a decline's answer
   * for its key, so a retry needs a new attempt (and a repeated attempt never charges twice).
   */
  attempt: number;
  amountCents: number;
  currency: Currency;
  savedCard: SavedCard;
}

/**
 * Why the provider refused or could not answer. `kind` is what the caller acts on; `code` and `declineCode` are the
 * provider's own words for logs and staff (e.g. `amount_too_large`, `card_declined` / `insufficient_funds`).
 */
export interface ProviderFailure {
  kind:
    | 'card_declined'
    /** Off-session: the bank wants the customer present (3-D Secure). */
    | 'authentication_required'
    | 'invalid_request'
    | 'not_found'
    /** The same idempotency key was used with different values: a bug on our side, never retried blindly. */
    | 'idempotency'
    | 'authentication'
    | 'permission'
    | 'rate_limited'
    /** The provider could not be reached or failed: try again later. */
    | 'unavailable';
  code: string | null;
  declineCode: string | null;
  /** The provider's message (keys masked), for logs and staff, not for shoppers. */
  message: string;
  /** Whether the same call may succeed later unchanged. */
  retryable: boolean;
  /** A declined off-session charge still names its payment. */
  paymentReference: string | null;
}

export type ProviderResult<T> = { ok: true; value: T } | { ok: false; failure: ProviderFailure };

interface NoticeBase {
  /** The provider's event id: apply each once. */
  eventId: string;
  created: Date;
  livemode: boolean;
}

export interface ChargeNotice {
  chargeReference: string;
  paymentReference: string | null;
  amountCents: number;
  amountRefundedCents: number;
  currency: string;
  refunded: boolean;
}

export interface DisputeNotice {
  reference: string;
  chargeReference: string;
  paymentReference: string | null;
  amountCents: number;
  currency: string;
  reason: string;
  status: string;
}

/** A verified notice from the provider, in our terms; types we do not act on come back as `ignored`. */
export type WebhookNotice = NoticeBase &
  (
    | { type: 'checkout_completed'; session: CheckoutSessionInfo }
    | { type: 'checkout_async_succeeded'; session: CheckoutSessionInfo }
    | { type: 'checkout_async_failed'; session: CheckoutSessionInfo }
    | { type: 'checkout_expired'; session: CheckoutSessionInfo }
    | { type: 'charge_refunded'; charge: ChargeNotice }
    | { type: 'refund_updated'; refund: RefundInfo }
    | { type: 'dispute_created'; dispute: DisputeNotice }
    | { type: 'payment_failed'; payment: PaymentInfo }
    | { type: 'ignored'; providerType: string }
  );

export type WebhookResult =
  | { ok: true; notice: WebhookNotice }
  /** `signature`: not signed with our secret (or the body changed); `stale`: signed too long ago; `payload`: not a notice. */
  | { ok: false; reason: 'signature' | 'stale' | 'payload'; message: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Test keys or live keys. */
  readonly mode: 'test' | 'live';
  createCheckoutSession(request: CheckoutSessionRequest): Promise<ProviderResult<CheckoutSessionInfo>>;
  readCheckoutSession(reference: string): Promise<ProviderResult<CheckoutSessionInfo>>;
  /** Closes an open session; a session already complete or expired is answered as it is (the caller reads `status`). */
  expireCheckoutSession(reference: string): Promise<ProviderResult<CheckoutSessionInfo>>;
  readPayment(reference: string): Promise<ProviderResult<PaymentInfo>>;
  refund(request: RefundRequest): Promise<ProviderResult<RefundInfo>>;
  readRefund(reference: string): Promise<ProviderResult<RefundInfo>>;
  /** Charges a saved card without the customer; a decline is `{ ok: false }` with the payment's reference. */
  chargeSavedCard(request: OffSessionChargeRequest): Promise<ProviderResult<PaymentInfo>>;
  /**
   * Detaches a saved card (`SavedCard.paymentMethodRef`) from its provider customer, so nobody can charge it again
   * (the customer removed it). A card already detached, or unknown to the provider, answers ok: there is nothing left
   * to detach.
   */
  detachSavedCard(paymentMethodRef: string): Promise<ProviderResult<null>>;
  /** Verifies a notice's signature on the raw body, as received, and reads it. Never throws. */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): WebhookResult;
  /** The provider's dashboard page of a payment, for staff. */
  dashboardUrl(paymentReference: string): string;
}

/** The card provider the settings configure, or null when card payments are off (no keys). */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
}
