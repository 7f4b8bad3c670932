import { chargeDueRenewals } from '../../../../src/server/payments/renewal-charges';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import type { FakeStripe } from '../../../support/fake-stripe';
import { dialects } from '../../helper';
import { chargesOf, dueNow, noticesOf, renewalOf, renewalRequests, subscribeByCard } from './renewal-support';
import { type CardShops, count, eventsOf, orderRow, withCardShops } from './support';

/**
 * Renewal charges that need a later round (docs/decisions/040): a renewal whose first charge was never scheduled (the
 * placing instance stopped right after the order's commit) is found and charged once, whatever runs at once; an
 * off-session payment still processing is read again by its reference and marks the renewal Paid once it settled.
 * The real `stripe` SDK against the fake Stripe, on one database shared by two instances.
 */
describe.each(dialects)('renewal charges finished by a later round on %s', (dialect) => {
  const shops = withCardShops(dialect);
  const minutes = (n: number, from = Date.now()) => new Date(from + n * 60_000);

  /**
   * A consenting subscription's renewal placed as if its instance stopped before scheduling attempt 1: placed while
   * the subscription's card was briefly unlinked, then linked again — a Pending card order with no attempt row.
   */
  async function renewalNeverScheduled({ t, fake }: Pick<CardShops, 't'> & { fake: FakeStripe }) {
    const { sub } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    const card = sub.saved_card_id!;
    await t.db.updateTable('subscriptions').set({ saved_card_id: null }).where('id', '=', sub.id).execute();
    await dueNow(t.db, sub.id);
    await placeDueRenewals(t.shop, new Date());
    await t.db.updateTable('subscriptions').set({ saved_card_id: card }).where('id', '=', sub.id).execute();
    const renewal = await renewalOf(t.db, sub.id);
    expect(renewal).toMatchObject({ status: 'Pending', payment_method: 'card' });
    expect(await chargesOf(t.db, renewal.id)).toEqual([]);
    return { sub, renewal, card };
  }

  it('a renewal whose first charge was never scheduled is charged by the next round, once', async () => {
    const { t, fake } = shops;
    const { renewal } = await renewalNeverScheduled(shops);
    // Under a minute old: left to the instance placing it.
    expect((await chargeDueRenewals(t.shop, new Date())).recovered).not.toContain(renewal.id);
    expect(renewalRequests(fake, renewal)).toEqual([]);

    const report = await chargeDueRenewals(t.shop, minutes(2));
    expect(report.recovered).toEqual([renewal.id]);
    expect(report.paid).toEqual([renewal.id]);
    expect(await orderRow(t.db, renewal.id)).toMatchObject({ status: 'Paid' });
    expect(await chargesOf(t.db, renewal.id)).toEqual([expect.objectContaining({ attempt: 1, status: 'succeeded' })]);
    expect(renewalRequests(fake, renewal).map((r) => r.idempotencyKey)).toEqual([
      `leafcup-renewal-${renewal.order_no}-${renewal.id}-1`,
    ]);

    await chargeDueRenewals(t.shop, minutes(30));
    expect(renewalRequests(fake, renewal)).toHaveLength(1);
    expect(await count(t.db, 'payments', renewal.id)).toBe(1);
  });

  it('two rounds at once on two instances: scheduled once, charged once', async () => {
    const { t, fake, second } = shops;
    const { renewal } = await renewalNeverScheduled(shops);
    const at = minutes(2);
    const reports = await Promise.all([
      chargeDueRenewals(t.shop, at),
      chargeDueRenewals(second.app.shop, at),
      chargeDueRenewals(t.shop, at),
    ]);
    expect(reports.flatMap((r) => r.recovered)).toEqual([renewal.id]);
    expect(reports.flatMap((r) => r.paid)).toEqual([renewal.id]);
    expect(renewalRequests(fake, renewal)).toHaveLength(1);
    expect(await chargesOf(t.db, renewal.id)).toHaveLength(1);
    expect(await count(t.db, 'payments', renewal.id)).toBe(1);
    expect(await eventsOf(t.db, renewal.id, 'paid')).toHaveLength(1);
    expect(await noticesOf(t.db, renewal.id, 'paid')).toHaveLength(1);
  });

  it('a renewal placed before its card was saved waits for Pay now: not charged by a round', async () => {
    const { t, fake } = shops;
    const { renewal, card } = await renewalNeverScheduled(shops);
    const later = new Date(Date.parse(renewal.placed_at) + 1_000).toISOString();
    await t.db.updateTable('saved_cards').set({ created_at: later }).where('id', '=', card).execute();
    expect((await chargeDueRenewals(t.shop, minutes(2))).recovered).not.toContain(renewal.id);
    expect(await chargesOf(t.db, renewal.id)).toEqual([]);
    expect(renewalRequests(fake, renewal)).toEqual([]);
    expect(await orderRow(t.db, renewal.id)).toMatchObject({ status: 'Pending' });
  });

  it('an off-session payment still processing is read again, and the read after it settled marks Paid once', async () => {
    const { t, fake } = shops;
    const { sub, paymentMethod } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    fake.chargeLater(paymentMethod);
    await dueNow(t.db, sub.id);
    const start = Date.now();
    const placed = await placeDueRenewals(t.shop, new Date(start));
    const renewal = await renewalOf(t.db, sub.id);
    expect(placed.charges?.later).toEqual([renewal.id]);
    const [attempt] = await chargesOf(t.db, renewal.id);
    expect(attempt).toMatchObject({ attempt: 1, status: 'charging' });
    const pi = attempt!.payment_ref!;
    expect(fake.paymentIntents.get(pi)?.status).toBe('processing');
    const reads = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${pi}`);

    // Within 15 minutes: left alone. After them: read again, still processing, so still Pending.
    await chargeDueRenewals(t.shop, minutes(5, start));
    expect(reads()).toHaveLength(0);
    expect((await chargeDueRenewals(t.shop, minutes(16, start))).later).toEqual([renewal.id]);
    expect(reads()).toHaveLength(1);
    expect(await orderRow(t.db, renewal.id)).toMatchObject({ status: 'Pending' });

    // The bank confirms it: the next read marks the renewal Paid, once, with the one payment.
    fake.settlePayment(pi, 'succeeded');
    expect((await chargeDueRenewals(t.shop, minutes(25, start))).paid).toEqual([]);
    expect((await chargeDueRenewals(t.shop, minutes(32, start))).paid).toEqual([renewal.id]);
    expect(reads()).toHaveLength(2);
    expect(await orderRow(t.db, renewal.id)).toMatchObject({ status: 'Paid' });
    expect(await chargesOf(t.db, renewal.id)).toEqual([
      expect.objectContaining({ attempt: 1, status: 'succeeded', payment_ref: pi }),
    ]);
    await chargeDueRenewals(t.shop, minutes(60, start));
    expect(renewalRequests(fake, renewal)).toHaveLength(1);
    expect(reads()).toHaveLength(2);
    const payments = await t.db.selectFrom('payments').selectAll().where('order_id', '=', renewal.id).execute();
    expect(payments).toEqual([
      expect.objectContaining({ provider_charge_id: pi, amount_cents: renewal.total_cents, card_last4: '4242' }),
    ]);
    expect(await eventsOf(t.db, renewal.id, 'paid')).toHaveLength(1);
    expect(await noticesOf(t.db, renewal.id, 'paid')).toHaveLength(1);
  });
});
