import { cancelUnpaidOrders } from '../../../../src/server/orders/expiry';
import { chargeDueRenewals } from '../../../../src/server/payments/renewal-charges';
import { RENEWAL_CHARGE_ATTEMPTS } from '../../../../src/server/payments/renewal-failures';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import {
  chargesOf,
  dueNow,
  inDays,
  mailsOf,
  noticesOf,
  renewalOf,
  renewalRequests,
  subscribeByCard,
} from './renewal-support';
import { count, eventsOf, lastEvent, orderRow, sendEvent, stripeEnv } from './support';

/**
 * Subscribe & save renewals charged to a saved card (docs/decisions/040): only with the consent ticked on the first
 * card order; each renewal charged off-session by the server, once; a decline retried after 1 and 3 days with the
 * customer told and Pay now offered, then left to expire; removing the card stops it at once. The real `stripe` SDK
 * against the fake Stripe; nothing of ours mocked.
 */
describe.each(dialects)('renewals charged to a saved card on %s', (dialect) => {
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

  it('without the consent nothing is saved, and the renewal waits for Pay now', async () => {
    const { c, order, sub, sessionId } = await subscribeByCard(t.app, t.db, fake, { consent: false });
    expect(order).toMatchObject({ status: 'Paid', save_card_consent_at: null });
    const session = fake.sessions.get(sessionId)!;
    expect(session.customer).toBeNull();
    expect(fake.paymentIntents.get(String(session.payment_intent))?.setup_future_usage).toBeNull();
    expect(sub.saved_card_id).toBeNull();
    const cards = await t.db.selectFrom('saved_cards').selectAll().where('user_id', '=', c.userId).execute();
    expect(cards).toEqual([]);

    await dueNow(t.db, sub.id);
    await placeDueRenewals(t.shop, new Date());
    const renewal = await renewalOf(t.db, sub.id);
    expect(renewal).toMatchObject({ status: 'Pending', payment_method: 'card' });
    expect(await chargesOf(t.db, renewal.id)).toEqual([]);
    expect(renewalRequests(fake, renewal)).toEqual([]);
    // Pay now opens a hosted page for it.
    const pay = await post(t.app, '/v2/pay-order-by-card', { order_id: renewal.id }, { token: c.token });
    expect(pay.status, pay.body.message).toBe(200);
  });

  it('with the consent the card is saved and linked; a renewal is charged its total off-session and Paid once', async () => {
    const { c, order, sub, sessionId } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    expect(order.save_card_consent_at).not.toBeNull();
    const session = fake.sessions.get(sessionId)!;
    expect(session.customer).toMatch(/^cus_/);
    // The consent's words again beside the provider's Pay button.
    const create = fake.requests.find(
      (r) =>
        r.path === '/v1/checkout/sessions' &&
        (r.params.metadata as { order_id?: string })?.order_id === String(order.id),
    );
    expect(JSON.stringify(create?.params.custom_text)).toContain('removing the saved card');
    expect(fake.paymentIntents.get(String(session.payment_intent))?.setup_future_usage).toBe('off_session');
    const card = await t.db
      .selectFrom('saved_cards')
      .selectAll()
      .where('user_id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', customer_ref: session.customer, removed_at: null });
    expect(sub.saved_card_id).toBe(card.id);
    const listed = await post(t.app, '/v2/get-saved-cards', {}, { token: c.token });
    expect(listed.body.data.saved_cards).toEqual([
      expect.objectContaining({ id: card.id, brand: 'visa', last4: '4242' }),
    ]);
    const subs = await post(t.app, '/v2/get-subscriptions', {}, { token: c.token });
    expect(subs.body.data.subscriptions[0]).toMatchObject({ payment_method: 'card', saved_card: { id: card.id } });

    await dueNow(t.db, sub.id);
    const report = await placeDueRenewals(t.shop, new Date());
    const renewal = await renewalOf(t.db, sub.id);
    expect(report.charges?.paid).toEqual([renewal.id]);
    expect(await orderRow(t.db, renewal.id)).toMatchObject({ status: 'Paid', payment_method: 'card' });
    const calls = renewalRequests(fake, renewal);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`leafcup-renewal-${renewal.order_no}-${renewal.id}-1`);
    expect(calls[0]!.params).toMatchObject({
      amount: String(renewal.total_cents),
      off_session: 'true',
      confirm: 'true',
    });
    expect(await count(t.db, 'payments', renewal.id)).toBe(1);
    expect(await eventsOf(t.db, renewal.id, 'paid')).toHaveLength(1);
    expect(await noticesOf(t.db, renewal.id, 'paid')).toHaveLength(1);
    expect(await chargesOf(t.db, renewal.id)).toEqual([expect.objectContaining({ attempt: 1, status: 'succeeded' })]);

    // Another round: nothing charged again.
    await chargeDueRenewals(t.shop, inDays(1));
    expect(renewalRequests(fake, renewal)).toHaveLength(1);
  });

  it('a decline is retried after 1 and 3 days, the customer told each time; then it expires and the subscription says why', async () => {
    const { c, sub, paymentMethod } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    fake.declineCard(paymentMethod);
    const shop = { ...t.shop, mailOn: true };
    await dueNow(t.db, sub.id);
    const start = Date.now();
    await placeDueRenewals(shop, new Date(start));
    const renewal = await renewalOf(t.db, sub.id);
    expect(renewal.status).toBe('Pending');
    let charges = await chargesOf(t.db, renewal.id);
    expect(charges.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'failed'],
      [2, 'scheduled'],
    ]);
    expect(charges[0]).toMatchObject({ failure_kind: 'card_declined', failure_code: 'insufficient_funds' });
    const firstFailedAt = Date.parse(charges[0]!.updated_at);
    expect(Date.parse(charges[1]!.due_at) - firstFailedAt).toBe(86_400_000);
    const told = await noticesOf(t.db, renewal.id, 'renewal_charge_failed');
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]!.params!)).toEqual({ retry_at: charges[1]!.due_at });
    expect(await mailsOf(t.db, renewal.id, 'renewal_charge_failed')).toHaveLength(1);

    // Not yet due: nothing. A day later: the second try; three days after the first failure: the last.
    await chargeDueRenewals(shop, new Date(start + 3_600_000));
    expect(renewalRequests(fake, renewal)).toHaveLength(1);
    await chargeDueRenewals(shop, inDays(1, start));
    charges = await chargesOf(t.db, renewal.id);
    expect(charges.map((r) => r.status)).toEqual(['failed', 'failed', 'scheduled']);
    expect(Date.parse(charges[2]!.due_at) - firstFailedAt).toBe(3 * 86_400_000);
    // Still within the unpaid-order hours of its last failure: kept.
    expect((await cancelUnpaidOrders(shop, inDays(2, start))).cancelled).not.toContain(renewal.id);
    await chargeDueRenewals(shop, inDays(3, start));
    charges = await chargesOf(t.db, renewal.id);
    expect(charges).toHaveLength(RENEWAL_CHARGE_ATTEMPTS);
    expect(charges.every((r) => r.status === 'failed')).toBe(true);
    expect(renewalRequests(fake, renewal).map((r) => r.idempotencyKey?.slice(-2))).toEqual(['-1', '-2', '-3']);
    expect(await noticesOf(t.db, renewal.id, 'renewal_charge_failed')).toHaveLength(3);
    const last = await noticesOf(t.db, renewal.id, 'renewal_charge_failed');
    expect(last[2]!.params).toBeNull();
    const subs = await post(t.app, '/v2/get-subscriptions', { lang: 'zh' }, { token: c.token });
    expect(subs.body.data.subscriptions[0]?.renewal_failure).toMatchObject({
      reason: 'card_declined',
      order_id: renewal.id,
      order_no: renewal.order_no,
    });

    // The unpaid-order hours (48) after the last failure: cancelled as unpaid orders are, with the usual notice.
    expect((await cancelUnpaidOrders(shop, inDays(4, start))).cancelled).not.toContain(renewal.id);
    expect((await cancelUnpaidOrders(shop, inDays(5.1, start))).cancelled).toContain(renewal.id);
    expect(await orderRow(t.db, renewal.id)).toMatchObject({ status: 'Cancelled' });
    expect(await noticesOf(t.db, renewal.id, 'expired')).toHaveLength(1);
    const after = await post(t.app, '/v2/get-subscriptions', {}, { token: c.token });
    expect(after.body.data.subscriptions[0]?.renewal_failure).toMatchObject({ order_id: renewal.id });
  });

  it('authentication_required counts as a failure and falls back to Pay now', async () => {
    const { c, sub, paymentMethod } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    fake.declineCard(paymentMethod, 'authentication_required');
    await dueNow(t.db, sub.id);
    await placeDueRenewals(t.shop, new Date());
    const renewal = await renewalOf(t.db, sub.id);
    expect((await chargesOf(t.db, renewal.id))[0]).toMatchObject({
      status: 'failed',
      failure_kind: 'authentication_required',
    });
    // The customer pays it now instead: the retry waiting for it is not charged.
    const pay = await post(t.app, '/v2/pay-order-by-card', { order_id: renewal.id }, { token: c.token });
    const sessionId = pay.body.data.checkout_url.split('/pay/')[1]!;
    fake.pay(sessionId);
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', sessionId));
    expect(await orderRow(t.db, renewal.id)).toMatchObject({ status: 'Paid' });
    await chargeDueRenewals(t.shop, inDays(1));
    expect(renewalRequests(fake, renewal)).toHaveLength(1);
    expect((await chargesOf(t.db, renewal.id)).map((r) => r.status)).toEqual(['failed', 'cancelled']);
  });

  it('removing the card stops automatic charges at once: the retry and the next renewal wait for Pay now', async () => {
    const { c, sub, paymentMethod } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    fake.declineCard(paymentMethod);
    await dueNow(t.db, sub.id);
    await placeDueRenewals(t.shop, new Date());
    const first = await renewalOf(t.db, sub.id);
    const card = sub.saved_card_id!;
    const removed = await post(t.app, '/v2/remove-saved-card', { saved_card_id: card }, { token: c.token });
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.data.saved_cards).toEqual([]);
    const other = await post(
      t.app,
      '/v2/remove-saved-card',
      { saved_card_id: card },
      { token: (await subscribeByCard(t.app, t.db, fake, { consent: false })).c.token },
    );
    expect(other.status).toBe(404);
    expect((await chargesOf(t.db, first.id)).map((r) => r.status)).toEqual(['failed', 'cancelled']);
    await chargeDueRenewals(t.shop, inDays(1));
    expect(renewalRequests(fake, first)).toHaveLength(1);

    await dueNow(t.db, sub.id, 2);
    await placeDueRenewals(t.shop, new Date());
    const next = await renewalOf(t.db, sub.id);
    expect(next.id).not.toBe(first.id);
    expect(next).toMatchObject({ status: 'Pending', payment_method: 'card' });
    expect(await chargesOf(t.db, next.id)).toEqual([]);
    expect(renewalRequests(fake, next)).toEqual([]);
    const subs = await post(t.app, '/v2/get-subscriptions', {}, { token: c.token });
    expect(subs.body.data.subscriptions[0]?.saved_card).toBeNull();
  });

  it('the payment_failed notice of a renewal, repeated, is applied once (and agrees with the synchronous answer)', async () => {
    const { sub, paymentMethod } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    fake.declineCard(paymentMethod);
    await dueNow(t.db, sub.id);
    await placeDueRenewals(t.shop, new Date());
    const renewal = await renewalOf(t.db, sub.id);
    // Attempt 1's failure was applied by the synchronous answer: its notice changes nothing.
    const first = (await chargesOf(t.db, renewal.id))[0]!;
    const known = await sendEvent(t.app, fake, lastEvent(fake, 'payment_intent.payment_failed', first.payment_ref!));
    expect(JSON.parse(known.body)).toMatchObject({ outcome: 'renewal_failure_known' });

    // Attempt 2's notice arrives while the charge is still running here (claimed; the provider asked directly).
    await t.db
      .updateTable('renewal_charges')
      .set({ status: 'charging' })
      .where('order_id', '=', renewal.id)
      .where('attempt', '=', 2)
      .execute();
    const card = await t.db
      .selectFrom('saved_cards')
      .selectAll()
      .where('id', '=', sub.saved_card_id!)
      .executeTakeFirstOrThrow();
    const charged = await t.shop.payments!.chargeSavedCard({
      orderId: renewal.id,
      orderNo: renewal.order_no,
      attempt: 2,
      amountCents: renewal.total_cents,
      currency: 'usd',
      savedCard: { customerRef: card.customer_ref, paymentMethodRef: card.payment_method_ref },
    });
    const pi = charged.ok ? '' : charged.failure.paymentReference!;
    const event = lastEvent(fake, 'payment_intent.payment_failed', pi);
    const answers = await Promise.all([1, 2, 3].map(() => sendEvent(t.app, fake, event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Stripe delivers the same failure again under a new event id: still once.
    const again = await sendEvent(t.app, fake, { ...event, id: `${event.id}_again` });
    expect(JSON.parse(again.body)).toMatchObject({ outcome: 'renewal_failure_known' });
    const charges = await chargesOf(t.db, renewal.id);
    expect(charges.map((r) => [r.attempt, r.status, r.payment_ref])).toEqual([
      [1, 'failed', first.payment_ref],
      [2, 'failed', pi],
      [3, 'scheduled', null],
    ]);
    expect(await noticesOf(t.db, renewal.id, 'renewal_charge_failed')).toHaveLength(2);
    expect(await eventsOf(t.db, renewal.id, 'card_payment')).toHaveLength(2);
  });
});
