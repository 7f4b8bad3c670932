import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_PATH, webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createUser } from '../../../factories/users';
import { buildMailTestApp, sendMailNow, startSmtp, TEST_SHOP_URL, type TestSmtp } from '../../../setup/smtp';
import { buttonsOf, interceptBotApi, messageUpdate } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { dialects, post, type TestApp } from '../../helper';

// The bot's /password (docs/decisions/016): a linked customer gets the reset link by e-mail.

let nextTgId = 6_300_000_000;
const freshTgId = () => ++nextTgId;

describe.each(dialects)('the bot /password on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, { seed: false, botToken: TEST_BOT_TOKEN });
    api = interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => api.reset());

  // biome-ignore lint/suspicious/noExplicitAny: a Telegram update
  const deliver = (update: any) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret(t.config)! },
      payload: update,
    });
  const replies = () => api.of('sendMessage').map((m) => m.payload.text as string);

  it('mails a linked customer the link, names the address masked, and the link resets the password', async () => {
    const id = freshTgId();
    const { user } = await createUser(t.db, {
      telegram_user_id: String(id),
      email: `mei-${id}@example.com`,
      email_confirmed_at: new Date().toISOString(),
    });
    expect((await deliver(messageUpdate({ id }, '/password'))).statusCode).toBe(200);
    expect(replies()).toEqual([
      'We have sent a link to reset your password to m***@example.com. It works once, for 30 minutes. If it does not arrive, check your spam folder.',
    ]);
    await sendMailNow(t);
    const mail = await smtp.waitFor((m) => m.to === user.email);
    const token = mail.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(mail.text).toContain(`${TEST_SHOP_URL}/reset-password/`);
    const res = await post(t.app, '/v2/reset-password', {
      link_token: token,
      password: 'via-bot-1',
      confirm_password: 'via-bot-1',
    });
    expect(res.status).toBe(200);
  });

  it('shares the per-account limit with the web form, and sends the link to an unconfirmed address too', async () => {
    const id = freshTgId();
    await createUser(t.db, { telegram_user_id: String(id), email_confirmed_at: new Date().toISOString() });
    for (let i = 0; i < 4; i++) await deliver(messageUpdate({ id }, '/password'));
    expect(replies().at(-1)).toContain('A reset link was sent to');
    expect(replies().filter((r) => r.startsWith('We have sent'))).toHaveLength(3);

    api.reset();
    const other = freshTgId();
    await createUser(t.db, { telegram_user_id: String(other), language: 'zh' });
    await deliver(messageUpdate({ id: other }, '/password'));
    // Chinese, and a link for an unconfirmed address too (mail/policy.ts: using it proves the address).
    expect(replies()[0]).toMatch(/^我们已将/);
  });

  it('tells an unlinked Telegram user how to link', async () => {
    const id = freshTgId();
    await deliver(messageUpdate({ id }, '/password'));
    const [msg] = api.of('sendMessage');
    expect(msg?.payload.text).toContain('is not linked to a Leaf & Cup account');
    expect(buttonsOf(msg?.payload)).toEqual([
      { text: 'Log in and link Telegram', web_app: `${TEST_SHOP_URL}/login_be/${id}/profile` },
    ]);
  });
  it('tells the customer something went wrong when the database fails, and answers Telegram 200', async () => {
    const id = freshTgId();
    await createUser(t.db, { telegram_user_id: String(id), email_confirmed_at: new Date().toISOString() });
    // The reset link's table is gone for the time of this update: the link cannot be made.
    await sql`alter table account_tokens rename to account_tokens_away`.execute(t.db);
    try {
      const res = await deliver(messageUpdate({ id, language_code: 'zh' }, '/password'));
      expect(res.statusCode).toBe(200);
    } finally {
      await sql`alter table account_tokens_away rename to account_tokens`.execute(t.db);
    }
    expect(replies()).toEqual(['我们这边出了点问题，请稍后再试。']);
  });
});
