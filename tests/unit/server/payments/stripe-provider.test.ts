import { loadConfig } from '../../../../src/server/config';
import {
  type CheckoutSessionRequest,
  createPaymentProvider,
  type PaymentProvider,
} from '../../../../src/server/payments/provider';
import { createStripeProvider } from '../../../../src/server/payments/stripe/provider';
import { type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';

// The Stripe provider through the real `stripe` SDK against the local fake of Stripe's API (tests/support/fake-stripe.ts).

let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: fake.apiKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
});
afterAll(() => fake.close());

let nextOrder = 100;
/** A session request for a new order: two tea lines and delivery, $43.80 in all. */
function orderRequest(over: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest {
  const orderId = nextOrder++;
  return {
    orderId,
    orderNo: `LC-20261207-T${String(orderId).padStart(5, '0')}`,
    attempt: 1,
    lines: [
      { name: 'Jasmine Pearls 100 g', unitAmountCents: 1290, quantity: 2 },
      { name: 'Matcha Whisk', unitAmountCents: 1500, quantity: 1 },
      { name: 'Delivery', unitAmountCents: 300, quantity: 1 },
    ],
    totalCents: 4380,
    currency: 'usd',
    successUrl: `https://shop.example.com/order?id=${orderId}&session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `https://shop.example.com/order?id=${orderId}`,
    ...over,
  };
}

const requestsTo = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === path);

async function paidOrder(over: Partial<CheckoutSessionRequest> = {}) {
  const request = orderRequest(over);
  const created = await provider.createCheckoutSession(request);
  if (!created.ok) throw new Error(created.failure.message);
  const paid = fake.pay(created.value.reference, { card: { brand: 'mastercard', last4: '4444' } });
  return { request, session: created.value, paymentReference: paid.paymentIntent.id, paid };
}

