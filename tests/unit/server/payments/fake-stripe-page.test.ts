import { createStripeProvider } from '../../../../src/server/payments/stripe/provider';
import { type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';

// The fake's hosted page (for browser tests): Pay pays the session and goes to success_url; Cancel goes to cancel_url.

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

async function session(orderId: number) {
  const provider = createStripeProvider({
    secretKey: fake.apiKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.url,
  });
  const created = await provider.createCheckoutSession({
    orderId,
    orderNo: `LC-20261207-P0000${orderId}`,
    attempt: 1,
    lines: [{ name: 'Genmaicha 100 g', unitAmountCents: 1450, quantity: 1 }],
    totalCents: 1450,
    currency: 'usd',
    successUrl: `https://shop.example.com/order?id=${orderId}&session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `https://shop.example.com/order?id=${orderId}`,
  });
  if (!created.ok || !created.value.url) throw new Error('no session');
  return created.value;
}

it('shows the amount with Pay and Cancel; Pay completes the session and returns to success_url', async () => {
  const { url, reference } = await session(1);
  const page = await fetch(url!);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('Pay $14.50');
  expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
  expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);

  const paid = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`https://shop.example.com/order?id=1&session=${reference}`);
  expect(fake.sessions.get(reference)).toMatchObject({ status: 'complete', payment_status: 'paid' });
  expect((await fetch(url!)).status).toBe(410);
});

it('Cancel returns to cancel_url and leaves the session open', async () => {
  const { url, reference } = await session(2);
  const cancelled = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
  expect(cancelled.status).toBe(303);
  expect(cancelled.headers.get('location')).toBe('https://shop.example.com/order?id=2');
  expect(fake.sessions.get(reference)?.status).toBe('open');
});

it('with hostedPay async, Pay completes the session unpaid (processing) until settleAsync', async () => {
  const { url, reference } = await session(3);
  const html = await (await fetch(url!)).text();
  // No favicon request to the API (it would answer 401 and show as a console error in a browser test).
  expect(html).toContain('<link rel="icon" href="data:,">');
  fake.hostedPay = { async: true, card: { brand: 'mastercard', last4: '4444' } };
  try {
    expect((await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  } finally {
    fake.hostedPay = {};
  }
  const completed = fake.sessions.get(reference)!;
  expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
  expect(fake.paymentIntents.get(String(completed.payment_intent))?.status).toBe('processing');
  fake.settleAsync(reference, 'succeeded');
  expect(fake.sessions.get(reference)?.payment_status).toBe('paid');
  expect(fake.events.map((e) => e.type).slice(-2)).toEqual([
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
  ]);
});
