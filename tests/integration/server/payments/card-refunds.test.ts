import { createStaff } from '../../../factories/staff';
import type { FakeStripe } from '../../../support/fake-stripe';
import { dialects, post, type TestApp } from '../../helper';
import {
  type CardShops,
  count,
  lastEvent,
  orderRow,
  paidThenCancelled as paidThenCancelled_,
  placeCardOrder,
  sendEvent,
  startCardShops,
  stopCardShops,
} from './support';

/**
 * Refund to card (docs/decisions/040): staff's refund of a card-paid order goes through the provider (the real
 * `stripe` SDK against the fake Stripe), one refund per press whatever the concurrency, within what was paid less
 * what is refunded, and a refusal fails the refund with a clear answer.
 */
describe.each(dialects)('refunds to the card on %s', (dialect) => {
  let shops: CardShops;
  let fake: FakeStripe;
  let t: TestApp;
  let second: CardShops['second'];
  let owner: CardShops['owner'];
  beforeAll(async () => {
    shops = await startCardShops(dialect);
    ({ fake, t, second, owner } = shops);
  });
  afterAll(() => stopCardShops(shops ?? {}));

  /** A card order paid, then cancelled by staff: it owes its total back. */
  const paidThenCancelled = () => paidThenCancelled_(shops);

  const refundToCard = (orderNo: string, amount: number, as = owner, app = t.app) =>
    post(
      app,
      '/admin/orders/refund-to-card',
      { order_no: orderNo, amount_cents: amount, reason: 'Tin arrived dented' },
      as,
    );

  const sentFor = (orderId: number) =>
    [...fake.refunds.values()].filter((r) => r.metadata?.order_id === String(orderId));

  const rows = (orderId: number) =>
    t.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

  it('when the provider does not answer, the refund stays pending, holds its amount, and the next press resends it', async () => {
    const { order, total, paymentIntent } = await paidThenCancelled();
    fake.outage(3); // the request and the SDK's two retries
    const first = await refundToCard(order.order_no, 500);
    fake.outage(0);
    expect(first.status, first.body.message).toBe(409);
    expect(first.body.message).toContain('The card provider did not answer. The refund of $5.00 stays pending');
    expect(await rows(order.id)).toMatchObject([{ amount_cents: 500, provider_status: 'pending', provider_ref: null }]);
    expect(sentFor(order.id)).toHaveLength(0);

    // The next press sends the same refund again, under the same key, before anything new: one refund in all.
    const again = await refundToCard(order.order_no, total);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.message).toContain('The pending refund of $5.00 was sent to the card again (succeeded)');
    expect(again.body.data.refund_owed_cents).toBe(total - 500);
    expect(sentFor(order.id).map((r) => r.amount)).toEqual([500]);
    const saved = await rows(order.id);
    expect(saved).toMatchObject([{ amount_cents: 500, provider_status: 'succeeded', failure_reason: null }]);
    const keys = fake.requests
      .filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === paymentIntent.id)
      .map((r) => r.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([`leafcup-refund-${saved[0]!.id}-${paymentIntent.id}`]));
  });

  it('a partial then the rest reach the provider with their amounts and our refund ids as keys', async () => {
    const { order, total, paymentIntent } = await paidThenCancelled();
    const part = await refundToCard(order.order_no, 300);
    expect(part.status, part.body.message).toBe(200);
    expect(part.body.message).toContain('Refund of $3.00 sent to the card');
    expect(part.body.data).toMatchObject({ refund_owed_cents: total - 300, refund: { provider_status: 'succeeded' } });
    const rest = await refundToCard(order.order_no, total - 300);
    expect(rest.status, rest.body.message).toBe(200);
    expect(rest.body.data.refund_owed_cents).toBe(0);

    expect(sentFor(order.id).map((r) => r.amount)).toEqual([300, total - 300]);
    const saved = await rows(order.id);
    expect(saved).toMatchObject([
      { method: 'card', amount_cents: 300, provider_status: 'succeeded', provider_ref: sentFor(order.id)[0]!.id },
      { method: 'card', amount_cents: total - 300, provider_status: 'succeeded' },
    ]);
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === paymentIntent.id);
    expect(calls.map((c) => c.idempotencyKey)).toEqual(saved.map((r) => `leafcup-refund-${r.id}-${paymentIntent.id}`));
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'order.refund_to_card').execute();
    expect(audit.filter((a) => String(a.entity_id) === String(order.id))).toHaveLength(2);
  });

  it('refuses more than is refundable and sends nothing', async () => {
    const { order, total } = await paidThenCancelled();
    const res = await refundToCard(order.order_no, total + 1);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('can be refunded on this order');
    expect(sentFor(order.id)).toHaveLength(0);
    expect(await count(t.db, 'refunds', order.id)).toBe(0);
  });

  it('pressed twice at the same moment, on one instance and on two, refunds the last amount once', async () => {
    const one = await paidThenCancelled();
    const same = await Promise.all([
      refundToCard(one.order.order_no, one.total),
      refundToCard(one.order.order_no, one.total),
    ]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(sentFor(one.order.id)).toHaveLength(1);

    const two = await paidThenCancelled();
    const across = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        refundToCard(two.order.order_no, two.total, owner, i % 2 ? second.app : t.app),
      ),
    );
    expect(across.filter((r) => r.status === 200)).toHaveLength(1);
    expect(across.filter((r) => r.status === 409)).toHaveLength(3);
    expect(sentFor(two.order.id)).toHaveLength(1);
    expect(await count(t.db, 'refunds', two.order.id)).toBe(1);
  });

  it('a refusal by the provider fails the refund with its reason and a clear answer; the money stays refundable', async () => {
    const { order, total, paymentIntent } = await paidThenCancelled();
    // The provider knows of a refund we do not (made on its dashboard): it refuses ours as too large.
    const charge = fake.charges.get(String(paymentIntent.latest_charge))!;
    charge.amount_refunded = charge.amount - 100;
    const res = await refundToCard(order.order_no, 500);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('The card provider refused the refund');
    expect(await rows(order.id)).toMatchObject([{ provider_status: 'failed', provider_ref: null }]);
    expect((await rows(order.id))[0]!.failure_reason).toContain('amount_too_large');
    const seen = await post(t.app, '/admin/orders/get', { order_no: order.order_no }, owner);
    expect(seen.body.data.order.refund_owed_cents).toBe(total);
  });

  it('a role without the money permission is refused (403)', async () => {
    const { order } = await paidThenCancelled();
    const fulfilment = await createStaff(t.db, 'fulfilment');
    const res = await refundToCard(order.order_no, 100, fulfilment);
    expect(res.status).toBe(403);
    expect(sentFor(order.id)).toHaveLength(0);
  });

  it('a pending refund settles with refund.updated and the order page shows it', async () => {
    const { order, total } = await paidThenCancelled();
    fake.nextRefundStatus = 'pending';
    const res = await refundToCard(order.order_no, total);
    fake.nextRefundStatus = 'succeeded';
    expect(res.body.data).toMatchObject({ refund: { provider_status: 'pending' } });
    const [sent] = sentFor(order.id);
    fake.settleRefund(sent!.id, 'succeeded');
    expect((await sendEvent(t.app, fake, lastEvent(fake, 'refund.updated', sent!.id))).status).toBe(200);
    const seen = await post(t.app, '/admin/orders/get', { order_no: order.order_no }, owner);
    expect(seen.body.data.order.refunds).toMatchObject([{ method: 'card', provider_status: 'succeeded' }]);
    expect(seen.body.data.order.refund_owed_cents).toBe(0);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Cancelled' });
  });

  /** A card order paid and, by staff, moved on to `status` (Paid, Processing or Completed). */
  async function paidAndGoingOn(status: 'Paid' | 'Processing' | 'Completed') {
    const placed = await placeCardOrder(t.app, t.db);
    fake.pay(placed.sessionId);
    await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', placed.sessionId));
    const steps = { Paid: [], Processing: ['processing'], Completed: ['processing', 'complete'] }[status];
    for (const step of steps) {
      const res = await post(t.app, `/admin/orders/${step}`, { order_no: placed.order.order_no }, owner);
      expect(res.status, res.body.message).toBe(200);
    }
    return { ...placed, total: placed.order.total_cents as number };
  }

  it('refunds part of a Completed card order (a missing item), then the rest, never more; the customer sees it', async () => {
    const { c, order, total } = await paidAndGoingOn('Completed');
    const seen = await post(t.app, '/admin/orders/get', { order_no: order.order_no }, owner);
    expect(seen.body.data.order).toMatchObject({ refund_owed_cents: 0, refundable_cents: total });
    expect(seen.body.data.order.actions).toContain('refund');

    const part = await refundToCard(order.order_no, 250);
    expect(part.status, part.body.message).toBe(200);
    expect(part.body.message).toContain(
      `Refund of $2.50 sent to the card (succeeded); $${((total - 250) / 100).toFixed(2)} left to refund`,
    );
    expect(part.body.data).toMatchObject({ status: 'Completed', refund_owed_cents: 0, refundable_cents: total - 250 });
    expect(sentFor(order.id).map((r) => r.amount)).toEqual([250]);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Completed' });

    const over = await refundToCard(order.order_no, total - 249);
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('can be refunded on this order');
    const rest = await refundToCard(order.order_no, total - 250);
    expect(rest.status, rest.body.message).toBe(200);
    const none = await refundToCard(order.order_no, 1);
    expect(none.status).toBe(409);
    expect(sentFor(order.id).map((r) => r.amount)).toEqual([250, total - 250]);

    const mine = await post(t.app, '/v1/get-order-details', { order_id: order.id }, { token: c.token });
    expect(mine.body.data.order).toMatchObject({ status: 'Completed', refunded_cents: total, refund_owed_cents: 0 });
  });

  it('a Pending card order has nothing to refund', async () => {
    const { order } = await placeCardOrder(t.app, t.db);
    const res = await refundToCard(order.order_no, 100);
    expect(res.status).toBe(409);
    expect(sentFor(order.id)).toHaveLength(0);
  });

  it('two partial refunds of a Paid order at once, on two instances, never exceed what was paid', async () => {
    const { order, total } = await paidAndGoingOn('Paid');
    const most = Math.ceil(total * 0.6);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => refundToCard(order.order_no, most, owner, i % 2 ? second.app : t.app)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(sentFor(order.id).map((r) => r.amount)).toEqual([most]);
    expect(await count(t.db, 'refunds', order.id)).toBe(1);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'Paid' });
  });
});
