import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../../src/server/app';
import { createDb, type Db, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { createProduct } from '../../../factories/products';
import { createStaff } from '../../../factories/staff';
import { buildMailTestApp, startSmtp, type TestSmtp } from '../../../setup/smtp';
import { type CardChoice, type FakeEvent, type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';
import { interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { buildTestApp, type Dialect, post, type TestApp } from '../../helper';
import { type Customer, customer, placeOrder } from '../orders/support';

/** The settings that turn card payments on against the fake (docs/decisions/040). */
export const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: fake.apiKey,
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_API_BASE: fake.url,
  UNPAID_ORDER_HOURS: '48',
});

/** POSTs an event to the app's webhook, signed as Stripe signs (or as `options` say). */
export async function sendEvent(
  app: FastifyInstance,
  fake: FakeStripe,
  event: FakeEvent | string,
  options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {},
) {
  const { payload, header } = fake.signed(event, options);
  const res = await app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload: options.tamper ? options.tamper(payload) : payload,
  });
  return { status: res.statusCode, body: res.body };
}

/** The last event of `type` about `objectId`. */
export function lastEvent(fake: FakeStripe, type: string, objectId: string): FakeEvent {
  const found = [...fake.events]
    .reverse()
    .find((e) => e.type === type && (e.data.object as { id?: string }).id === objectId);
  if (!found) throw new Error(`no ${type} event for ${objectId}`);
  return found;
}

/** A card order placed by a new customer: the order and the hosted page's session id. */
export async function placeCardOrder(app: FastifyInstance, db: Db, opts: { c?: Customer; price?: number } = {}) {
  const made = await createProduct(db, { stock: 20, ...(opts.price ? { price: opts.price } : {}) });
  const c = opts.c ?? (await customer(db));
  const res = await placeOrder(app, c, {
    payment_method: 'card',
    items: [{ product_id: made.product.id, variant_id: made.variants[0]!.id, quantity: 2 }],
  });
  expect(res.status, res.body.message).toBe(200);
  const url = (res.body.data as { checkout_url?: string | null }).checkout_url;
  if (!url) throw new Error('no checkout_url');
  const sessionId = url.split('/pay/')[1]!;
  return { c, order: res.body.data.order, url, sessionId };
}

export const count = async (db: Db, table: 'payments' | 'refunds' | 'payment_events', orderId?: number) => {
  let q = db.selectFrom(table).select(sql<number>`count(*)`.as('n'));
  if (orderId !== undefined && table !== 'payment_events') q = q.where('order_id', '=', orderId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

export const orderRow = (db: Db, orderId: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

/** The order's timeline entries of `kind`. */
export const eventsOf = (db: Db, orderId: number, kind: string) =>
  db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).execute();

/** The customer's order page, as the client reads it (optionally with the session id of the provider's return). */
export const readOrder = (app: FastifyInstance, token: string, orderId: number, session?: string) =>
  post(
    app,
    '/v1/get-order-details',
    { order_id: orderId, ...(session ? { checkout_session: session } : {}) },
    { token },
  );

/** The fake Stripe, a shop on a fresh `dialect` database, a second instance on the same database, and an owner. */
export interface CardShops {
  fake: FakeStripe;
  t: TestApp;
  second: { app: FastifyInstance; db: Db };
  owner: { token: string };
}

/** Starts what `CardShops` holds (stop it with `stopCardShops`). */
export async function startCardShops(dialect: Dialect): Promise<CardShops> {
  const fake = await startFakeStripe();
  const t = await buildTestApp(dialect, { env: stripeEnv(fake) });
  const db = createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 5 });
  const app = await buildApp({ config: t.config, db });
  await app.ready();
  return { fake, t, second: { app, db }, owner: await createStaff(t.db, 'owner') };
}

/**
 * `CardShops` for a test file: started before its tests, stopped after them. The object is filled in by the
 * time the tests run (read its fields inside them, not at the top of the file).
 */
export function withCardShops(dialect: Dialect): CardShops {
  const shops = {} as CardShops;
  beforeAll(async () => {
    Object.assign(shops, await startCardShops(dialect));
  });
  afterAll(() => stopCardShops(shops));
  return shops;
}

export async function stopCardShops(shops: Partial<CardShops>): Promise<void> {
  await shops.second?.app.close();
  await shops.second?.db.destroy();
  await shops.t?.close();
  await shops.fake?.close();
}

/** A card order paid (its notice applied), then cancelled by staff: it owes its total back. */
export async function paidThenCancelled(
  { fake, t, owner }: Pick<CardShops, 'fake' | 't' | 'owner'>,
  opts: { c?: Customer; card?: CardChoice } = {},
) {
  const placed = await placeCardOrder(t.app, t.db, opts.c ? { c: opts.c } : {});
  const { paymentIntent } = fake.pay(placed.sessionId, opts.card ? { card: opts.card } : {});
  await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', placed.sessionId));
  const cancelled = await post(t.app, '/admin/orders/cancel', { order_no: placed.order.order_no }, owner);
  expect(cancelled.status, cancelled.body.message).toBe(200);
  return { ...placed, total: placed.order.total_cents as number, paymentIntent };
}

/** The fake Stripe, a test SMTP server and a shop with e-mail and the bot (its calls recorded), for customers' notices. */
export interface CardMailShop {
  fake: FakeStripe;
  smtp: TestSmtp;
  t: TestApp;
  api: ReturnType<typeof interceptBotApi>;
}

/** `CardMailShop` for a test file, started before its tests and stopped after them (read its fields inside them). */
export function withCardMailShop(dialect: Dialect): CardMailShop {
  const shop = {} as CardMailShop;
  beforeAll(async () => {
    shop.fake = await startFakeStripe();
    shop.smtp = await startSmtp();
    shop.t = await buildMailTestApp(dialect, shop.smtp, { botToken: TEST_BOT_TOKEN, env: stripeEnv(shop.fake) });
    shop.api = interceptBotApi(shop.t.app.bot!);
  });
  afterAll(async () => {
    await shop.t?.close();
    await shop.smtp?.close();
    await shop.fake?.close();
  });
  return shop;
}