describe('Checkout sessions', () => {
  it("opens a hosted session whose amount_total is the order's total, carrying our order", async () => {
    const request = orderRequest({ locale: 'zh', customerEmail: 'mei@example.com' });
    const created = await provider.createCheckoutSession(request);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const session = created.value;
    expect(session).toMatchObject({
      provider: 'stripe',
      status: 'open',
      paymentStatus: 'unpaid',
      amountCents: 4380,
      currency: 'usd',
      orderId: request.orderId,
      customerRef: null,
      paymentReference: null,
    });
    expect(session.reference).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/pay/${session.reference}`);
    expect(fake.sessions.get(session.reference)?.amount_total).toBe(request.totalCents);

    const sent = requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sent.idempotencyKey).toBe(`leafcup-checkout-${request.orderNo}-${request.orderId}-1`);
    expect(sent.params).toMatchObject({
      mode: 'payment',
      client_reference_id: String(request.orderId),
      metadata: { order_id: String(request.orderId), order_no: request.orderNo },
      locale: 'zh',
      customer_email: 'mei@example.com',
      payment_intent_data: { metadata: { order_id: String(request.orderId) } },
    });
    // No consent, nothing saved.
    expect(sent.params).not.toHaveProperty('payment_intent_data.setup_future_usage');
    expect(sent.params).not.toHaveProperty('customer');
  });

  it('refuses lines that do not sum to the total before asking Stripe', async () => {
    const before = fake.requests.length;
    const result = await provider.createCheckoutSession(orderRequest({ totalCents: 4381 }));
    expect(result).toMatchObject({ ok: false, failure: { kind: 'invalid_request', code: 'amount_mismatch' } });
    const fractional = await provider.createCheckoutSession(
      orderRequest({ lines: [{ name: 'Tea', unitAmountCents: 12.5, quantity: 2 }], totalCents: 25 }),
    );
    expect(fractional).toMatchObject({ ok: false, failure: { code: 'invalid_line' } });
    expect(fake.requests.length).toBe(before);
  });

  it('the same attempt twice is one session; the next attempt is a new one', async () => {
    const request = orderRequest();
    const sessionsBefore = fake.sessions.size;
    const first = await provider.createCheckoutSession(request);
    const again = await provider.createCheckoutSession(request);
    expect(first.ok && again.ok && first.value.reference === again.value.reference).toBe(true);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
    expect(requestsTo('POST', '/v1/checkout/sessions').at(-1)?.replayed).toBe(true);

    const next = await provider.createCheckoutSession({ ...request, attempt: 2 });
    expect(next.ok && first.ok && next.value.reference !== first.value.reference).toBe(true);
    expect(fake.sessions.size).toBe(sessionsBefore + 2);
  });

  it('answers a reused key with other values as an idempotency failure, not an exception', async () => {
    const request = orderRequest();
    await provider.createCheckoutSession(request);
    const changed = await provider.createCheckoutSession({ ...request, cancelUrl: 'https://shop.example.com/other' });
    expect(changed).toMatchObject({ ok: false, failure: { kind: 'idempotency', retryable: false } });
  });

  it("returns Stripe's refusal as our failure (a total under Stripe's minimum)", async () => {
    const result = await provider.createCheckoutSession(
      orderRequest({ lines: [{ name: 'Sample', unitAmountCents: 30, quantity: 1 }], totalCents: 30 }),
    );
    expect(result).toMatchObject({ ok: false, failure: { kind: 'invalid_request', code: 'amount_too_small' } });
  });

  it('reads a paid session with its payment and card; expiring it then answers it as it is', async () => {
    const { session, paymentReference, request } = await paidOrder();
    const read = await provider.readCheckoutSession(session.reference);
    expect(read).toMatchObject({
      ok: true,
      value: {
        status: 'complete',
        paymentStatus: 'paid',
        amountCents: 4380,
        orderId: request.orderId,
        paymentReference,
        payment: {
          reference: paymentReference,
          status: 'succeeded',
          amountCents: 4380,
          card: { brand: 'mastercard', last4: '4444' },
          savedCard: null,
          orderId: request.orderId,
        },
      },
    });
    const expired = await provider.expireCheckoutSession(session.reference);
    expect(expired).toMatchObject({ ok: true, value: { status: 'complete', paymentStatus: 'paid' } });
  });

  it('expires an open session (checkout.session.expired) and says not_found for an unknown one', async () => {
    const created = await provider.createCheckoutSession(orderRequest());
    if (!created.ok) throw new Error(created.failure.message);
    const expired = await provider.expireCheckoutSession(created.value.reference);
    expect(expired).toMatchObject({ ok: true, value: { status: 'expired', url: null } });
    expect(fake.events.at(-1)?.type).toBe('checkout.session.expired');
    expect(await provider.readCheckoutSession('cs_test_nothing')).toMatchObject({
      ok: false,
      failure: { kind: 'not_found', code: 'resource_missing' },
    });
  });

  it('with consent, saves the card to a new customer for off-session use', async () => {
    const request = orderRequest({
      saveCardForRenewals: { customerId: 7, email: 'mei@example.com', notice: 'Renewals: $43.80 every 4 weeks.' },
    });
    const created = await provider.createCheckoutSession(request);
    if (!created.ok) throw new Error(created.failure.message);
    expect(created.value.customerRef).toMatch(/^cus_/);
    const customerCall = requestsTo('POST', '/v1/customers').at(-1)!;
    expect(customerCall.idempotencyKey).toBe(`leafcup-customer-7-${request.orderNo}-1`);
    expect(customerCall.params).toMatchObject({ email: 'mei@example.com', metadata: { customer_id: '7' } });
    expect(requestsTo('POST', '/v1/checkout/sessions').at(-1)?.params).toMatchObject({
      customer: created.value.customerRef,
      payment_intent_data: { setup_future_usage: 'off_session' },
      custom_text: { submit: { message: 'Renewals: $43.80 every 4 weeks.' } },
    });

    fake.pay(created.value.reference);
    const read = await provider.readCheckoutSession(created.value.reference);
    expect(read.ok && read.value.payment?.savedCard).toEqual({
      customerRef: created.value.customerRef,
      paymentMethodRef: expect.stringMatching(/^pm_/),
    });
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, each once however often it is sent', async () => {
    const { paymentReference, request } = await paidOrder();
    const half = { refundId: 501, orderId: request.orderId, paymentReference, amountCents: 2190 } as const;
    const first = await provider.refund({ ...half, reason: 'requested_by_customer' });
    const again = await provider.refund({ ...half, reason: 'requested_by_customer' });
    expect(first).toMatchObject({
      ok: true,
      value: { amountCents: 2190, status: 'succeeded', paymentReference, refundId: 501, orderId: request.orderId },
    });
    expect(again.ok && first.ok && again.value.reference === first.value.reference).toBe(true);
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentReference);
    expect(refunds).toHaveLength(1);
    expect(requestsTo('POST', '/v1/refunds').at(-1)).toMatchObject({
      idempotencyKey: `leafcup-refund-501-${paymentReference}`,
      replayed: true,
    });

    const rest = await provider.refund({
      refundId: 502,
      orderId: request.orderId,
      paymentReference,
      reason: 'duplicate',
    });
    expect(rest).toMatchObject({ ok: true, value: { amountCents: 2190 } });
    const charge = fake.charges.get(fake.paymentIntents.get(paymentReference)!.latest_charge as string)!;
    expect(charge).toMatchObject({ amount_refunded: 4380, refunded: true });
  });

  it("answers a refund above what is left with Stripe's code, as our failure", async () => {
    const { paymentReference, request } = await paidOrder();
    const tooMuch = await provider.refund({
      refundId: 601,
      orderId: request.orderId,
      paymentReference,
      amountCents: 5000,
      reason: 'requested_by_customer',
    });
    expect(tooMuch).toMatchObject({
      ok: false,
      failure: { kind: 'invalid_request', code: 'amount_too_large', retryable: false },
    });
    if (tooMuch.ok) return;
    expect(tooMuch.failure.message).toMatch(/greater than unrefunded amount/);
    expect(tooMuch.failure).not.toHaveProperty('raw');

    await provider.refund({ refundId: 602, orderId: request.orderId, paymentReference, reason: 'fraudulent' });
    const twice = await provider.refund({
      refundId: 603,
      orderId: request.orderId,
      paymentReference,
      reason: 'duplicate',
    });
    expect(twice).toMatchObject({ ok: false, failure: { code: 'charge_already_refunded' } });
  });

  it('reads a pending refund as it settles', async () => {
    const { paymentReference, request } = await paidOrder();
    fake.nextRefundStatus = 'pending';
    try {
      const pending = await provider.refund({
        refundId: 701,
        orderId: request.orderId,
        paymentReference,
        amountCents: 1000,
        reason: 'requested_by_customer',
      });
      if (!pending.ok) throw new Error(pending.failure.message);
      expect(pending.value.status).toBe('pending');
      fake.settleRefund(pending.value.reference, 'failed');
      expect(await provider.readRefund(pending.value.reference)).toMatchObject({
        ok: true,
        value: { status: 'failed', failureReason: 'expired_or_canceled_card', refundId: 701 },
      });
    } finally {
      fake.nextRefundStatus = 'succeeded';
    }
  });
});

describe('off-session renewal charges', () => {
  async function savedCard() {
    const { session } = await paidOrder({ saveCardForRenewals: { customerId: 9 } });
    const read = await provider.readCheckoutSession(session.reference);
    if (!read.ok || !read.value.payment?.savedCard) throw new Error('no saved card');
    return read.value.payment.savedCard;
  }

  it('charges the saved card once per renewal order, with its card', async () => {
    const card = await savedCard();
    const renewal = {
      orderId: 900,
      orderNo: 'LC-20261207-RENEW1',
      attempt: 1,
      amountCents: 3723,
      currency: 'usd',
      savedCard: card,
    };
    const first = await provider.chargeSavedCard({ ...renewal, currency: 'usd' });
    const again = await provider.chargeSavedCard({ ...renewal, currency: 'usd' });
    expect(first).toMatchObject({
      ok: true,
      value: { status: 'succeeded', amountCents: 3723, orderId: 900, card: { brand: 'mastercard', last4: '4444' } },
    });
    expect(again.ok && first.ok && again.value.reference === first.value.reference).toBe(true);
    const charged = [...fake.paymentIntents.values()].filter((pi) => pi.metadata.order_id === '900');
    expect(charged).toHaveLength(1);
    expect(requestsTo('POST', '/v1/payment_intents').at(-1)).toMatchObject({
      idempotencyKey: 'leafcup-renewal-LC-20261207-RENEW1-900-1',
      replayed: true,
      params: {
        off_session: 'true',
        confirm: 'true',
        customer: card.customerRef,
        payment_method: card.paymentMethodRef,
      },
    });
  });

  it('answers a declined card as card_declined with the payment, and a 3-D Secure demand apart', async () => {
    const card = await savedCard();
    fake.declineCard(card.paymentMethodRef);
    const declined = await provider.chargeSavedCard({
      orderId: 901,
      orderNo: 'LC-20261207-RENEW2',
      attempt: 1,
      amountCents: 3723,
      currency: 'usd',
      savedCard: card,
    });
    expect(declined).toMatchObject({
      ok: false,
      failure: { kind: 'card_declined', code: 'card_declined', declineCode: 'insufficient_funds', retryable: false },
    });
    if (declined.ok) return;
    expect(declined.failure.paymentReference).toMatch(/^pi_/);
    expect(fake.events.at(-1)?.type).toBe('payment_intent.payment_failed');
    expect(await provider.readPayment(declined.failure.paymentReference!)).toMatchObject({
      ok: true,
      value: { status: 'failed', failure: { code: 'card_declined', declineCode: 'insufficient_funds' } },
    });

    fake.declineCard(card.paymentMethodRef, 'authentication_required');
    const needsCustomer = await provider.chargeSavedCard({
      orderId: 902,
      orderNo: 'LC-20261207-RENEW3',
      attempt: 1,
      amountCents: 3723,
      currency: 'usd',
      savedCard: card,
    });
    expect(needsCustomer).toMatchObject({ ok: false, failure: { kind: 'authentication_required' } });
  });

  it('retries a declined renewal as a new attempt; the same attempt answers its decline again', async () => {
    const card = await savedCard();
    fake.declineCard(card.paymentMethodRef);
    const renewal = {
      orderId: 904,
      orderNo: 'LC-20261207-RENEW5',
      amountCents: 3723,
      currency: 'usd',
      savedCard: card,
    };
    const declined = await provider.chargeSavedCard({ ...renewal, currency: 'usd', attempt: 1 });
    expect(declined).toMatchObject({ ok: false, failure: { kind: 'card_declined' } });

    fake.paymentMethods.get(card.paymentMethodRef)!.outcome = 'succeed'; // the customer topped up their card
    const sameAttempt = await provider.chargeSavedCard({ ...renewal, currency: 'usd', attempt: 1 });
    expect(sameAttempt).toMatchObject({ ok: false, failure: { kind: 'card_declined' } });
    expect(requestsTo('POST', '/v1/payment_intents').at(-1)).toMatchObject({ replayed: true, status: 402 });

    const retry = await provider.chargeSavedCard({ ...renewal, currency: 'usd', attempt: 2 });
    expect(retry).toMatchObject({ ok: true, value: { status: 'succeeded', orderId: 904 } });
    const intents = [...fake.paymentIntents.values()].filter((pi) => pi.metadata.order_id === '904');
    expect(intents.map((pi) => pi.status)).toEqual(['requires_payment_method', 'succeeded']);
  });

  it('refuses a payment method that is not saved to that customer', async () => {
    const card = await savedCard();
    const other = await savedCard();
    const result = await provider.chargeSavedCard({
      orderId: 903,
      orderNo: 'LC-20261207-RENEW4',
      attempt: 1,
      amountCents: 3723,
      currency: 'usd',
      savedCard: { customerRef: other.customerRef, paymentMethodRef: card.paymentMethodRef },
    });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'invalid_request' } });
  });
});

describe('the provider from the settings', () => {
  it('is off without keys, and a Stripe provider in test mode with test keys', () => {
    expect(createPaymentProvider(loadConfig({}))).toBeNull();
    const config = loadConfig({
      STRIPE_SECRET_KEY: fake.apiKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.url,
    });
    const fromConfig = createPaymentProvider(config);
    expect(fromConfig).toMatchObject({ name: 'stripe', mode: 'test' });
    expect(fromConfig?.dashboardUrl('pi_123')).toBe('https://dashboard.stripe.com/test/payments/pi_123');
  });

  it('answers a wrong key as an authentication failure without the key in the message', async () => {
    const wrongKey = 'sk_test_WrongKey1234567890abcdef';
    const wrong = createStripeProvider({ secretKey: wrongKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
    const result = await wrong.readCheckoutSession('cs_test_any');
    expect(result).toMatchObject({ ok: false, failure: { kind: 'authentication', retryable: false } });
    if (!result.ok) expect(result.failure.message).not.toContain('WrongKey');
  });

  it('answers an unreachable Stripe as unavailable (retryable)', async () => {
    const closed = await startFakeStripe();
    await closed.close();
    const offline = createStripeProvider({
      secretKey: fake.apiKey,
      webhookSecret: fake.webhookSecret,
      apiBase: closed.url,
    });
    const result = await offline.readPayment('pi_any');
    expect(result).toMatchObject({ ok: false, failure: { kind: 'unavailable', retryable: true } });
  }, 20_000);
});
