import { createDb, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { addDays, nowIso } from '../../../../src/server/lib/time';
import { createReorderReminderJob, remindReorders } from '../../../../src/server/marketing/reorder-reminders';
import { createOrder } from '../../../factories/orders';
import { buildMailTestApp, sendMailNow, startSmtp, TEST_SHOP_URL, type TestSmtp } from '../../../setup/smtp';
import { interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { dialects, post, shopOn, type TestApp } from '../../helper';
import { clearOutboxes, pictured, queued, type Shopper, shopper } from './support';

/**
 * "Running low?" (docs/decisions/056): a product's interval in days (back office), and that many days after an order
 * of it is completed, one message per one-time line — by the bot when linked (Buy again opening the product in the
 * Mini App, Subscribe & save opening it with the subscription chosen, Stop), else by e-mail with the stop link — only
 * with consent, not for a Subscribe & save line, not when bought again or subscribed since, once even with two
 * instances at once.
 */
describe.each(dialects)('“Running low?” reminders on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, { botToken: TEST_BOT_TOKEN });
    api = interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    api.reset();
    smtp.messages.length = 0;
    await clearOutboxes(t);
  });

  /** A product with "Running low?" after `days` (null: none). */
  const tea = async (days: number | null, opts: { subscribable?: boolean; name?: string } = {}) => {
    const made = await pictured(t, { subscribable: opts.subscribable ?? true, name: opts.name });
    await t.db.updateTable('products').set({ reorder_days: days }).where('id', '=', made.productId).execute();
    return made;
  };
  /** An order of `who` for the product, completed `daysAgo` days ago (status Completed unless said). */
  const bought = async (
    who: Shopper,
    product: { productId: number; packagingId: number },
    opts: { daysAgo: number; frequencyWeeks?: number; status?: 'Completed' | 'Processing' | 'Cancelled' },
  ) => {
    const at = addDays(nowIso(), -opts.daysAgo);
    const status = opts.status ?? 'Completed';
    const { order, lines } = await createOrder(t.db, who.id, {
      status,
      completedAt: status === 'Completed' ? at : null,
      lines: [1],
      fields: { placed_at: addDays(at, -3) },
    });
    await t.db
      .updateTable('order_items')
      .set({
        product_id: product.productId,
        variant_id: product.packagingId,
        frequency_weeks: opts.frequencyWeeks ?? 0,
      })
      .where('id', '=', lines[0]!.id)
      .execute();
    return { orderId: order.id, lineId: lines[0]!.id };
  };
  const run = () => remindReorders(t.shop);
  /** The reminders the bot sent to a chat (what carries the stop button). */
  const sentTo = (tg: string | null) =>
    api.calls.filter(
      (c) =>
        ['sendPhoto', 'sendMessage'].includes(c.method) &&
        String(c.payload.chat_id) === tg &&
        JSON.stringify(c.payload.reply_markup ?? {}).includes('"callback_data":"mks:'),
    );

  it('a linked customer is asked once, that many days after completion, with Buy again, Subscribe & save and Stop', async () => {
    const ann = await shopper(t, { linked: true });
    const matcha = await tea(30, { name: 'Ceremonial Matcha' });
    // Not yet: 29 days after.
    const early = await bought(ann, matcha, { daysAgo: 29 });
    await run();
    expect((await queued(t, ann.id, 'reorder_reminder')).total).toBe(0);

    const due = await bought(ann, matcha, { daysAgo: 31 });
    await t.db.deleteFrom('order_items').where('id', '=', early.lineId).execute();
    await run();
    const rows = await queued(t, ann.id, 'reorder_reminder');
    expect(rows.bot).toHaveLength(1);
    expect(JSON.parse(rows.bot[0]!.params!)).toMatchObject({ orderItemId: String(due.lineId), days: '30' });

    await t.app.notificationSender!.drainOnce();
    const [message, ...rest] = sentTo(ann.tg);
    expect(rest).toEqual([]);
    expect(message!.method).toBe('sendPhoto');
    expect(message!.payload.photo).toMatch(new RegExp(`^${TEST_SHOP_URL}/media/images/[0-9a-f]{32}-1280\\.jpg$`));
    expect(message!.payload.caption).toBe(
      'Running low? It has been 30 days since your Ceremonial Matcha arrived. Order again before your cup runs dry.',
    );
    expect(message!.payload.reply_markup.inline_keyboard).toEqual([
      [{ text: 'Buy again', web_app: { url: `${TEST_SHOP_URL}/details/${matcha.productId}` } }],
      [{ text: 'Subscribe & save', web_app: { url: `${TEST_SHOP_URL}/details/${matcha.productId}?frequency=4` } }],
      [{ text: 'Stop these messages', callback_data: expect.stringMatching(/^mks:\d+:[\w-]{22}$/) }],
    ]);

    // Once per line.
    await run();
    expect((await queued(t, ann.id, 'reorder_reminder')).total).toBe(1);
  });

  it('without Telegram: an e-mail with Buy again and the stop link; no Subscribe & save for a product without it', async () => {
    const bo = await shopper(t, { language: 'zh' });
    const kettle = await tea(14, { subscribable: false, name: 'Kettle Descaler' });
    await t.db.updateTable('products').set({ name_zh: '除垢剂' }).where('id', '=', kettle.productId).execute();
    await bought(bo, kettle, { daysAgo: 15 });
    await run();
    expect((await queued(t, bo.id, 'reorder_reminder')).mail).toHaveLength(1);
    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === bo.email);
    expect(mail.subject).toBe('除垢剂 快用完了吗？');
    expect(mail.text).toContain('您的 除垢剂 送达已经 14 天了。');
    expect(mail.html).toContain(`href="${TEST_SHOP_URL}/details/${kettle.productId}"`);
    expect(mail.html).not.toContain('?frequency=');
    const list = mail.headers.get('list') as { unsubscribe: { url: string } };
    expect(list.unsubscribe.url).toMatch(new RegExp(`/v1/marketing/stop\\?u=${bo.id}&sig=[\\w-]+&lang=zh$`));
    expect(mail.text).toContain('停止接收此类消息');
  });

  it('nothing without consent, for Subscribe & save lines, unfinished orders, products without an interval, or too late', async () => {
    const matcha = await tea(30);
    const plain = await tea(null);
    const noConsent = await shopper(t, { linked: true, marketing: false });
    await bought(noConsent, matcha, { daysAgo: 31 });
    const subscriber = await shopper(t, { linked: true });
    await bought(subscriber, matcha, { daysAgo: 31, frequencyWeeks: 4 });
    const unfinished = await shopper(t, { linked: true });
    await bought(unfinished, matcha, { daysAgo: 31, status: 'Processing' });
    const noInterval = await shopper(t, { linked: true });
    await bought(noInterval, plain, { daysAgo: 200 });
    const tooLate = await shopper(t, { linked: true });
    await bought(tooLate, matcha, { daysAgo: 40 });
    const unconfirmed = await shopper(t, { confirmed: false });
    await bought(unconfirmed, matcha, { daysAgo: 31 });
    await run();
    for (const who of [noConsent, subscriber, unfinished, noInterval, tooLate, unconfirmed]) {
      expect((await queued(t, who.id, 'reorder_reminder')).total, `user ${who.id}`).toBe(0);
    }
  });

  it('nothing when bought again or subscribed since, or the product is off sale; consent turned off before sending', async () => {
    const matcha = await tea(30);
    const again = await shopper(t, { linked: true });
    await bought(again, matcha, { daysAgo: 31 });
    await bought(again, matcha, { daysAgo: 2 });
    const subscribed = await shopper(t, { linked: true });
    const { orderId } = await bought(subscribed, matcha, { daysAgo: 31 });
    await t.db
      .insertInto('subscriptions')
      .values({
        user_id: subscribed.id,
        product_id: matcha.productId,
        variant_id: matcha.packagingId,
        quantity: 1,
        frequency_weeks: 4,
        address_id: subscribed.addressId,
        shipping_method: 'standard',
        payment_method: 'bank_transfer',
        status: 'active',
        next_due_at: addDays(nowIso(), 10),
        origin_order_id: orderId,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const offSale = await shopper(t, { linked: true });
    const gone = await tea(30);
    await bought(offSale, gone, { daysAgo: 31 });
    await t.db.updateTable('products').set({ stock_state: 'out_of_stock' }).where('id', '=', gone.productId).execute();
    const changedMind = await shopper(t, { linked: true });
    await bought(changedMind, matcha, { daysAgo: 31 });
    await run();
    for (const who of [again, subscribed, offSale]) {
      expect((await queued(t, who.id, 'reorder_reminder')).total, `user ${who.id}`).toBe(0);
    }
    // Queued, then marketing turned off before the bot sent it: skipped.
    expect((await queued(t, changedMind.id, 'reorder_reminder')).bot).toHaveLength(1);
    expect((await post(t.app, '/v2/set-marketing-consent', { on: 0 }, { token: changedMind.token })).status).toBe(200);
    await t.app.notificationSender!.drainOnce();
    expect(sentTo(changedMind.tg)).toEqual([]);
    expect((await queued(t, changedMind.id, 'reorder_reminder')).bot[0]!.last_error).toMatch(/marketing is off/);
  });

  it('two instances running the job at the same time send one reminder', async () => {
    const second = dialect === 'postgres' ? createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 5 }) : t.db;
    try {
      const matcha = await tea(30);
      const both = await shopper(t, { linked: true });
      await bought(both, matcha, { daysAgo: 31 });
      await Promise.all([remindReorders(t.shop), remindReorders(shopOn(t.shop, second))]);
      expect((await queued(t, both.id, 'reorder_reminder')).total).toBe(1);

      const again = await shopper(t, { linked: true });
      await bought(again, matcha, { daysAgo: 32 });
      const jobs = [createReorderReminderJob(t.shop), createReorderReminderJob(shopOn(t.shop, second))];
      try {
        const ticks = await Promise.all(jobs.map((job) => job.tickOnce()));
        expect(ticks.filter((r) => r !== null)).toHaveLength(1);
      } finally {
        await Promise.all(jobs.map((job) => job.stop()));
      }
      expect((await queued(t, again.id, 'reorder_reminder')).total).toBe(1);
    } finally {
      if (second !== t.db) await second.destroy();
    }
  });
});
