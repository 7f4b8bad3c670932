import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../../src/common/contract/admin/products';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { nowIso } from '../../../../src/server/lib/time';
import * as actions from '../../../../src/server/orders/admin-service';
import { createProduct } from '../../../factories/products';
import { staffCrew } from '../../../factories/staff';
import { createUser } from '../../../factories/users';
import { buildMailTestApp, sendMailNow, startSmtp, TEST_SHOP_URL, type TestSmtp } from '../../../setup/smtp';
import { buttonsOf, interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { dialects, formEncode, post, type TestApp } from '../../helper';
import { productFormOf } from '../admin/support';
import { customer, PROVIDER_ENV, placeOrder, postMultipart } from '../orders/support';

/**
 * Back-in-stock alerts (docs/decisions/018): a customer sets "Notify me when available" on a product out of
 * stock or coming soon (one per customer and product, cancellable, refused in stock); when units come back (staff's
 * Adjust stock, the CSV import, a cancelled order) or the product goes from "Coming soon" to "On sale", each waiting
 * customer is told once — by the bot when linked with its switch on, else by e-mail through the real test SMTP — in
 * their language, with a link to the product; concurrent restocks tell once.
 */
describe.each(dialects)('back-in-stock alerts on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let crew: Awaited<ReturnType<typeof staffCrew>>;
  let api: ReturnType<typeof interceptBotApi>;
  let nextTg = 6_900_000_000;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, {
      botToken: TEST_BOT_TOKEN,
      env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' },
    });
    crew = await staffCrew(t.db);
    api = interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    api.reset();
    smtp.messages.length = 0;
    // Nothing another test queued is sent in this one.
    await t.db.updateTable('notifications').set({ sent_at: nowIso() }).where('sent_at', 'is', null).execute();
    await t.db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
  });

  /** A logged-in customer with a confirmed address; linked to a fresh Telegram user when `linked`. */
  const shopper = async (
    opts: { linked?: boolean; language?: 'en' | 'zh'; telegramSwitch?: boolean; emailSwitch?: boolean } = {},
  ) => {
    const { user, token } = await createUser(t.db, {
      email_confirmed_at: nowIso(),
      language: opts.language ?? 'en',
      telegram_user_id: opts.linked ? String(++nextTg) : null,
      notify_orders: opts.telegramSwitch === false ? 0 : 1,
      notify_email: opts.emailSwitch === false ? 0 : 1,
    });
    return { id: user.id, email: user.email, tg: user.telegram_user_id, token };
  };
  const soldOut = async (name: string) => {
    // Sold out the usual way: on sale, no units left (a stored "out of stock" is not on sale, 015).
    const made = await createProduct(t.db, { name, stock: 0, stockState: 'in_stock' });
    return { productId: made.product.id, packagingId: made.variants[0]!.id, slug: made.product.slug };
  };
  const setAlert = (token: string, productId: number | string, lang = 'en') =>
    post(t.app, '/v2/set-stock-alert', { product_id: productId, lang }, { token });
  const adjust = (packagingId: number, delta: number) =>
    post(
      t.app,
      '/admin/stock/adjust',
      { packaging_id: packagingId, delta, reason: 'Delivery' },
      { token: crew.manager.token },
    );
  const alertRows = (productId: number) =>
    t.db.selectFrom('stock_alerts').selectAll().where('product_id', '=', productId).orderBy('id').execute();
  /** The back-in-stock messages queued for a customer: e-mails, or the bot's notices. */
  const queued = (table: 'mail_outbox' | 'notifications') => (userId: number) =>
    t.db.selectFrom(table).select('id').where('user_id', '=', userId).where('kind', '=', 'back_in_stock').execute();
  const mailRows = queued('mail_outbox');
  const noticeRows = queued('notifications');
  const linksOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

  it('sets, reads and cancels an alert: one per customer and product, refused in stock, for guests, hidden or unknown products', async () => {
    const ann = await shopper();
    const { productId } = await soldOut('Alert Oolong');

    expect(
      (await post(t.app, '/v2/get-stock-alert', { product_id: productId }, { token: ann.token })).body.data,
    ).toEqual({ alert: null });
    const first = await setAlert(ann.token, productId);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe("We'll let you know when it's back.");
    expect(first.body.data.alert).toMatchObject({ product_id: productId, told_at: null });
    // Again (a double click): still one alert, unchanged.
    const again = await setAlert(ann.token, productId, 'zh');
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('到货后我们会通知您。');
    expect(again.body.data.alert).toEqual(first.body.data.alert);
    expect(await alertRows(productId)).toHaveLength(1);
    // Both at once: still one.
    const both = await Promise.all([setAlert(ann.token, productId), setAlert(ann.token, productId)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await alertRows(productId)).toHaveLength(1);

    const got = await post(t.app, '/v2/get-stock-alert', { product_id: productId }, { token: ann.token });
    expect(got.body.data.alert).toEqual(first.body.data.alert);
    const list = await post(t.app, '/v2/get-stock-alerts', {}, { token: ann.token });
    expect(list.body.data.alerts).toEqual([
      expect.objectContaining({
        product_id: productId,
        name: 'Alert Oolong',
        stock_state: 'out_of_stock',
        told_at: null,
      }),
    ]);

    const cancelled = await post(t.app, '/v2/cancel-stock-alert', { product_id: productId }, { token: ann.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Alert cancelled');
    expect(await alertRows(productId)).toHaveLength(0);
    // Cancelling what is not set is harmless.
    expect((await post(t.app, '/v2/cancel-stock-alert', { product_id: productId }, { token: ann.token })).status).toBe(
      200,
    );

    // In stock: refused with a message naming the field, nothing written.
    const inStock = await createProduct(t.db, { name: 'Plenty Tea', stock: 5 });
    const refused = await setAlert(ann.token, inStock.product.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This product is in stock: add it to your cart instead of asking to be notified');
    expect(refused.errors.map((e) => e.field)).toEqual(['product_id']);
    expect(await alertRows(inStock.product.id)).toHaveLength(0);

    // Coming soon (even with units): allowed. Hidden or unknown: 404. Guest: 401. Bad id: 422 naming it.
    const soon = await createProduct(t.db, { name: 'Soon Tea', stock: 10, stockState: 'coming_soon' });
    expect((await setAlert(ann.token, soon.product.id)).status).toBe(200);
    const hidden = await createProduct(t.db, { stock: 0, isActive: false });
    expect((await setAlert(ann.token, hidden.product.id)).status).toBe(404);
    expect((await setAlert(ann.token, 2_000_000_000)).status).toBe(404);
    expect((await post(t.app, '/v2/set-stock-alert', { product_id: productId })).status).toBe(401);
    const bad = await setAlert(ann.token, 'abc');
    expect(bad.status).toBe(422);
    expect(bad.errors.map((e) => e.field)).toEqual(['product_id']);
    expect(await alertRows(hidden.product.id)).toHaveLength(0);
  });

  it('a restock in the back office e-mails each waiting customer once, in their language, with the product link', async () => {
    const ann = await shopper({ language: 'en' });
    const mei = await shopper({ language: 'zh' });
    const bystander = await shopper();
    const { productId, packagingId } = await soldOut('Restock Pearls');
    await t.db.updateTable('products').set({ name_zh: '茉莉龙珠' }).where('id', '=', productId).execute();
    expect((await setAlert(ann.token, productId)).status).toBe(200);
    expect((await setAlert(mei.token, productId)).status).toBe(200);

    expect((await adjust(packagingId, 5)).status).toBe(200);
    const rows = await alertRows(productId);
    expect(rows.every((r) => r.told_at !== null)).toBe(true);
    expect(await mailRows(ann.id)).toHaveLength(1);
    expect(await mailRows(mei.id)).toHaveLength(1);
    expect(await mailRows(bystander.id)).toHaveLength(0);

    await sendMailNow(t);
    const en = await smtp.waitFor((m) => m.to === ann.email.toLowerCase());
    expect(en.subject).toBe('Restock Pearls is back in stock');
    expect(en.text).toContain('Restock Pearls is available again');
    expect(linksOf(en.html)).toContain(`${TEST_SHOP_URL}/details/${productId}`);
    expect(en.text).toContain(`${TEST_SHOP_URL}/details/${productId}`);
    const zh = await smtp.waitFor((m) => m.to === mei.email.toLowerCase());
    expect(zh.subject).toBe('茉莉龙珠 已到货');
    expect(zh.text).toContain('查看商品');
    expect(linksOf(zh.html)).toContain(`${TEST_SHOP_URL}/details/${productId}`);

    // More units later: nobody is told again.
    expect((await adjust(packagingId, 3)).status).toBe(200);
    await sendMailNow(t);
    expect(smtp.messages.filter((m) => m.to === ann.email.toLowerCase())).toHaveLength(1);
    expect(await mailRows(ann.id)).toHaveLength(1);
    // The alert shows as told; setting it again waits again.
    const got = await post(t.app, '/v2/get-stock-alert', { product_id: productId }, { token: ann.token });
    expect(got.body.data.alert?.told_at).not.toBeNull();
  });

  it('a linked customer hears it from the bot (not by e-mail); with the Telegram switch off, by e-mail; both off: nothing', async () => {
    const linked = await shopper({ linked: true, language: 'zh' });
    const botOff = await shopper({ linked: true, telegramSwitch: false });
    const silent = await shopper({ emailSwitch: false });
    const { productId, packagingId } = await soldOut('Bot Sencha');
    await t.db.updateTable('products').set({ name_zh: '煎茶' }).where('id', '=', productId).execute();
    for (const c of [linked, botOff, silent]) expect((await setAlert(c.token, productId)).status).toBe(200);

    expect((await adjust(packagingId, 2)).status).toBe(200);
    expect(await noticeRows(linked.id)).toHaveLength(1);
    expect(await mailRows(linked.id)).toHaveLength(0);
    expect(await noticeRows(botOff.id)).toHaveLength(0);
    expect(await mailRows(botOff.id)).toHaveLength(1);
    expect(await noticeRows(silent.id)).toHaveLength(0);
    expect(await mailRows(silent.id)).toHaveLength(0);
    expect((await alertRows(productId)).every((r) => r.told_at !== null)).toBe(true);

    await t.app.notificationSender!.drainOnce();
    const sent = api.of('sendMessage').filter((m) => String(m.payload.chat_id) === linked.tg);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload.text).toBe('煎茶 已到货。您曾要求我们到货时通知您。');
    expect(buttonsOf(sent[0]!.payload)).toEqual([
      { text: '查看商品', web_app: `${TEST_SHOP_URL}/details/${productId}` },
    ]);
    // Drained: a second round sends nothing more.
    await t.app.notificationSender!.drainOnce();
    expect(api.of('sendMessage').filter((m) => String(m.payload.chat_id) === linked.tg)).toHaveLength(1);
  });

  it('units coming back from a cancelled order tell the waiting customer once', async () => {
    const made = await createProduct(t.db, { name: 'Last Tin', stock: 1 });
    const productId = made.product.id;
    const buyer = await customer(t.db);
    const placed = await placeOrder(t.app, buyer, {
      items: [{ product_id: productId, variant_id: made.variants[0]!.id, quantity: 1 }],
    });
    expect(placed.status, placed.body.message).toBe(200);
    const ann = await shopper();
    expect((await setAlert(ann.token, productId)).status).toBe(200);

    await actions.cancelOrder(t.shop, CLI_ACTOR, placed.body.data.order.id);
    expect(await mailRows(ann.id)).toHaveLength(1);
    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === ann.email.toLowerCase());
    expect(mail.subject).toBe('Last Tin is back in stock');
  });

  it('"Coming soon" → "On sale" with units tells; units added while still coming soon do not', async () => {
    const made = await createProduct(t.db, { name: 'Soon Pu-erh', stock: 4, stockState: 'coming_soon' });
    const productId = made.product.id;
    const ann = await shopper();
    expect((await setAlert(ann.token, productId)).status).toBe(200);

    expect((await adjust(made.variants[0]!.id, 6)).status).toBe(200);
    expect(await mailRows(ann.id)).toHaveLength(0);
    expect((await alertRows(productId))[0]!.told_at).toBeNull();

    const got = await post<{ product: AdminProduct }>(
      t.app,
      '/admin/products/get',
      { product_id: productId },
      { token: crew.manager.token },
    );
    const saved = await post(
      t.app,
      '/admin/products/update',
      { ...productFormOf(got.body.data.product), state: 'on_sale' },
      { token: crew.manager.token },
    );
    expect(saved.status, saved.body.message).toBe(200);
    expect(await mailRows(ann.id)).toHaveLength(1);
    await sendMailNow(t);
    expect((await smtp.waitFor((m) => m.to === ann.email.toLowerCase())).subject).toBe('Soon Pu-erh is back in stock');
  });

  it('a CSV import that adds units tells once', async () => {
    const { productId, slug } = await soldOut('Csv Darjeeling');
    const ann = await shopper();
    expect((await setAlert(ann.token, productId)).status).toBe(200);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/admin/catalogue/export',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${crew.manager.token}` },
      payload: formEncode({ lang: 'en' }),
    });
    const rows: Record<string, string>[] = parse(exported.body, { bom: true, columns: true });
    const mine = rows.filter((r) => r.product_slug === slug);
    expect(mine).toHaveLength(1);
    mine[0]!.stock_change = '+4';
    const csv = stringify(mine, { header: true, columns: Object.keys(mine[0]!) });
    const imported = await postMultipart(
      t.app,
      '/admin/catalogue/import',
      { dry_run: 0, file_name: 'restock.csv' },
      { field: 'file', bytes: Buffer.from(csv), type: 'text/csv', name: 'restock.csv' },
      crew.manager.token,
    );
    expect(imported.status, imported.body.message).toBe(200);
    expect(await mailRows(ann.id)).toHaveLength(1);
    await sendMailNow(t);
    expect((await smtp.waitFor((m) => m.to === ann.email.toLowerCase())).subject).toBe(
      'Csv Darjeeling is back in stock',
    );
  });

  it('concurrent restocks tell each waiting customer exactly once', async () => {
    const { productId, packagingId } = await soldOut('Race Assam');
    const waiting = await Promise.all([shopper(), shopper(), shopper({ linked: true })]);
    for (const c of waiting) expect((await setAlert(c.token, productId)).status).toBe(200);

    const results = await Promise.all(Array.from({ length: 12 }, () => adjust(packagingId, 1)));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    for (const c of waiting) {
      const queued = (await mailRows(c.id)).length + (await noticeRows(c.id)).length;
      expect(queued, `customer ${c.id}`).toBe(1);
    }
    const stock = await t.db
      .selectFrom('products')
      .select('stock_total')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(stock.stock_total).toBe(12);
  });

  it('alerts set while restocks commit are either refused (in stock) or told, never left waiting', async () => {
    const { productId, packagingId } = await soldOut('Race Keemun');
    const people = await Promise.all(Array.from({ length: 8 }, () => shopper()));
    const [sets] = await Promise.all([
      Promise.all(people.map((c) => setAlert(c.token, productId))),
      Promise.all([adjust(packagingId, 1), adjust(packagingId, 1)]),
    ]);
    for (const r of sets) expect([200, 409]).toContain(r.status);
    const rows = await alertRows(productId);
    expect(rows).toHaveLength(sets.filter((r) => r.status === 200).length);
    expect(rows.filter((r) => r.told_at === null)).toEqual([]);
    for (const c of people) expect((await mailRows(c.id)).length).toBeLessThanOrEqual(1);
  });
});
