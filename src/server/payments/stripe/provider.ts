import Stripe from 'stripe';
import type {
  CheckoutSessionInfo,
  CheckoutSessionRequest,
  OffSessionChargeRequest,
  PaymentInfo,
  PaymentProvider,
  ProviderFailure,
  ProviderResult,
  RefundInfo,
  RefundRequest,
} from '../provider';
import { invalidRequest, toFailure } from './failures';
import { toPaymentInfo, toRefundInfo, toSessionInfo } from './objects';
import { parseStripeWebhook } from './webhook';

/**
 * Stripe behind `PaymentProvider` (docs/decisions/040), through its official SDK only: hosted Checkout sessions in
 * payment mode, refunds of a PaymentIntent, off-session PaymentIntents for renewals, detaching a removed card's
 * PaymentMethod, and signed webhooks.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local fake in tests (STRIPE_API_BASE). */
  apiBase: string;
}

/**
 * Idempotency keys from our own ids. Each also names the order number or the payment, which a reset database does not
 * hand out again, so a test shop started afresh never meets its earlier keys (Stripe keeps them for 24 hours).
 */
export const idempotencyKeys = {
  session: (r: Pick<CheckoutSessionRequest, 'orderId' | 'orderNo' | 'attempt'>) =>
    `leafcup-checkout-${r.orderNo}-${r.orderId}-${r.attempt}`,
  customer: (customerId: number, r: Pick<CheckoutSessionRequest, 'orderNo' | 'attempt'>) =>
    `leafcup-customer-${customerId}-${r.orderNo}-${r.attempt}`,
  refund: (r: Pick<RefundRequest, 'refundId' | 'paymentReference'>) =>
    `leafcup-refund-${r.refundId}-${r.paymentReference}`,
  renewal: (r: Pick<OffSessionChargeRequest, 'orderId' | 'orderNo' | 'attempt'>) =>
    `leafcup-renewal-${r.orderNo}-${r.orderId}-${r.attempt}`,
};

/** The SDK's client for an API address: retries (with the same idempotency key) on network errors, 409 and 5xx. */
export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const url = new URL(settings.apiBase);
  const https = url.protocol === 'https:';
  return new Stripe(settings.secretKey, {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (https ? 443 : 80),
    protocol: https ? 'https' : 'http',
    maxNetworkRetries: 2,
    // A shopper waits on session creation: well under the SDK's 80 s.
    timeout: 20_000,
    appInfo: { name: 'Leaf & Cup' },
  });
}

/** Runs one SDK call; the provider's refusals and outages become a `ProviderFailure`. */
async function attempt<T>(call: () => Promise<T>): Promise<ProviderResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (err) {
    return { ok: false, failure: toFailure(err) };
  }
}

const isWholeCents = (n: number, min: number) => Number.isSafeInteger(n) && n >= min;

/** What is wrong with a session request before anything is sent: the lines must be whole cents summing to the total. */
function sessionRequestProblem(r: CheckoutSessionRequest): ProviderFailure | null {
  if (!isWholeCents(r.attempt, 1)) return invalidRequest('invalid_attempt', 'attempt must be 1, 2, 3…');
  if (!isWholeCents(r.totalCents, 1)) return invalidRequest('invalid_amount', 'totalCents must be whole cents above 0');
  if (r.lines.length === 0) return invalidRequest('no_lines', 'a session needs at least one line');
  const bad = r.lines.find(
    (l) => !isWholeCents(l.unitAmountCents, 0) || !isWholeCents(l.quantity, 1) || l.name.trim() === '',
  );
  if (bad) return invalidRequest('invalid_line', `line "${bad.name}" needs a name, whole cents and a quantity ≥ 1`);
  const sum = r.lines.reduce((s, l) => s + l.unitAmountCents * l.quantity, 0);
  if (sum !== r.totalCents) {
    return invalidRequest('amount_mismatch', `the lines sum to ${sum} cents, the order's total is ${r.totalCents}`);
  }
  return null;
}

