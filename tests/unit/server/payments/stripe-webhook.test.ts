import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentProvider, WebhookResult } from '../../../../src/server/payments/provider';
import { createStripeProvider } from '../../../../src/server/payments/stripe/provider';
import { STRIPE_WEBHOOK_EVENTS } from '../../../../src/server/payments/stripe/webhook';
import { type FakeEvent, type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';

// Stripe's signed notices: verified by the SDK on the raw body, then read into our own notice types. Events come from
// the fake's own state changes and are signed as Stripe signs them (stripe.webhooks.generateTestHeaderString).

let fake: FakeStripe;
let provider: PaymentProvider;
/** A bare receiver: hands the raw body and Stripe-Signature header to the provider, as the webhook route will. */
let receiver: Server;
let receiverUrl: string;
const received: WebhookResult[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: fake.apiKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const header = req.headers['stripe-signature'];
    const result = provider.parseWebhook(Buffer.concat(chunks), typeof header === 'string' ? header : undefined);
    received.push(result);
    res.writeHead(result.ok ? 200 : 400).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

let nextOrder = 1;
async function openSession() {
  const orderId = nextOrder++;
  const created = await provider.createCheckoutSession({
    orderId,
    orderNo: `LC-20261207-W${String(orderId).padStart(5, '0')}`,
    attempt: 1,
    lines: [{ name: 'Oolong 50 g', unitAmountCents: 990, quantity: 2 }],
    totalCents: 1980,
    currency: 'usd',
    successUrl: 'https://shop.example.com/order',
    cancelUrl: 'https://shop.example.com/order',
  });
  if (!created.ok) throw new Error(created.failure.message);
  return { orderId, reference: created.value.reference };
}

const lastEvent = (type: string): FakeEvent => {
  const event = fake.events.findLast((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event`);
  return event;
};

function parse(event: FakeEvent, options?: Parameters<FakeStripe['signed']>[1]): WebhookResult {
  const { payload, header } = fake.signed(event, options);
  return provider.parseWebhook(payload, header);
}

describe('verifying a notice', () => {
  it('accepts one posted as Stripe posts it, from the raw body', async () => {
    const { reference, orderId } = await openSession();
    fake.pay(reference);
    const delivery = await fake.deliver(receiverUrl, lastEvent('checkout.session.completed'));
    expect(delivery.status).toBe(200);
    expect(received.at(-1)).toMatchObject({
      ok: true,
      notice: {
        type: 'checkout_completed',
        livemode: false,
        session: { reference, orderId, status: 'complete', paymentStatus: 'paid', amountCents: 1980 },
      },
    });
  });

  it('refuses a wrong secret, a changed body, a stale timestamp and a missing header', async () => {
    const { reference } = await openSession();
    fake.pay(reference);
    const event = lastEvent('checkout.session.completed');

    const wrongSecret = await fake.deliver(receiverUrl, event, { secret: 'whsec_SomebodyElsesSecret0123456789' });
    expect(wrongSecret.status).toBe(400);
    expect(received.at(-1)).toMatchObject({ ok: false, reason: 'signature' });

    const tampered = await fake.deliver(receiverUrl, event, {
      tamper: (body) => body.replace('"amount_total": 1980', '"amount_total": 1'),
    });
    expect(tampered.status).toBe(400);
    expect(received.at(-1)).toMatchObject({ ok: false, reason: 'signature' });

    // Signed 10 minutes ago: outside the SDK's 5-minute tolerance, so an old notice cannot be replayed.
    const stale = await fake.deliver(receiverUrl, event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.status).toBe(400);
    expect(received.at(-1)).toMatchObject({ ok: false, reason: 'stale' });

    const { payload } = fake.signed(event);
    expect(provider.parseWebhook(payload, undefined)).toMatchObject({ ok: false, reason: 'signature' });
    // The same body re-serialised (as a JSON body parser would) no longer matches its signature.
    const { header } = fake.signed(event);
    expect(provider.parseWebhook(JSON.stringify(JSON.parse(payload)), header)).toMatchObject({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses a correctly signed body that is not an event', () => {
    for (const body of ['not json', '{"object":"v2.core.event","id":"evt_thin"}', '{"id":"evt_1"}']) {
      const { payload, header } = fake.signed(body);
      expect(provider.parseWebhook(payload, header), body).toMatchObject({ ok: false, reason: 'payload' });
    }
  });
});

describe('reading a notice', () => {
  it('reads the session notices: completed (asynchronous), async succeeded and failed, expired', async () => {
    const slow = await openSession();
    fake.pay(slow.reference, { async: true });
    expect(parse(lastEvent('checkout.session.completed'))).toMatchObject({
      ok: true,
      notice: { type: 'checkout_completed', session: { status: 'complete', paymentStatus: 'unpaid' } },
    });
    fake.settleAsync(slow.reference, 'succeeded');
    expect(parse(lastEvent('checkout.session.async_payment_succeeded'))).toMatchObject({
      ok: true,
      notice: { type: 'checkout_async_succeeded', session: { reference: slow.reference, paymentStatus: 'paid' } },
    });

    const failing = await openSession();
    fake.pay(failing.reference, { async: true });
    fake.settleAsync(failing.reference, 'failed');
    expect(parse(lastEvent('checkout.session.async_payment_failed'))).toMatchObject({
      ok: true,
      notice: { type: 'checkout_async_failed', session: { reference: failing.reference, paymentStatus: 'unpaid' } },
    });

    const abandoned = await openSession();
    fake.expire(abandoned.reference);
    const expired = parse(lastEvent('checkout.session.expired'));
    expect(expired).toMatchObject({
      ok: true,
      notice: { type: 'checkout_expired', session: { reference: abandoned.reference, orderId: abandoned.orderId } },
    });
    if (expired.ok) expect(expired.notice.eventId).toMatch(/^evt_/);
  });

  it('reads refunds, their updates, disputes and failed renewal charges', async () => {
    const { reference, orderId } = await openSession();
    const { paymentIntent } = fake.pay(reference);
    fake.nextRefundStatus = 'pending';
    const refunded = await provider.refund({
      refundId: 31,
      orderId,
      paymentReference: paymentIntent.id,
      amountCents: 500,
      reason: 'requested_by_customer',
    });
    fake.nextRefundStatus = 'succeeded';
    if (!refunded.ok) throw new Error(refunded.failure.message);
    expect(parse(lastEvent('charge.refunded'))).toMatchObject({
      ok: true,
      notice: {
        type: 'charge_refunded',
        charge: { paymentReference: paymentIntent.id, amountCents: 1980, amountRefundedCents: 500, refunded: false },
      },
    });
    fake.settleRefund(refunded.value.reference, 'succeeded');
    expect(parse(lastEvent('refund.updated'))).toMatchObject({
      ok: true,
      notice: { type: 'refund_updated', refund: { refundId: 31, orderId, status: 'succeeded', amountCents: 500 } },
    });

    fake.dispute(String(paymentIntent.latest_charge), 'product_not_received');
    expect(parse(lastEvent('charge.dispute.created'))).toMatchObject({
      ok: true,
      notice: {
        type: 'dispute_created',
        dispute: { paymentReference: paymentIntent.id, amountCents: 1980, reason: 'product_not_received' },
      },
    });

    const customer = fake.createCustomer({});
    const card = fake.declineCard(fake.addPaymentMethod({ brand: 'visa', last4: '0341' }, customer.id).id);
    await provider.chargeSavedCard({
      orderId: 77,
      orderNo: 'LC-20261207-RENEWW',
      attempt: 1,
      amountCents: 1980,
      currency: 'usd',
      savedCard: { customerRef: customer.id, paymentMethodRef: card.id },
    });
    expect(parse(lastEvent('payment_intent.payment_failed'))).toMatchObject({
      ok: true,
      notice: {
        type: 'payment_failed',
        payment: {
          orderId: 77,
          status: 'failed',
          failure: { code: 'card_declined', declineCode: 'insufficient_funds' },
        },
      },
    });
  });

  it('answers a type the shop does not act on as ignored', () => {
    expect(parse(lastEvent('refund.created'))).toMatchObject({
      ok: true,
      notice: { type: 'ignored', providerType: 'refund.created' },
    });
  });

  // After the tests above, which raised one event of each type the shop acts on.
  it('reads every type the README tells the owner to enable', () => {
    const read = new Set(
      fake.events
        .map((e) => e.type)
        .filter((type) => {
          const result = parse(lastEvent(type));
          return result.ok && result.notice.type !== 'ignored';
        }),
    );
    expect([...read].sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort());
  });
});

describe('forwarding', () => {
  it('delivers every new event to a URL as it happens, as Stripe does', async () => {
    fake.forwardEvents(receiverUrl);
    try {
      const { reference } = await openSession();
      fake.pay(reference);
      const deliveries = await Promise.all(fake.deliveries);
      expect(deliveries.map((d) => d.status)).toEqual([200]);
      expect(received.at(-1)).toMatchObject({ ok: true, notice: { type: 'checkout_completed' } });
    } finally {
      fake.forwardEvents(null);
    }
  });
});
