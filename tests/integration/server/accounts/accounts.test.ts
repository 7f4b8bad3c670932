import { randomInt } from 'node:crypto';
import type { SessionResponse, UserInfo } from '../../../../src/common/contract/accounts';
import { messages } from '../../../../src/common/i18n/messages';
import { addMinutes, nowIso } from '../../../../src/server/lib/time';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

const en = messages.en;

let seq = 0;
/** A valid registration form with fresh e-mail and phone. */
function form(overrides: Record<string, string> = {}) {
  seq++;
  const n = `${Date.now() % 1_000_000}${seq}${randomInt(1000, 9999)}`;
  return {
    nickname: `Mei ${n}`,
    email: `mei.${n}@example.com`,
    phone: `+63 9${String(n).padStart(9, '0').slice(-9)}`,
    password: 'secret1',
    confirm_password: 'secret1',
    ...overrides,
  };
}

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limits').execute();
  });

  const register = (body: Record<string, unknown>, lang = 'en') =>
    post<SessionResponse>(t.app, '/v1/user-register', { lang, ...body });
  const login = (body: Record<string, unknown>, ip = '10.0.0.1') =>
    post<SessionResponse>(t.app, '/v1/user-login', body, { headers: { 'x-forwarded-for': ip } });
  const userInfo = (token: string) => post(t.app, '/v1/get-user-info', {}, { token });

  describe('register', () => {
    it('opens an account: argon2id hash, own 8-character referral code, a working token', async () => {
      const body = form({ email: '  Mixed.Case@Example.COM ' });
      const res = await register(body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, code: 200, message: en.registered });
      const { user_info, token } = res.body.data;
      expect(user_info).toMatchObject({
        nickname: body.nickname,
        email: 'mixed.case@example.com',
        phone: body.phone.replace(/\s/g, ''),
        is_agent: 0,
        upline_nickname: null,
        telegram_user_id: null,
        language: 'en',
      });
      expect(user_info.referral_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(token.length).toBeGreaterThan(30);

      const row = await t.db.selectFrom('users').selectAll().where('id', '=', user_info.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(body.password);
      const session = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user_info.id).execute();
      expect(session).toHaveLength(1);
      expect(session[0]!.token_hash).not.toBe(token);

      const me = await userInfo(token);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ success: true, code: 200, token, user_info: { id: user_info.id } });
    });

    it('limits sign-ups to 10 an hour per address (and only for that address)', async () => {
      const from = (ip: string) =>
        post<SessionResponse>(t.app, '/v1/user-register', form(), { headers: { 'x-forwarded-for': ip } });
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () => from('10.9.9.9')).map(async (r) => (await r).status),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      const refused = await from('10.9.9.9');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many attempts, please try again in \d+ minutes/);
      expect((await from('10.9.9.10')).status).toBe(200);
    });

    it('gives every user a different referral code', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 4; i++) codes.add((await register(form())).body.data.user_info.referral_code);
      expect(codes.size).toBe(4);
    });

    it('answers "Please enter …" with every field named when the form is empty', async () => {
      const res = await register({});
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(en.registerAllRequired);
      expect(res.errors).toEqual([
        { field: 'nickname', message: en.nicknameRequired },
        { field: 'email', message: en.emailRequired },
        { field: 'phone', message: en.phoneRequired },
        { field: 'password', message: en.passwordRequired },
        { field: 'confirm_password', message: en.confirmPasswordRequired },
      ]);
    });

    const cases: Array<[string, Record<string, string>, string, string]> = [
      ['blank nickname', { nickname: '   ' }, 'nickname', en.nicknameRequired],
      ['no e-mail', { email: '' }, 'email', en.emailRequired],
      ['a malformed e-mail', { email: 'mei.example.com' }, 'email', en.emailInvalid],
      ['no phone', { phone: '' }, 'phone', en.phoneRequired],
      ['a malformed phone', { phone: 'call me' }, 'phone', en.phoneInvalid],
      ['no password', { password: '' }, 'password', en.passwordRequired],
      ['a short password', { password: 'abc12', confirm_password: 'abc12' }, 'password', en.passwordTooShort],
      ['no confirmation', { confirm_password: '' }, 'confirm_password', en.confirmPasswordRequired],
      ['a short confirmation', { confirm_password: 'abc' }, 'confirm_password', en.confirmPasswordTooShort],
      ['different passwords', { confirm_password: 'secret2' }, 'confirm_password', en.passwordsDoNotMatch],
    ];
    it.each(cases)('refuses %s at its field', async (_name, overrides, field, message) => {
      const res = await register(form(overrides));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(422);
      expect(res.body.message).toBe(message);
      expect(res.errors.find((e) => e.field === field)?.message).toBe(message);
    });

    it('answers in Chinese when lang is zh', async () => {
      const res = await register(form({ email: 'nope' }), 'zh');
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(messages.zh.emailInvalid);
      const all = await register({}, '2');
      expect(all.body.message).toBe(messages.zh.registerAllRequired);
    });

    it('refuses a taken e-mail (any case) and a taken phone (any formatting) at their fields', async () => {
      const first = form({ phone: '+63 912 345 6701' });
      expect((await register(first)).status).toBe(200);

      const sameEmail = await register(form({ email: first.email.toUpperCase() }));
      expect(sameEmail.status).toBe(422);
      expect(sameEmail.errors).toEqual([{ field: 'email', message: en.emailTaken }]);
      expect(sameEmail.body.message).toBe(en.emailTaken);

      const samePhone = await register(form({ phone: '+63-912-345-6701' }));
      expect(samePhone.status).toBe(422);
      expect(samePhone.errors).toEqual([{ field: 'phone', message: en.phoneTaken }]);

      const both = await register(form({ email: first.email, phone: '+639123456701' }));
      expect(both.errors.map((e) => e.field)).toEqual(['email', 'phone']);
    });

    it('two registrations with one e-mail at once make one account', async () => {
      const body = form();
      const results = await Promise.all([register(body), register({ ...body, phone: '+639990001112' })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
      const rows = await t.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
      expect(rows).toHaveLength(1);
    });

    it('a referral code makes its owner the upline and converts their latest open visit', async () => {
      const referrer = (await register(form())).body.data.user_info;
      const now = nowIso();
      const visit = (minutesAgo: number, converted = 0) => ({
        referrer_id: referrer.id,
        link: `/${referrer.referral_code}`,
        origin: 'https://example.com',
        visitor_key: null,
        converted,
        created_at: addMinutes(now, -minutesAgo),
      });
      await t.db
        .insertInto('referral_visits')
        .values([visit(30), visit(5), visit(60, 1)])
        .execute();

      const res = await register(form({ referral_code: referrer.referral_code.toLowerCase(), joined_via: 'link' }));
      expect(res.status).toBe(200);
      const me = res.body.data.user_info;
      expect(me.upline_nickname).toBe(referrer.nickname);
      const row = await t.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
      expect(row.upline_id).toBe(referrer.id);
      expect(row.joined_via).toBe('link');

      const visits = await t.db
        .selectFrom('referral_visits')
        .selectAll()
        .where('referrer_id', '=', referrer.id)
        .orderBy('created_at', 'desc')
        .execute();
      expect(visits.map((v) => [v.converted, v.converted_user_id])).toEqual([
        [1, me.id],
        [0, null],
        [1, null],
      ]);
      expect(visits[0]!.converted_at).not.toBeNull();

      // A typed code (no joined_via) records 'code'; with no open visit left but the 30-minute one, that one converts.
      const typed = await register(form({ referral_code: referrer.referral_code }));
      const typedRow = await t.db
        .selectFrom('users')
        .select(['upline_id', 'joined_via'])
        .where('id', '=', typed.body.data.user_info.id)
        .executeTakeFirstOrThrow();
      expect(typedRow).toEqual({ upline_id: referrer.id, joined_via: 'code' });
      const open = await t.db
        .selectFrom('referral_visits')
        .select('id')
        .where('referrer_id', '=', referrer.id)
        .where('converted', '=', 0)
        .execute();
      expect(open).toHaveLength(0);

      // No open visit left: the registration is recorded as a visit that converted at once.
      const third = await register(form({ referral_code: referrer.referral_code }));
      const added = await t.db
        .selectFrom('referral_visits')
        .selectAll()
        .where('converted_user_id', '=', third.body.data.user_info.id)
        .executeTakeFirstOrThrow();
      expect(added).toMatchObject({
        referrer_id: referrer.id,
        converted: 1,
        origin: 'register',
        link: `/${referrer.referral_code}`,
      });
    });

    it("with the browser's visitor key, converts that visitor's own visit rather than the latest one", async () => {
      const referrer = (await register(form())).body.data.user_info;
      const now = nowIso();
      const visit = (minutesAgo: number, visitor_key: string) => ({
        referrer_id: referrer.id,
        link: `/${referrer.referral_code}`,
        origin: 'direct',
        visitor_key,
        created_at: addMinutes(now, -minutesAgo),
      });
      await t.db
        .insertInto('referral_visits')
        .values([visit(20, 'visitor-mine-0001'), visit(2, 'visitor-other-002')])
        .execute();
      const res = await register(
        form({ referral_code: referrer.referral_code, joined_via: 'link', visitor_key: 'visitor-mine-0001' }),
      );
      expect(res.status).toBe(200);
      const rows = await t.db
        .selectFrom('referral_visits')
        .select(['visitor_key', 'converted', 'converted_user_id'])
        .where('referrer_id', '=', referrer.id)
        .orderBy('visitor_key')
        .execute();
      expect(rows).toEqual([
        { visitor_key: 'visitor-mine-0001', converted: 1, converted_user_id: res.body.data.user_info.id },
        { visitor_key: 'visitor-other-002', converted: 0, converted_user_id: null },
      ]);
    });

    it('refuses an unknown referral code at its field and creates nothing', async () => {
      const body = form({ referral_code: 'ZZZZZZZZ' });
      const res = await register(body);
      expect(res.status).toBe(422);
      expect(res.errors).toEqual([{ field: 'referral_code', message: en.referralCodeNotFound }]);
      const rows = await t.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
      expect(rows).toHaveLength(0);
    });

    it('refuses an over-long field with a 422 naming it, never a 500', async () => {
      const res = await register(form({ nickname: 'x'.repeat(51) }));
      expect(res.status).toBe(422);
      expect(res.errors[0]?.field).toBe('nickname');
    });
  });

  describe('login', () => {
    it('logs in by e-mail (any case) and by phone (any formatting)', async () => {
      const { user, password } = await createUser(t.db, { email: 'leaf.login@example.com', phone: '+639171234567' });
      const byEmail = await login({ login: ' LEAF.login@example.com ', password });
      expect(byEmail.status).toBe(200);
      expect(byEmail.body.message).toBe(en.loggedIn);
      expect(byEmail.body.data.user_info.id).toBe(user.id);

      const byPhone = await login({ login: '+63 917 123 4567', password });
      expect(byPhone.status).toBe(200);
      expect(byPhone.body.data.user_info.id).toBe(user.id);
      expect(byPhone.body.data.token).not.toBe(byEmail.body.data.token);
      expect((await userInfo(byPhone.body.data.token)).status).toBe(200);
    });

    it('refuses a wrong password and an unknown account with the same generic 422', async () => {
      const { user } = await createUser(t.db);
      const wrong = await login({ login: user.email, password: 'not-it' });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ success: false, code: 422, message: en.wrongCredentials });
      const unknown = await login({ login: 'nobody@example.com', password: 'whatever' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.message).toBe(en.wrongCredentials);
    });

    it('says which field is empty, and refuses what is neither an e-mail nor a phone', async () => {
      const empty = await login({});
      expect(empty.status).toBe(422);
      expect(empty.errors).toEqual([
        { field: 'login', message: en.loginIdRequired },
        { field: 'password', message: en.passwordRequired },
      ]);
      const neither = await login({ login: 'tea lover', password: 'secret1' });
      expect(neither.errors).toEqual([{ field: 'login', message: en.enterEmailOrPhone }]);
    });

    it('5 failures from one address hold that address back for 15 minutes; the owner elsewhere still logs in', async () => {
      const { user, password } = await createUser(t.db);
      for (let i = 0; i < 5; i++) expect((await login({ login: user.email, password: 'wrong!' })).status).toBe(422);
      const blocked = await login({ login: user.email, password });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ success: false, code: 429 });
      expect(blocked.body.message).toBe('Too many attempts, please try again in 15 minutes');
      // By phone it is the same account, from the same address.
      expect((await login({ login: user.phone, password })).status).toBe(429);
      // The owner, from another address: no lock-out that someone else can cause.
      expect((await login({ login: user.email, password }, '10.0.0.2')).status).toBe(200);

      // The window opened 14 minutes ago: 1 minute left.
      const key = `login:user:${user.id}:ip:10.0.0.1`;
      await t.db
        .updateTable('rate_limits')
        .set({ window_start: addMinutes(nowIso(), -14) })
        .where('key', '=', key)
        .execute();
      const soon = await login({ login: user.email, password });
      expect(soon.status).toBe(429);
      expect(soon.body.message).toBe('Too many attempts, please try again in 1 minutes');

      // Past the window: allowed again, and the success clears that address's count.
      await t.db
        .updateTable('rate_limits')
        .set({ window_start: addMinutes(nowIso(), -16) })
        .where('key', '=', key)
        .execute();
      expect((await login({ login: user.email, password })).status).toBe(200);
      const left = await t.db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst();
      expect(left).toBeUndefined();
    });

    it('a success resets the count of its address', async () => {
      const { user, password } = await createUser(t.db);
      for (let i = 0; i < 4; i++) await login({ login: user.email, password: 'wrong!' });
      expect((await login({ login: user.email, password })).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login({ login: user.email, password: 'wrong!' })).status).toBe(422);
      expect((await login({ login: user.email, password: 'wrong!' })).status).toBe(429);
    });

    it('allows 20 failures per client address, whatever the accounts, then 429 for that address only', async () => {
      for (let i = 0; i < 20; i++) {
        expect((await login({ login: `ghost${i}@example.com`, password: 'x' }, '10.9.9.9')).status).toBe(422);
      }
      const { user, password } = await createUser(t.db);
      expect((await login({ login: user.email, password }, '10.9.9.9')).status).toBe(429);
      expect((await login({ login: user.email, password }, '10.9.9.10')).status).toBe(200);
    });

    it('20 parallel wrong logins on one account from 20 addresses: 10 checked, then one a minute', async () => {
      const { user, password } = await createUser(t.db);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login({ login: user.email, password: 'wrong!' }, `10.1.0.${i}`)),
      );
      const statuses = results.map((r) => r.status);
      // 10 free failures, then the account's pace lets one more through this minute; the rest wait.
      expect(statuses.filter((s) => s === 422)).toHaveLength(11);
      expect(statuses.filter((s) => s === 429)).toHaveLength(9);
      const row = await t.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', `login:user:${user.id}`)
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(11);
      // Slowed, not locked: a new address waits for the next minute, then gets in with the right password.
      const waiting = await login({ login: user.email, password }, '10.1.1.1');
      expect(waiting.status).toBe(429);
      expect(waiting.body.message).toBe('Too many attempts, please try again in 1 minutes');
      await t.db
        .updateTable('rate_limits')
        .set({ window_start: addMinutes(nowIso(), -2) })
        .where('key', '=', `login:user:${user.id}:pace`)
        .execute();
      expect((await login({ login: user.email, password }, '10.1.1.1')).status).toBe(200);
    });

    it('30 parallel wrong logins from one address: exactly 20 are checked', async () => {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login({ login: `burst${i}@example.com`, password: 'x' }, '10.7.7.7')),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 422)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      const row = await t.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', 'login:ip:10.7.7.7')
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(20);
    });
  });

  describe('sessions', () => {
    it('get-user-info answers the bare shape with the token, and 401 for a bad or missing token', async () => {
      const { user, token } = await createUser(t.db);
      const ok = await userInfo(token);
      expect(ok.status).toBe(200);
      expect(Object.keys(ok.body).sort()).toEqual(['code', 'message', 'success', 'token', 'user_info']);
      expect((ok.body.user_info as UserInfo).email).toBe(user.email);
      expect(ok.body.token).toBe(token);

      const bad = await userInfo('not-a-token');
      expect(bad.status).toBe(401);
      expect(bad.body).toMatchObject({ success: false, code: 401 });
      const none = await post(t.app, '/v1/get-user-info', {});
      expect(none.status).toBe(401);
    });

    it('log-out revokes only the current token', async () => {
      const { user, password } = await createUser(t.db);
      const a = (await login({ login: user.email, password })).body.data.token;
      const b = (await login({ login: user.email, password })).body.data.token;
      const out = await post(t.app, '/v1/user-logout', {}, { token: a });
      expect(out.status).toBe(200);
      expect(out.body.data).toEqual({ logged_out: true });
      expect((await userInfo(a)).status).toBe(401);
      expect((await post(t.app, '/v1/user-logout', {}, { token: a })).status).toBe(401);
      expect((await userInfo(b)).status).toBe(200);
    });
  });

  describe('profile', () => {
    const edit = (token: string, body: Record<string, unknown>, lang = 'en') =>
      post(t.app, '/v2/edit-user-profile', { lang, ...body }, { token });

    it('changes nickname, e-mail and phone; a blank password leaves the password as it was', async () => {
      const { user, password, token } = await createUser(t.db);
      const res = await edit(token, {
        nickname: 'New Name',
        email: 'New.Address@Example.com',
        phone: '+1 (415) 555-0100',
        password: '',
        confirm_password: '',
        // A new e-mail and phone need the current password (docs/decisions/001).
        current_password: password,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(en.profileUpdated);
      expect(res.body.data.user_info).toMatchObject({
        id: user.id,
        nickname: 'New Name',
        email: 'new.address@example.com',
        phone: '+14155550100',
      });
      const row = await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toBe(user.password_hash);
      expect((await login({ login: 'new.address@example.com', password })).status).toBe(200);
      expect((await userInfo(token)).status).toBe(200);
    });

    it('changes the password: the old one stops working, other sessions end, this one stays', async () => {
      const { user, password, token } = await createUser(t.db);
      const other = (await login({ login: user.email, password })).body.data.token;
      const res = await edit(token, {
        nickname: user.nickname,
        email: user.email,
        phone: user.phone,
        password: 'brand-new',
        confirm_password: 'brand-new',
        current_password: password,
      });
      expect(res.status).toBe(200);
      expect((await login({ login: user.email, password })).status).toBe(422);
      expect((await login({ login: user.email, password: 'brand-new' })).status).toBe(200);
      expect((await userInfo(token)).status).toBe(200);
      expect((await userInfo(other)).status).toBe(401);
    });

    it("checks the form with the shop's messages", async () => {
      const { user, token } = await createUser(t.db);
      const base = { nickname: user.nickname, email: user.email, phone: user.phone };
      const mismatch = await edit(token, { ...base, password: 'secret1', confirm_password: 'secret2' });
      expect(mismatch.status).toBe(422);
      expect(mismatch.errors).toEqual([{ field: 'confirm_password', message: en.passwordNotMatch }]);
      const short = await edit(token, { ...base, password: 'abc', confirm_password: 'abc' });
      expect(short.errors.map((e) => e.message)).toEqual([en.passwordTooShort, en.confirmPasswordTooShort]);
      const onlyConfirm = await edit(token, { ...base, confirm_password: 'secret1' });
      expect(onlyConfirm.errors).toEqual([{ field: 'password', message: en.passwordRequired }]);
      const empty = await edit(token, { nickname: '', email: 'bad', phone: '' }, 'zh');
      expect(empty.errors).toEqual([
        { field: 'nickname', message: messages.zh.nicknameRequired },
        { field: 'email', message: messages.zh.emailInvalid },
        { field: 'phone', message: messages.zh.phoneRequired },
      ]);
    });

    it("refuses another user's e-mail or phone but accepts one's own", async () => {
      const me = await createUser(t.db);
      const other = await createUser(t.db);
      const taken = await edit(me.token, {
        nickname: 'x',
        email: other.user.email,
        phone: other.user.phone,
        current_password: me.password,
      });
      expect(taken.status).toBe(422);
      expect(taken.errors).toEqual([
        { field: 'email', message: en.emailTaken },
        { field: 'phone', message: en.phoneTaken },
      ]);
      const own = await edit(me.token, { nickname: 'x', email: me.user.email, phone: me.user.phone });
      expect(own.status).toBe(200);
    });

    it('needs a logged-in user', async () => {
      expect((await edit('nope', { nickname: 'x', email: 'a@b.co', phone: '+6391234567' })).status).toBe(401);
    });
  });

  describe('details', () => {
    it('edits bank details, the notification toggle and the language; get-user-detail reads them', async () => {
      const { token, password } = await createUser(t.db);
      const before = await post(t.app, '/v2/get-user-detail', {}, { token });
      expect(before.body.data.detail).toEqual({
        bank_name: null,
        bank_account_name: null,
        bank_account_number: null,
        notify_orders: true,
        notify_email: true,
        language: 'en',
      });
      const res = await post(
        t.app,
        '/v2/edit-user-detail',
        {
          bank_name: 'Tea Bank',
          bank_account_name: 'Mei Lin',
          bank_account_number: '1234-5678',
          current_password: password,
          notify_orders: '0',
          notify_email: '0',
          language: '2',
        },
        { token },
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(en.infoUpdated);
      expect(res.body.data.detail).toEqual({
        bank_name: 'Tea Bank',
        bank_account_name: 'Mei Lin',
        bank_account_number: '1234-5678',
        notify_orders: false,
        notify_email: false,
        language: 'zh',
      });
      expect(res.body.data.user_info.language).toBe('zh');

      const partial = await post(t.app, '/v2/edit-user-detail', { notify_orders: 'on' }, { token });
      expect(partial.body.data.detail).toMatchObject({
        bank_name: 'Tea Bank',
        notify_orders: true,
        notify_email: false,
      });
      const email = await post(t.app, '/v2/edit-user-detail', { notify_email: 'maybe' }, { token });
      expect(email.status).toBe(422);
      expect(email.errors.map((e) => e.field)).toEqual(['notify_email']);
      const cleared = await post(
        t.app,
        '/v2/edit-user-detail',
        { clear_bank: 1, current_password: password },
        { token },
      );
      expect(cleared.body.data.detail).toMatchObject({ bank_name: null, bank_account_number: null });

      const bad = await post(t.app, '/v2/edit-user-detail', { bank_account_number: '12<script>' }, { token });
      expect(bad.status).toBe(422);
      expect(bad.errors[0]?.field).toBe('bank_account_number');
    });
  });
});
