import { createProduct } from '../../../factories/products';
import { createStaff } from '../../../factories/staff';
import { type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, placeOrder } from '../orders/support';
import { count, eventsOf, lastEvent, orderRow, placeCardOrder, readOrder, sendEvent, stripeEnv } from './support';

/**
 * Card payments on the web (docs/decisions/040): the real `stripe` SDK against the fake Stripe; nothing of ours
 * mocked. Placing a card order makes a hosted session of the order's total; the signed notice — never the shopper's
 * return alone — marks it Paid, once; bad notices change nothing.
 */
describe.each(dialects)('card payments on %s', (dialect) => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(dialect, { env: stripeEnv(fake) });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('offers Card, and a card order gets a hosted session of its total with our order on it', async () => {
    const methods = await post(t.app, '/v2/get-all-payment-method', { lang: 'zh' });
    const card = methods.body.data.payment_methods.find((m) => m.code === 'card');
    expect(card).toMatchObject({ name: '银行卡', available: true, requires_receipt: false });

    const { order, url, sessionId } = await placeCardOrder(t.app, t.db, { price: 1234 });
    expect(order).toMatchObject({ status: 'Pending', payment_method: 'card' });
    expect(order.card_payment).toEqual({ state: 'awaiting_payment', checkout_url: url });
    const session = fake.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(order.total_cents);
    expect(session.currency).toBe('usd');
    expect(session.metadata).toMatchObject({ order_id: String(order.id), order_no: order.order_no });
    expect(session.success_url).toContain(`/order?id=${order.id}`);
    expect(session.success_url).toContain('{CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toContain(`/order?id=${order.id}`);
    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    expect(create.idempotencyKey).toMatch(/^leafcup-checkout-/);
  });

  it('a paid notice marks the order Paid once; a replay and a second delivery change nothing', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    // Back from the hosted page before anything is paid: still Pending, nothing recorded.
    const early = await readOrder(t.app, c.token, order.id, sessionId);
    expect(early.body.data.order).toMatchObject({ status: 'Pending', card_payment: { state: 'awaiting_payment' } });

    fake.pay(sessionId, { card: { brand: 'mastercard', last4: '4444' } });
    const event = lastEvent(fake, 'checkout.session.completed', sessionId);
    expect((await sendEvent(t.app, fake, event)).status).toBe(200);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Paid' });
    expect(await count(t.db, 'payments', order.id)).toBe(1);
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'succeeded',
      card_brand: 'mastercard',
      card_last4: '4444',
    });
    expect(payment.charge_ref).toMatch(/^ch_/);
    expect(await eventsOf(t.db, order.id, 'paid')).toHaveLength(1);
    const notices = await t.db.selectFrom('notifications').selectAll().where('order_id', '=', order.id).execute();
    expect(notices.filter((n) => n.kind === 'paid')).toHaveLength(1);

    // The same event again, and the same session read on the return: nothing more.
    expect((await sendEvent(t.app, fake, event)).status).toBe(200);
    const back = await readOrder(t.app, c.token, order.id, sessionId);
    expect(back.body.data.order).toMatchObject({ status: 'Paid' });
    expect(await count(t.db, 'payments', order.id)).toBe(1);
    expect(await eventsOf(t.db, order.id, 'paid')).toHaveLength(1);
  });

  it('an asynchronous payment says "confirming" until it settles, and a failed one offers Pay now again', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId, { async: true });
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', sessionId));
    const confirming = await readOrder(t.app, c.token, order.id);
    expect(confirming.body.data.order).toMatchObject({ status: 'Pending', card_payment: { state: 'confirming' } });
    const refused = await post(t.app, '/v2/pay-order-by-card', { order_id: order.id }, { token: c.token });
    expect(refused.status).toBe(409);

    fake.settleAsync(sessionId, 'failed');
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.async_payment_failed', sessionId));
    const failed = await readOrder(t.app, c.token, order.id);
    expect(failed.body.data.order).toMatchObject({ status: 'Pending', card_payment: { state: 'failed' } });
    expect(await count(t.db, 'payments', order.id)).toBe(0);

    // Pay now: a new session, the next attempt.
    const again = await post(t.app, '/v2/pay-order-by-card', { order_id: order.id }, { token: c.token });
    expect(again.status, again.body.message).toBe(200);
    const next = again.body.data.checkout_url.split('/pay/')[1]!;
    expect(next).not.toBe(sessionId);
    const keys = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.idempotencyKey);
    expect(keys.some((k) => k?.endsWith(`-${order.id}-2`))).toBe(true);
    fake.pay(next);
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', next));
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Paid' });
  });

  it('while an asynchronous payment is confirming, the order page’s polls do not ask the provider again', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId, { async: true });
    const reads = () => fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith(sessionId)).length;
    const first = await readOrder(t.app, c.token, order.id, sessionId);
    expect(first.body.data.order).toMatchObject({ status: 'Pending', card_payment: { state: 'confirming' } });
    expect(reads()).toBe(1);
    for (let i = 0; i < 3; i++) await readOrder(t.app, c.token, order.id, sessionId);
    expect(reads()).toBe(1);
    fake.settleAsync(sessionId, 'succeeded');
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.async_payment_succeeded', sessionId));
    expect((await readOrder(t.app, c.token, order.id, sessionId)).body.data.order).toMatchObject({ status: 'Paid' });
  });

  it('the return read alone marks Paid when the provider says so (and the notice after it adds nothing)', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId);
    const back = await readOrder(t.app, c.token, order.id, sessionId);
    expect(back.body.data.order).toMatchObject({ status: 'Paid' });
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', sessionId));
    expect(await count(t.db, 'payments', order.id)).toBe(1);
    expect(await eventsOf(t.db, order.id, 'paid')).toHaveLength(1);
  });

  it('Pay now after a session expired makes the next attempt; an open one is handed out again', async () => {
    const { c, order, url, sessionId } = await placeCardOrder(t.app, t.db);
    const same = await post(t.app, '/v2/pay-order-by-card', { order_id: order.id }, { token: c.token });
    expect(same.body.data.checkout_url).toBe(url);
    fake.expire(sessionId);
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.expired', sessionId));
    const next = await post(t.app, '/v2/pay-order-by-card', { order_id: order.id }, { token: c.token });
    expect(next.status, next.body.message).toBe(200);
    expect(next.body.data.checkout_url).not.toBe(url);
  });

  it('Pay now near the end of a page asks the provider first: paid there, the order is Paid and no new page is made', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId);
    // Its notice lost, and our record of the page nearly out of time.
    await t.db
      .updateTable('checkout_sessions')
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('provider_ref', '=', sessionId)
      .execute();
    const before = fake.sessions.size;
    const res = await post(t.app, '/v2/pay-order-by-card', { order_id: order.id }, { token: c.token });
    expect(res.status).toBe(409);
    expect(fake.sessions.size).toBe(before);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Paid' });
    expect(await count(t.db, 'payments', order.id)).toBe(1);
  });

  it('refuses bad notices and changes nothing: wrong signature, changed body, too old, unknown event and order', async () => {
    const { order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId);
    const event = lastEvent(fake, 'checkout.session.completed', sessionId);
    const eventsBefore = await count(t.db, 'payment_events');
    expect((await sendEvent(t.app, fake, event, { secret: 'whsec_wrong' })).status).toBe(400);
    const changed = await sendEvent(t.app, fake, event, { tamper: (p) => p.replace('"paid"', '"paid" ') });
    expect(changed.status).toBe(400);
    expect((await sendEvent(t.app, fake, event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    const noHeader = await t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: '{}' });
    expect(noHeader.statusCode).toBe(400);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Pending' });
    expect(await count(t.db, 'payments', order.id)).toBe(0);
    expect(await count(t.db, 'payment_events')).toBe(eventsBefore);

    // A type the shop does not act on, and a session naming an order we do not have: answered, ignored.
    const other = { ...event, id: 'evt_other_type', type: 'customer.created' };
    expect((await sendEvent(t.app, fake, other)).status).toBe(200);
    const foreign = structuredClone(event);
    foreign.id = 'evt_foreign_order';
    (foreign.data.object as { metadata: Record<string, string> }).metadata.order_id = '987654';
    (foreign.data.object as { id: string }).id = 'cs_test_not_ours';
    const ignored = await sendEvent(t.app, fake, foreign);
    expect(ignored.status).toBe(200);
    expect(JSON.parse(ignored.body)).toMatchObject({ outcome: 'unknown_order' });
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Pending' });
    expect(await count(t.db, 'payments', order.id)).toBe(0);
  });

  it('a payment whose amount differs from the order is recorded but not Paid, and flagged for staff', async () => {
    const { order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId);
    const event = structuredClone(lastEvent(fake, 'checkout.session.completed', sessionId));
    event.id = 'evt_changed_amount';
    (event.data.object as { amount_total: number }).amount_total = order.total_cents - 100;
    expect((await sendEvent(t.app, fake, event)).status).toBe(200);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Pending', payment_attention: 'amount_mismatch' });
    expect(await eventsOf(t.db, order.id, 'paid')).toHaveLength(0);
    expect(await eventsOf(t.db, order.id, 'card_payment_attention')).toHaveLength(1);
  });

  it('a payment for an order cancelled a moment before is refunded once, automatically, and staff are told', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    // The shopper pays on the provider's page while the order is being cancelled: the cancel closes the page and
    // finds it paid; the notices arrive afterwards.
    fake.pay(sessionId);
    const cancelled = await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    const event = lastEvent(fake, 'checkout.session.completed', sessionId);
    const answers = await Promise.all([sendEvent(t.app, fake, event), sendEvent(t.app, fake, event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'Cancelled',
      payment_attention: 'paid_after_cancel',
    });
    expect(await count(t.db, 'refunds', order.id)).toBe(1);
    const refunds = [...fake.refunds.values()].filter((r) => r.metadata?.order_id === String(order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(order.total_cents);
    const row = await t.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider_ref: refunds[0]!.id, provider_status: 'succeeded', method: 'card' });
    // The refund's own notices settle nothing new.
    await sendEvent(t.app, fake, lastEvent(fake, 'charge.refunded', String(refunds[0]!.charge)));
    const paid = await readOrder(t.app, c.token, order.id);
    expect(paid.body.data.order).toMatchObject({ refund_owed_cents: 0, refunded_cents: order.total_cents });
  });

  it('a pending refund follows refund.updated; a dispute flags the order', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.nextRefundStatus = 'pending';
    const { session } = fake.pay(sessionId);
    await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', session.id));
    const refund = [...fake.refunds.values()].find((r) => r.metadata?.order_id === String(order.id))!;
    expect(refund.status).toBe('pending');
    fake.settleRefund(refund.id, 'failed');
    await sendEvent(t.app, fake, lastEvent(fake, 'refund.updated', refund.id));
    expect(await orderRow(t.db, order.id)).toMatchObject({ payment_attention: 'refund_failed' });
    const row = await t.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider_status: 'failed', failure_reason: 'expired_or_canceled_card' });
    fake.nextRefundStatus = 'succeeded';

    const second = await placeCardOrder(t.app, t.db);
    const { paymentIntent } = fake.pay(second.sessionId);
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', second.sessionId));
    const dispute = fake.dispute(String(paymentIntent.latest_charge));
    await sendEvent(t.app, fake, lastEvent(fake, 'charge.dispute.created', dispute.id));
    expect(await orderRow(t.db, second.order.id)).toMatchObject({ status: 'Paid', payment_attention: 'dispute' });

    // Staff see the payments with their card, the refund's state and the flag on the order's page.
    const owner = await createStaff(t.db, 'owner');
    const seen = await post(t.app, '/admin/orders/get', { order_no: order.order_no }, { token: owner.token });
    expect(seen.status, seen.body.message).toBe(200);
    expect(seen.body.data.order.payment).toMatchObject({
      method: 'card',
      attention: 'refund_failed',
      provider_payments: [
        { provider: 'stripe', amount_cents: order.total_cents, card_brand: 'visa', card_last4: '4242' },
      ],
    });
    expect(seen.body.data.order.refunds).toMatchObject([{ method: 'card', provider_status: 'failed' }]);
    expect(seen.body.data.order.totals.refunded_cents).toBe(0);
    const disputed = await post(
      t.app,
      '/admin/orders/get',
      { order_no: second.order.order_no },
      { token: owner.token },
    );
    expect(disputed.body.data.order.payment.attention).toBe('dispute');
  });

  it('a notice of a payment for a cancelled order whose page stayed open refunds it once', async () => {
    const { order, sessionId } = await placeCardOrder(t.app, t.db);
    // As if the provider had not closed the page on the cancel (an outage then).
    await t.db
      .updateTable('orders')
      .set({ status: 'Cancelled', cancelled_at: new Date().toISOString() })
      .where('id', '=', order.id)
      .execute();
    fake.pay(sessionId);
    const event = lastEvent(fake, 'checkout.session.completed', sessionId);
    const first = await sendEvent(t.app, fake, event);
    expect(JSON.parse(first.body)).toMatchObject({ outcome: 'refunded_unwanted_payment' });
    await sendEvent(t.app, fake, event);
    expect(await count(t.db, 'refunds', order.id)).toBe(1);
    expect([...fake.refunds.values()].filter((r) => r.metadata?.order_id === String(order.id))).toHaveLength(1);
    const refundCall = fake.requests.find((r) => r.path === '/v1/refunds' && r.params.payment_intent)!;
    expect(refundCall.idempotencyKey).toMatch(/^leafcup-refund-/);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'Cancelled',
      payment_attention: 'paid_after_cancel',
    });
  });

  it('cancelling an unpaid card order closes its hosted page at the provider', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    const cancelled = await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
    expect(cancelled.body.data.order).toMatchObject({ status: 'Cancelled', card_payment: { state: 'none' } });
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    expect(await count(t.db, 'refunds', order.id)).toBe(0);
  });

  it('bank transfer and payment link orders are unaffected by card settings', async () => {
    const made = await createProduct(t.db, { stock: 5 });
    const c = await customer(t.db);
    const res = await placeOrder(t.app, c, {
      payment_method: 'bank_transfer',
      items: [{ product_id: made.product.id, variant_id: made.variants[0]!.id, quantity: 1 }],
    });
    expect(res.status, res.body.message).toBe(200);
    expect((res.body.data as { checkout_url?: string }).checkout_url).toBeUndefined();
    expect(res.body.data.order.card_payment).toBeUndefined();
  });
});

describe.each(dialects)('without a card provider on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not offer Card, refuses it with "This method is not available", and has no webhook', async () => {
    const methods = await post(t.app, '/v2/get-all-payment-method', {});
    expect(methods.body.data.payment_methods.map((m) => m.code)).not.toContain('card');
    const made = await createProduct(t.db, { stock: 5 });
    const c = await customer(t.db);
    const before = await t.db.selectFrom('orders').select('id').execute();
    const res = await placeOrder(t.app, c, {
      payment_method: 'card',
      items: [{ product_id: made.product.id, variant_id: made.variants[0]!.id, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This method is not available');
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    const hook = await t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: '{}' });
    expect(hook.statusCode).toBe(404);
    const owner = await createStaff(t.db, 'owner');
    const settings = await post(t.app, '/admin/settings', {}, { token: owner.token });
    expect(settings.body.data.card_payments).toEqual({ on: false, mode: null, last_notice_at: null });
  });
});
