import { MARKETING_STOP_PATH } from '../../../../src/common/marketing-rules';
import { stopButtonData, stopPath } from '../../../../src/server/marketing/service';
import { WEBHOOK_PATH, webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createAddress } from '../../../factories/addresses';
import { createUser } from '../../../factories/users';
import { interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

/**
 * Marketing messages (docs/decisions/056): the profile's switch, off until the customer turns it on, every change kept
 * with when and how; the signed stop link of every reminder, which needs no log-in (GET shows a page in the link's
 * language, POST is RFC 8058's one-click) and refuses a wrong signature with a clear page and no change; and the bot's
 * "Stop these messages" button.
 */

let nextTg = 6_700_000_000;
let updateId = 960_000;

function callbackUpdate(fromId: number, data: string) {
  updateId += 1;
  return {
    update_id: updateId,
    callback_query: {
      id: `cq-${updateId}`,
      from: { id: fromId, is_bot: false, first_name: 'Mei', language_code: 'en' },
      chat_instance: `ci-${fromId}`,
      data,
      message: {
        message_id: 9,
        date: Math.floor(Date.now() / 1000),
        chat: { id: fromId, type: 'private' as const, first_name: 'Mei' },
        text: 'You left these in your cart',
        reply_markup: {
          inline_keyboard: [
            [{ text: 'Open my cart', web_app: { url: 'https://shop.example.com/cart' } }],
            [{ text: 'Stop these messages', callback_data: data }],
          ],
        },
      },
    },
  };
}

describe.each(dialects)('marketing messages consent on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { botToken: TEST_BOT_TOKEN, env: { PUBLIC_URL: 'https://shop.example.com' } });
    api = interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
  });

  const choices = (userId: number) =>
    t.db
      .selectFrom('marketing_consents')
      .select(['granted', 'source'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const consent = async (token: string) => {
    const res = await post(t.app, '/v2/get-marketing-consent', {}, { token });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.marketing;
  };
  const setConsent = (token: string, on: boolean | string, lang = 'en') =>
    post(t.app, '/v2/set-marketing-consent', { on, lang }, { token });
  /** A customer who turned marketing messages on in the profile. */
  const agreed = async (fields: Parameters<typeof createUser>[1] = {}) => {
    const made = await createUser(t.db, fields);
    expect((await setConsent(made.token, true)).status).toBe(200);
    return made;
  };
  const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('is off until the customer turns it on; each change is kept with when and how; the same value twice is one', async () => {
    const { user, token } = await createUser(t.db);
    await createAddress(t.db, user.id);
    expect(await consent(token)).toEqual({ on: false, changed_at: null, source: null, country: 'PH' });

    const on = await setConsent(token, true);
    expect(on.status, on.body.message).toBe(200);
    expect(on.body.message).toBe('Marketing messages turned on');
    expect(on.body.data.marketing).toMatchObject({ on: true, source: 'profile', country: 'PH' });
    expect(on.body.data.marketing.changed_at).toEqual(expect.any(String));
    // Saved again (a double tap): nothing more is recorded.
    expect((await setConsent(token, '1')).status).toBe(200);
    expect(await choices(user.id)).toEqual([{ granted: 1, source: 'profile' }]);

    const off = await setConsent(token, 'false', 'zh');
    expect(off.body.message).toBe('已关闭营销消息');
    expect(off.body.data.marketing.on).toBe(false);
    expect(await choices(user.id)).toEqual([
      { granted: 1, source: 'profile' },
      { granted: 0, source: 'profile' },
    ]);
  });

  it('refuses a guest and a value that is no switch, changing nothing', async () => {
    expect((await post(t.app, '/v2/get-marketing-consent', {})).status).toBe(401);
    expect((await post(t.app, '/v2/set-marketing-consent', { on: 1 })).status).toBe(401);
    const { user, token } = await createUser(t.db);
    const bad = await setConsent(token, 'maybe');
    expect(bad.status).toBe(422);
    expect(bad.errors.map((e) => e.field)).toEqual(['on']);
    expect(await choices(user.id)).toEqual([]);
  });

  it('the stop link turns it off without logging in and says so in the link’s language; again, it says it already is', async () => {
    const { user, token } = await agreed();
    const res = await open(await stopPath(t.db, user.id, 'zh'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain('已完成：您将不再通过 Telegram 或电子邮件收到我们的提醒和优惠信息。');
    expect(res.body).toContain('有关您订单的通知仍会照常发送。');
    expect(res.body).toContain('href="/profile"');
    expect(await choices(user.id)).toEqual([
      { granted: 1, source: 'profile' },
      { granted: 0, source: 'unsubscribe_link' },
    ]);
    expect((await consent(token)).on).toBe(false);

    const again = await open(await stopPath(t.db, user.id, 'en'));
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Marketing messages were already off');
    expect(await choices(user.id)).toHaveLength(2);
  });

  it('a wrong or missing signature is refused with a clear page and changes nothing', async () => {
    const { user, token } = await agreed();
    const other = await agreed();
    const good = await stopPath(t.db, user.id, 'en');
    const sig = new URL(good, 'http://x').searchParams.get('sig')!;
    const tampered = [
      // Another account's signature on this account, this signature on another account, one character changed.
      good.replace(`u=${user.id}`, `u=${other.user.id}`),
      (await stopPath(t.db, other.user.id, 'en')).replace(`u=${other.user.id}`, `u=${user.id}`),
      good.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      `${MARKETING_STOP_PATH}?u=${user.id}&lang=en`,
      `${MARKETING_STOP_PATH}?u=abc&sig=${sig}`,
      `${MARKETING_STOP_PATH}`,
    ];
    for (const url of tampered) {
      const res = await open(url, { 'accept-language': 'en-GB,en' });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body, url).toContain(
        'This link is not valid, so nothing was changed. Open the link from the latest message we sent you, or turn marketing messages off in your profile.',
      );
    }
    // In the browser's language when the link says none.
    const zh = await open(`${MARKETING_STOP_PATH}?u=${user.id}&sig=nope-nope-nope-nope`, {
      'accept-language': 'zh-CN',
    });
    expect(zh.statusCode).toBe(403);
    expect(zh.body).toContain('此链接无效，因此未做任何更改。');
    expect((await consent(token)).on).toBe(true);
    expect((await consent(other.token)).on).toBe(true);
    expect(await choices(user.id)).toEqual([{ granted: 1, source: 'profile' }]);
  });

  it('a mail program’s one-click POST turns it off (RFC 8058)', async () => {
    const { user, token } = await agreed();
    const res = await t.app.inject({
      method: 'POST',
      url: await stopPath(t.db, user.id, 'en'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await consent(token)).on).toBe(false);
    expect((await choices(user.id)).at(-1)).toEqual({ granted: 0, source: 'one_click' });
  });

  it('the bot’s “Stop these messages” turns it off and takes the button away; a forged button changes nothing', async () => {
    const tg = ++nextTg;
    const { user, token } = await agreed({ telegram_user_id: String(tg) });
    const deliver = async (update: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'x-telegram-bot-api-secret-token': webhookSecret(t.config)! },
        payload: update as object,
      });
      expect(res.statusCode).toBe(200);
    };

    api.reset();
    const forged = (await stopButtonData(t.db, user.id)).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await deliver(callbackUpdate(tg, forged));
    expect(api.of('answerCallbackQuery')[0]!.payload.text).toBe(
      'This button no longer works. Turn marketing messages off in your profile.',
    );
    expect(api.of('editMessageReplyMarkup')).toHaveLength(0);
    expect((await consent(token)).on).toBe(true);

    api.reset();
    await deliver(callbackUpdate(tg, await stopButtonData(t.db, user.id)));
    expect(api.of('answerCallbackQuery')[0]!.payload).toMatchObject({
      text: 'Done: you will not get these messages any more. Turn them back on in your profile.',
      show_alert: true,
    });
    // The stop button goes; "Open my cart" stays.
    expect(api.of('editMessageReplyMarkup')[0]!.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open my cart', web_app: { url: 'https://shop.example.com/cart' } }]],
    });
    expect((await consent(token)).on).toBe(false);
    expect((await choices(user.id)).at(-1)).toEqual({ granted: 0, source: 'telegram_button' });

    api.reset();
    await deliver(callbackUpdate(tg, await stopButtonData(t.db, user.id)));
    expect(api.of('answerCallbackQuery')[0]!.payload.text).toBe('These messages were already off.');
    expect(await choices(user.id)).toHaveLength(2);
  });
});
