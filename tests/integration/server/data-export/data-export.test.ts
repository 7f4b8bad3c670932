import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../src/server/lib/time';
import { customerFootprint, personalData } from '../../../factories/customer-footprint';
import { createStaff } from '../../../factories/staff';
import { createUser } from '../../../factories/users';
import { buildMailTestApp, sendMailNow, startSmtp, TEST_SHOP_URL, type TestSmtp } from '../../../setup/smtp';
import { buttonsOf, interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { dialects, post, type TestApp } from '../../helper';
import { download, runExportJob, unzip } from './support';

/**
 * "Download my data" (docs/decisions/051): a customer with one of everything asks for a copy, the job makes it, the
 * signed link gives one ZIP whose data.json holds every section with the customer's rows and whose uploads are the
 * very bytes stored; nothing of the downline or of an unrelated customer is in it. When it is ready the bot (linked
 * account) and the e-mail (confirmed address) say so with the link; an unconfirmed, unlinked account hears nothing.
 */
describe.each(dialects)('a copy of a customer’s data on %s', (dialect) => {
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
    await t.db.updateTable('notifications').set({ sent_at: nowIso() }).where('sent_at', 'is', null).execute();
    await t.db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
  });

  const state = (token: string) => post(t.app, '/v2/get-data-export', {}, { token });
  const ask = (token: string, lang = 'en') => post(t.app, '/v2/request-data-export', { lang }, { token });

  it('makes one ZIP with every section, the uploads’ own bytes, and nothing of other customers', async () => {
    const owner = await createStaff(t.db, 'owner');
    const f = await customerFootprint(t.db, t.app.files, { staffEmail: owner.user.email });
    const token = f.main.token;

    expect((await state(token)).body.data).toEqual({ export: null, requests_left: 3 });
    const asked = await ask(token);
    expect(asked.status, asked.body.message).toBe(200);
    expect(asked.body.message).toBe(
      'We are preparing a copy of your data. We will tell you when it is ready to download.',
    );
    expect(asked.body.data).toMatchObject({ export: { status: 'preparing', download_url: null }, requests_left: 2 });
    const zh = await ask(token, 'zh');
    expect(zh.body.message).toBe('我们正在准备您的数据副本，准备好后会通知您下载。');
    // Asked again while preparing: the same copy, not counted.
    expect(zh.body.data.export.id).toBe(asked.body.data.export.id);
    expect(zh.body.data.requests_left).toBe(2);

    const round = await runExportJob(t.shop);
    expect(round.made).toEqual([asked.body.data.export.id]);
    const ready = (await state(token)).body.data.export!;
    expect(ready).toMatchObject({ status: 'ready' });
    expect(Date.parse(ready.expires_at!) - Date.parse(ready.requested_at)).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(ready.download_url).toMatch(/^\/v1\/data-export\/\d+\?exp=\d+&sig=[\w-]+$/);

    const got = await download(t, ready.download_url!);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    expect(got.headers['content-disposition']).toMatch(
      /^attachment; filename="leafcup-data-\d+-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(got.headers['cache-control']).toContain('no-store');
    expect(ready.size).toBe(got.bytes.length);

    const entries = await unzip(got.bytes);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    const { ids } = f;
    expect(Object.keys(data)).toEqual([
      'about',
      'profile',
      'addresses',
      'orders',
      'coupons',
      'reviews',
      'cash_reward',
      'subscriptions',
      'saved_cards',
      'stock_alerts',
      'cart',
      'exchanges',
      'referral',
      'affiliate',
      'security',
      'messages',
    ]);
    expect(data.profile).toMatchObject({
      id: f.main.user.id,
      email: f.main.user.email,
      phone: f.main.user.phone,
      nickname: f.main.user.nickname,
      telegram: { linked: true, user_id: f.main.user.telegram_user_id, username: f.main.user.telegram_username },
      preferences: { order_news_by_telegram: true, order_news_by_email: true },
    });
    expect(data.addresses.map((a: { id: number }) => a.id)).toEqual([ids.address]);
    expect(data.orders).toHaveLength(1);
    const [order] = data.orders;
    expect(order).toMatchObject({ id: ids.order, order_no: ids.orderNo, receiver_name: 'Ana Receiver' });
    expect(order.save_card_consent_at).toEqual(expect.any(String));
    expect(order.lines.map((l: { id: number }) => l.id)).toEqual([ids.line]);
    expect(order.payments.map((p: { id: number }) => p.id)).toEqual([ids.payment]);
    expect(order.refunds.map((r: { id: number }) => r.id)).toEqual([ids.refund]);
    expect(order.timeline.map((e: { actor: string }) => e.actor)).toEqual(['customer', 'staff']);
    expect(order.receipt_file).toBe(`uploads/receipts/${ids.orderNo}.jpg`);
    expect(data.reviews.map((r: { id: number }) => r.id)).toEqual([ids.review]);
    expect(data.cash_reward.ledger).toEqual([expect.objectContaining({ type: 'earned', amount_cents: 123 })]);
    expect(data.subscriptions.map((s: { id: number }) => s.id)).toEqual([ids.subscription]);
    expect(data.saved_cards).toEqual([expect.objectContaining({ id: ids.card, brand: 'visa', last4: '4242' })]);
    expect(data.stock_alerts).toHaveLength(1);
    expect(data.cart).toEqual([expect.objectContaining({ frequency_weeks: 0, quantity: 2 })]);
    expect(data.exchanges).toEqual([
      expect.objectContaining({ id: ids.exchange, photo_file: `uploads/exchanges/${ids.exchange}.jpg` }),
    ]);
    expect(data.referral).toMatchObject({ code: f.main.user.referral_code, has_upline: false });
    expect(data.referral.visits).toEqual([expect.objectContaining({ converted: true })]);
    expect(data.referral.downlines).toEqual([
      { downline: 1, joined_at: f.downline.user.created_at, joined_via: 'link' },
    ]);
    expect(data.referral.awards).toEqual([expect.objectContaining({ downline: 1, amount_cents: 500 })]);
    expect(data.affiliate.commissions).toEqual([expect.objectContaining({ downline: 1, amount_cents: 250 })]);
    expect(data.affiliate.payout_requests).toEqual([expect.objectContaining({ amount_cents: 250 })]);
    expect(data.affiliate.bank_settings).toMatchObject({ bank_name: 'BDO', account_name: 'Ana Footprint' });
    expect(data.security.sessions.length).toBeGreaterThan(0);

    // The uploads, byte for byte.
    expect(entries.get(`uploads/receipts/${ids.orderNo}.jpg`)!.equals(f.uploads.receipt)).toBe(true);
    expect(entries.get(`uploads/exchanges/${ids.exchange}.jpg`)!.equals(f.uploads.photo)).toBe(true);
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.txt',
        'data.json',
        `uploads/exchanges/${ids.exchange}.jpg`,
        `uploads/receipts/${ids.orderNo}.jpg`,
      ].sort(),
    );

    // Nothing of anyone else, in any entry: the downline's and the stranger's e-mail, name and phone, their orders'
    // receivers, the staff member's e-mail; and none of the shop's secrets.
    const everything = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    const forbidden = [
      ...personalData(f.downline),
      ...personalData(f.stranger),
      owner.user.email,
      'Dina Receiver',
      'Sam Receiver',
      '+639175550101',
      '+639175550202',
      f.main.user.password_hash,
      'cus_',
      'pm_',
      'vk_',
    ];
    for (const text of forbidden) expect(everything, text).not.toContain(text);
    expect(everything).toContain(f.main.user.email);
  });

  it('tells a linked customer by the bot and a confirmed one by e-mail, with a link that downloads', async () => {
    const both = await createUser(t.db, { email_confirmed_at: nowIso(), telegram_user_id: '7200000001' });
    const neither = await createUser(t.db, { email_confirmed_at: null, telegram_user_id: null, language: 'zh' });
    // Order news switched off: the copy they asked for is told anyway.
    await t.db.updateTable('users').set({ notify_orders: 0 }).where('id', '=', both.user.id).execute();
    await ask(both.token);
    await ask(neither.token);
    await runExportJob(t.shop);

    await t.app.notificationSender!.drainOnce();
    const sent = api.of('sendMessage');
    expect(sent).toHaveLength(1);
    expect(String(sent[0]!.payload.chat_id)).toBe('7200000001');
    expect(sent[0]!.payload.text).toContain('Your copy of your Leaf & Cup data is ready');
    const [button] = buttonsOf(sent[0]!.payload);
    expect(button).toMatchObject({ text: 'Download my data' });
    // A plain link (the browser downloads it), not a Mini App button.
    expect(button!.web_app).toBeUndefined();
    expect(button!.url).toMatch(new RegExp(`^${TEST_SHOP_URL}/v1/data-export/\\d+\\?exp=\\d+&sig=`));
    const fromBot = await download(t, button!.url!.slice(TEST_SHOP_URL.length));
    expect(fromBot.status).toBe(200);

    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === both.user.email.toLowerCase());
    expect(mail.subject).toBe('Your Leaf & Cup data is ready to download');
    const link = [...mail.html.matchAll(/href="([^"]+)"/g)]
      .map((m) => m[1]!.replaceAll('&amp;', '&'))
      .find((href) => href.includes('/v1/data-export/'));
    expect(link).toBe(button!.url);
    expect(mail.text).toContain('(UTC)');
    // Nothing for the account with neither channel; its copy waits on the profile.
    expect(smtp.messages.filter((m) => m.to === neither.user.email.toLowerCase())).toEqual([]);
    expect((await state(neither.token)).body.data.export?.status).toBe('ready');
  });

  it('sends the ready link to the linked chat on request (inside Telegram); refuses without a link or a copy', async () => {
    const linked = await createUser(t.db, { telegram_user_id: '7200000002' });
    const unlinked = await createUser(t.db, { telegram_user_id: null });
    const early = await post(t.app, '/v2/send-data-export-to-telegram', {}, { token: linked.token });
    expect(early.status).toBe(404);
    expect(early.body.message).toBe('There is no copy of your data ready to download');
    const noChat = await post(t.app, '/v2/send-data-export-to-telegram', {}, { token: unlinked.token });
    expect(noChat.status).toBe(409);
    expect(noChat.body.message).toBe('Your account is not linked to Telegram');

    await ask(linked.token);
    await runExportJob(t.shop);
    await t.app.notificationSender!.drainOnce();
    api.reset();
    const again = await post(t.app, '/v2/send-data-export-to-telegram', {}, { token: linked.token });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('The bot has sent you the link in Telegram');
    await t.app.notificationSender!.drainOnce();
    expect(api.of('sendMessage').map((c) => String(c.payload.chat_id))).toEqual(['7200000002']);
  });
});
