import { reconcileCardPayments } from '../../../../src/server/payments/reconcile';
import { chargeDueRenewals } from '../../../../src/server/payments/renewal-charges';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { dialects, post } from '../../helper';
import { chargesOf, dueNow, inDays, renewalOf, renewalRequests, subscribeByCard } from './renewal-support';
import { withCardShops } from './support';

/**
 * Removing a saved card detaches it at the provider too (docs/decisions/040): our database stops the charges at once,
 * then the card's PaymentMethod is detached from its Stripe customer outside the transaction; when Stripe does not
 * answer, the reconciliation round detaches it later, once. The real `stripe` SDK against the fake Stripe.
 */
describe.each(dialects)('a removed saved card is detached at the provider on %s', (dialect) => {
  const shops = withCardShops(dialect);

  const detachRequests = (paymentMethod: string) =>
    shops.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_methods/${paymentMethod}/detach`);
  const cardRow = (id: number) =>
    shops.t.db.selectFrom('saved_cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const remove = (token: string, savedCardId: number) =>
    post(shops.t.app, '/v2/remove-saved-card', { saved_card_id: savedCardId }, { token });

  it('removing the card stops charges and detaches it at Stripe at once', async () => {
    const { fake, t } = shops;
    const { c, sub, paymentMethod } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    expect(fake.paymentMethods.get(paymentMethod)?.customer).toMatch(/^cus_/);
    const removed = await remove(c.token, sub.saved_card_id!);
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.data.saved_cards).toEqual([]);

    expect(detachRequests(paymentMethod).map((r) => r.status)).toEqual([200]);
    expect(fake.paymentMethods.get(paymentMethod)?.customer).toBeNull();
    const card = await cardRow(sub.saved_card_id!);
    expect(card).toMatchObject({ detach_note: null });
    expect(card.removed_at).not.toBeNull();
    expect(card.detached_at).not.toBeNull();

    // Removed again: nothing more asked of Stripe; and a round has nothing to detach.
    expect((await remove(c.token, sub.saved_card_id!)).status).toBe(200);
    expect((await reconcileCardPayments(t.shop, new Date())).detached).not.toContain(sub.saved_card_id);
    expect(detachRequests(paymentMethod)).toHaveLength(1);
  });

  it('Stripe down at the removal: charges stop at once, and the next round detaches it, once', async () => {
    const { fake, t, second } = shops;
    const { c, sub, paymentMethod } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    fake.outage(3); // the request and the SDK's two retries
    const removed = await remove(c.token, sub.saved_card_id!);
    fake.outage(0);
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.data.saved_cards).toEqual([]);
    expect(detachRequests(paymentMethod).map((r) => r.status)).toEqual([500, 500, 500]);
    expect(fake.paymentMethods.get(paymentMethod)?.customer).toMatch(/^cus_/);
    const noted = await cardRow(sub.saved_card_id!);
    expect(noted).toMatchObject({ detached_at: null });
    expect(noted.detach_note).toContain('down');

    // Never charged meanwhile: the subscription's next renewal waits for Pay now.
    await dueNow(t.db, sub.id);
    await placeDueRenewals(t.shop, new Date());
    const renewal = await renewalOf(t.db, sub.id);
    expect(await chargesOf(t.db, renewal.id)).toEqual([]);
    await chargeDueRenewals(t.shop, inDays(1));
    expect(renewalRequests(fake, renewal)).toEqual([]);

    // The next rounds, on two instances at once and then again: detached once.
    const rounds = await Promise.all([
      reconcileCardPayments(t.shop, new Date()),
      reconcileCardPayments(second.app.shop, new Date()),
    ]);
    expect(rounds.flatMap((r) => r.detached)).toContain(sub.saved_card_id);
    await reconcileCardPayments(t.shop, new Date());
    expect(detachRequests(paymentMethod).filter((r) => r.status === 200 && !r.replayed)).toHaveLength(1);
    expect(fake.paymentMethods.get(paymentMethod)?.customer).toBeNull();
    expect(await cardRow(sub.saved_card_id!)).toMatchObject({ detach_note: null });
    expect((await cardRow(sub.saved_card_id!)).detached_at).not.toBeNull();
  });

  it('a card already detached at Stripe (say, in its dashboard) counts as detached', async () => {
    const { fake, t } = shops;
    const { c, sub, paymentMethod } = await subscribeByCard(t.app, t.db, fake, { consent: true });
    fake.detachPaymentMethod(paymentMethod);
    expect((await remove(c.token, sub.saved_card_id!)).status).toBe(200);
    expect(detachRequests(paymentMethod).map((r) => r.status)).toEqual([400]);
    expect((await cardRow(sub.saved_card_id!)).detached_at).not.toBeNull();
  });
});
