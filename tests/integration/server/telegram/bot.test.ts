import { nowIso } from '../../../../src/server/lib/time';
import { enqueueAccountNotification } from '../../../../src/server/notifications/outbox';
import { invoicePayload } from '../../../../src/server/orders/invoice-payload';
import { WEBHOOK_PATH, webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createUser } from '../../../factories/users';
import {
  buttonsOf,
  interceptBotApi,
  messageUpdate,
  preCheckoutUpdate,
  successfulPaymentUpdate,
} from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { insertOrder } from '../../../support/telegram/orders';
import { buildTestApp, dialects, type TestApp } from '../../helper';

const SHOP = 'https://shop.example.com';
let nextTgId = 6_100_000_000;
const freshTgId = () => ++nextTgId;

describe.each(dialects)('the bot on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;
  let secret: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false, botToken: TEST_BOT_TOKEN, env: { PUBLIC_URL: SHOP } });
    api = interceptBotApi(t.app.bot!);
    secret = webhookSecret(t.config)!;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    api.reset();
    api.clearFailures();
  });

  // biome-ignore lint/suspicious/noExplicitAny: a Telegram update
  const deliver = async (update: any, secretToken: string | null = secret) => {
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: secretToken ? { 'x-telegram-bot-api-secret-token': secretToken } : {},
      payload: update,
    });
    return res.statusCode;
  };
  const sent = () => api.of('sendMessage');

  describe('webhook', () => {
    it('refuses updates without the secret token, and the bot never sees them', async () => {
      expect(await deliver(messageUpdate({ id: freshTgId() }, '/start'), null)).toBe(401);
      expect(await deliver(messageUpdate({ id: freshTgId() }, '/start'), 'wrong-secret-0123456789')).toBe(401);
      expect(api.calls).toEqual([]);
    });

    it('answers 400 to a body that is no update', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'x-telegram-bot-api-secret-token': secret },
        payload: { hello: 'world' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('/start', () => {
    it('greets an unlinked user with a shop button and a /login_be button to link', async () => {
      const id = freshTgId();
      expect(await deliver(messageUpdate({ id, first_name: 'Mei' }, '/start'))).toBe(200);
      const [msg] = sent();
      expect(msg?.payload.chat_id).toBe(id);
      expect(msg?.payload.text).toContain('Welcome to Leaf & Cup, Mei!');
      expect(msg?.payload.text).toContain('Log in once to link it with Telegram');
      expect(buttonsOf(msg?.payload)).toEqual([
        { text: 'Open the shop', web_app: `${SHOP}/` },
        { text: 'Log in and link Telegram', web_app: `${SHOP}/login_be/${id}/profile` },
      ]);
    });

    it("greets a linked user by their account, in their account's language", async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, { telegram_user_id: String(id), language: 'zh' });
      await deliver(messageUpdate({ id, first_name: 'Mei', language_code: 'en' }, '/start'));
      const [msg] = sent();
      expect(msg?.payload.text).toBe(`欢迎回来，Mei！您已登录为 ${user.nickname}。点击下方按钮打开商店。`);
      expect(buttonsOf(msg?.payload)).toEqual([{ text: '打开商店', web_app: `${SHOP}/` }]);
    });

    it('speaks Chinese to an unlinked user whose Telegram language is zh*', async () => {
      await deliver(messageUpdate({ id: freshTgId(), first_name: 'Mei', language_code: 'zh-hans' }, '/start'));
      expect(sent()[0]?.payload.text).toContain('欢迎来到 Leaf & Cup，Mei！');
    });

    it('records a referral start parameter as a visit of /{code}, once per visitor and day', async () => {
      const referrer = await createUser(t.db);
      const id = freshTgId();
      const code = referrer.user.referral_code;
      await deliver(messageUpdate({ id }, `/start ${code.toLowerCase()}`));
      await deliver(messageUpdate({ id }, `/start ${code}`));
      const visits = await t.db
        .selectFrom('referral_visits')
        .select(['link', 'origin', 'visitor_key', 'converted'])
        .where('referrer_id', '=', referrer.user.id)
        .execute();
      expect(visits).toEqual([{ link: `/${code}`, origin: 'telegram', visitor_key: `tg:${id}`, converted: 0 }]);
      expect(sent()).toHaveLength(2);
    });

    it('ignores an unknown start parameter and a user opening their own code', async () => {
      const id = freshTgId();
      const self = await createUser(t.db, { telegram_user_id: String(id) });
      await deliver(messageUpdate({ id }, `/start ${self.user.referral_code}`));
      await deliver(messageUpdate({ id: freshTgId() }, '/start NOSUCHCODE'));
      const visits = await t.db
        .selectFrom('referral_visits')
        .select('id')
        .where('referrer_id', '=', self.user.id)
        .execute();
      expect(visits).toEqual([]);
      expect(sent()).toHaveLength(2);
    });
  });

  describe('/orders', () => {
    it('lists the latest orders with status and a button to open each', async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, { telegram_user_id: String(id) });
      const older = await insertOrder(t.db, user.id, {
        status: 'Completed',
        totalCents: 1500,
        placedAt: '2026-01-02T10:00:00.000Z',
      });
      const newer = await insertOrder(t.db, user.id, { status: 'Pending', totalCents: 2599 });
      await deliver(messageUpdate({ id }, '/orders'));
      const [msg] = sent();
      const lines = String(msg?.payload.text).split('\n');
      expect(lines[0]).toBe('Your latest orders:');
      expect(lines[1]).toBe(`#${newer.order_no} · ${newer.placed_at.slice(0, 10)} · Pending · $25.99`);
      expect(lines[2]).toBe(`#${older.order_no} · 2026-01-02 · Completed · $15.00`);
      expect(buttonsOf(msg?.payload)).toEqual([
        { text: `Order #${newer.order_no}`, web_app: `${SHOP}/order?id=${newer.id}` },
        { text: `Order #${older.order_no}`, web_app: `${SHOP}/order?id=${older.id}` },
      ]);
    });

    it('shows at most five orders', async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, { telegram_user_id: String(id) });
      for (let i = 0; i < 7; i++) await insertOrder(t.db, user.id);
      await deliver(messageUpdate({ id }, '/orders'));
      expect(buttonsOf(sent()[0]?.payload)).toHaveLength(5);
    });

    it('says so when there are no orders', async () => {
      const id = freshTgId();
      await createUser(t.db, { telegram_user_id: String(id) });
      await deliver(messageUpdate({ id }, '/orders'));
      expect(sent()[0]?.payload.text).toBe('You have no orders yet.');
    });

    it('asks an unlinked user to link first, with a /login_be button', async () => {
      const id = freshTgId();
      await deliver(messageUpdate({ id }, '/orders'));
      const [msg] = sent();
      expect(msg?.payload.text).toBe('Link your account first to see your orders here.');
      expect(buttonsOf(msg?.payload)).toEqual([
        { text: 'Log in and link Telegram', web_app: `${SHOP}/login_be/${id}/order` },
      ]);
    });
  });

  describe('order news', () => {
    const drain = () => t.app.notificationSender!.drainOnce();
    const notify = (userId: number, orderId: number, kind: string) =>
      t.db
        .insertInto('notifications')
        .values({ user_id: userId, order_id: orderId, kind, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
    const row = (id: number) =>
      t.db
        .selectFrom('notifications')
        .select(['sent_at', 'attempts', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    beforeEach(async () => {
      // other tests' leftovers must not be sent here
      await t.db.updateTable('notifications').set({ sent_at: nowIso() }).where('sent_at', 'is', null).execute();
    });

    it('sends each status change to the linked customer, with a button to the order, once', async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, { telegram_user_id: String(id) });
      const order = await insertOrder(t.db, user.id, {
        status: 'Processing',
        totalCents: 4200,
        tracking: { company: 'LBC', number: 'LBC123', link: 'https://track.example.com/LBC123' },
      });
      const placed = await notify(user.id, order.id, 'placed');
      await notify(user.id, order.id, 'paid');
      await notify(user.id, order.id, 'processing');
      await notify(user.id, order.id, 'tracking');
      await notify(user.id, order.id, 'completed');
      await notify(user.id, order.id, 'cancelled');
      await notify(user.id, order.id, 'expired');
      await notify(user.id, order.id, 'address_changed');
      expect(await drain()).toBe(8);
      const texts = sent().map((c) => c.payload.text);
      expect(texts).toEqual([
        `Thank you! Order #${order.order_no} is placed. Total: $42.00. Status: Processing.`,
        `Payment received for order #${order.order_no} ($42.00). Status: Paid.`,
        `Order #${order.order_no} is being prepared. Status: Processing.`,
        `Order #${order.order_no} is on its way.\nShipping company: LBC. Tracking number: LBC123.\nhttps://track.example.com/LBC123`,
        `Order #${order.order_no} is completed. Enjoy your tea!`,
        `Order #${order.order_no} was cancelled.`,
        `Order #${order.order_no} was cancelled because it was not paid in time. You are welcome to order again.`,
        `The delivery address of order #${order.order_no} was changed.`,
      ]);
      for (const call of sent()) {
        expect(call.payload.chat_id).toBe(String(id));
        expect(buttonsOf(call.payload)[0]).toEqual({ text: 'View order', web_app: `${SHOP}/order?id=${order.id}` });
      }
      expect(buttonsOf(sent()[3]?.payload)[1]).toEqual({
        text: 'Track parcel',
        url: 'https://track.example.com/LBC123',
      });
      expect(await row(placed.id)).toMatchObject({ attempts: 1, last_error: null, sent_at: expect.any(String) });
      api.reset();
      expect(await drain()).toBe(0);
      expect(sent()).toEqual([]);
    });

    it('tells a linked customer when a subscription renewal could not be placed, with a button to manage it', async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, { telegram_user_id: String(id), language: 'zh' });
      const news = await t.db
        .insertInto('notifications')
        .values({ user_id: user.id, order_id: null, kind: 'renewal_failed', created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await drain()).toBe(1);
      expect(sent()[0]?.payload.text).toContain('订阅');
      expect(buttonsOf(sent()[0]?.payload)).toEqual([{ text: '管理订阅', web_app: `${SHOP}/subscriptions` }]);
      expect(await row(news.id)).toMatchObject({ last_error: null, sent_at: expect.any(String) });
    });

    it("writes in the customer's language", async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, { telegram_user_id: String(id), language: 'zh' });
      const order = await insertOrder(t.db, user.id, { status: 'Cancelled' });
      await notify(user.id, order.id, 'cancelled');
      await notify(user.id, order.id, 'expired');
      await drain();
      expect(sent()[0]?.payload.text).toBe(`订单 #${order.order_no} 已取消。`);
      expect(sent()[1]?.payload.text).toBe(`订单 #${order.order_no} 因未按时付款已取消。欢迎再次下单。`);
      expect(buttonsOf(sent()[0]?.payload)[0]?.text).toBe('查看订单');
    });

    it('skips customers who are not linked or turned order news off, without calling Telegram', async () => {
      const unlinked = await createUser(t.db);
      const quiet = await createUser(t.db, { telegram_user_id: String(freshTgId()), notify_orders: 0 });
      const a = await notify(unlinked.user.id, (await insertOrder(t.db, unlinked.user.id)).id, 'placed');
      const b = await notify(quiet.user.id, (await insertOrder(t.db, quiet.user.id)).id, 'placed');
      expect(await drain()).toBe(0);
      expect(sent()).toEqual([]);
      expect((await row(a.id)).last_error).toMatch(/not linked/);
      expect((await row(b.id)).last_error).toMatch(/turned off/);
      expect((await row(a.id)).sent_at).not.toBeNull();
    });

    it('sends account notices to the linked user, or to the chat they name, even with order news off', async () => {
      const now = nowIso();
      const previous = freshTgId();
      const current = freshTgId();
      const { user } = await createUser(t.db, {
        nickname: 'Mei',
        telegram_user_id: String(current),
        notify_orders: 0,
      });
      await enqueueAccountNotification(t.db, { userId: user.id, kind: 'telegram_linked' }, now);
      await enqueueAccountNotification(
        t.db,
        {
          userId: user.id,
          kind: 'telegram_link_moved',
          telegramChatId: String(previous),
          params: { telegramName: 'Ann (@ann)' },
        },
        now,
      );
      await enqueueAccountNotification(t.db, { userId: user.id, kind: 'password_changed' }, now);
      expect(await drain()).toBe(3);
      expect(sent().map((c) => c.payload.chat_id)).toEqual([String(current), String(previous), String(current)]);
      expect(sent()[0]?.payload.text).toBe(
        'Your Leaf & Cup account Mei is now linked to this Telegram account: you are logged in here automatically and get news about your orders.',
      );
      expect(sent()[1]?.payload.text).toContain('it was linked to Ann (@ann) instead');
      expect(sent()[2]?.payload.text).toContain('The password of your Leaf & Cup account Mei was changed');
      expect(buttonsOf(sent()[0]?.payload)).toEqual([{ text: 'Open profile', web_app: `${SHOP}/profile` }]);
    });

    it('says a profile change ended every other session, and a reset by e-mail every session and the link (both languages)', async () => {
      const en = await createUser(t.db, { nickname: 'Ann', telegram_user_id: String(freshTgId()) });
      const zh = await createUser(t.db, { nickname: 'Mei', telegram_user_id: String(freshTgId()), language: 'zh' });
      for (const { user } of [en, zh]) {
        await enqueueAccountNotification(t.db, { userId: user.id, kind: 'password_changed' });
        await enqueueAccountNotification(t.db, { userId: user.id, kind: 'password_reset' });
      }
      expect(await drain()).toBe(4);
      expect(sent().map((c) => c.payload.text)).toEqual([
        'The password of your Leaf & Cup account Ann was changed and every other session was logged out. If this was not you, contact us right away.',
        'The password of your Leaf & Cup account Ann was reset with a link sent to its e-mail address: every session was logged out and this Telegram account was unlinked from it. To link it again, log in with the new password.',
        '您的 Leaf & Cup 账户 Mei 的密码已更改，其他所有登录均已退出。如果这不是您本人的操作，请立即联系我们。',
        '您的 Leaf & Cup 账户 Mei 的密码已通过发送到账户邮箱的链接重置：所有登录均已退出，此 Telegram 账户也已与其解除绑定。如需重新绑定，请用新密码登录。',
      ]);
    });

    it('sends an account notice of an unlinked account only when it names a chat', async () => {
      const chat = freshTgId();
      const { user } = await createUser(t.db, { language: 'zh' });
      await enqueueAccountNotification(t.db, { userId: user.id, kind: 'contact_changed' });
      await enqueueAccountNotification(t.db, {
        userId: user.id,
        kind: 'telegram_unlinked',
        telegramChatId: String(chat),
      });
      expect(await drain()).toBe(1);
      expect(sent()[0]?.payload.chat_id).toBe(String(chat));
      expect(sent()[0]?.payload.text).toContain('已与此 Telegram 账户解除绑定');
    });

    it('retries a failed send after a pause, and gives up on a user who blocked the bot', async () => {
      const flaky = freshTgId();
      const blocked = freshTgId();
      const u1 = await createUser(t.db, { telegram_user_id: String(flaky) });
      const u2 = await createUser(t.db, { telegram_user_id: String(blocked) });
      const n1 = await notify(u1.user.id, (await insertOrder(t.db, u1.user.id)).id, 'placed');
      const n2 = await notify(u2.user.id, (await insertOrder(t.db, u2.user.id)).id, 'placed');
      api.fail('sendMessage', 429, 'Too Many Requests: retry after 1', String(flaky));
      api.fail('sendMessage', 403, 'Forbidden: bot was blocked by the user', String(blocked));
      expect(await drain()).toBe(0);
      expect(await row(n1.id)).toMatchObject({ sent_at: null, attempts: 1 });
      expect((await row(n1.id)).last_error).toMatch(/Too Many Requests/);
      expect((await row(n2.id)).sent_at).not.toBeNull();
      expect((await row(n2.id)).last_error).toMatch(/blocked/);
      api.clearFailures();
      api.reset();
      // Not before its pause (RETRY_PAUSE_S: 30 s after the first failure), then sent.
      expect(await drain()).toBe(0);
      expect(await t.app.notificationSender!.drainOnce(new Date(Date.now() + 60_000))).toBe(1);
      expect(sent().map((c) => c.payload.chat_id)).toEqual([String(flaky)]);
      expect(await row(n1.id)).toMatchObject({ attempts: 2, last_error: null });
    });
  });

  describe('payments', () => {
    it('accepts the pre-checkout of a Pending order at its total', async () => {
      const { user } = await createUser(t.db);
      const order = await insertOrder(t.db, user.id, { totalCents: 3150 });
      await deliver(
        preCheckoutUpdate({ id: freshTgId() }, { payload: invoicePayload(order.id, 3150), totalAmount: 3150 }),
      );
      const [answer] = api.of('answerPreCheckoutQuery');
      expect(answer?.payload).toMatchObject({ ok: true });
      expect(answer?.payload.error_message).toBeUndefined();
    });

    it('refuses the pre-checkout of an order that is no longer Pending, changed, or unknown', async () => {
      const { user } = await createUser(t.db);
      const cancelled = await insertOrder(t.db, user.id, { status: 'Cancelled', totalCents: 1000 });
      const changed = await insertOrder(t.db, user.id, { totalCents: 1200 });
      const from = { id: freshTgId() };
      await deliver(preCheckoutUpdate(from, { payload: invoicePayload(cancelled.id, 1000), totalAmount: 1000 }));
      await deliver(preCheckoutUpdate(from, { payload: invoicePayload(changed.id, 1000), totalAmount: 1000 }));
      await deliver(
        preCheckoutUpdate(from, { payload: invoicePayload(changed.id, 1200), totalAmount: 1200, currency: 'EUR' }),
      );
      await deliver(preCheckoutUpdate(from, { payload: 'order:999999:100', totalAmount: 100 }));
      expect(api.of('answerPreCheckoutQuery').map((c) => [c.payload.ok, c.payload.error_message])).toEqual([
        [false, 'This order is not waiting for payment (status: Cancelled).'],
        [false, 'The order total has changed. Please open the order and pay again.'],
        [false, 'The order total has changed. Please open the order and pay again.'],
        [false, 'This order no longer exists.'],
      ]);
    });

    it('marks the order Paid on successful_payment, once, however often Telegram repeats it', async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, { telegram_user_id: String(id) });
      const order = await insertOrder(t.db, user.id, { totalCents: 2599 });
      const update = successfulPaymentUpdate(
        { id },
        { payload: invoicePayload(order.id, 2599), totalAmount: 2599, chargeId: `ch-${order.id}` },
      );
      expect(await deliver(update)).toBe(200);
      expect(await deliver({ ...update, update_id: update.update_id + 1 })).toBe(200);
      const after = await t.db
        .selectFrom('orders')
        .select(['status', 'paid_at'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('Paid');
      expect(after.paid_at).not.toBeNull();
      const payments = await t.db
        .selectFrom('payments')
        .select(['provider', 'provider_charge_id', 'amount_cents'])
        .where('order_id', '=', order.id)
        .execute();
      expect(payments).toEqual([{ provider: 'telegram', provider_charge_id: `ch-${order.id}`, amount_cents: 2599 }]);
      const news = await t.db.selectFrom('notifications').select('kind').where('order_id', '=', order.id).execute();
      expect(news).toEqual([{ kind: 'paid' }]);
      // the linked owner hears it through the outbox, not twice
      expect(sent()).toEqual([]);
    });

    it('gives a receipt in the chat to a payer who is not the linked owner', async () => {
      const { user } = await createUser(t.db);
      const order = await insertOrder(t.db, user.id, { totalCents: 990 });
      const payer = freshTgId();
      await deliver(
        successfulPaymentUpdate(
          { id: payer },
          { payload: invoicePayload(order.id, 990), totalAmount: 990, chargeId: `gift-${order.id}` },
        ),
      );
      expect(sent().map((c) => [c.payload.chat_id, c.payload.text])).toEqual([
        [payer, `Payment received for order #${order.order_no}. Thank you!`],
      ]);
    });

    it('finishes the job when Telegram repeats a payment whose first delivery stopped half-way', async () => {
      const { user } = await createUser(t.db);
      const order = await insertOrder(t.db, user.id, { totalCents: 1234 });
      // the charge was recorded, but the order never turned Paid
      await t.db
        .insertInto('payments')
        .values({
          order_id: order.id,
          provider: 'telegram',
          provider_charge_id: `half-${order.id}`,
          amount_cents: 1234,
          created_at: nowIso(),
        })
        .execute();
      await deliver(
        successfulPaymentUpdate(
          { id: freshTgId() },
          { payload: invoicePayload(order.id, 1234), totalAmount: 1234, chargeId: `half-${order.id}` },
        ),
      );
      const after = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('Paid');
      const payments = await t.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute();
      expect(payments).toHaveLength(1);
    });

    it('records a payment for an order cancelled meanwhile, and leaves it Cancelled for the operator', async () => {
      const { user } = await createUser(t.db);
      const order = await insertOrder(t.db, user.id, { status: 'Cancelled', totalCents: 800 });
      expect(
        await deliver(
          successfulPaymentUpdate(
            { id: freshTgId() },
            { payload: invoicePayload(order.id, 800), totalAmount: 800, chargeId: `late-${order.id}` },
          ),
        ),
      ).toBe(200);
      const after = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('Cancelled');
      expect(await t.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    });

    it('records but does not mark Paid a payment of the wrong amount', async () => {
      const { user } = await createUser(t.db);
      const order = await insertOrder(t.db, user.id, { totalCents: 5000 });
      await deliver(
        successfulPaymentUpdate(
          { id: freshTgId() },
          { payload: invoicePayload(order.id, 5000), totalAmount: 10, chargeId: `odd-${order.id}` },
        ),
      );
      const after = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('Pending');
      const payments = await t.db
        .selectFrom('payments')
        .select('amount_cents')
        .where('order_id', '=', order.id)
        .execute();
      expect(payments).toEqual([{ amount_cents: 10 }]);
    });
  });

  it('answers any other message with help and a shop button', async () => {
    await deliver(messageUpdate({ id: freshTgId() }, 'hello'));
    const [msg] = sent();
    expect(msg?.payload.text).toBe('Commands: /start opens the shop, /orders shows your latest orders.');
    expect(buttonsOf(msg?.payload)).toEqual([{ text: 'Open the shop', web_app: `${SHOP}/` }]);
  });
});
