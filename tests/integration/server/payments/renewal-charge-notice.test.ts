import { enqueueOrderNotification } from '../../../../src/server/notifications/outbox';
import { createOrder } from '../../../factories/orders';
import { createUser } from '../../../factories/users';
import { buttonsOf, interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { buildTestApp, type TestApp } from '../../helper';

/**
 * The bot's message of a renewal not charged to the saved card (docs/decisions/040): the next try, or after the last
 * that the order is cancelled unless paid, in the customer's language, with a Pay now button to the order.
 */
describe('the bot tells a renewal charge failure', () => {
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { botToken: TEST_BOT_TOKEN, env: { PUBLIC_URL: 'https://shop.example.com' } });
    api = interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says when it tries again, or that it was the last try, with Pay now', async () => {
    const en = await createUser(t.db, { telegram_user_id: '700100401', language: 'en' });
    const zh = await createUser(t.db, { telegram_user_id: '700100402', language: 'zh' });
    const first = (await createOrder(t.db, en.user.id, { status: 'Pending' })).order;
    const last = (await createOrder(t.db, zh.user.id, { status: 'Pending' })).order;
    await t.app.notificationSender!.drainOnce();
    api.calls.length = 0;
    await enqueueOrderNotification(t.db, {
      userId: en.user.id,
      orderId: first.id,
      kind: 'renewal_charge_failed',
      params: { retry_at: '2026-12-09T10:00:00.000Z' },
    });
    await enqueueOrderNotification(t.db, { userId: zh.user.id, orderId: last.id, kind: 'renewal_charge_failed' });
    await t.app.notificationSender!.drainOnce();
    const sent = api.calls.filter((c) => c.method === 'sendMessage');
    const to = (chat: string) => sent.find((m) => String(m.payload.chat_id) === chat)!.payload;
    expect(to('700100401').text).toContain(`renewal order #${first.order_no}`);
    expect(to('700100401').text).toContain('We will try again on 2026-12-09');
    expect(buttonsOf(to('700100401')).map((b) => b.text)).toEqual(['Pay now']);
    expect(to('700100402').text).toContain(`续订订单 #${last.order_no}`);
    expect(to('700100402').text).toContain('请现在付款');
    expect(buttonsOf(to('700100402')).map((b) => b.text)).toEqual(['立即付款']);
  });
});
