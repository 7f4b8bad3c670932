import { randomInt } from 'node:crypto';
import { messages } from '../../../../src/common/i18n/messages';
import { cleanUpAccounts, createAccountCleanupJob } from '../../../../src/server/accounts/cleanup';
import { LOGIN_LIMITS } from '../../../../src/server/accounts/login';
import {
  CONTACT_CHECK_LIMITS,
  contactCheckKeys,
  PASSWORD_CHECK_LIMITS,
  passwordCheckKey,
  REGISTER_LIMITS,
} from '../../../../src/server/accounts/service';
import { createSession } from '../../../../src/server/accounts/session-repository';
import { hashToken, SESSION_DAYS, SESSION_MAX_DAYS } from '../../../../src/server/accounts/tokens';
import { COUPON_CHECK_LIMITS, couponCheckKey } from '../../../../src/server/coupons/routes';
import { addDays, addMinutes, nowIso } from '../../../../src/server/lib/time';
import { RECEIPT_UPLOAD_LIMIT } from '../../../../src/server/orders/receipts';
import { PAYMENT_LINK_LIMITS, paymentLinkKey } from '../../../../src/server/orders/routes';
import { hit } from '../../../../src/server/rate-limits/rate-limit';
import { VISIT_LIMITS, visitLimitKey } from '../../../../src/server/referral/service';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

const en = messages.en;

let seq = 0;
/** A fresh e-mail and phone number. */
function contact() {
  seq++;
  const n = `${Date.now() % 100_000}${seq}${randomInt(100, 999)}`.slice(-9).padStart(9, '0');
  return { email: `probe.${n}.${seq}@example.com`, phone: `+639${n}` };
}

