import {
  createReconcileJob,
  RECONCILE,
  reconcileCardPayments,
  STALE_REFUND_NOTE,
} from '../../../../src/server/payments/reconcile';
import { dialects, post } from '../../helper';
import {
  count,
  eventsOf,
  lastEvent,
  orderRow,
  paidThenCancelled as paidThenCancelled_,
  placeCardOrder,
  sendEvent,
  withCardShops,
} from './support';

/**
 * The reconciliation job (docs/decisions/040, payments/reconcile.ts) with the real `stripe` SDK against the fake
 * Stripe, on one database shared by two instances: a notice that never arrived still settles the order or the
 * refund, once, whatever runs at the same moment; the provider down changes nothing until it answers again.
 */
describe.each(dialects)('card payment reconciliation on %s', (dialect) => {
  const shops = withCardShops(dialect);

  /** A moment when everything made now is old enough for the job to ask about. */
  const later = (ms = RECONCILE.settleMs + 60_000) => new Date(Date.now() + ms);
  const round = (shop = shops.t.shop, at = later()) => reconcileCardPayments(shop, at);
  const paidNotices = async (orderId: number) =>
    (await shops.t.db.selectFrom('notifications').select('kind').where('order_id', '=', orderId).execute()).filter(
      (n) => n.kind === 'paid',
    ).length;
  const refundsAtStripe = (orderId: number) =>
    [...shops.fake.refunds.values()].filter((r) => r.metadata?.order_id === String(orderId));
  const refundRows = (orderId: number) =>
    shops.t.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

  it('a paid session whose notice never arrived: Paid after a round, and its late notice changes nothing', async () => {
    const { order, sessionId } = await placeCardOrder(shops.t.app, shops.t.db);
    shops.fake.pay(sessionId);
    // Too young: left to its notice.
    expect((await round(shops.t.shop, new Date())).sessions.map((s) => s.orderId)).not.toContain(order.id);
    expect(await orderRow(shops.t.db, order.id)).toMatchObject({ status: 'Pending' });

    const report = await round();
    expect(report.sessions).toContainEqual({ orderId: order.id, outcome: 'paid' });
    expect(await orderRow(shops.t.db, order.id)).toMatchObject({ status: 'Paid' });
    const [payment] = await shops.t.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).execute();
    expect(payment).toMatchObject({ card_brand: 'visa', card_last4: '4242', amount_cents: order.total_cents });
    expect(await paidNotices(order.id)).toBe(1);

    await sendEvent(shops.t.app, shops.fake, lastEvent(shops.fake, 'checkout.session.completed', sessionId));
    expect((await round()).sessions.map((s) => s.orderId)).not.toContain(order.id);
    expect(await count(shops.t.db, 'payments', order.id)).toBe(1);
    expect(await eventsOf(shops.t.db, order.id, 'paid')).toHaveLength(1);
  });

  it('an order cancelled while its page stayed open and was then paid: refunded once', async () => {
    const { c, order, sessionId } = await placeCardOrder(shops.t.app, shops.t.db);
    // Stripe is down as the customer cancels: the hosted page is not closed there.
    shops.fake.outage(3);
    const cancelled = await post(shops.t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
    shops.fake.outage(0);
    expect(cancelled.status, cancelled.body.message).toBe(200);
    shops.fake.pay(sessionId);

    const [a, b] = await Promise.all([round(), round(shops.second.app.shop)]);
    expect([...a.sessions, ...b.sessions].filter((s) => s.orderId === order.id).map((s) => s.outcome)).toContain(
      'refunded_unwanted_payment',
    );
    await round();
    expect(await orderRow(shops.t.db, order.id)).toMatchObject({
      status: 'Cancelled',
      payment_attention: 'paid_after_cancel',
    });
    expect(await count(shops.t.db, 'payments', order.id)).toBe(1);
    expect(refundsAtStripe(order.id)).toHaveLength(1);
    expect(await refundRows(order.id)).toMatchObject([{ provider_status: 'succeeded' }]);
    // Its notice, arriving at last, refunds nothing more.
    await sendEvent(shops.t.app, shops.fake, lastEvent(shops.fake, 'checkout.session.completed', sessionId));
    expect(refundsAtStripe(order.id)).toHaveLength(1);
  });

  it('the job and the notice at the same moment: one payment, one status change', async () => {
    const { order, sessionId } = await placeCardOrder(shops.t.app, shops.t.db);
    shops.fake.pay(sessionId);
    const event = lastEvent(shops.fake, 'checkout.session.completed', sessionId);
    const [, hook] = await Promise.all([
      round(),
      sendEvent(shops.second.app, shops.fake, event),
      round(shops.second.app.shop),
    ]);
    expect(hook.status).toBe(200);
    expect(await orderRow(shops.t.db, order.id)).toMatchObject({ status: 'Paid' });
    expect(await count(shops.t.db, 'payments', order.id)).toBe(1);
    expect(await eventsOf(shops.t.db, order.id, 'paid')).toHaveLength(1);
    expect(await eventsOf(shops.t.db, order.id, 'card_payment')).toHaveLength(1);
    expect(await paidNotices(order.id)).toBe(1);
  });

  it('the provider down during a round changes nothing; the next round settles it', async () => {
    const { order, sessionId } = await placeCardOrder(shops.t.app, shops.t.db);
    shops.fake.pay(sessionId);
    shops.fake.outage(1000);
    const down = await round();
    shops.fake.outage(0);
    expect(down.unavailable).toBe(true);
    expect(await orderRow(shops.t.db, order.id)).toMatchObject({ status: 'Pending' });
    expect(await count(shops.t.db, 'payments', order.id)).toBe(0);

    const up = await round();
    expect(up.unavailable).toBe(false);
    expect(await orderRow(shops.t.db, order.id)).toMatchObject({ status: 'Paid' });
    expect(await count(shops.t.db, 'payments', order.id)).toBe(1);
  });

  it('two instances tick at once: one runs the round', async () => {
    const { order, sessionId } = await placeCardOrder(shops.t.app, shops.t.db);
    shops.fake.pay(sessionId);
    const jobs = [createReconcileJob(shops.t.shop), createReconcileJob(shops.second.app.shop)];
    try {
      const at = later();
      const rounds = await Promise.all(jobs.map((job) => job.tickOnce(at)));
      expect(rounds.filter((r) => r !== null)).toHaveLength(1);
      expect(await orderRow(shops.t.db, order.id)).toMatchObject({ status: 'Paid' });
      expect(await eventsOf(shops.t.db, order.id, 'paid')).toHaveLength(1);
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
  });

  const paidThenCancelled = () => paidThenCancelled_(shops);
  const refundToCard = (orderNo: string, amount: number) =>
    post(
      shops.t.app,
      '/admin/orders/refund-to-card',
      { order_no: orderNo, amount_cents: amount, reason: 'Dented' },
      shops.owner,
    );

  it('a refund the provider never answered for is sent again with its key, once', async () => {
    const { order, paymentIntent } = await paidThenCancelled();
    shops.fake.outage(3);
    expect((await refundToCard(order.order_no, 400)).status).toBe(409);
    shops.fake.outage(0);
    const [a, b] = await Promise.all([round(), round(shops.second.app.shop)]);
    const [row] = await refundRows(order.id);
    expect([...a.resent, ...b.resent].filter((r) => r.refundId === row!.id).length).toBeGreaterThanOrEqual(1);
    expect(row).toMatchObject({ amount_cents: 400, provider_status: 'succeeded' });
    expect(refundsAtStripe(order.id).map((r) => r.amount)).toEqual([400]);
    const keys = shops.fake.requests
      .filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === paymentIntent.id)
      .map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`leafcup-refund-${row!.id}-${paymentIntent.id}`]));
  });

  it('a refund pending at the provider whose notice was lost is read back and settled', async () => {
    const { order } = await paidThenCancelled();
    shops.fake.nextRefundStatus = 'pending';
    const res = await refundToCard(order.order_no, order.total_cents);
    shops.fake.nextRefundStatus = 'succeeded';
    expect(res.body.data).toMatchObject({ refund: { provider_status: 'pending' } });
    shops.fake.settleRefund(refundsAtStripe(order.id)[0]!.id, 'failed');
    const report = await round();
    const [row] = await refundRows(order.id);
    expect(report.settled).toContainEqual({ refundId: row!.id, outcome: 'refund_failed' });
    expect(row).toMatchObject({ provider_status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(await orderRow(shops.t.db, order.id)).toMatchObject({ payment_attention: 'refund_failed' });
  });

  it('a refund never answered for 23 hours is no longer sent but flagged once for a person', async () => {
    const { order } = await paidThenCancelled();
    shops.fake.outage(3);
    expect((await refundToCard(order.order_no, 300)).status).toBe(409);
    shops.fake.outage(0);
    const dayLater = later(RECONCILE.resendMs + 60_000);
    const first = await round(shops.t.shop, dayLater);
    await round(shops.second.app.shop, dayLater);
    const [row] = await refundRows(order.id);
    expect(first.stale).toContain(row!.id);
    expect(row).toMatchObject({ provider_status: 'pending', provider_ref: null, failure_reason: STALE_REFUND_NOTE });
    expect(refundsAtStripe(order.id)).toHaveLength(0);
    expect(await orderRow(shops.t.db, order.id)).toMatchObject({ payment_attention: 'refund_failed' });
    expect(await eventsOf(shops.t.db, order.id, 'card_payment_attention')).toHaveLength(1);
  });
});
