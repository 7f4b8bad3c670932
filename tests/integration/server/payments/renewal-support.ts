import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../src/server/db/connection';
import { createProduct } from '../../../factories/products';
import type { FakeStripe } from '../../../support/fake-stripe';
import { type Customer, customer, placeOrder } from '../orders/support';
import { lastEvent, orderRow, sendEvent } from './support';

/**
 * A Subscribe & save card order placed and paid on the hosted page, with the consent box ticked or not: the order,
 * the subscription it started, its hosted session, and the card the shopper paid with.
 */
export async function subscribeByCard(
  app: FastifyInstance,
  db: Db,
  fake: FakeStripe,
  opts: { consent: boolean; c?: Customer; weeks?: number },
) {
  const c = opts.c ?? (await customer(db));
  const { product, variants } = await createProduct(db, { price: 2000, stock: 50, subscribable: true });
  const res = await placeOrder(app, c, {
    payment_method: 'card',
    items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1, frequency_weeks: opts.weeks ?? 4 }],
    ...(opts.consent ? { save_card_for_renewals: 1 } : {}),
  });
  if (res.status !== 200) throw new Error(`subscribeByCard: ${res.status} ${res.body.message}`);
  const url = (res.body.data as { checkout_url?: string | null }).checkout_url;
  if (!url) throw new Error('no checkout_url');
  const sessionId = url.split('/pay/')[1]!;
  const order = res.body.data.order;
  const paid = fake.pay(sessionId, { card: { brand: 'visa', last4: '4242' } });
  const notice = await sendEvent(app, fake, lastEvent(fake, 'checkout.session.completed', sessionId));
  if (notice.status !== 200) throw new Error(`subscribeByCard: the notice answered ${notice.status}`);
  const sub = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('origin_order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return { c, order: await orderRow(db, order.id), sub, sessionId, paymentMethod: paid.paymentMethod.id };
}

export const chargesOf = (db: Db, orderId: number) =>
  db.selectFrom('renewal_charges').selectAll().where('order_id', '=', orderId).orderBy('attempt').execute();

/** The provider's off-session charge requests that ran (not replays) for an order, by idempotency key. */
export const renewalRequests = (fake: FakeStripe, order: { id: number; order_no: string }) =>
  fake.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/payment_intents' &&
      !r.replayed &&
      r.idempotencyKey?.startsWith(`leafcup-renewal-${order.order_no}-${order.id}-`),
  );

/** The renewal order a subscription got (its latest). */
export const renewalOf = (db: Db, subscriptionId: number) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

/** Makes the subscription due now (its next delivery `daysAgo` days ago: another date is another renewal). */
export const dueNow = (db: Db, subscriptionId: number, daysAgo = 1) =>
  db
    .updateTable('subscriptions')
    .set({ next_due_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString() })
    .where('id', '=', subscriptionId)
    .execute();

export const noticesOf = (db: Db, orderId: number, kind: string) =>
  db.selectFrom('notifications').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).execute();

export const mailsOf = (db: Db, orderId: number, kind: string) =>
  db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).execute();

export const inDays = (days: number, from = Date.now()) => new Date(from + days * 86_400_000 + 60_000);
