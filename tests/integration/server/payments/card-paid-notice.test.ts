import { sendMailNow } from '../../../setup/smtp';
import { dialects } from '../../helper';
import { customer } from '../orders/support';
import { lastEvent, placeCardOrder, sendEvent, withCardMailShop } from './support';

/**
 * The customer's Paid notice of a card payment (docs/decisions/040): the bot message and the e-mail name the amount
 * and the card's brand and last four digits as the provider reported them — nothing more of the card.
 */
describe.each(dialects)('the Paid notice of a card payment on %s', (dialect) => {
  const shop = withCardMailShop(dialect);

  it('names the amount and the card in the bot message and the e-mail, in the order’s language', async () => {
    const { fake, smtp, t, api } = shop;
    // A customer linked to Telegram, so the bot tells them too.
    const c = await customer(t.db);
    await t.db.updateTable('users').set({ telegram_user_id: '6400000001' }).where('id', '=', c.userId).execute();
    const { order, sessionId } = await placeCardOrder(t.app, t.db, { c });
    fake.pay(sessionId, { card: { brand: 'mastercard', last4: '4444' } });
    expect((await sendEvent(t.app, fake, lastEvent(fake, 'checkout.session.completed', sessionId))).status).toBe(200);
    const total = `$${(order.total_cents / 100).toFixed(2)}`;

    const notice = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'params'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(notice.user_id).toBe(c.userId);
    expect(JSON.parse(notice.params!)).toEqual({ card_brand: 'mastercard', card_last4: '4444' });
    await t.app.notificationSender!.drainOnce();
    const texts = api.of('sendMessage').map((m) => String(m.payload.text));
    expect(texts).toContain(
      `Card payment of ${total} received for order #${order.order_no} (Mastercard •••• 4444). Status: Paid.`,
    );

    const to = (
      await t.db.selectFrom('users').select('email').where('id', '=', notice.user_id).executeTakeFirstOrThrow()
    ).email!;
    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === to.toLowerCase() && m.subject.includes('Payment received'));
    expect(mail.text).toContain(
      `We have received your card payment of ${total} for order #${order.order_no} (Mastercard •••• 4444).`,
    );
  });
});