describe.each(dialects)('account security on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY=1: the tests choose the client address with X-Forwarded-For, as a single proxy would write it.
    t = await buildTestApp(dialect, { seed: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limits').execute();
  });

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const edit = (token: string, body: Record<string, unknown>, ip = '10.20.0.1', lang = 'en') =>
    post(t.app, '/v2/edit-user-profile', { lang, ...body }, { token, ...from(ip) });
  const noticesOf = (userId: number) =>
    t.db
      .selectFrom('notifications')
      .select(['kind', 'order_id', 'telegram_chat_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('profile changes need the current password', () => {
    it('a nickname-only change needs none', async () => {
      const { user, token } = await createUser(t.db);
      const res = await edit(token, { nickname: 'Only Nick', email: user.email, phone: user.phone });
      expect(res.status).toBe(200);
      expect(res.body.data.user_info.nickname).toBe('Only Nick');
      expect(await noticesOf(user.id)).toEqual([]);
    });

    it.each([
      ['the e-mail', (c: ReturnType<typeof contact>) => ({ email: c.email })],
      ['the phone', (c: ReturnType<typeof contact>) => ({ phone: c.phone })],
      ['the password', () => ({ password: 'brand-new', confirm_password: 'brand-new' })],
    ])('changing %s without it: 422 at current_password, nothing changed', async (_name, change) => {
      const { user, token } = await createUser(t.db);
      const body = { nickname: 'Changed', email: user.email, phone: user.phone, ...change(contact()) };
      const res = await edit(token, body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(en.currentPasswordRequired);
      expect(res.errors).toEqual([{ field: 'current_password', message: en.currentPasswordRequired }]);
      const zh = await edit(token, body, '10.20.0.1', 'zh');
      expect(zh.errors).toEqual([{ field: 'current_password', message: messages.zh.currentPasswordRequired }]);
      expect(await userRow(user.id)).toEqual(user);
      expect(await noticesOf(user.id)).toEqual([]);
    });

    it('a wrong one: 422 "Current password is incorrect", nothing changed, 5 a window per account', async () => {
      const { user, password, token } = await createUser(t.db);
      const other = await createSession(t.db, user.id);
      const body = { nickname: user.nickname, email: contact().email, phone: user.phone, password: 'brand-new' };
      for (let i = 0; i < PASSWORD_CHECK_LIMITS.perAccount; i++) {
        const wrong = await edit(token, { ...body, confirm_password: 'brand-new', current_password: `nope-${i}` });
        expect(wrong.status).toBe(422);
        expect(wrong.errors).toEqual([{ field: 'current_password', message: en.currentPasswordWrong }]);
      }
      expect(await userRow(user.id)).toEqual(user);
      // The session guesses no faster than one client at the log-in screen: now it waits, even with the right one.
      const row = await t.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', passwordCheckKey(user.id))
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(PASSWORD_CHECK_LIMITS.perAccount);
      const blocked = await edit(token, { ...body, confirm_password: 'brand-new', current_password: password });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many attempts, please try again in \d+ minutes/);
      // The owner is not locked out of logging in by what a stolen session tries.
      const login = await post(t.app, '/v1/user-login', { login: user.email, password }, from('10.20.0.9'));
      expect(login.status).toBe(200);
      expect(await noticesOf(user.id)).toEqual([]);
      expect((await post(t.app, '/v1/get-user-info', {}, { token: other })).status).toBe(200);
    });

    it('the right one: the change is made, other sessions end, and the customer is told through the bot', async () => {
      const { user, password, token } = await createUser(t.db);
      const other = await createSession(t.db, user.id);
      const next = contact();
      const res = await edit(token, {
        nickname: user.nickname,
        email: next.email,
        phone: user.phone,
        password: 'brand-new',
        confirm_password: 'brand-new',
        current_password: password,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.user_info.email).toBe(next.email);
      expect((await post(t.app, '/v1/get-user-info', {}, { token: other })).status).toBe(401);
      expect((await post(t.app, '/v1/get-user-info', {}, { token })).status).toBe(200);
      expect(await noticesOf(user.id)).toEqual([
        { kind: 'password_changed', order_id: null, telegram_chat_id: null },
        { kind: 'contact_changed', order_id: null, telegram_chat_id: null },
      ]);

      // A phone change alone: 'contact_changed' only; a password change alone: 'password_changed' only.
      const phone = contact().phone;
      const base = { nickname: user.nickname, email: next.email, current_password: 'brand-new' };
      expect((await edit(token, { ...base, phone })).status).toBe(200);
      expect((await edit(token, { ...base, phone, password: 'newer-1', confirm_password: 'newer-1' })).status).toBe(
        200,
      );
      expect((await noticesOf(user.id)).map((n) => n.kind)).toEqual([
        'password_changed',
        'contact_changed',
        'contact_changed',
        'password_changed',
      ]);
    });

    it('a refused change (taken e-mail) queues no notice', async () => {
      const me = await createUser(t.db);
      const other = await createUser(t.db);
      const res = await edit(me.token, {
        nickname: 'x',
        email: other.user.email,
        phone: me.user.phone,
        current_password: me.password,
      });
      expect(res.status).toBe(422);
      expect(res.errors).toEqual([{ field: 'email', message: en.emailTaken }]);
      expect(await noticesOf(me.user.id)).toEqual([]);
    });
  });

  describe('e-mail and phone checks are throttled', () => {
    it(`profile: ${CONTACT_CHECK_LIMITS.perAccount} checks of a new e-mail or phone per account, then 429`, async () => {
      const me = await createUser(t.db);
      const taken = await Promise.all(
        Array.from({ length: CONTACT_CHECK_LIMITS.perAccount + 1 }, () => createUser(t.db)),
      );
      const probe = (email: string, ip: string) =>
        edit(me.token, { nickname: 'x', email, phone: me.user.phone, current_password: me.password }, ip);
      for (let i = 0; i < CONTACT_CHECK_LIMITS.perAccount; i++) {
        const res = await probe(taken[i]!.user.email, `10.21.0.${i}`);
        expect(res.errors).toEqual([{ field: 'email', message: en.emailTaken }]);
      }
      // From yet another address: the account's limit holds.
      const refused = await probe(taken[CONTACT_CHECK_LIMITS.perAccount]!.user.email, '10.21.1.1');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many attempts, please try again in \d+ minutes/);
      expect(refused.errors).toEqual([]);
      // A nickname-only change makes no check and still works.
      const nick = await edit(me.token, { nickname: 'Still Me', email: me.user.email, phone: me.user.phone });
      expect(nick.status).toBe(200);
      // Another account is not affected.
      const someone = await createUser(t.db);
      const fine = await edit(someone.token, {
        nickname: 'y',
        email: contact().email,
        phone: someone.user.phone,
        current_password: someone.password,
      });
      expect(fine.status).toBe(200);
    });

    it(`sign-up: ${CONTACT_CHECK_LIMITS.perContact} checks per probed e-mail (and per phone), whatever the address`, async () => {
      const victim = await createUser(t.db);
      const register = (body: Record<string, string>, ip: string) =>
        post(
          t.app,
          '/v1/user-register',
          { nickname: 'Probe', password: 'secret1', confirm_password: 'secret1', ...body },
          from(ip),
        );
      for (let i = 0; i < CONTACT_CHECK_LIMITS.perContact; i++) {
        const res = await register({ email: victim.user.email, phone: contact().phone }, `10.22.0.${i}`);
        expect(res.errors).toEqual([{ field: 'email', message: en.emailTaken }]);
      }
      const refused = await register({ email: victim.user.email, phone: contact().phone }, '10.22.1.1');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many attempts/);
      for (let i = 0; i < CONTACT_CHECK_LIMITS.perContact; i++) {
        const res = await register({ email: contact().email, phone: victim.user.phone }, `10.22.2.${i}`);
        expect(res.errors).toEqual([{ field: 'phone', message: en.phoneTaken }]);
      }
      expect((await register({ email: contact().email, phone: victim.user.phone }, '10.22.3.1')).status).toBe(429);
      // An ordinary registration still works.
      const ok = await register({ ...contact() }, '10.22.4.1');
      expect(ok.status).toBe(200);
    });

    it(`per client address for both: ${CONTACT_CHECK_LIMITS.perAddress} checks, then 429 for that address only`, async () => {
      const ip = '10.23.0.1';
      const accounts = await Promise.all(
        Array.from({ length: Math.ceil(CONTACT_CHECK_LIMITS.perAddress / CONTACT_CHECK_LIMITS.perAccount) }, () =>
          createUser(t.db),
        ),
      );
      let made = 0;
      for (const a of accounts) {
        for (let i = 0; i < CONTACT_CHECK_LIMITS.perAccount && made < CONTACT_CHECK_LIMITS.perAddress; i++, made++) {
          const res = await edit(
            a.token,
            { nickname: 'x', email: contact().email, phone: a.user.phone, current_password: a.password },
            ip,
          );
          expect(res.status).toBe(200);
        }
      }
      const fresh = await createUser(t.db);
      const body = { nickname: 'z', email: contact().email, phone: fresh.user.phone, current_password: fresh.password };
      expect((await edit(fresh.token, body, ip)).status).toBe(429);
      // Sign-up from that address is refused too; from another one it works.
      const signUp = { nickname: 'New', password: 'secret1', confirm_password: 'secret1' };
      const refused = await post(t.app, '/v1/user-register', { ...signUp, ...contact() }, from(ip));
      expect(refused.status).toBe(429);
      expect((await post(t.app, '/v1/user-register', { ...signUp, ...contact() }, from('10.23.0.2'))).status).toBe(200);
      expect((await edit(fresh.token, body, '10.23.0.3')).status).toBe(200);
    });
  });

  describe('IPv6 clients are limited per /64', () => {
    it('two addresses of one /64 share the log-in limit; another /64 does not', async () => {
      const spellings = ['2001:db8:1:2::a', '2001:0DB8:0001:0002:ffff:ffff:ffff:fff0', '2001:db8:1:2:0:0:0:b'];
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
        const res = await post(
          t.app,
          '/v1/user-login',
          { login: `ghost${i}@example.com`, password: 'x' },
          from(spellings[i % spellings.length]!),
        );
        expect(res.status).toBe(422);
      }
      const rows = await t.db
        .selectFrom('rate_limits')
        .select(['key', 'count'])
        .where('key', 'like', 'login:ip:%')
        .execute();
      expect(rows).toEqual([{ key: 'login:ip:2001:db8:1:2::/64', count: LOGIN_LIMITS.perAddress }]);
      const { user, password } = await createUser(t.db);
      expect(
        (await post(t.app, '/v1/user-login', { login: user.email, password }, from('2001:db8:1:2::99'))).status,
      ).toBe(429);
      expect(
        (await post(t.app, '/v1/user-login', { login: user.email, password }, from('2001:db8:1:3::1'))).status,
      ).toBe(200);
      // An IPv4 client seen through a dual-stack socket is its IPv4 address.
      await post(t.app, '/v1/user-login', { login: 'ghost@example.com', password: 'x' }, from('::ffff:198.51.100.4'));
      const mapped = await t.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', '=', 'login:ip:198.51.100.4')
        .executeTakeFirst();
      expect(mapped).toBeDefined();
    });
  });

  describe('sessions', () => {
    const sessionRow = (token: string) =>
      t.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    const age = (token: string, createdDaysAgo: number, lastUsedDaysAgo: number) => {
      const now = nowIso();
      return t.db
        .updateTable('sessions')
        .set({
          created_at: addDays(now, -createdDaysAgo),
          last_used_at: addDays(now, -lastUsedDaysAgo),
          // As the sliding expiry would have left it before the cap: 30 days from the last use.
          expires_at: addDays(now, SESSION_DAYS - lastUsedDaysAgo),
        })
        .where('token_hash', '=', hashToken(token))
        .execute();
    };

    it(`end ${SESSION_MAX_DAYS} days after they were opened, however often they are used`, async () => {
      const { user } = await createUser(t.db);
      const young = await createSession(t.db, user.id);
      const old = await createSession(t.db, user.id);
      await age(young, SESSION_MAX_DAYS - 1, 1);
      await age(old, SESSION_MAX_DAYS + 1, 1);
      expect((await post(t.app, '/v1/get-user-info', {}, { token: young })).status).toBe(200);
      expect((await post(t.app, '/v1/get-user-info', {}, { token: old })).status).toBe(401);
      // The young one slid, but not past its absolute end.
      const slid = await sessionRow(young);
      expect(Date.parse(slid.expires_at)).toBeLessThanOrEqual(Date.parse(addDays(slid.created_at, SESSION_MAX_DAYS)));
      expect(Date.parse(slid.expires_at)).toBeGreaterThan(Date.now());
    });

    it('a new session expires after the sliding 30 days', async () => {
      const { user } = await createUser(t.db);
      const row = await sessionRow(await createSession(t.db, user.id));
      expect(row.expires_at).toBe(addDays(row.created_at, SESSION_DAYS));
    });
  });

  describe('the cleanup job', () => {
    it('deletes expired, too old and long-revoked sessions and passed rate-limit windows; keeps the live ones', async () => {
      // Rows other tests left behind go first, so the report below counts only this test's rows.
      await cleanUpAccounts(t.db);
      const { user } = await createUser(t.db);
      const now = nowIso();
      const make = async (
        name: string,
        row: { created: number; expires: number; revoked?: number },
      ): Promise<[string, string]> => {
        const token = await createSession(t.db, user.id);
        await t.db
          .updateTable('sessions')
          .set({
            created_at: addDays(now, -row.created),
            last_used_at: addDays(now, -row.created),
            expires_at: addDays(now, row.expires),
            revoked_at: row.revoked === undefined ? null : addDays(now, -row.revoked),
          })
          .where('token_hash', '=', hashToken(token))
          .execute();
        return [name, hashToken(token)];
      };
      const sessions = await Promise.all([
        make('live', { created: 10, expires: 20 }),
        make('expired', { created: 40, expires: -1 }),
        make('too old', { created: SESSION_MAX_DAYS + 1, expires: 20 }),
        make('revoked long ago', { created: 20, expires: 10, revoked: 8 }),
        make('revoked yesterday', { created: 20, expires: 10, revoked: 1 }),
      ]);

      await t.db
        .insertInto('rate_limits')
        .values([
          { key: 'test:passed', window_start: addMinutes(now, -20), count: 3, expires_at: addMinutes(now, -5) },
          { key: 'test:open', window_start: addMinutes(now, -10), count: 3, expires_at: addMinutes(now, 5) },
          // A day-long window opened 20 hours ago is still open: kept, whatever its age.
          { key: 'test:long', window_start: addMinutes(now, -20 * 60), count: 3, expires_at: addMinutes(now, 4 * 60) },
          // Rows from before expires_at existed: by their window_start.
          { key: 'test:legacy-old', window_start: addDays(now, -2), count: 1, expires_at: null },
          { key: 'test:legacy-recent', window_start: addMinutes(now, -30), count: 1, expires_at: null },
        ])
        .execute();

      const report = await createAccountCleanupJob({ db: t.db }).runOnce();
      expect(report).toEqual({ sessions: 3, rateLimits: 2 });

      const left = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
      const names = sessions.filter(([, hash]) => left.some((r) => r.token_hash === hash)).map(([name]) => name);
      // The factory's own session (live) is there too.
      expect(names).toEqual(['live', 'revoked yesterday']);
      expect(left).toHaveLength(3);
      const keys = await t.db.selectFrom('rate_limits').select('key').orderBy('key').execute();
      expect(keys.map((k) => k.key)).toEqual(['test:legacy-recent', 'test:long', 'test:open']);
    });

    it('never deletes a rate-limit window that is still open, for every limit of the shop (derived from the row)', async () => {
      const limits: Array<[string, number]> = [
        ['login', LOGIN_LIMITS.windowMinutes],
        ['password-check', PASSWORD_CHECK_LIMITS.windowMinutes],
        ['register', REGISTER_LIMITS.windowMinutes],
        ['contact-check', CONTACT_CHECK_LIMITS.windowMinutes],
        ['visit', VISIT_LIMITS.windowMinutes],
        ['coupon-check', COUPON_CHECK_LIMITS.windowMinutes],
        ['payment-link', PAYMENT_LINK_LIMITS.windowMinutes],
        ['receipt-upload', RECEIPT_UPLOAD_LIMIT.windowMinutes],
      ];
      for (const [name, windowMinutes] of limits) {
        const key = `test-window:${name}`;
        const counted = await hit(t.db, key, 1, windowMinutes);
        expect(counted.allowed).toBe(true);
        const row = await t.db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
        expect(row.expires_at, name).toBe(addMinutes(row.window_start, windowMinutes));
        // Just before the window ends the row stays (and still blocks); just after, it goes.
        await cleanUpAccounts(t.db, new Date(Date.parse(row.window_start) + (windowMinutes - 1) * 60_000));
        expect(await t.db.selectFrom('rate_limits').select('key').where('key', '=', key).execute(), name).toHaveLength(
          1,
        );
        await cleanUpAccounts(t.db, new Date(Date.parse(row.window_start) + (windowMinutes + 1) * 60_000));
        expect(await t.db.selectFrom('rate_limits').select('key').where('key', '=', key).execute(), name).toHaveLength(
          0,
        );
      }
    });
  });

  describe('record-visit', () => {
    it(`records at most ${VISIT_LIMITS.newVisitorsPerAddress} new visitors per address an hour; known visitors are not counted`, async () => {
      const owner = await createUser(t.db);
      const code = owner.user.referral_code;
      const visit = (visitor_key: string, ip: string) =>
        post(t.app, '/v2/record-visit', { code, visitor_key }, from(ip));
      const ip = '10.24.0.1';
      for (let i = 0; i < VISIT_LIMITS.newVisitorsPerAddress; i++) {
        const res = await visit(`visitor-${String(i).padStart(6, '0')}`, ip);
        expect(res.status).toBe(200);
        expect(res.body.data.recorded).toBe(true);
      }
      const refused = await visit('visitor-one-too-many', ip);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/this visit was not recorded, please try again in \d+ minutes/);
      const rows = () =>
        t.db.selectFrom('referral_visits').select('visitor_key').where('referrer_id', '=', owner.user.id).execute();
      expect(await rows()).toHaveLength(VISIT_LIMITS.newVisitorsPerAddress);
      // A known visitor is not counted: the same day it is a repeat (not recorded), the next day a new visit.
      const again = await visit('visitor-000000', ip);
      expect(again.status).toBe(200);
      expect(again.body.data.recorded).toBe(false);
      await t.db
        .updateTable('referral_visits')
        .set({ created_at: addDays(nowIso(), -1) })
        .where('visitor_key', '=', 'visitor-000001')
        .execute();
      const nextDay = await visit('visitor-000001', ip);
      expect(nextDay.body.data).toEqual({ recorded: true, code });
      expect(await rows()).toHaveLength(VISIT_LIMITS.newVisitorsPerAddress + 1);
      // Another address (another /64) records as before; the same /64 does not.
      expect((await visit('visitor-elsewhere', '10.24.0.2')).body.data.recorded).toBe(true);
      const row = await t.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', visitLimitKey(ip))
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(VISIT_LIMITS.newVisitorsPerAddress);
    });

    it('without a visitor key, each new address-and-browser counts', async () => {
      const owner = await createUser(t.db);
      await t.db
        .insertInto('rate_limits')
        .values({
          key: visitLimitKey('2001:db8:9:9::1'),
          window_start: nowIso(),
          count: VISIT_LIMITS.newVisitorsPerAddress,
          expires_at: addMinutes(nowIso(), VISIT_LIMITS.windowMinutes),
        })
        .execute();
      const res = await post(
        t.app,
        '/v2/record-visit',
        { code: owner.user.referral_code },
        { headers: { 'x-forwarded-for': '2001:db8:9:9:abcd::7', 'user-agent': 'Script/1.0' } },
      );
      expect(res.status).toBe(429);
      const rows = await t.db
        .selectFrom('referral_visits')
        .select('id')
        .where('referrer_id', '=', owner.user.id)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('coupon checks and payment links per customer', () => {
    it(`validate-coupon: ${COUPON_CHECK_LIMITS.perAccount} calls per ${COUPON_CHECK_LIMITS.windowMinutes} minutes, then 429`, async () => {
      const c = await createUser(t.db);
      for (let i = 0; i < COUPON_CHECK_LIMITS.perAccount; i++) {
        const res = await post(t.app, '/v1/validate-coupon', { code: `GUESS${i}`, items: [] }, { token: c.token });
        expect(res.status).toBe(422);
      }
      const refused = await post(t.app, '/v1/validate-coupon', { code: 'GUESS', items: [] }, { token: c.token });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many attempts, please try again in \d+ minutes/);
      const row = await t.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', couponCheckKey(c.user.id))
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(COUPON_CHECK_LIMITS.perAccount);
      const other = await createUser(t.db);
      expect((await post(t.app, '/v1/validate-coupon', { code: 'X', items: [] }, { token: other.token })).status).toBe(
        422,
      );
    });

    it(`get-payment-link: ${PAYMENT_LINK_LIMITS.perAccount} calls per ${PAYMENT_LINK_LIMITS.windowMinutes} minutes, then 429`, async () => {
      const c = await createUser(t.db);
      for (let i = 0; i < PAYMENT_LINK_LIMITS.perAccount; i++) {
        // No provider here: "not available", but each call counts.
        const res = await post(t.app, '/v1/get-payment-link', { order_id: 1 }, { token: c.token });
        expect(res.status).toBe(400);
      }
      const refused = await post(t.app, '/v1/get-payment-link', { order_id: 1 }, { token: c.token });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many attempts/);
      const row = await t.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', paymentLinkKey(c.user.id))
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(PAYMENT_LINK_LIMITS.perAccount);
      const other = await createUser(t.db);
      expect((await post(t.app, '/v1/get-payment-link', { order_id: 1 }, { token: other.token })).status).toBe(400);
    });
  });

  it('contact-check keys: e-mails as normalised, addresses through clientAddressKey', () => {
    expect(contactCheckKeys.address('2001:db8:1:2::5')).toBe('contact-check:ip:2001:db8:1:2::/64');
    expect(contactCheckKeys.address('::ffff:10.0.0.1')).toBe('contact-check:ip:10.0.0.1');
  });
});

