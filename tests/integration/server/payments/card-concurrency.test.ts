import { cancelUnpaidOrders } from '../../../../src/server/orders/expiry';
import type { FakeStripe } from '../../../support/fake-stripe';
import { dialects, post, type TestApp } from '../../helper';
import {
  type CardShops,
  count,
  eventsOf,
  lastEvent,
  orderRow,
  placeCardOrder,
  readOrder,
  sendEvent,
  startCardShops,
  stopCardShops,
} from './support';

/**
 * Card payments under concurrency, on one database shared by two instances (docs/decisions/040): however often and
 * wherever a notice lands, and whatever reads the provider at the same moment, one payment, one status change, one
 * refund. And the unpaid-order expiry closes a card order's hosted page first.
 */
describe.each(dialects)('card payments under concurrency on %s', (dialect) => {
  let shops: CardShops;
  let fake: FakeStripe;
  let t: TestApp;
  let second: CardShops['second'];
  beforeAll(async () => {
    shops = await startCardShops(dialect);
    ({ fake, t, second } = shops);
  });
  afterAll(() => stopCardShops(shops ?? {}));

  const paidNotices = async (orderId: number) =>
    (await t.db.selectFrom('notifications').select('kind').where('order_id', '=', orderId).execute()).filter(
      (n) => n.kind === 'paid',
    ).length;

  it('the same notice ×10 at once across two instances: one payment, one status change, one notice', async () => {
    const { order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId);
    const event = lastEvent(fake, 'checkout.session.completed', sessionId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sendEvent(i % 2 ? second.app : t.app, fake, event)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Paid' });
    expect(await count(t.db, 'payments', order.id)).toBe(1);
    expect(await eventsOf(t.db, order.id, 'paid')).toHaveLength(1);
    expect(await eventsOf(t.db, order.id, 'card_payment')).toHaveLength(1);
    expect(await paidNotices(order.id)).toBe(1);
    const applied = await t.db.selectFrom('payment_events').selectAll().where('event_id', '=', event.id).execute();
    expect(applied).toHaveLength(1);
  });

  it('the shopper’s return read and the notice at the same moment: one payment, one status change', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId);
    const event = lastEvent(fake, 'checkout.session.completed', sessionId);
    const [read, hook, read2] = await Promise.all([
      readOrder(t.app, c.token, order.id, sessionId),
      sendEvent(second.app, fake, event),
      readOrder(second.app, c.token, order.id, sessionId),
    ]);
    expect(hook.status).toBe(200);
    expect([read.status, read2.status]).toEqual([200, 200]);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Paid' });
    expect(await count(t.db, 'payments', order.id)).toBe(1);
    expect(await eventsOf(t.db, order.id, 'paid')).toHaveLength(1);
    expect(await paidNotices(order.id)).toBe(1);
  });

  it('a payment for an order cancelled a moment before, told to both instances at once: one refund', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.pay(sessionId);
    const event = lastEvent(fake, 'checkout.session.completed', sessionId);
    // Cancelled a moment after the shopper paid (the cancel closes the page and finds it paid), then the notice
    // arrives six times on two instances at once.
    const cancelled = await post(t.app, '/v2/cancel-order', { order_id: order.id }, { token: c.token });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => sendEvent(i % 2 ? second.app : t.app, fake, event)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'Cancelled',
      payment_attention: 'paid_after_cancel',
    });
    expect(await count(t.db, 'payments', order.id)).toBe(1);
    expect(await count(t.db, 'refunds', order.id)).toBe(1);
    const refunds = [...fake.refunds.values()].filter((r) => r.metadata?.order_id === String(order.id));
    expect(refunds).toHaveLength(1);
    expect(await eventsOf(t.db, order.id, 'card_payment_attention')).toHaveLength(1);
  });

  it('Pay now pressed on both instances at once after the page expired: one new session', async () => {
    const { c, order, sessionId } = await placeCardOrder(t.app, t.db);
    fake.expire(sessionId);
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.expired', sessionId));
    const before = fake.sessions.size;
    const [a, b] = await Promise.all([
      post(t.app, '/v2/pay-order-by-card', { order_id: order.id }, { token: c.token }),
      post(second.app, '/v2/pay-order-by-card', { order_id: order.id }, { token: c.token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.checkout_url).toBe(b.body.data.checkout_url);
    expect(fake.sessions.size).toBe(before + 1);
    const rows = await t.db
      .selectFrom('checkout_sessions')
      .select('attempt')
      .where('order_id', '=', order.id)
      .execute();
    expect(rows.map((r) => r.attempt).sort()).toEqual([1, 2]);
  });

  it('the unpaid-order expiry closes the hosted page at the provider, and keeps an order paid meanwhile', async () => {
    const unpaid = await placeCardOrder(t.app, t.db);
    const paidMeanwhile = await placeCardOrder(t.app, t.db);
    fake.pay(paidMeanwhile.sessionId);
    const old = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await t.db
      .updateTable('orders')
      .set({ placed_at: old })
      .where('id', 'in', [unpaid.order.id, paidMeanwhile.order.id])
      .execute();

    const report = await cancelUnpaidOrders(t.shop);
    expect(report.cancelled).toContain(unpaid.order.id);
    expect(report.kept).toContain(paidMeanwhile.order.id);
    expect(fake.sessions.get(unpaid.sessionId)!.status).toBe('expired');
    expect(await orderRow(t.db, unpaid.order.id)).toMatchObject({ status: 'Cancelled' });
    const row = await t.db
      .selectFrom('checkout_sessions')
      .select('status')
      .where('provider_ref', '=', unpaid.sessionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    // The one paid on the provider's page (its notice not yet arrived) is Paid, not cancelled.
    expect(await orderRow(t.db, paidMeanwhile.order.id)).toMatchObject({ status: 'Paid' });
    expect(await count(t.db, 'payments', paidMeanwhile.order.id)).toBe(1);
    // Its notice, arriving late, changes nothing more.
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', paidMeanwhile.sessionId));
    expect(await count(t.db, 'payments', paidMeanwhile.order.id)).toBe(1);
    expect(await eventsOf(t.db, paidMeanwhile.order.id, 'paid')).toHaveLength(1);
  });
});