function sessionParams(r: CheckoutSessionRequest, customerRef: string | null): Stripe.Checkout.SessionCreateParams {
  const ours = { order_id: String(r.orderId), order_no: r.orderNo };
  const notice = r.saveCardForRenewals?.notice;
  return {
    mode: 'payment',
    client_reference_id: String(r.orderId),
    metadata: ours,
    line_items: r.lines.map((l) => ({
      quantity: l.quantity,
      price_data: { currency: r.currency, unit_amount: l.unitAmountCents, product_data: { name: l.name.trim() } },
    })),
    success_url: r.successUrl,
    cancel_url: r.cancelUrl,
    locale: r.locale ?? 'auto',
    submit_type: 'pay',
    ...(r.expiresAt ? { expires_at: Math.floor(r.expiresAt.getTime() / 1000) } : {}),
    ...(customerRef ? { customer: customerRef } : r.customerEmail ? { customer_email: r.customerEmail } : {}),
    payment_intent_data: {
      description: `Leaf & Cup order ${r.orderNo}`,
      metadata: ours,
      // Only with the shopper's consent is the card kept for renewals charged without them (docs/decisions/040).
      ...(customerRef ? { setup_future_usage: 'off_session' as const } : {}),
    },
    ...(customerRef && notice ? { custom_text: { submit: { message: notice.slice(0, 1200) } } } : {}),
  };
}

async function createSession(stripe: Stripe, r: CheckoutSessionRequest): Promise<ProviderResult<CheckoutSessionInfo>> {
  const problem = sessionRequestProblem(r);
  if (problem) return { ok: false, failure: problem };
  let customerRef: string | null = null;
  const consent = r.saveCardForRenewals;
  if (consent) {
    customerRef = consent.providerCustomerRef ?? null;
    if (!customerRef) {
      const customer = await attempt(() =>
        stripe.customers.create(
          {
            ...(consent.email ? { email: consent.email } : {}),
            ...(consent.name ? { name: consent.name } : {}),
            metadata: { customer_id: String(consent.customerId) },
          },
          { idempotencyKey: idempotencyKeys.customer(consent.customerId, r) },
        ),
      );
      if (!customer.ok) return customer;
      customerRef = customer.value.id;
    }
  }
  const created = await attempt(() =>
    stripe.checkout.sessions.create(sessionParams(r, customerRef), { idempotencyKey: idempotencyKeys.session(r) }),
  );
  if (!created.ok) return created;
  const session = toSessionInfo(created.value);
  if (session.amountCents !== r.totalCents || session.currency !== r.currency) {
    // Never send a shopper to a page asking for another amount than the order's.
    await attempt(() => stripe.checkout.sessions.expire(session.reference));
    return {
      ok: false,
      failure: invalidRequest('amount_mismatch', `the session asks ${session.amountCents} ${session.currency}`),
    };
  }
  return { ok: true, value: session };
}

async function readSession(stripe: Stripe, reference: string): Promise<ProviderResult<CheckoutSessionInfo>> {
  const read = await attempt(() =>
    stripe.checkout.sessions.retrieve(reference, { expand: ['payment_intent.latest_charge'] }),
  );
  return read.ok ? { ok: true, value: toSessionInfo(read.value) } : read;
}

async function expireSession(stripe: Stripe, reference: string): Promise<ProviderResult<CheckoutSessionInfo>> {
  const expired = await attempt(() => stripe.checkout.sessions.expire(reference));
  if (expired.ok) return { ok: true, value: toSessionInfo(expired.value) };
  // Stripe refuses to expire a session that is not open (paid or expired meanwhile): answer what it is now.
  if (expired.failure.kind !== 'invalid_request') return expired;
  return readSession(stripe, reference);
}

async function refund(stripe: Stripe, r: RefundRequest): Promise<ProviderResult<RefundInfo>> {
  if (r.amountCents !== undefined && !isWholeCents(r.amountCents, 1)) {
    return { ok: false, failure: invalidRequest('invalid_amount', 'amountCents must be whole cents above 0') };
  }
  const created = await attempt(() =>
    stripe.refunds.create(
      {
        payment_intent: r.paymentReference,
        ...(r.amountCents !== undefined ? { amount: r.amountCents } : {}),
        reason: r.reason,
        metadata: { order_id: String(r.orderId), refund_id: String(r.refundId) },
      },
      { idempotencyKey: idempotencyKeys.refund(r) },
    ),
  );
  return created.ok ? { ok: true, value: toRefundInfo(created.value) } : created;
}

