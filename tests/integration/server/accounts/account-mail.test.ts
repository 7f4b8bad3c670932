import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAccounts } from '../../../../src/server/accounts/cleanup';
import { forgotPassword, resetKeys } from '../../../../src/server/accounts/password-reset';
import { contactCheckKeys } from '../../../../src/server/accounts/service';
import { type CreatedUser, createUser } from '../../../factories/users';
import {
  buildMailTestApp,
  type ReceivedMail,
  sendMailNow,
  startSmtp,
  TEST_SHOP_URL,
  type TestSmtp,
} from '../../../setup/smtp';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

// E-mail for the account (docs/decisions/016): forgot password, reset by link, confirming the address, change of
// address.

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
  /** The profile's change of address, with the account's password. */
  const changeAddress = ({ user, token, password }: CreatedUser, email: string) =>
    post(
      t.app,
      '/v2/edit-user-profile',
      { nickname: user.nickname, email, phone: user.phone, current_password: password },
      { token },
    );

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

      // The customer is told by e-mail; with no Telegram link there is no chat to tell (security/reset-ends-links).
      const notice = await mailTo(user.email, 'password was changed');
      expect(notice.text).toContain('every device was logged out');
      const bot = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'password_reset')
        .execute();
      expect(bot).toHaveLength(0);
    });

    it("checks the new password with the shop's messages without spending the link", async () => {
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

    it('a link used by two requests at once resets once: one wins, the other is refused', async () => {
      const { user } = await createUser(t.db, confirmed());
      await forgot(user.email);
      const token = tokenOf(linkPath(await mailTo(user.email, 'Reset your'), '/reset-password/'));
      const body = (password: string) => ({ link_token: token, password, confirm_password: password });
      const answers = await Promise.all([
        post(t.app, '/v2/reset-password', body('racer-one')),
        post(t.app, '/v2/reset-password', body('racer-two')),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      const winner = answers[0]!.status === 200 ? 'racer-one' : 'racer-two';
      const loser = winner === 'racer-one' ? 'racer-two' : 'racer-one';
      expect((await post(t.app, '/v1/user-login', { login: user.email, password: winner })).status).toBe(200);
      expect((await post(t.app, '/v1/user-login', { login: user.email, password: loser })).status).toBe(422);
      await sendMailNow(t);
      expect(
        smtp.messages.filter((m) => m.to === user.email && m.subject.includes('password was changed')),
      ).toHaveLength(1);
    });

    it('throttles an address however it is written (case, spaces): the same answer, no more mail', async () => {
      const { user } = await createUser(t.db, confirmed());
      const [name, domain] = user.email.split('@') as [string, string];
      const variants = [
        user.email,
        `  ${user.email.toUpperCase()}  `,
        `${name}@${domain.toUpperCase()}`,
        `\t${name.toUpperCase()}@${domain}`,
        `${user.email}\u00a0`,
      ];
      for (const email of variants) {
        const res = await forgot(email);
        expect(res.status).toBe(200);
        expect(res.body.message).toBe(SAME_ANSWER);
      }
      await sendMailNow(t);
      expect(countTo(user.email)).toBe(3);
      // One count for the address, however it was written; Unicode look-alikes (full-width letters, a zero-width
      // space, an added accent) are other addresses: no account, so no mail, and the account's own limit holds.
      // (A composed and a decomposed form of one address are one: the follow-ups below.)
      const keys = await t.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', 'pw-reset:email:%')
        .execute();
      // The key holds the address as a keyed hash (docs/decisions/050), never in clear.
      expect(keys.map((k) => k.key).filter((key) => key.includes(name))).toEqual([]);
      expect(keys.map((k) => k.key)).toContain(await resetKeys.email(t.db, user.email));
      for (const email of [`${name}\u200b@${domain}`, user.email.replace('t', '\uff54'), `${name}\u0301@${domain}`]) {
        expect((await forgot(email)).body.message).toBe(SAME_ANSWER);
      }
      await sendMailNow(t);
      expect(countTo(user.email)).toBe(3);
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
      const account = await createUser(t.db, confirmed());
      const { user, token } = account;
      const newEmail = `moved-${Date.now()}@example.com`;
      const res = await changeAddress(account, newEmail);
      expect(res.status).toBe(200);
      const toNew = await mailTo(newEmail, 'Please confirm your new e-mail address');
      const toOld = await mailTo(user.email, 'was changed');
      // The new address masked (the follow-ups below).
      expect(toOld.text).toContain('was changed to m***@e***.com.');
      expect(toOld.text).not.toContain(newEmail);
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

  // Follow-ups: a failure making a reset link answers like any other request; an address is one account and one
  // throttle bucket however it is composed (NFC); the notice to the old address masks the new one. (The bot's notice
  // of a reset: 'resets once' above, its wording: telegram/bot.test.ts.)
  describe('follow-ups', () => {
    const suffix = () => randomBytes(4).toString('hex');
    // The tests above asked for many links from this client address: its limit would hold the mail back here.
    beforeEach(async () => {
      await t.db.deleteFrom('rate_limits').where('key', 'like', 'pw-reset:ip:%').execute();
    });
    const outboxOf = (userId: number) =>
      t.db.selectFrom('mail_outbox').select(['kind', 'to_address']).where('user_id', '=', userId).execute();

    /** Makes every insert of a reset link for `userId` fail in the database (the token's transaction rolls back). */
    async function breakLinksOf(userId: number): Promise<() => Promise<void>> {
      if (dialect === 'sqlite') {
        await sql
          .raw(
            `CREATE TRIGGER no_links_${userId} BEFORE INSERT ON account_tokens WHEN NEW.user_id = ${userId}
             BEGIN SELECT RAISE(ABORT, 'account_tokens unavailable'); END`,
          )
          .execute(t.db);
        return async () => void (await sql.raw(`DROP TRIGGER no_links_${userId}`).execute(t.db));
      }
      await sql
        .raw(
          `CREATE FUNCTION no_links_${userId}() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN RAISE EXCEPTION 'account_tokens unavailable'; END $$`,
        )
        .execute(t.db);
      await sql
        .raw(
          `CREATE TRIGGER no_links_${userId} BEFORE INSERT ON account_tokens FOR EACH ROW
           WHEN (NEW.user_id = ${userId}) EXECUTE FUNCTION no_links_${userId}()`,
        )
        .execute(t.db);
      return async () => {
        await sql.raw(`DROP TRIGGER no_links_${userId} ON account_tokens`).execute(t.db);
        await sql.raw(`DROP FUNCTION no_links_${userId}()`).execute(t.db);
      };
    }

    it('a known address whose link cannot be made gets the same answer as an unknown one (200), and it is logged', async () => {
      const { user } = await createUser(t.db, confirmed());
      const restore = await breakLinksOf(user.id);
      try {
        const known = await forgot(user.email);
        const unknown = await forgot(`nobody-${suffix()}@example.com`);
        for (const res of [known, unknown]) {
          expect(res.status).toBe(200);
          expect(res.body.message).toBe(SAME_ANSWER);
          expect(res.body.data).toEqual({ requested: true });
        }
        // Nothing half-made: no link, no message.
        expect(await t.db.selectFrom('account_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual(
          [],
        );
        expect(await outboxOf(user.id)).toEqual([]);
        // The failure is not shown, but logged.
        const logged: { err: unknown; msg: string }[] = [];
        const log = { error: (obj: object, msg: string) => logged.push({ err: (obj as { err?: unknown }).err, msg }) };
        await forgotPassword(t.shop, { email: user.email }, 'en', '', log);
        expect(logged).toEqual([
          {
            err: expect.objectContaining({ message: expect.stringContaining('account_tokens unavailable') }),
            msg: expect.stringMatching(/forgot password/),
          },
        ]);
      } finally {
        await restore();
      }
      // Once the database works again, the address gets its link.
      expect((await forgot(user.email)).status).toBe(200);
      expect((await outboxOf(user.id)).map((m) => m.kind)).toEqual(['password_reset']);
    });

    it('a composed and a decomposed address are one account and one throttle bucket', async () => {
      const tag = suffix();
      const composed = `jos\u00e9-${tag}@example.com`;
      const decomposed = `JOSE\u0301-${tag}@example.com`;
      const register = (email: string) =>
        post(t.app, '/v1/user-register', {
          nickname: 'José',
          email,
          phone: `+63917${randomInt(1_000_000, 9_999_999)}`,
          password: 'secret1',
          confirm_password: 'secret1',
        });
      const reg = await register(decomposed);
      expect(reg.status).toBe(200);
      const user = reg.body.data.user_info;
      expect(user.email).toBe(composed);
      // The other form is the same address: taken at sign-up, and at a change of address by another account.
      const again = await register(composed);
      expect(again.status).toBe(422);
      expect(again.errors).toContainEqual({ field: 'email', message: expect.stringMatching(/already/i) });
      const change = await changeAddress(await createUser(t.db, confirmed()), `jose\u0301-${tag}@example.com`);
      expect(change.status).toBe(422);
      expect(change.errors).toContainEqual({ field: 'email', message: expect.stringMatching(/already/i) });
      // Either form logs in; a wrong password counts against the account, whichever form was typed.
      for (const login of [composed, decomposed, `jose\u0301-${tag}@EXAMPLE.com`]) {
        expect((await post(t.app, '/v1/user-login', { login, password: 'secret1' })).status).toBe(200);
      }
      expect((await post(t.app, '/v1/user-login', { login: decomposed, password: 'wrong-1' })).status).toBe(422);
      // Forgot password with both forms: one count, one bucket, the mail to the stored address.
      for (const email of [composed, decomposed, `Jose\u0301-${tag}@example.com`]) {
        expect((await forgot(email)).body.message).toBe(SAME_ANSWER);
      }
      // One key per address whatever its form, each a keyed hash of the composed form (docs/decisions/050).
      const hashed = [await contactCheckKeys.email(t.db, composed), await resetKeys.email(t.db, composed)];
      const keys = await t.db
        .selectFrom('rate_limits')
        .select(['key', 'count'])
        .where((eb) => eb.or([eb('key', 'in', hashed), eb('key', 'like', `%-${tag}@%`)]))
        .orderBy('key')
        .execute();
      expect(keys).toEqual([
        { key: hashed[0], count: 2 },
        { key: hashed[1], count: 3 },
      ]);
      expect(
        await t.db.selectFrom('rate_limits').select('key').where('key', '=', `login:user:${user.id}`).execute(),
      ).toHaveLength(1);
      // The fourth request, in either form, is over the address's limit: the same answer, no more mail.
      expect((await forgot(decomposed)).body.message).toBe(SAME_ANSWER);
      const resets = (await outboxOf(user.id)).filter((m) => m.kind === 'password_reset');
      expect(resets).toEqual(Array.from({ length: 3 }, () => ({ kind: 'password_reset', to_address: composed })));
    });

    it('the notice to the old address names the new one masked, in the HTML and the text, in both languages', async () => {
      const said = { en: 'was changed to m***@e***.com.', zh: '已更改为 m***@e***.com。' };
      for (const lang of ['en', 'zh'] as const) {
        const account = await createUser(t.db, { ...confirmed(), language: lang });
        const { user } = account;
        const newEmail = `moved-${suffix()}@example.com`;
        expect((await changeAddress(account, newEmail)).status).toBe(200);
        const toOld = await mailTo(user.email, lang === 'en' ? 'was changed' : '邮箱地址已更改');
        expect(toOld.text).toContain(said[lang]);
        expect(toOld.html).toContain(said[lang]);
        for (const part of [toOld.text, toOld.html, toOld.subject]) expect(part).not.toContain(newEmail.split('@')[0]);
      }
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
