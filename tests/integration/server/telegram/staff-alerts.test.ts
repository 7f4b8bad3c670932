import { InputFile } from 'grammy';
import { sql } from 'kysely';
import type { StaffRole } from '../../../../src/common/staff-rules';
import { nowIso } from '../../../../src/server/lib/time';
import { flagPaymentAttention } from '../../../../src/server/orders/payment-hooks';
import { WEBHOOK_PATH, webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createProduct } from '../../../factories/products';
import { createStaff } from '../../../factories/staff';
import { createUser } from '../../../factories/users';
import { buttonsOf, interceptBotApi, messageUpdate } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { insertOrder } from '../../../support/telegram/orders';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { type Customer, customer, JPEG, PNG, placeOrder, postMultipart, STORED_PNG } from '../orders/support';
import { insertCommission } from '../referral/fixtures';

/**
 * The bot's staff alerts (docs/decisions/013; docs/product.md section 11): queued in the event's transaction for the
 * staff who should hear them, sent once with their buttons, and the "Confirm payment" button and /admin in the chat.
 */

const SHOP = 'https://shop.example.com';
let nextTgId = 6_300_000_000;
const freshTgId = () => ++nextTgId;
let updateId = 900_000;

/** A press of an inline button under the bot's message `messageId` in the private chat of `from`. */
function callbackUpdate(from: { id: number; language_code?: string }, data: string, messageId = 77) {
  updateId += 1;
  return {
    update_id: updateId,
    callback_query: {
      id: `cq-${updateId}`,
      from: { is_bot: false, first_name: 'Mei', ...from },
      chat_instance: `ci-${from.id}`,
      data,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private' as const, first_name: 'Mei' },
        text: 'New receipt',
      },
    },
  };
}

/** Every button with its callback data (buttonsOf leaves callback data out). */
// biome-ignore lint/suspicious/noExplicitAny: reply_markup of a recorded call
const callbackButtons = (payload: any): Array<{ text: string; callback_data?: string }> =>
  (payload?.reply_markup?.inline_keyboard ?? [])
    .flat()
    .map((b: { text: string; callback_data?: string }) => ({ text: b.text, callback_data: b.callback_data }));