/** TRUST_PROXY: which address the limits see, for each setting (README: configuration and deployment). */
describe.each(dialects)('TRUST_PROXY on %s', (dialect) => {
  /** The address key a failed log-in was counted under, sent from `socket` with X-Forwarded-For `xff`. */
  async function countedAddress(t: TestApp, socket: string, xff: string): Promise<string[]> {
    await t.db.deleteFrom('rate_limits').execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user-login',
      remoteAddress: socket,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': xff },
      payload: 'lang=en&login=nobody%40example.com&password=nope',
    });
    expect(res.statusCode).toBe(422);
    const rows = await t.db.selectFrom('rate_limits').select('key').where('key', 'like', 'login:ip:%').execute();
    return rows.map((r) => r.key.slice('login:ip:'.length));
  }

  const withApp = async (trustProxy: string, check: (t: TestApp) => Promise<void>) => {
    const t = await buildTestApp(dialect, { seed: false, env: { TRUST_PROXY: trustProxy } });
    try {
      await check(t);
    } finally {
      await t.close();
    }
  };

  it('1 (one proxy in front): the address the proxy saw; a spoofed left-most address changes nothing', async () => {
    await withApp('1', async (t) => {
      expect(await countedAddress(t, '10.0.0.2', '198.51.100.7')).toEqual(['198.51.100.7']);
      expect(await countedAddress(t, '10.0.0.2', '6.6.6.6, 198.51.100.7')).toEqual(['198.51.100.7']);
      expect(await countedAddress(t, '10.0.0.2', '1.1.1.1, 2.2.2.2, 198.51.100.7')).toEqual(['198.51.100.7']);
      // The limit holds whatever the client writes on the left.
      await t.db.deleteFrom('rate_limits').execute();
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_LIMITS.perAddress; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/user-login',
          remoteAddress: '10.0.0.2',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `203.0.113.${i}, 198.51.100.7`,
          },
          payload: `lang=en&login=ghost${i}%40example.com&password=nope`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, LOGIN_LIMITS.perAddress).every((s) => s === 422)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  it('proxy addresses: only those proxies are believed', async () => {
    await withApp('10.0.0.2, 192.168.0.0/16', async (t) => {
      expect(await countedAddress(t, '10.0.0.2', '6.6.6.6, 198.51.100.7')).toEqual(['198.51.100.7']);
      // Through two of our proxies: the first address that is not one of them.
      expect(await countedAddress(t, '10.0.0.2', '6.6.6.6, 198.51.100.7, 192.168.4.4')).toEqual(['198.51.100.7']);
      // A client connecting directly (not a listed proxy) cannot choose its address.
      expect(await countedAddress(t, '203.0.113.9', '198.51.100.7')).toEqual(['203.0.113.9']);
    });
  });

  it('false: the header is ignored', async () => {
    await withApp('false', async (t) => {
      expect(await countedAddress(t, '203.0.113.9', '198.51.100.7')).toEqual(['203.0.113.9']);
    });
  });

  it('true: the LEFT-MOST address, which the client can write (only behind a proxy that overwrites the header)', async () => {
    await withApp('true', async (t) => {
      expect(await countedAddress(t, '10.0.0.2', '6.6.6.6, 198.51.100.7')).toEqual(['6.6.6.6']);
    });
  });
});