async function chargeSavedCard(stripe: Stripe, r: OffSessionChargeRequest): Promise<ProviderResult<PaymentInfo>> {
  if (!isWholeCents(r.amountCents, 1)) {
    return { ok: false, failure: invalidRequest('invalid_amount', 'amountCents must be whole cents above 0') };
  }
  if (!isWholeCents(r.attempt, 1))
    return { ok: false, failure: invalidRequest('invalid_attempt', 'attempt must be 1, 2, 3…') };
  const created = await attempt(() =>
    stripe.paymentIntents.create(
      {
        amount: r.amountCents,
        currency: r.currency,
        customer: r.savedCard.customerRef,
        payment_method: r.savedCard.paymentMethodRef,
        off_session: true,
        confirm: true,
        // Nobody is there to follow a redirect: only methods that need none.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: `Leaf & Cup renewal ${r.orderNo}`,
        metadata: { order_id: String(r.orderId), order_no: r.orderNo, kind: 'renewal', attempt: String(r.attempt) },
        expand: ['latest_charge'],
      },
      { idempotencyKey: idempotencyKeys.renewal(r) },
    ),
  );
  if (!created.ok) return created;
  const payment = toPaymentInfo(created.value);
  if (payment.status === 'succeeded' || payment.status === 'processing') return { ok: true, value: payment };
  // Confirmed but not paid (the bank wants the customer, or the method was refused): a failure with its payment.
  return {
    ok: false,
    failure: {
      kind: payment.status === 'requires_action' ? 'authentication_required' : 'card_declined',
      code: payment.failure?.code ?? null,
      declineCode: payment.failure?.declineCode ?? null,
      message: payment.failure?.message ?? `The payment is ${payment.status}`,
      retryable: false,
      paymentReference: payment.reference,
    },
  };
}

/**
 * Detaches a saved card from its customer. Stripe refuses to detach a card that is no longer attached (removed twice,
 * or detached in the dashboard) with an invalid request: the card is read then, and one attached to nobody is done.
 */
async function detachSavedCard(stripe: Stripe, paymentMethodRef: string): Promise<ProviderResult<null>> {
  const detached = await attempt(() => stripe.paymentMethods.detach(paymentMethodRef));
  if (detached.ok || detached.failure.kind === 'not_found') return { ok: true, value: null };
  if (detached.failure.kind !== 'invalid_request') return detached;
  const read = await attempt(() => stripe.paymentMethods.retrieve(paymentMethodRef));
  if (read.ok && read.value.customer === null) return { ok: true, value: null };
  if (!read.ok && read.failure.kind === 'not_found') return { ok: true, value: null };
  return read.ok ? detached : read;
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  const mode = /^(sk|rk)_live_/.test(settings.secretKey) ? 'live' : 'test';
  return {
    name: 'stripe',
    mode,
    createCheckoutSession: (request) => createSession(stripe, request),
    readCheckoutSession: (reference) => readSession(stripe, reference),
    expireCheckoutSession: (reference) => expireSession(stripe, reference),
    readPayment: async (reference) => {
      const read = await attempt(() => stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }));
      return read.ok ? { ok: true, value: toPaymentInfo(read.value) } : read;
    },
    refund: (request) => refund(stripe, request),
    readRefund: async (reference) => {
      const read = await attempt(() => stripe.refunds.retrieve(reference));
      return read.ok ? { ok: true, value: toRefundInfo(read.value) } : read;
    },
    chargeSavedCard: (request) => chargeSavedCard(stripe, request),
    detachSavedCard: (reference) => detachSavedCard(stripe, reference),
    parseWebhook: (rawBody, signatureHeader) =>
      parseStripeWebhook(stripe.webhooks, settings.webhookSecret, rawBody, signatureHeader),
    dashboardUrl: (reference) =>
      `https://dashboard.stripe.com/${mode === 'test' ? 'test/' : ''}payments/${encodeURIComponent(reference)}`,
  };
}
