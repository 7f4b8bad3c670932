import { confirmFromTelegram, TELEGRAM_CONFIRM_MINUTES } from '../../../../src/server/account-deletion/service';
import { WEBHOOK_PATH, webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createUser } from '../../../factories/users';
import { interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { orderInStatus } from '../admin/support';
import { customer } from '../orders/support';

/** Deleting an account from inside Telegram: the bot asks, and the linked user's press deletes it (docs/decisions/050). */

let nextTgId = 6_500_000_000;
let updateId = 950_000;

function callbackUpdate(fromId: number, data: string) {
  updateId += 1;
  return {
    update_id: updateId,
    callback_query: {
      id: `cq-${updateId}`,
      from: { id: fromId, is_bot: false, first_name: 'Mei' },
      chat_instance: `ci-${fromId}`,
      data,
      message: {
        message_id: 5,
        date: Math.floor(Date.now() / 1000),
        chat: { id: fromId, type: 'private' as const, first_name: 'Mei' },
        text: 'Delete?',
      },
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: reply_markup of a recorded call
const callbackButtons = (payload: any): Array<{ text: string; callback_data?: string }> =>
  (payload?.reply_markup?.inline_keyboard ?? []).flat();

describe.each(dialects)('deleting an account through the bot on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { botToken: TEST_BOT_TOKEN, env: { PUBLIC_URL: 'https://shop.example.com' } });
    api = interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
  });

  const deliver = async (update: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret(t.config)! },
      payload: update as object,
    });
    expect(res.statusCode).toBe(200);
  };

  /** A linked customer who asked to delete from inside Telegram: the button the bot sent. */
  async function asked() {
    const tg = ++nextTgId;
    const c = await customer(t.db);
    await t.db
      .updateTable('users')
      .set({ telegram_user_id: String(tg) })
      .where('id', '=', c.userId)
      .execute();
    api.reset();
    const res = await post(t.app, '/v2/delete-account', { confirm_via: 'telegram' }, { token: c.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ deleted: false, confirm_sent: true });
    await t.app.notificationSender!.drainOnce();
    const sent = api.of('sendMessage').find((m) => String(m.payload.chat_id) === String(tg));
    expect(sent?.payload.text).toContain('Delete your Leaf & Cup account');
    const buttons = callbackButtons(sent!.payload);
    expect(buttons.map((b) => b.text)).toEqual(['Delete my account', 'Keep my account']);
    return { c, tg, data: buttons[0]!.callback_data! };
  }

  const isDeleted = async (userId: number) =>
    (await t.db.selectFrom('users').select('deleted_at').where('id', '=', userId).executeTakeFirstOrThrow())
      .deleted_at !== null;

  it('deletes the account when the linked Telegram user presses the button', async () => {
    const { c, tg, data } = await asked();
    expect(await isDeleted(c.userId)).toBe(false);
    await deliver(callbackUpdate(tg, data));
    expect(await isDeleted(c.userId)).toBe(true);
    const answer = api.of('answerCallbackQuery').at(-1);
    expect(answer?.payload.text).toBe('Your Leaf & Cup account has been deleted.');
    expect((await post(t.app, '/v1/get-user-info', {}, { token: c.token })).status).toBe(401);
  });

  it('does nothing for another Telegram user, a forged or expired button, or "Keep my account"', async () => {
    const { c, tg, data } = await asked();
    await deliver(callbackUpdate(tg + 1, data));
    expect(api.of('answerCallbackQuery').at(-1)?.payload.text).toBe(
      'Only the Telegram account linked to this shop account can confirm.',
    );
    const forged = data.replace(/:(\d+):/, (_m, id: string) => `:${Number(id) + 1}:`);
    await deliver(callbackUpdate(tg, forged));
    expect(api.of('answerCallbackQuery').at(-1)?.payload.text).toBe(
      'This button no longer works: ask again from your profile.',
    );
    // Past its 15 minutes, the genuine button no longer works either.
    const later = Date.now() + (TELEGRAM_CONFIRM_MINUTES + 1) * 60_000;
    expect((await confirmFromTelegram(t.shop, data, String(tg), later)).outcome).toBe('expired');
    await deliver(callbackUpdate(tg, 'dac:keep'));
    expect(await isDeleted(c.userId)).toBe(false);
    expect(api.of('answerCallbackQuery').at(-1)?.payload.text).toBe('Your account was not deleted.');
  });

  it('is refused at the press when an order was placed meanwhile, naming it', async () => {
    const { c, tg, data } = await asked();
    const open = await orderInStatus(t, 'Pending', { c });
    await deliver(callbackUpdate(tg, data));
    expect(await isDeleted(c.userId)).toBe(false);
    expect(api.of('answerCallbackQuery').at(-1)?.payload.text).toBe(
      `Complete or cancel your open orders first: ${open.orderNo}`,
    );
  });

  it('is not offered to an account without a Telegram link', async () => {
    const { token } = await createUser(t.db);
    const res = await post(t.app, '/v2/delete-account', { confirm_via: 'telegram' }, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This account is not linked to Telegram: confirm with your password');
  });
});
