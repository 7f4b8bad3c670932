import type { SavedCart } from '../../../../src/common/contract/cart';
import { createDb, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { nowIso } from '../../../../src/server/lib/time';
import { createCartReminderJob, remindAbandonedCarts } from '../../../../src/server/marketing/cart-reminders';
import { buildMailTestApp, sendMailNow, startSmtp, TEST_SHOP_URL, type TestSmtp } from '../../../setup/smtp';
import { interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { dialects, post, shopOn, type TestApp } from '../../helper';
import { PROVIDER_ENV, placeOrder } from '../orders/support';
import { clearOutboxes, hoursLater, pictured, queued, type Shopper, setSetting, shopper } from './support';

/**
 * The abandoned-cart reminder (docs/decisions/056): a logged-in customer whose saved cart has waited untouched for the
 * owner's hours gets one reminder for it — a photo card from the bot when linked to Telegram (the first line's picture,
 * the lines and total in their language, "Open my cart" opening the Mini App on /cart, "Stop these messages"), else an
 * e-mail through the test SMTP server with the stop link and List-Unsubscribe — only with their marketing consent,
 * never for a cart since emptied or ordered, once per cart even with two instances at once.
 */
describe.each(dialects)('abandoned-cart reminders on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, {
      botToken: TEST_BOT_TOKEN,
      env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' },
    });
    api = interceptBotApi(t.app.bot!);
    await setSetting(t, 'abandoned_cart_reminders', '1');
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

  const save = async (who: Shopper, changes: Array<{ product_id: number; variant_id: number; quantity: number }>) => {
    const res = await post<SavedCart>(t.app, '/v2/save-cart', { changes }, { token: who.token });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data;
  };
  const line = (p: { productId: number; packagingId: number }, quantity: number) => ({
    product_id: p.productId,
    variant_id: p.packagingId,
    quantity,
  });
  const run = (hours = 25) => remindAbandonedCarts(t.shop, hoursLater(hours));
  /** The e-mail sender's round, after the rounds above (their messages are queued at the round's time). */
  const sendMail = () => sendMailNow(t, { now: hoursLater(1000) });
  const remindedAt = async (userId: number) =>
    (await t.db.selectFrom('carts').select('reminded_at').where('user_id', '=', userId).executeTakeFirst())
      ?.reminded_at ?? null;
  /** The reminders the bot sent to a chat (what carries the stop button), since the last reset. */
  const sentTo = (tg: string | null) =>
    api.calls.filter(
      (c) =>
        ['sendPhoto', 'sendMessage'].includes(c.method) &&
        String(c.payload.chat_id) === tg &&
        JSON.stringify(c.payload.reply_markup ?? {}).includes('"callback_data":"mks:'),
    );

  it('a linked customer gets one photo card by the bot: lines, total, Open my cart in the Mini App, Stop', async () => {
    const ann = await shopper(t, { linked: true });
    const tea = await pictured(t, { name: 'Reminder Oolong', price: 1250 });
    const cup = await pictured(t, { name: 'Reminder Cup', price: 800 });
    await save(ann, [line(tea, 2), line(cup, 1)]);

    // Not idle long enough yet: nothing.
    await run(23);
    expect((await queued(t, ann.id, 'cart_reminder')).total).toBe(0);

    await run(25);
    const first = await queued(t, ann.id, 'cart_reminder');
    expect(first.bot).toHaveLength(1);
    expect(first.mail).toHaveLength(0);
    expect(await remindedAt(ann.id)).not.toBeNull();

    await t.app.notificationSender!.drainOnce();
    const [card, ...rest] = sentTo(ann.tg);
    expect(rest).toEqual([]);
    expect(card!.method).toBe('sendPhoto');
    const hash = /\/media\/images\/([0-9a-f]{32})-640\.webp/.exec(tea.image)![1];
    expect(card!.payload.photo).toBe(`${TEST_SHOP_URL}/media/images/${hash}-1280.jpg`);
    expect(card!.payload.caption).toBe(
      [
        'You left these in your cart:',
        '• Reminder Oolong (50 g) × 2: $25.00',
        '• Reminder Cup (50 g) × 1: $8.00',
        'Total: $33.00',
        'They are still waiting for you.',
      ].join('\n'),
    );
    expect(card!.payload.reply_markup.inline_keyboard).toEqual([
      [{ text: 'Open my cart', web_app: { url: `${TEST_SHOP_URL}/cart` } }],
      [{ text: 'Stop these messages', callback_data: expect.stringMatching(/^mks:\d+:[\w-]{22}$/) }],
    ]);
    expect((await queued(t, ann.id, 'cart_reminder')).bot[0]!.sent_at).not.toBeNull();

    // Once per cart: later rounds, and a change to the cart after its reminder, send nothing more.
    await run(30);
    await save(ann, [line(cup, 3)]);
    await run(60);
    expect((await queued(t, ann.id, 'cart_reminder')).total).toBe(1);
  });

  it('in the customer’s language; a picture Telegram refuses still sends the card as text', async () => {
    const mei = await shopper(t, { linked: true, language: 'zh' });
    const tea = await pictured(t, { price: 1000 });
    await t.db.updateTable('products').set({ name_zh: '提醒乌龙' }).where('id', '=', tea.productId).execute();
    await save(mei, [line(tea, 1)]);
    await run();
    api.fail('sendPhoto', 400, 'Bad Request: wrong type of the web page content', mei.tg!);
    try {
      await t.app.notificationSender!.drainOnce();
    } finally {
      api.clearFailures();
    }
    const text = sentTo(mei.tg).find((c) => c.method === 'sendMessage')!;
    expect(text.payload.text).toBe(
      ['您的购物车里还有这些商品：', '• 提醒乌龙（50 克）× 1：$10.00', '合计：$10.00', '它们还在等您。'].join('\n'),
    );
    expect(text.payload.reply_markup.inline_keyboard.flat().map((b: { text: string }) => b.text)).toEqual([
      '打开我的购物车',
      '停止接收此类消息',
    ]);
    expect((await queued(t, mei.id, 'cart_reminder')).bot[0]!.sent_at).not.toBeNull();
  });

  it('without Telegram: an e-mail to the confirmed address, with the stop link in the footer and List-Unsubscribe', async () => {
    const bo = await shopper(t);
    const tea = await pictured(t, { name: 'Mailed Sencha', price: 1400 });
    await save(bo, [line(tea, 1)]);
    await run();
    expect((await queued(t, bo.id, 'cart_reminder')).mail).toHaveLength(1);
    const round = await sendMail();
    expect(round.failed, JSON.stringify(await queued(t, bo.id, 'cart_reminder'))).toEqual([]);
    const mail = await smtp.waitFor((m) => m.to === bo.email);
    expect(mail.subject).toBe('Your cart is waiting for you');
    expect(mail.text).toContain('Mailed Sencha (50 g) × 1');
    expect(mail.text).toContain('$14.00');
    expect(mail.html).toContain(`href="${TEST_SHOP_URL}/cart"`);
    expect(mail.text).toContain('You get this e-mail because you turned on marketing messages at Leaf & Cup.');
    const list = mail.headers.get('list') as { unsubscribe: { url: string }; 'unsubscribe-post': { name: string } };
    expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
    const stop = list.unsubscribe.url;
    expect(stop).toMatch(new RegExp(`^${TEST_SHOP_URL}/v1/marketing/stop\\?u=${bo.id}&sig=[\\w-]+&lang=en$`));
    expect(mail.html.replaceAll('&amp;', '&')).toContain(`href="${stop}"`);

    // The link works from the e-mail, without logging in.
    const page = await t.app.inject({ method: 'GET', url: stop.slice(TEST_SHOP_URL.length) });
    expect(page.statusCode).toBe(200);
    const consent = await post(t.app, '/v2/get-marketing-consent', {}, { token: bo.token });
    expect(consent.body.data.marketing.on).toBe(false);
  });

  it('nothing without consent, without a channel, for a deleted account, or when the owner has it off', async () => {
    const tea = await pictured(t);
    const noConsent = await shopper(t, { linked: true, marketing: false });
    const unconfirmed = await shopper(t, { confirmed: false });
    const deleted = await shopper(t);
    const turnedOff = await shopper(t, { linked: true });
    for (const who of [noConsent, unconfirmed, deleted, turnedOff]) await save(who, [line(tea, 1)]);
    await t.db.updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', deleted.id).execute();
    expect((await post(t.app, '/v2/set-marketing-consent', { on: 0 }, { token: turnedOff.token })).status).toBe(200);

    await setSetting(t, 'abandoned_cart_reminders', '0');
    const off = await shopper(t, { linked: true });
    await save(off, [line(tea, 1)]);
    try {
      expect(await run()).toEqual({ reminded: 0, skipped: 0 });
    } finally {
      await setSetting(t, 'abandoned_cart_reminders', '1');
    }
    await run();
    for (const who of [noConsent, unconfirmed, deleted, turnedOff]) {
      expect((await queued(t, who.id, 'cart_reminder')).total, `user ${who.id}`).toBe(0);
      expect(await remindedAt(who.id)).toBeNull();
    }
    // Switched back on, the waiting cart is reminded.
    expect((await queued(t, off.id, 'cart_reminder')).total).toBe(1);
  });

  it('nothing for a cart emptied or ordered; a cart ordered or emptied after its reminder is not told', async () => {
    const tea = await pictured(t);
    const cup = await pictured(t);
    const emptied = await shopper(t, { linked: true });
    const ordered = await shopper(t, { linked: true });
    await save(emptied, [line(tea, 1)]);
    await save(emptied, [line(tea, 0)]);
    await save(ordered, [line(tea, 2)]);
    const placed = await placeOrder(
      t.app,
      { userId: ordered.id, token: ordered.token, addressId: ordered.addressId },
      {
        items: [line(tea, 2)],
      },
    );
    expect(placed.status, placed.body.message).toBe(200);
    await run();
    expect((await queued(t, emptied.id, 'cart_reminder')).total).toBe(0);
    expect((await queued(t, ordered.id, 'cart_reminder')).total).toBe(0);

    // Reminded, then part of the cart ordered before the message went: it is not sent, and the rest of the cart is a
    // new cart, which may be reminded once again later.
    const late = await shopper(t, { linked: true });
    await save(late, [line(tea, 1), line(cup, 1)]);
    await run();
    expect((await queued(t, late.id, 'cart_reminder')).bot).toHaveLength(1);
    const order = await placeOrder(
      t.app,
      { userId: late.id, token: late.token, addressId: late.addressId },
      {
        items: [line(tea, 1)],
      },
    );
    expect(order.status, order.body.message).toBe(200);
    expect(await remindedAt(late.id)).toBeNull();
    await t.app.notificationSender!.drainOnce();
    expect(sentTo(late.tg)).toEqual([]);
    expect((await queued(t, late.id, 'cart_reminder')).bot[0]!.last_error).toMatch(/^skipped: the cart was emptied/);
    await run(60);
    expect((await queued(t, late.id, 'cart_reminder')).bot).toHaveLength(2);

    // Reminded, then emptied: the queued e-mail is not sent either.
    const mailed = await shopper(t);
    await save(mailed, [line(cup, 1)]);
    await run(90);
    await save(mailed, [line(cup, 0)]);
    await sendMail();
    const row = (await queued(t, mailed.id, 'cart_reminder')).mail[0]!;
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/^skipped: the cart was emptied/);
    expect(smtp.messages.filter((m) => m.to === mailed.email)).toEqual([]);
  });

  it('a cart left far longer than the hours (the reminder just switched on) is not reminded; the hours are the owner’s', async () => {
    const tea = await pictured(t);
    const old = await shopper(t, { linked: true });
    await save(old, [line(tea, 1)]);
    await run(24 + 8 * 24);
    expect((await queued(t, old.id, 'cart_reminder')).total).toBe(0);

    await setSetting(t, 'abandoned_cart_hours', '6');
    try {
      const soon = await shopper(t, { linked: true });
      await save(soon, [line(tea, 1)]);
      await run(5);
      expect((await queued(t, soon.id, 'cart_reminder')).total).toBe(0);
      await run(7);
      expect((await queued(t, soon.id, 'cart_reminder')).total).toBe(1);
    } finally {
      await setSetting(t, 'abandoned_cart_hours', '24');
    }
  });

  it('two instances running the job at the same time send one reminder', async () => {
    const second = dialect === 'postgres' ? createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 5 }) : t.db;
    try {
      const tea = await pictured(t);
      const both = await shopper(t, { linked: true });
      await save(both, [line(tea, 1)]);
      // Two rounds at once without the lease (the conditional mark alone keeps it single)…
      const at = hoursLater(25);
      await Promise.all([remindAbandonedCarts(t.shop, at), remindAbandonedCarts(shopOn(t.shop, second), at)]);
      expect((await queued(t, both.id, 'cart_reminder')).total).toBe(1);

      // …and the jobs as the timer runs them, on two instances: one claims the lease and runs.
      const again = await shopper(t, { linked: true });
      await save(again, [line(tea, 1)]);
      const jobs = [createCartReminderJob(t.shop), createCartReminderJob(shopOn(t.shop, second))];
      try {
        const ticks = await Promise.all(jobs.map((job) => job.tickOnce(hoursLater(26))));
        expect(ticks.filter((r) => r !== null)).toHaveLength(1);
      } finally {
        await Promise.all(jobs.map((job) => job.stop()));
      }
      expect((await queued(t, again.id, 'cart_reminder')).total).toBe(1);
    } finally {
      if (second !== t.db) await second.destroy();
    }
  });
});
