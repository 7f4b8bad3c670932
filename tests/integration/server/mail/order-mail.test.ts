import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../../src/common/money';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { enqueueMail } from '../../../../src/server/mail/outbox';
import { recordRefund, rejectReceipt, saveTracking } from '../../../../src/server/orders/admin-actions';
import { notifyOrder } from '../../../../src/server/orders/notify';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { getShopSettings } from '../../../../src/server/settings/repository';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { createProduct } from '../../../factories/products';
import {
  buildMailTestApp,
  type ReceivedMail,
  sendMailNow,
  startSmtp,
  TEST_SHOP_URL,
  type TestSmtp,
} from '../../../setup/smtp';
import { dialects, post, type TestApp } from '../../helper';
import { tablesRead } from '../../tables-read';
import { type Customer, customer, PNG, placeOrder, postMultipart } from '../orders/support';
import { makeDue, subscribe } from '../subscriptions/support';

// The order e-mails (docs/decisions/016): queued with each change of an order (orders/notify.ts) and of a renewal
// (subscriptions/scheduler.ts), rendered by mail/templates/order-*.tsx, delivered to a real SMTP server.

/** A built client in miniature, so the links in the e-mails can be opened on the app (the shop's pages). */
function fakeClient(): string {
  const dist = mkdtempSync(join(tmpdir(), 'leafcup-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  return dist;
}

/** The shop's links in a message (absolute, on PUBLIC_URL), as paths. */
const shopPaths = (mail: ReceivedMail): string[] =>
  [...mail.html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!.replaceAll('&amp;', '&'))
    .filter((href) => href.startsWith(TEST_SHOP_URL))
    .map((href) => href.slice(TEST_SHOP_URL.length) || '/');

describe.each(dialects)('order e-mail (%s)', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    dist = fakeClient();
    t = await buildMailTestApp(dialect, smtp, { clientDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
    rmSync(dist, { recursive: true, force: true });
  });
  afterEach(() => {
    smtp.messages.length = 0;
  });

  const emailOf = async (c: Customer) =>
    (await t.db.selectFrom('users').select('email').where('id', '=', c.userId).executeTakeFirstOrThrow()).email;
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to === address.toLowerCase());
  const product = async (name = 'Dragon Well') => createProduct(t.db, { name, price: 1250, stock: 40 });
  /** A customer, their address and a line of a new product to order (`quantity` of it). */
  const shopper = async (quantity = 1) => {
    const c = await customer(t.db);
    const { product: p, variants } = await product();
    return { c, to: await emailOf(c), item: { product_id: p.id, variant_id: variants[0]!.id, quantity } };
  };
  const placeByTransfer = async (c: Customer, item: { product_id: number; variant_id: number; quantity: number }) =>
    (await placeOrder(t.app, c, { items: [item], payment_method: 'bank_transfer' })).body.data.order;

  it('placed by bank transfer: order number, items, totals in dollars, address, bank details, a working link', async () => {
    const c = await customer(t.db);
    const to = await emailOf(c);
    const { product: p, variants } = await product();
    const res = await placeOrder(t.app, c, {
      items: [{ product_id: p.id, variant_id: variants[0]!.id, quantity: 2 }],
      payment_method: 'bank_transfer',
    });
    expect(res.status).toBe(200);
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', res.body.data.order.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('Pending');

    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === to);
    expect(mail.subject).toBe(`Order #${order.order_no} placed: ${formatCents(order.total_cents)}`);
    expect(mail.text).toContain(`#${order.order_no}`);
    expect(mail.text).toContain('Dragon Well');
    expect(mail.text).toContain('× 2');
    expect(mail.text).toContain(formatCents(order.subtotal_cents));
    expect(mail.text).toContain(formatCents(order.total_cents));
    expect(mail.text).toMatch(/Delivery/);
    expect(mail.text).toContain(order.receiver_name);
    expect(mail.text).toContain(order.city);
    const bank = (await getShopSettings(t.db)).bank;
    expect(mail.text).toContain(bank.bank_account_number);
    expect(mail.text).toContain(bank.bank_account_name);
    expect(mail.text).toContain('We have your transfer receipt');
    expect(mail.text).toContain('upload a new one');

    const paths = shopPaths(mail);
    expect(paths).toContain(`/order?id=${order.id}`);
    const page = await t.app.inject({ method: 'GET', url: `/order?id=${order.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');

    // Sent once: another round sends nothing more.
    await sendMailNow(t);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('in Chinese for an order placed in Chinese', async () => {
    const c = await customer(t.db);
    const to = await emailOf(c);
    const { product: p, variants } = await product('Jasmine Pearls');
    const res = await placeOrder(t.app, c, {
      items: [{ product_id: p.id, variant_id: variants[0]!.id, quantity: 1 }],
      payment_method: 'bank_transfer',
      lang: 'zh',
    });
    expect(res.status).toBe(200);
    const orderNo = res.body.data.order.order_no;
    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === to);
    expect(mail.subject).toContain(`订单 #${orderNo} 已提交`);
    expect(mail.text).toContain('Jasmine Pearls（中文）');
    expect(mail.text).toContain('合计');
    expect(mail.text).toContain('银行账户');
    expect(mail.html).toContain('lang="zh-CN"');
  });

  it('each status change mails once: paid, processing, shipped (with tracking), completed (review link)', async () => {
    const c = await customer(t.db);
    const to = await emailOf(c);
    const { product: p, variants } = await product();
    const res = await placeOrder(t.app, c, {
      items: [{ product_id: p.id, variant_id: variants[0]!.id, quantity: 1 }],
      payment_method: 'bank_transfer',
    });
    const { id, order_no: no } = res.body.data.order;
    await sendMailNow(t);
    expect((await smtp.waitFor((m) => m.to === to)).text).toContain('We have your transfer receipt');
    await changeOrderStatus(t.shop, id, 'Paid', CLI_ACTOR);
    await changeOrderStatus(t.shop, id, 'Paid', CLI_ACTOR); // asked again: no change, no mail
    await changeOrderStatus(t.shop, id, 'Processing', CLI_ACTOR);
    await saveTracking(t.shop, CLI_ACTOR, id, {
      company: 'LBC',
      number: 'TRK-778899',
      link: 'https://track.example.com/TRK-778899',
    });
    await changeOrderStatus(t.shop, id, 'Completed', CLI_ACTOR);
    // A retried change (the same kind once more for this order) queues nothing.
    await t.db
      .transaction()
      .execute((trx) =>
        notifyOrder({ db: trx, mailOn: t.shop.mailOn }, { userId: c.userId, orderId: id, kind: 'paid' }),
      );
    await sendMailNow(t);
    await sendMailNow(t);

    const subjects = mailsTo(to).map((m) => m.subject);
    expect(subjects).toEqual([
      expect.stringMatching(/^Order #\S+ placed/),
      `Payment received for order #${no}`,
      `Order #${no} is being prepared`,
      `Order #${no} is on its way`,
      `Order #${no} is completed`,
    ]);
    const shipped = mailsTo(to)[3]!;
    expect(shipped.text).toContain('LBC');
    expect(shipped.text).toContain('TRK-778899');
    expect(shipped.html).toContain('https://track.example.com/TRK-778899');
    const completed = mailsTo(to)[4]!;
    expect(completed.text).toContain('Write a review');
    expect(shopPaths(completed)).toContain(`/order?id=${id}&view=review`);
    const review = await t.app.inject({ method: 'GET', url: `/order?id=${id}&view=review` });
    expect(review.statusCode).toBe(200);
    for (const mail of mailsTo(to)) {
      expect(shopPaths(mail).some((path) => path.startsWith(`/order?id=${id}`))).toBe(true);
    }
  });

  it('receipt rejected (reason, upload again), cancelled with what came back, refund recorded, expired', async () => {
    const c = await customer(t.db);
    const to = await emailOf(c);
    const { product: p, variants } = await product();
    const item = { product_id: p.id, variant_id: variants[0]!.id, quantity: 1 };
    const first = (await placeOrder(t.app, c, { items: [item], payment_method: 'bank_transfer' })).body.data.order;
    await rejectReceipt(t.shop, CLI_ACTOR, first.id, 'The amount does not match');
    await changeOrderStatus(t.shop, first.id, 'Paid', CLI_ACTOR);
    await changeOrderStatus(t.shop, first.id, 'Cancelled', CLI_ACTOR);
    const paid = (
      await t.db.selectFrom('orders').select('total_cents').where('id', '=', first.id).executeTakeFirstOrThrow()
    ).total_cents;
    await sendMailNow(t);
    const cancelled = await smtp.waitFor((m) => m.to === to && m.subject === `Order #${first.order_no} was cancelled`);
    expect(cancelled.text).toContain(`we will refund ${formatCents(paid)}`);

    await recordRefund(t.shop, CLI_ACTOR, first.id, { amount_cents: paid, method: 'bank_transfer', reference: 'RF-1' });
    const second = (await placeOrder(t.app, c, { items: [item], payment_method: 'bank_transfer' })).body.data.order;
    await rejectReceipt(t.shop, CLI_ACTOR, second.id, 'Wrong account');
    await changeOrderStatus(t.shop, second.id, 'Cancelled', { kind: 'expiry' });
    await sendMailNow(t);

    const rejected = mailsTo(to).find((m) => m.subject === `Order #${first.order_no}: please upload a new receipt`)!;
    expect(rejected.text).toContain('The amount does not match');
    expect(rejected.html).toContain('Upload a new receipt');
    expect(shopPaths(rejected)).toContain(`/order?id=${first.id}`);
    const refund = await smtp.waitFor((m) => m.to === to && m.subject.startsWith('Refund of'));
    expect(refund.subject).toBe(`Refund of ${formatCents(paid)} for order #${first.order_no}`);
    expect(refund.text).toContain('Bank transfer');
    const expired = await smtp.waitFor(
      (m) => m.subject === `Order #${second.order_no} was cancelled: not paid in time`,
    );
    expect(expired.to).toBe(to.toLowerCase());
  });

  it('a receipt rejected twice mails twice: each rejection is its own event', async () => {
    const c = await customer(t.db);
    const to = await emailOf(c);
    const { product: p, variants } = await product();
    const item = { product_id: p.id, variant_id: variants[0]!.id, quantity: 1 };
    const order = (await placeOrder(t.app, c, { items: [item], payment_method: 'bank_transfer' })).body.data.order;
    await rejectReceipt(t.shop, CLI_ACTOR, order.id, 'Blurry photo');
    const again = await postMultipart(
      t.app,
      '/v2/submit-payment',
      { order_id: order.id, payment_reference: 'REF-2' },
      { field: 'receipt', bytes: PNG },
      c.token,
    );
    expect(again.status, again.body.message).toBe(200);
    await rejectReceipt(t.shop, CLI_ACTOR, order.id, 'Wrong account number');
    await sendMailNow(t);
    await sendMailNow(t);
    const rejected = mailsTo(to).filter((m) => m.subject === `Order #${order.order_no}: please upload a new receipt`);
    expect(rejected).toHaveLength(2);
    expect(rejected[0]!.text).toContain('Blurry photo');
    expect(rejected[1]!.text).toContain('Wrong account number');
  });

  it('e-mail switched off: no processing mail, but placed (awaiting payment) and receipt rejected still go', async () => {
    const c = await customer(t.db);
    const to = await emailOf(c);
    const off = await post(t.app, '/v2/edit-user-detail', { notify_email: 0 }, { token: c.token });
    expect(off.body.data).toMatchObject({ detail: { notify_email: false, notify_orders: true } });
    const { product: p, variants } = await product();
    const order = (
      await placeOrder(t.app, c, {
        items: [{ product_id: p.id, variant_id: variants[0]!.id, quantity: 1 }],
        payment_method: 'bank_transfer',
      })
    ).body.data.order;
    await rejectReceipt(t.shop, CLI_ACTOR, order.id, 'Blurry photo');
    await changeOrderStatus(t.shop, order.id, 'Paid', CLI_ACTOR);
    await changeOrderStatus(t.shop, order.id, 'Processing', CLI_ACTOR);
    await sendMailNow(t);
    expect(mailsTo(to).map((m) => m.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Order #${order.order_no} placed`)),
      `Order #${order.order_no}: please upload a new receipt`,
    ]);
    // The bot's notices are another channel, with their own switch.
    const notices = await t.db.selectFrom('notifications').select('kind').where('order_id', '=', order.id).execute();
    expect(notices.map((n) => n.kind)).toEqual(['placed', 'receipt_rejected', 'paid', 'processing']);
  });

  it('a renewal placed mails its payment due; a skipped renewal mails why', async () => {
    const c = await customer(t.db);
    const to = await emailOf(c);
    const s = await subscribe(t, c, { weeks: 4, quantity: 2, product: { stock: 50 } });
    await makeDue(t.db, s.subscriptionId);
    const report = await placeDueRenewals(t.shop);
    const renewal = report.placed.find(([sub]) => sub === s.subscriptionId)![1];
    await sendMailNow(t);
    const renewalNo = (
      await t.db.selectFrom('orders').select('order_no').where('id', '=', renewal).executeTakeFirstOrThrow()
    ).order_no;
    const placed = await smtp.waitFor((m) => m.to === to && m.subject.includes(renewalNo));
    expect(placed.subject).toBe(`Your Subscribe & save delivery: order #${renewalNo}`);
    expect(placed.text).toContain('Payment is due');
    expect(shopPaths(placed)).toContain(`/order?id=${renewal}`);

    await t.db.updateTable('product_variants').set({ stock: 0 }).where('id', '=', s.variantId).execute();
    await makeDue(t.db, s.subscriptionId, 3);
    expect((await placeDueRenewals(t.shop)).failed).toContain(s.subscriptionId);
    await sendMailNow(t);
    const skipped = await smtp.waitFor(
      (m) => m.to === to && m.subject === 'Your Subscribe & save delivery was skipped',
    );
    expect(skipped.text).toContain('out of stock');
    expect(shopPaths(skipped)).toContain('/subscriptions');
  });

  it('each e-mail says what was true when its event happened, though the order changed before it was sent', async () => {
    const { c, to, item } = await shopper(2);
    // Shipped twice (a corrected tracking number) before any e-mail went: each says its own number.
    const shipped = await placeByTransfer(c, item);
    await changeOrderStatus(t.shop, shipped.id, 'Paid', CLI_ACTOR);
    await saveTracking(t.shop, CLI_ACTOR, shipped.id, { company: 'LBC', number: 'TRK-FIRST', link: null });
    await saveTracking(t.shop, CLI_ACTOR, shipped.id, { company: 'J&T', number: 'TRK-SECOND', link: null });
    // Cancelled after it was paid, then refunded in two parts, all before any e-mail went.
    const refunded = await placeByTransfer(c, item);
    await changeOrderStatus(t.shop, refunded.id, 'Paid', CLI_ACTOR);
    await changeOrderStatus(t.shop, refunded.id, 'Cancelled', CLI_ACTOR);
    const paid = (
      await t.db.selectFrom('orders').select('total_cents').where('id', '=', refunded.id).executeTakeFirstOrThrow()
    ).total_cents;
    const part = 500;
    await recordRefund(t.shop, CLI_ACTOR, refunded.id, { amount_cents: part, method: 'cash', reference: 'RF-A' });
    await recordRefund(t.shop, CLI_ACTOR, refunded.id, {
      amount_cents: paid - part,
      method: 'bank_transfer',
      reference: 'RF-B',
    });
    // The delivery address changed after the order was placed (by hand, as the database would show it).
    await t.db.updateTable('orders').set({ city: 'Changed City' }).where('id', '=', refunded.id).execute();

    await sendMailNow(t);
    await sendMailNow(t);
    const mails = mailsTo(to);
    const onItsWay = mails.filter((m) => m.subject === `Order #${shipped.order_no} is on its way`);
    expect(onItsWay.map((m) => (m.text.includes('TRK-FIRST') ? 'first' : 'second'))).toEqual(['first', 'second']);
    expect(onItsWay[0]!.text).not.toContain('TRK-SECOND');
    expect(onItsWay[0]!.text).toContain('LBC');

    const placed = mails.find((m) => m.subject.startsWith(`Order #${refunded.order_no} placed`))!;
    expect(placed.text).not.toContain('Changed City');
    const cancelled = mails.find((m) => m.subject === `Order #${refunded.order_no} was cancelled`)!;
    expect(cancelled.text).toContain(`we will refund ${formatCents(paid)}`);
    const refunds = mails.filter((m) => m.subject.startsWith('Refund of') && m.subject.endsWith(refunded.order_no));
    expect(refunds.map((m) => m.subject)).toEqual([
      `Refund of ${formatCents(part)} for order #${refunded.order_no}`,
      `Refund of ${formatCents(paid - part)} for order #${refunded.order_no}`,
    ]);
    expect(refunds[0]!.text).toContain(`Still to be refunded: ${formatCents(paid - part)}.`);
    expect(refunds[1]!.text).not.toContain('Still to be refunded');
  });

  it('a message queued without the figures (before they were kept) reads the order when it is sent', async () => {
    const { c, to, item } = await shopper();
    const order = await placeByTransfer(c, item);
    await sendMailNow(t);
    smtp.messages.length = 0;
    await t.db.transaction().execute((trx) =>
      enqueueMail(
        { db: trx, mailOn: t.shop.mailOn },
        {
          to,
          userId: c.userId,
          orderId: order.id,
          kind: 'order_paid',
          lang: 'en',
          params: { orderId: order.id },
        },
      ),
    );
    await sendMailNow(t);
    const paid = await smtp.waitFor((m) => m.to === to);
    expect(paid.subject).toBe(`Payment received for order #${order.order_no}`);
    expect(paid.text).toContain('Dragon Well');
  });

  it('placing an order queues its e-mail from the rows it holds, without reading the customer or the order again', async () => {
    const { c, to, item } = await shopper();
    const placed = await placeByTransfer(c, item);
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', c.userId).executeTakeFirstOrThrow();
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', placed.id).executeTakeFirstOrThrow();
    const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', placed.id).execute();
    await sendMailNow(t);
    smtp.messages.length = 0;
    const read: string[] = [];
    await t.db.transaction().execute(async (trx) => {
      const watched = trx.withPlugin(tablesRead(read));
      // As placing the order does: the rows it holds are given (a notice kind not mailed yet for this order).
      await notifyOrder(
        { db: watched, mailOn: t.shop.mailOn },
        { userId: user.id, orderId: order.id, kind: 'paid', user, order, items },
      );
    });
    expect(read.filter((table) => table === 'users' || table === 'orders')).toEqual([]);
    await sendMailNow(t);
    expect((await smtp.waitFor((m) => m.to === to)).subject).toBe(`Payment received for order #${order.order_no}`);
  });
});