describe.each(dialects)('staff alerts in the bot on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;
  let secret: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      botToken: TEST_BOT_TOKEN,
      env: { PUBLIC_URL: SHOP, PAYMENT_PROVIDER_TOKEN: 'provider-test-token', MAX_UNPAID_ORDERS: '0' },
    });
    api = interceptBotApi(t.app.bot!);
    secret = webhookSecret(t.config)!;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    api.reset();
    api.clearFailures();
    // Each test has its own staff, and nothing left over from another test is sent.
    await t.db.deleteFrom('staff').execute();
    await t.db.updateTable('notifications').set({ sent_at: nowIso() }).where('sent_at', 'is', null).execute();
  });

  // biome-ignore lint/suspicious/noExplicitAny: a Telegram update
  const deliver = async (update: any) => {
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: update,
    });
    return res.statusCode;
  };
  const drain = () => t.app.notificationSender!.drainOnce();

  /** A staff member linked to a fresh Telegram user, alerts on unless said otherwise. */
  const staffer = async (
    role: StaffRole,
    opts: { linked?: boolean; alerts?: boolean; language?: 'en' | 'zh' } = {},
  ) => {
    const tg = freshTgId();
    const member = await createStaff(t.db, role, {
      telegram_user_id: opts.linked === false ? null : String(tg),
      language: opts.language ?? 'en',
    });
    if (opts.alerts === false) {
      await t.db.updateTable('staff').set({ notify_telegram: 0 }).where('user_id', '=', member.user.id).execute();
    }
    return { ...member, tg };
  };

  const alertsOf = (kind: string) =>
    t.db
      .selectFrom('notifications')
      .select(['user_id', 'order_id', 'params', 'sent_at'])
      .where('kind', '=', kind)
      .where('sent_at', 'is', null)
      .orderBy('user_id')
      .execute();

  const orderOf = (id: number) =>
    t.db
      .selectFrom('orders')
      .select(['id', 'order_no', 'status', 'paid_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const auditOf = (orderNo: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['actor', 'source', 'action', 'order_no'])
      .where('order_no', '=', orderNo)
      .orderBy('id')
      .execute();

  const newProduct = (stock: number, name = 'Sencha') =>
    createProduct(t.db, { name, variants: [{ name: '50 g', price: 1500, stock }] });

  const orderOne = async (c: Customer, stock = 100, quantity = 1, extra: Record<string, unknown> = {}) => {
    const { product, variants } = await newProduct(stock);
    const res = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity }],
      ...extra,
    });
    expect(res.status, res.body.message).toBe(200);
    return { order: res.body.data.order, product, variant: variants[0]! };
  };

  describe('queued with the event', () => {
    it('a new order: one alert per staff member who wants them, is linked and may see orders; none for customers', async () => {
      const owner = await staffer('owner');
      const manager = await staffer('manager');
      const fulfilment = await staffer('fulfilment');
      await staffer('owner', { alerts: false });
      await staffer('manager', { linked: false });
      await createUser(t.db, { telegram_user_id: String(freshTgId()) });
      const c = await customer(t.db);
      const { order } = await orderOne(c);
      const alerts = await alertsOf('staff_new_order');
      expect(alerts).toEqual(
        [owner, manager, fulfilment].map((s) => ({
          user_id: s.user.id,
          order_id: order.id,
          params: null,
          sent_at: null,
        })),
      );
    });

    it('a refused order queues nothing (the alert is in the order’s transaction)', async () => {
      await staffer('owner');
      const c = await customer(t.db);
      const { product, variants } = await newProduct(1);
      const res = await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 2 }],
      });
      expect(res.status).toBe(409);
      expect(await alertsOf('staff_new_order')).toEqual([]);
      expect(await alertsOf('staff_low_stock')).toEqual([]);
    });

    it('a payout request: owners and managers only (the affiliates permission)', async () => {
      const owner = await staffer('owner');
      const manager = await staffer('manager');
      await staffer('fulfilment');
      const agent = await createUser(t.db, {
        is_agent: 1,
        commission_rate_bp: 1000,
        bank_name: 'BDO Unibank',
        bank_account_name: 'Ana Agent',
        bank_account_number: '0012 3456 7890',
      });
      const downline = await createUser(t.db, { upline_id: agent.user.id });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: downline.user.id,
        amountCents: 800,
        status: 'Pending Payment',
      });
      const refused = await post(t.app, '/v2/request-payout', { amount_cents: 900 }, { token: agent.token });
      expect(refused.status).toBe(422);
      expect(await alertsOf('staff_payout_request')).toEqual([]);
      const ok = await post(t.app, '/v2/request-payout', { amount_cents: 500 }, { token: agent.token });
      expect(ok.status, ok.body.message).toBe(200);
      const alerts = await alertsOf('staff_payout_request');
      expect(alerts.map((a) => a.user_id)).toEqual([owner.user.id, manager.user.id]);
      const payout = await t.db
        .selectFrom('payout_requests')
        .select('id')
        .where('agent_id', '=', agent.user.id)
        .executeTakeFirstOrThrow();
      expect(alerts.map((a) => JSON.parse(a.params!))).toEqual([{ payoutId: payout.id }, { payoutId: payout.id }]);
    });

    it('low stock: when an order takes a packaging to its threshold or below, once (not again while it stays low)', async () => {
      const owner = await staffer('owner');
      const fulfilment = await staffer('fulfilment');
      const c = await customer(t.db);
      // Default threshold 5: 7 → 5 crosses it.
      const { product, variants } = await newProduct(7, 'Gyokuro');
      const line = (quantity: number) => ({ product_id: product.id, variant_id: variants[0]!.id, quantity });
      expect((await placeOrder(t.app, c, { items: [line(1)] })).status).toBe(200); // 6: not yet
      expect(await alertsOf('staff_low_stock')).toEqual([]);
      expect((await placeOrder(t.app, c, { items: [line(1)] })).status).toBe(200); // 5: low
      const alerts = await alertsOf('staff_low_stock');
      expect(alerts.map((a) => a.user_id)).toEqual([owner.user.id, fulfilment.user.id]);
      expect(JSON.parse(alerts[0]!.params!)).toMatchObject({
        packagingId: variants[0]!.id,
        stock: 5,
        threshold: 5,
        productEn: 'Gyokuro',
        packagingEn: '50 g',
      });
      await t.db.updateTable('notifications').set({ sent_at: nowIso() }).where('sent_at', 'is', null).execute();
      expect((await placeOrder(t.app, c, { items: [line(1)] })).status).toBe(200); // 4: still low, no news
      expect(await alertsOf('staff_low_stock')).toEqual([]);
    });

    it('low stock follows the product’s own threshold, else the shop’s low_stock_default setting', async () => {
      await staffer('manager');
      const c = await customer(t.db);
      const own = await newProduct(12, 'Matcha');
      await t.db.updateTable('products').set({ low_stock_threshold: 10 }).where('id', '=', own.product.id).execute();
      const shop = await newProduct(4, 'Oolong');
      await t.db
        .insertInto('settings')
        .values({ key: 'low_stock_default', value: '2' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: '2' }))
        .execute();
      try {
        const res = await placeOrder(t.app, c, {
          items: [
            { product_id: own.product.id, variant_id: own.variants[0]!.id, quantity: 3 }, // 12 → 9 ≤ 10
            { product_id: shop.product.id, variant_id: shop.variants[0]!.id, quantity: 1 }, // 4 → 3 > 2
          ],
        });
        expect(res.status, res.body.message).toBe(200);
        const alerts = await alertsOf('staff_low_stock');
        expect(alerts.map((a) => JSON.parse(a.params!).productEn)).toEqual(['Matcha']);
      } finally {
        await t.db.deleteFrom('settings').where('key', '=', 'low_stock_default').execute();
      }
    });
  });

  describe('sent by the bot', () => {
    it('a new order: number, customer, total, payment method and items, with "Open order" in the back office, once', async () => {
      const owner = await staffer('owner');
      const zh = await staffer('manager', { language: 'zh' });
      const c = await customer(t.db);
      const { product, variants } = await createProduct(t.db, {
        name: 'Sencha',
        variants: [
          { name: '50 g', price: 1500, stock: 100 },
          { name: '100 g', price: 2800, stock: 100 },
        ],
      });
      const res = await placeOrder(t.app, c, {
        items: [
          { product_id: product.id, variant_id: variants[0]!.id, quantity: 2 },
          { product_id: product.id, variant_id: variants[1]!.id, quantity: 1 },
        ],
      });
      const order = res.body.data.order;
      const email = (
        await t.db.selectFrom('users').select('email').where('id', '=', c.userId).executeTakeFirstOrThrow()
      ).email;
      expect(await drain()).toBe(2);
      const sent = api.of('sendMessage');
      expect(sent.map((m) => m.payload.chat_id)).toEqual([String(owner.tg), String(zh.tg)]);
      expect(sent[0]?.payload.text).toBe(
        [
          `New order ${order.order_no}`,
          `Customer: Maria Santos (${email})`,
          'Total: $62.50',
          'Payment: Pay by Link',
          'Status: Pending',
          'Items: Sencha (50 g) × 2, Sencha (100 g) × 1',
        ].join('\n'),
      );
      expect(buttonsOf(sent[0]?.payload)).toEqual([
        { text: 'Open order', web_app: `${SHOP}/admin/orders/${order.order_no}` },
      ]);
      expect(sent[1]?.payload.text).toContain(`新订单 ${order.order_no}`);
      expect(sent[1]?.payload.text).toContain('状态：待付款');
      expect(buttonsOf(sent[1]?.payload)[0]?.text).toBe('打开订单');
      api.reset();
      expect(await drain()).toBe(0);
      expect(api.calls).toEqual([]);
    });

    it('a payment needing a person: roles that handle money hear it once — number, total, why; no card or address', async () => {
      const owner = await staffer('owner');
      const zh = await staffer('manager', { language: 'zh' });
      await staffer('fulfilment');
      const c = await customer(t.db);
      const order = await insertOrder(t.db, c.userId, { status: 'Paid', totalCents: 4450 });
      // Flagged twice at once (a notice delivered twice) and then again with the same reason: one alert each.
      await Promise.all([
        flagPaymentAttention(t.db, order.id, 'dispute', { dispute: 'dp_1' }),
        flagPaymentAttention(t.db, order.id, 'dispute', { dispute: 'dp_1' }),
      ]);
      await flagPaymentAttention(t.db, order.id, 'dispute', { dispute: 'dp_1' });
      expect((await alertsOf('staff_payment_attention')).map((a) => [a.user_id, a.order_id])).toEqual([
        [owner.user.id, order.id],
        [zh.user.id, order.id],
      ]);
      expect(await drain()).toBe(2);
      const sent = api.of('sendMessage');
      expect(sent.map((m) => m.payload.chat_id)).toEqual([String(owner.tg), String(zh.tg)]);
      expect(sent[0]?.payload.text).toBe(
        `Payment of order ${order.order_no} needs a person ($44.50): the customer disputed the card payment`,
      );
      expect(sent[0]?.payload.text).not.toMatch(/@|Tea Street|Mei Chen|4242/);
      expect(buttonsOf(sent[0]?.payload)).toEqual([
        { text: 'Open order', web_app: `${SHOP}/admin/orders/${order.order_no}` },
      ]);
      expect(sent[1]?.payload.text).toBe(
        `订单 ${order.order_no} 的付款需要人工处理（$44.50）：顾客对银行卡付款提出了争议`,
      );

      // A new reason is a new alert; one cleared before it is sent is not sent.
      await flagPaymentAttention(t.db, order.id, 'refund_failed', {});
      await t.db.updateTable('orders').set({ payment_attention: null }).where('id', '=', order.id).execute();
      api.reset();
      await drain();
      expect(api.of('sendMessage')).toEqual([]);
    });

    it('a bank transfer with its receipt: the photo attached, "Confirm payment" for a role that may, not for fulfilment', async () => {
      const owner = await staffer('owner');
      const fulfilment = await staffer('fulfilment');
      const c = await customer(t.db);
      const { order } = await orderOne(c, 100, 1, { payment_method: 'bank_transfer' });
      expect(await drain()).toBe(2);
      expect(api.of('sendMessage')).toEqual([]);
      const photos = api.of('sendPhoto');
      expect(photos.map((p) => p.payload.chat_id)).toEqual([String(owner.tg), String(fulfilment.tg)]);
      for (const p of photos) expect(p.payload.photo).toBeInstanceOf(InputFile);
      // The receipt's bytes, read from the file store (not a path on one instance's disk).
      for (const p of photos)
        expect(Buffer.from(Reflect.get(p.payload.photo as InputFile, 'fileData'))).toEqual(STORED_PNG);
      expect(photos[0]?.payload.caption).toContain(`New order ${order.order_no}`);
      expect(photos[0]?.payload.caption).toContain('Reference: REF-123456');
      expect(photos[0]?.payload.caption).toContain('Check the transfer, then confirm the payment.');
      expect(callbackButtons(photos[0]?.payload)).toEqual([
        { text: 'Confirm payment', callback_data: `staff:pay:${order.id}` },
        { text: 'Open order', callback_data: undefined },
      ]);
      expect(callbackButtons(photos[1]?.payload)).toEqual([{ text: 'Open order', callback_data: undefined }]);
      expect(photos[1]?.payload.caption).not.toContain('confirm the payment');
    });

    it('a payout request names the agent and the amount, with "Open affiliates"; low stock names what is left', async () => {
      const owner = await staffer('owner');
      const agent = await createUser(t.db, { nickname: 'Ana', is_agent: 1 });
      const payout = await t.db
        .insertInto('payout_requests')
        .values({ agent_id: agent.user.id, amount_cents: 1234, requested_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const now = nowIso();
      await t.db
        .insertInto('notifications')
        .values([
          {
            user_id: owner.user.id,
            order_id: null,
            kind: 'staff_payout_request',
            params: JSON.stringify({ payoutId: payout.id }),
            created_at: now,
          },
          {
            user_id: owner.user.id,
            order_id: null,
            kind: 'staff_low_stock',
            params: JSON.stringify({
              packagingId: 1,
              stock: 3,
              threshold: 5,
              productEn: 'Sencha',
              productZh: '煎茶',
              packagingEn: '50 g',
              packagingZh: '50 克',
            }),
            created_at: now,
          },
        ])
        .execute();
      expect(await drain()).toBe(2);
      const [payoutMsg, stockMsg] = api.of('sendMessage');
      expect(payoutMsg?.payload.text).toBe(`Payout request: Ana (${agent.user.email}) asks for $12.34.`);
      expect(buttonsOf(payoutMsg?.payload)).toEqual([{ text: 'Open affiliates', web_app: `${SHOP}/admin/affiliates` }]);
      expect(stockMsg?.payload.text).toBe('Low stock: Sencha (50 g): 3 left.');
      expect(buttonsOf(stockMsg?.payload)).toEqual([{ text: 'Open dashboard', web_app: `${SHOP}/admin` }]);
    });

    it('skips a member who switched alerts off or left the staff since, without calling Telegram', async () => {
      const quiet = await staffer('owner');
      const gone = await staffer('manager');
      const c = await customer(t.db);
      await orderOne(c);
      await t.db.updateTable('staff').set({ notify_telegram: 0 }).where('user_id', '=', quiet.user.id).execute();
      await t.db.deleteFrom('staff').where('user_id', '=', gone.user.id).execute();
      expect(await drain()).toBe(0);
      expect(api.calls).toEqual([]);
      const rows = await t.db
        .selectFrom('notifications')
        .select(['user_id', 'last_error'])
        .where('kind', '=', 'staff_new_order')
        .where('user_id', 'in', [quiet.user.id, gone.user.id])
        .orderBy('user_id')
        .execute();
      expect(rows.map((r) => r.last_error)).toEqual([
        'skipped: staff alerts turned off',
        'skipped: no longer on the staff',
      ]);
    });
  });

  describe('a new receipt', () => {
    it('is queued with the submitted transfer, sent as its photo with "Confirm payment", and the press makes it Paid', async () => {
      const owner = await staffer('owner');
      const fulfilment = await staffer('fulfilment');
      const c = await customer(t.db);
      // A renewal's order: Pending by bank transfer, reference and receipt sent later.
      const order = await insertOrder(t.db, c.userId, { paymentMethod: 'bank_transfer', totalCents: 4200 });
      const submit = (bytes: Uint8Array, reference: string) =>
        postMultipart(
          t.app,
          '/v2/submit-payment',
          { order_id: order.id, payment_reference: reference },
          { field: 'receipt', bytes, name: 'r.jpg', type: 'image/jpeg' },
          c.token,
        );
      const res = await submit(JPEG, 'BDO-7781');
      expect(res.status, res.body.message).toBe(200);
      expect((await submit(PNG, 'BDO-7782')).status).toBe(409);
      const alerts = await alertsOf('staff_receipt');
      expect(alerts.map((a) => [a.user_id, a.order_id])).toEqual([
        [owner.user.id, order.id],
        [fulfilment.user.id, order.id],
      ]);

      expect(await drain()).toBe(2);
      const [toOwner, toFulfilment] = api.of('sendPhoto');
      expect(toOwner?.payload.chat_id).toBe(String(owner.tg));
      expect(toOwner?.payload.photo).toBeInstanceOf(InputFile);
      expect(String(toOwner?.payload.caption).split('\n').slice(0, 3)).toEqual([
        `New receipt for order ${order.order_no}`,
        `Customer: Mei Chen (${(await t.db.selectFrom('users').select('email').where('id', '=', c.userId).executeTakeFirstOrThrow()).email})`,
        'Total: $42.00',
      ]);
      expect(toOwner?.payload.caption).toContain('Reference: BDO-7781');
      expect(callbackButtons(toOwner?.payload).map((b) => b.text)).toEqual(['Confirm payment', 'Open order']);
      expect(callbackButtons(toFulfilment?.payload).map((b) => b.text)).toEqual(['Open order']);

      api.reset();
      const data = callbackButtons(toOwner?.payload)[0]!.callback_data!;
      expect(await deliver(callbackUpdate({ id: owner.tg }, data))).toBe(200);
      expect((await orderOf(order.id)).status).toBe('Paid');
      expect(api.of('answerCallbackQuery')[0]?.payload.text).toBe(`Payment confirmed — ${order.order_no} is Paid`);
      expect(await auditOf(order.order_no)).toEqual([
        { actor: owner.user.email, source: 'bot', action: 'order.confirm_payment', order_no: order.order_no },
      ]);
    });
  });

  describe('"Confirm payment" pressed in the chat', () => {
    /** A Pending bank transfer with its receipt, and the owner's alert sent. */
    const awaitingConfirmation = async () => {
      const c = await customer(t.db);
      const { order } = await orderOne(c, 100, 1, { payment_method: 'bank_transfer' });
      return order;
    };

    it('a manager’s press makes the order Paid, audited with source bot, and takes the button away', async () => {
      const manager = await staffer('manager');
      const order = await awaitingConfirmation();
      await drain();
      const [photo] = api.of('sendPhoto');
      const data = callbackButtons(photo?.payload)[0]?.callback_data;
      expect(data).toBe(`staff:pay:${order.id}`);
      api.reset();
      expect(await deliver(callbackUpdate({ id: manager.tg }, data!))).toBe(200);
      const after = await orderOf(order.id);
      expect(after.status).toBe('Paid');
      expect(after.paid_at).not.toBeNull();
      expect(await auditOf(order.order_no)).toEqual([
        { actor: manager.user.email, source: 'bot', action: 'order.confirm_payment', order_no: order.order_no },
      ]);
      const [answer] = api.of('answerCallbackQuery');
      expect(answer?.payload.text).toBe(`Payment confirmed — ${order.order_no} is Paid`);
      const [edit] = api.of('editMessageReplyMarkup');
      expect(edit?.payload).toMatchObject({ chat_id: manager.tg, message_id: 77 });
      expect(buttonsOf(edit?.payload)).toEqual([
        { text: 'Open order', web_app: `${SHOP}/admin/orders/${order.order_no}` },
      ]);
      // The customer hears it as from the back office.
      const news = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('order_id', '=', order.id)
        .where('kind', '=', 'paid')
        .execute();
      expect(news).toEqual([{ kind: 'paid' }]);
    });

    it('a second press, or one after someone else confirmed, answers "already Paid" and changes nothing', async () => {
      const owner = await staffer('owner');
      const manager = await staffer('manager', { language: 'zh' });
      const order = await awaitingConfirmation();
      await deliver(callbackUpdate({ id: owner.tg }, `staff:pay:${order.id}`));
      api.reset();
      expect(await deliver(callbackUpdate({ id: owner.tg }, `staff:pay:${order.id}`))).toBe(200);
      expect(await deliver(callbackUpdate({ id: manager.tg }, `staff:pay:${order.id}`))).toBe(200);
      expect(api.of('answerCallbackQuery').map((a) => a.payload.text)).toEqual([
        `${order.order_no} is already Paid`,
        `${order.order_no} 已处于“已付款”状态`,
      ]);
      expect(api.of('editMessageReplyMarkup')).toHaveLength(2);
      expect(await auditOf(order.order_no)).toHaveLength(1);
    });

    it('two staff pressing at the same moment: one confirms, the other hears it is already Paid', async () => {
      const owner = await staffer('owner');
      const manager = await staffer('manager');
      const order = await awaitingConfirmation();
      const codes = await Promise.all([
        deliver(callbackUpdate({ id: owner.tg }, `staff:pay:${order.id}`)),
        deliver(callbackUpdate({ id: manager.tg }, `staff:pay:${order.id}`)),
      ]);
      expect(codes).toEqual([200, 200]);
      const answers = api
        .of('answerCallbackQuery')
        .map((a) => a.payload.text)
        .sort();
      expect(answers).toEqual([`${order.order_no} is already Paid`, `Payment confirmed — ${order.order_no} is Paid`]);
      expect((await orderOf(order.id)).status).toBe('Paid');
      expect(await auditOf(order.order_no)).toHaveLength(1);
      const paidNews = await t.db
        .selectFrom('notifications')
        .select(sql<number>`count(*)`.as('n'))
        .where('order_id', '=', order.id)
        .where('kind', '=', 'paid')
        .executeTakeFirstOrThrow();
      expect(Number(paidNews.n)).toBe(1);
    });

    it('a fulfilment member, a customer or a stranger is refused politely and nothing changes', async () => {
      const fulfilment = await staffer('fulfilment');
      const linkedCustomer = freshTgId();
      await createUser(t.db, { telegram_user_id: String(linkedCustomer) });
      const stranger = freshTgId();
      const order = await awaitingConfirmation();
      await deliver(callbackUpdate({ id: fulfilment.tg }, `staff:pay:${order.id}`));
      await deliver(callbackUpdate({ id: linkedCustomer }, `staff:pay:${order.id}`));
      await deliver(callbackUpdate({ id: stranger, language_code: 'zh-hans' }, `staff:pay:${order.id}`));
      expect(api.of('answerCallbackQuery').map((a) => [a.payload.text, a.payload.show_alert])).toEqual([
        ['Your role cannot confirm payments.', true],
        ['This button is for the shop’s staff.', true],
        ['此按钮仅供店铺员工使用。', true],
      ]);
      expect(api.of('editMessageReplyMarkup')).toEqual([]);
      expect((await orderOf(order.id)).status).toBe('Pending');
      expect(await auditOf(order.order_no)).toEqual([]);
    });

    it('reads nothing but the order id from the button, and refuses what the order’s state does not allow', async () => {
      const owner = await staffer('owner');
      const c = await customer(t.db);
      const { order: byLink } = await orderOne(c); // payment link: not a transfer to confirm
      await deliver(callbackUpdate({ id: owner.tg }, `staff:pay:${byLink.id}`));
      await deliver(callbackUpdate({ id: owner.tg }, 'staff:pay:999999999'));
      await deliver(callbackUpdate({ id: owner.tg }, `staff:pay:${byLink.id}:as:owner`));
      const answers = api.of('answerCallbackQuery').map((a) => a.payload.text);
      expect(answers[0]).toMatch(/transfer/i);
      expect(answers[1]).toBe('This order no longer exists.');
      expect(answers[2]).toBeUndefined();
      expect((await orderOf(byLink.id)).status).toBe('Pending');
      expect(await auditOf(byLink.order_no)).toEqual([]);
    });
  });

  describe('/admin', () => {
    it('gives a staff member the back office as a Mini App and puts it on the chat’s menu button', async () => {
      const manager = await staffer('manager');
      expect(await deliver(messageUpdate({ id: manager.tg }, '/admin'))).toBe(200);
      const [msg] = api.of('sendMessage');
      expect(msg?.payload.text).toContain('The back office');
      expect(buttonsOf(msg?.payload)).toEqual([{ text: 'Open back office', web_app: `${SHOP}/admin` }]);
      expect(api.of('setChatMenuButton').map((c) => c.payload)).toEqual([
        {
          chat_id: manager.tg,
          menu_button: { type: 'web_app', text: 'Back office', web_app: { url: `${SHOP}/admin` } },
        },
      ]);
      const [commands] = api.of('setMyCommands');
      expect(commands?.payload.scope).toEqual({ type: 'chat', chat_id: manager.tg });
      expect(commands?.payload.commands.map((c: { command: string }) => c.command)).toEqual([
        'start',
        'orders',
        'admin',
      ]);
    });

    it('tells anyone else the command is for the staff, and changes nothing in their chat', async () => {
      const linked = freshTgId();
      await createUser(t.db, { telegram_user_id: String(linked), language: 'zh' });
      await deliver(messageUpdate({ id: linked }, '/admin'));
      await deliver(messageUpdate({ id: freshTgId() }, '/admin'));
      expect(api.of('sendMessage').map((m) => [m.payload.text, buttonsOf(m.payload)])).toEqual([
        ['此命令仅供店铺员工使用。', []],
        ['This command is for the shop’s staff.', []],
      ]);
      expect(api.of('setChatMenuButton')).toEqual([]);
      expect(api.of('setMyCommands')).toEqual([]);
    });
  });
});
