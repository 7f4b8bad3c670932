import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app';
import { createDb, type Db, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { RECONCILE, reconcileCardPayments } from '../../../../src/server/payments/reconcile';
import { createStaff } from '../../../factories/staff';
import { sendMailNow } from '../../../setup/smtp';
import { dialects, post } from '../../helper';
import { customer } from '../orders/support';
import { lastEvent, orderRow, paidThenCancelled, sendEvent, withCardMailShop } from './support';

/**
 * A refund given back to the card tells the customer (docs/decisions/040), as a recorded refund does: the bot message
 * and the e-mail name the amount and the card ("to your card Visa •••• 4242"), in English or Chinese, once —
 * whichever of the provider's answer, its refund.updated notice (repeated, on two instances) and the
 * reconciliation's read-back says first that it succeeded. A failed refund tells the customer nothing.
 */
describe.each(dialects)('the customer’s notice of a refund to the card on %s', (dialect) => {
  const shop = withCardMailShop(dialect);
  // A second instance on the same database, and an owner to press Refund to card.
  let second: { app: FastifyInstance; db: Db };
  let owner: { token: string };
  beforeAll(async () => {
    const db = createDb(parseDatabaseUrl(shop.t.config.DATABASE_URL), { poolSize: 5 });
    second = { app: await buildApp({ config: shop.t.config, db }), db };
    await second.app.ready();
    owner = await createStaff(shop.t.db, 'owner');
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.destroy();
  });
  afterEach(() => {
    shop.fake.nextRefundStatus = 'succeeded';
  });

  const later = () => new Date(Date.now() + RECONCILE.settleMs + 60_000);
  const refundNotices = (orderId: number) =>
    shop.t.db
      .selectFrom('notifications')
      .select(['user_id', 'params'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'refund_recorded')
      .execute();
  const refundMails = (orderId: number) =>
    shop.t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'order_refund_recorded')
      .execute();
  const refundToCard = (orderNo: string, amount: number) =>
    post(
      shop.t.app,
      '/admin/orders/refund-to-card',
      { order_no: orderNo, amount_cents: amount, reason: 'Dented tin' },
      owner,
    );

  /** A card order paid with `card`, cancelled by staff, its customer linked to Telegram and speaking `lang`. */
  async function paidOrder(lang: 'en' | 'zh', card = { brand: 'visa', last4: '4242' }) {
    const { t, fake } = shop;
    const c = await customer(t.db);
    const telegram = String(6_500_000_000 + c.userId);
    await t.db
      .updateTable('users')
      .set({ telegram_user_id: telegram, language: lang })
      .where('id', '=', c.userId)
      .execute();
    const placed = await paidThenCancelled({ fake, t, owner }, { c, card });
    await t.db.updateTable('orders').set({ lang }).where('id', '=', placed.order.id).execute();
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', c.userId).executeTakeFirstOrThrow())
      .email!;
    return { ...placed, c, email: email.toLowerCase(), telegram };
  }

  async function botTexts(telegram: string) {
    const { t, api } = shop;
    await t.app.notificationSender!.drainOnce();
    return api
      .of('sendMessage')
      .filter((m) => String(m.payload.chat_id) === telegram)
      .map((m) => String(m.payload.text));
  }

  it('told once in English when the refund settles, whatever repeats: the notice ×3 on two instances and a round', async () => {
    const { t, fake } = shop;
    const { order } = await paidOrder('en');
    fake.nextRefundStatus = 'pending';
    const sent = await refundToCard(order.order_no, 500);
    expect(sent.status, sent.body.message).toBe(200);
    // On its way, not given back yet: nothing said.
    expect(await refundNotices(order.id)).toEqual([]);

    const refund = [...fake.refunds.values()].find((r) => r.metadata?.order_id === String(order.id))!;
    fake.settleRefund(refund.id, 'succeeded');
    const event = lastEvent(fake, 'refund.updated', refund.id);
    const answers = await Promise.all([
      sendEvent(t.app, fake, event),
      sendEvent(second.app, fake, event),
      sendEvent(t.app, fake, { ...event, id: `${event.id}_again` }),
      reconcileCardPayments(second.app.shop, later()),
      reconcileCardPayments(t.shop, later()),
    ]);
    expect(answers.slice(0, 3).map((a) => (a as { status: number }).status)).toEqual([200, 200, 200]);
    await reconcileCardPayments(t.shop, later());

    const notices = await refundNotices(order.id);
    expect(notices).toHaveLength(1);
    expect(JSON.parse(notices[0]!.params!)).toEqual({
      amount: '$5.00',
      method: 'card',
      card_brand: 'visa',
      card_last4: '4242',
    });
    expect(await refundMails(order.id)).toHaveLength(1);
  });

  it('the reconciliation read back first (notice lost): told once, with the card, in both messages', async () => {
    const { t, fake, smtp } = shop;
    const { order, email, telegram } = await paidOrder('en', { brand: 'mastercard', last4: '4444' });
    fake.nextRefundStatus = 'pending';
    expect((await refundToCard(order.order_no, 700)).status).toBe(200);
    const refund = [...fake.refunds.values()].find((r) => r.metadata?.order_id === String(order.id))!;
    fake.settleRefund(refund.id, 'succeeded');
    const report = await reconcileCardPayments(t.shop, later());
    expect(report.settled).toContainEqual({
      refundId: Number(refund.metadata!.refund_id),
      outcome: 'refund_succeeded',
    });
    // The lost notice arrives after all: nothing more.
    await sendEvent(t.app, fake, lastEvent(fake, 'refund.updated', refund.id));
    expect(await refundNotices(order.id)).toHaveLength(1);

    const texts = await botTexts(telegram);
    expect(texts).toContain(
      `A refund of $7.00 for order #${order.order_no} has been sent to your card Mastercard •••• 4444.`,
    );
    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === email && m.subject.includes('Refund of $7.00'));
    expect(mail.subject).toBe(`Refund of $7.00 for order #${order.order_no}`);
    expect(mail.text).toContain(
      `We have sent a refund of $7.00 for order #${order.order_no} to your card Mastercard •••• 4444.`,
    );
  });

  it('in Chinese: a refund the provider answers succeeded at once is told in the customer’s language', async () => {
    const { t, smtp } = shop;
    const { order, email, telegram } = await paidOrder('zh');
    expect((await refundToCard(order.order_no, 300)).status).toBe(200);
    expect(await refundNotices(order.id)).toHaveLength(1);
    const texts = await botTexts(telegram);
    expect(texts).toContain(`订单 #${order.order_no} 的退款 $3.00 已退回您的银行卡 Visa •••• 4242。`);
    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === email && m.subject.includes('退款 $3.00'));
    expect(mail.text).toContain(`我们已将订单 #${order.order_no} 的退款 $3.00 退回您的银行卡 Visa •••• 4242。`);
    expect(mail.text).toContain('银行卡');
  });

  it('a refund that fails tells the customer nothing; staff are flagged as before', async () => {
    const { t, fake } = shop;
    const { order } = await paidOrder('en');
    fake.nextRefundStatus = 'pending';
    expect((await refundToCard(order.order_no, 400)).status).toBe(200);
    const refund = [...fake.refunds.values()].find((r) => r.metadata?.order_id === String(order.id))!;
    fake.settleRefund(refund.id, 'failed');
    await sendEvent(t.app, fake, lastEvent(fake, 'refund.updated', refund.id));
    await reconcileCardPayments(t.shop, later());
    expect(await refundNotices(order.id)).toEqual([]);
    expect(await refundMails(order.id)).toEqual([]);
    expect(await orderRow(t.db, order.id)).toMatchObject({ payment_attention: 'refund_failed' });
  });
});
