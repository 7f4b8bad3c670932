import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpAccounts } from '../../../../src/server/accounts/cleanup';
import { createUser } from '../../../factories/users';
import {
  buildMailTestApp,
  type ReceivedMail,
  sendMailNow,
  startSmtp,
  TEST_SHOP_URL,
  type TestSmtp,
} from '../../../setup/smtp';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

// E-mail for the account (issue 14): forgot password, reset by link, confirming the address, change of address.

const SAME_ANSWER = 'If an account exists for that address, we have sent a link to reset the password.';

/** The path of the first shop link in a message's text ("/reset-password/…"). */
function linkPath(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${TEST_SHOP_URL.replace(/\./g, '\\.')}(${prefix}[A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return match[1]!;
}
const tokenOf = (path: string) => path.split('/').pop()!;
const confirmed = () => ({ email_confirmed_at: new Date().toISOString() });

describe.each(dialects)('account e-mail (%s)', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const mailTo = async (address: string, subject: string) => {
    await sendMailNow(t);
    return smtp.waitFor((m) => m.to === address && m.subject.includes(subject));
  };
  const countTo = (address: string) => smtp.messages.filter((m) => m.to === address).length;
  const forgot = (email: string, lang = 'en') => post(t.app, '/v2/forgot-password', { email, lang });

  describe('forgot password', () => {
    it('answers an unknown and a known address the same, and mails only the known one', async () => {
      const { user } = await createUser(t.db, confirmed());
      const known = await forgot(user.email.toUpperCase());
      const unknown = await forgot('nobody-here@example.com');
      for (const res of [known, unknown]) {
        expect(res.status).toBe(200);
        expect(res.body.message).toBe(SAME_ANSWER);
        expect(res.body.data).toEqual({ requested: true });
      }
      const mail = await mailTo(user.email, 'Reset your Leaf & Cup password');
      expect(mail.text).toContain('30 minutes');
      expect(linkPath(mail, '/reset-password/')).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
      expect(mail.html).toContain(`${TEST_SHOP_URL}/reset-password/`);
      expect(countTo('nobody-here@example.com')).toBe(0);
      // Only the token's hash is kept.
      const row = await t.db.selectFrom('account_tokens').selectAll().where('user_id', '=', user.id).executeTakeFirst();
      expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.token_hash).not.toBe(tokenOf(linkPath(mail, '/reset-password/')));
    });

    it('resets once: sessions end, the old password fails, the new one logs in, the link works no more', async () => {
      const { user, token: session, password } = await createUser(t.db, confirmed());
      await forgot(user.email);
      const link = linkPath(await mailTo(user.email, 'Reset your'), '/reset-password/');
      const reset = await post(t.app, '/v2/reset-password', {
        link_token: tokenOf(link),
        password: 'brand-new-pw',
        confirm_password: 'brand-new-pw',
      });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toBe('Your password has been changed. Please log in with your new password.');

      expect((await post(t.app, '/v1/get-user-info', {}, { token: session })).status).toBe(401);
      expect((await post(t.app, '/v1/user-login', { login: user.email, password })).status).toBe(422);
      expect((await post(t.app, '/v1/user-login', { login: user.email, password: 'brand-new-pw' })).status).toBe(200);

      const again = await post(t.app, '/v2/reset-password', {
        link_token: tokenOf(link),
        password: 'another-pw',
        confirm_password: 'another-pw',
      });
      expect(again.status).toBe(422);
      expect(again.errors).toEqual([
        { field: 'link_token', message: expect.stringContaining('has expired or has already') },
      ]);

      // The customer is told by e-mail, and through the bot's outbox (sent when linked).
      const notice = await mailTo(user.email, 'password was changed');
      expect(notice.text).toContain('every device was logged out');
      const bot = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'password_changed')
        .execute();
      expect(bot).toHaveLength(1);
    });

    it("checks the new password with the spec's messages without spending the link", async () => {
      const { user } = await createUser(t.db, confirmed());
      await forgot(user.email);
      const token = tokenOf(linkPath(await mailTo(user.email, 'Reset your'), '/reset-password/'));
      const short = await post(t.app, '/v2/reset-password', {
        link_token: token,
        password: '123',
        confirm_password: '123',
      });
      expect(short.status).toBe(422);
      expect(short.errors).toContainEqual({ field: 'password', message: 'Password must be at least 6 characters' });
      const mismatch = await post(t.app, '/v2/reset-password', {
        link_token: token,
        password: 'abcdef',
        confirm_password: 'abcdeg',
      });
      expect(mismatch.errors).toEqual([{ field: 'confirm_password', message: 'Passwords do not match' }]);
      const empty = await post(t.app, '/v2/reset-password', { link_token: token, password: 'abcdef' });
      expect(empty.errors).toEqual([{ field: 'confirm_password', message: 'Confirm Password must not be empty' }]);
      const ok = await post(t.app, '/v2/reset-password', {
        link_token: token,
        password: 'abcdef',
        confirm_password: 'abcdef',
      });
      expect(ok.status).toBe(200);
    });

    it('a link expires after 30 minutes, and a newer request ends the older link', async () => {
      const { user } = await createUser(t.db, confirmed());
      await forgot(user.email);
      const first = tokenOf(linkPath(await mailTo(user.email, 'Reset your'), '/reset-password/'));
      await forgot(user.email);
      await sendMailNow(t);
      const links = smtp.messages
        .filter((m) => m.to === user.email && m.subject.includes('Reset your'))
        .map((m) => tokenOf(linkPath(m, '/reset-password/')));
      expect(links).toHaveLength(2);
      const second = links[1]!;
      const body = (token: string) => ({ link_token: token, password: 'newpass1', confirm_password: 'newpass1' });
      expect((await post(t.app, '/v2/reset-password', body(first))).status).toBe(422);

      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000 });
      const late = await post(t.app, '/v2/reset-password', body(second));
      expect(late.status).toBe(422);
      expect(late.body.message).toBe('This link has expired or has already been used. Please ask for a new one.');

      // The hourly cleanup deletes links a day after they expired.
      await cleanUpAccounts(t.db, new Date(Date.now() + 25 * 60 * 60_000));
      expect(await t.db.selectFrom('account_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    });

    it('throttles per address: the same answer, but no more mail', async () => {
      const { user } = await createUser(t.db, confirmed());
      for (let i = 0; i < 5; i++) {
        const res = await forgot(user.email);
        expect(res.status).toBe(200);
        expect(res.body.message).toBe(SAME_ANSWER);
      }
      await sendMailNow(t);
      expect(countTo(user.email)).toBe(3);
    });

    it('writes in the language of the request, and an unknown token or a bad address is refused at its field', async () => {
      const { user } = await createUser(t.db, confirmed());
      const res = await forgot(user.email, 'zh');
      expect(res.body.message).toBe('如果该邮箱有对应的账户，我们已发送重置密码的链接。');
      const mail = await mailTo(user.email, '重置您的 Leaf & Cup 密码');
      expect(mail.text).toContain('30 分钟内有效');
      const unknown = await post(t.app, '/v2/reset-password', {
        link_token: 'x'.repeat(43),
        password: 'abcdef',
        confirm_password: 'abcdef',
      });
      expect(unknown.status).toBe(422);
      expect((await post(t.app, '/v2/forgot-password', {})).errors).toEqual([
        { field: 'email', message: 'Email must not be empty' },
      ]);
    });
    it('checks a link before hashing the password, and limits tries of links per client address (429)', async () => {
      const body = (token: string) => ({ link_token: token, password: 'abcdef', confirm_password: 'abcdef' });
      await t.db.deleteFrom('rate_limits').where('key', 'like', 'pw-reset-link:%').execute(); // the tests above
      // A bad link is refused at its field (before argon2 runs on its password); the 31st try is refused.
      for (let i = 0; i < 30; i++) {
        const res = await post(t.app, '/v2/reset-password', body(`bad${i}`.padEnd(43, 'x')));
        expect(res.status).toBe(422);
        expect(res.errors).toEqual([
          { field: 'link_token', message: 'This link has expired or has already been used. Please ask for a new one.' },
        ]);
      }
      const refused = await post(t.app, '/v2/reset-password', body('y'.repeat(43)));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many attempts, please try again in \d+ minutes/);
      await t.db.deleteFrom('rate_limits').where('key', 'like', 'pw-reset-link:%').execute();
      // A used link: refused the same way, and the password set by its first use stays.
      const { user } = await createUser(t.db, confirmed());
      await forgot(user.email);
      const token = tokenOf(linkPath(await mailTo(user.email, 'Reset your'), '/reset-password/'));
      expect((await post(t.app, '/v2/reset-password', body(token))).status).toBe(200);
      const hashAfter = (
        await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst()
      )?.password_hash;
      const again = await post(t.app, '/v2/reset-password', {
        ...body(token),
        password: 'zzzzzz',
        confirm_password: 'zzzzzz',
      });
      expect(again.status).toBe(422);
      expect(
        (await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst())
          ?.password_hash,
      ).toBe(hashAfter);
      await t.db.deleteFrom('rate_limits').where('key', 'like', 'pw-reset-link:%').execute();
    });
  });

  describe('confirming the address', () => {
    it('registering mails a welcome with a link that confirms the address', async () => {
      const email = `new-${Date.now()}@example.com`;
      const reg = await post(t.app, '/v1/user-register', {
        nickname: 'Newbie',
        email,
        phone: `+63917${String(Date.now()).slice(-7)}`,
        password: 'secret1',
        confirm_password: 'secret1',
      });
      expect(reg.status).toBe(200);
      const token = reg.body.data.token;
      const status = await post(t.app, '/v2/get-email-status', {}, { token });
      expect(status.body.data).toEqual({ email, confirmed: false, mail_on: true });

      const mail = await mailTo(email, 'please confirm your e-mail address');
      const link = linkPath(mail, '/confirm-email/');
      const res = await post(t.app, '/v2/confirm-email', { link_token: tokenOf(link) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ email, confirmed: true });
      expect((await post(t.app, '/v2/get-email-status', {}, { token })).body.data.confirmed).toBe(true);
      // Opened again: still confirmed, not an error.
      expect((await post(t.app, '/v2/confirm-email', { link_token: tokenOf(link) })).status).toBe(200);
      expect((await post(t.app, '/v2/confirm-email', { link_token: 'nope' })).status).toBe(422);
      // Nothing more to send.
      expect((await post(t.app, '/v2/resend-email-confirmation', {}, { token })).status).toBe(409);
    });

    it('sends the link again on request, throttled; an unconfirmed address gets its reset link too', async () => {
      const { user, token } = await createUser(t.db);
      expect((await forgot(user.email)).body.message).toBe(SAME_ANSWER);
      for (let i = 0; i < 3; i++) {
        const res = await post(t.app, '/v2/resend-email-confirmation', {}, { token });
        expect(res.status).toBe(200);
        expect(res.body.message).toBe(`We have sent a confirmation link to ${user.email}`);
      }
      expect((await post(t.app, '/v2/resend-email-confirmation', {}, { token })).status).toBe(429);
      await sendMailNow(t);
      const mine = smtp.messages.filter((m) => m.to === user.email);
      // The reset link goes to an unconfirmed address too (mail/policy.ts): using it proves the address.
      expect(mine.filter((m) => m.text.includes('/reset-password/'))).toHaveLength(1);
      const confirmations = mine.filter((m) => m.subject.includes('confirm'));
      expect(confirmations).toHaveLength(3);
      // Only the newest link works.
      const newest = confirmations.at(-1)!;
      const oldest = confirmations[0]!;
      expect(
        (await post(t.app, '/v2/confirm-email', { link_token: tokenOf(linkPath(oldest, '/confirm-email/')) })).status,
      ).toBe(422);
      expect(
        (await post(t.app, '/v2/confirm-email', { link_token: tokenOf(linkPath(newest, '/confirm-email/')) })).status,
      ).toBe(200);
    });

    it('changing the address mails a confirmation to the new one and a notice to the old one', async () => {
      const { user, token, password } = await createUser(t.db, confirmed());
      const newEmail = `moved-${Date.now()}@example.com`;
      const res = await post(
        t.app,
        '/v2/edit-user-profile',
        { nickname: user.nickname, email: newEmail, phone: user.phone, current_password: password },
        { token },
      );
      expect(res.status).toBe(200);
      const toNew = await mailTo(newEmail, 'Please confirm your new e-mail address');
      const toOld = await mailTo(user.email, 'was changed');
      expect(toOld.text).toContain(newEmail);
      expect((await post(t.app, '/v2/get-email-status', {}, { token })).body.data).toMatchObject({
        email: newEmail,
        confirmed: false,
      });
      expect(
        (await post(t.app, '/v2/confirm-email', { link_token: tokenOf(linkPath(toNew, '/confirm-email/')) })).status,
      ).toBe(200);
      expect((await post(t.app, '/v2/get-email-status', {}, { token })).body.data.confirmed).toBe(true);
    });
  });
});

describe.each(dialects)('account e-mail without SMTP_URL (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers no reset by e-mail', async () => {
    expect((await post(t.app, '/v2/get-mail-options', {})).body.data).toEqual({ mail_on: false });
    const res = await post(t.app, '/v2/forgot-password', { email: 'someone@example.com' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('E-mail is not set up on this shop, so this is not available');
    expect((await post(t.app, '/v2/reset-password', { link_token: 'x', password: 'abcdef' })).status).toBe(404);
    const { user, token } = await createUser(t.db);
    expect(await t.db.selectFrom('account_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await post(t.app, '/v2/resend-email-confirmation', {}, { token })).status).toBe(404);
  });
});
