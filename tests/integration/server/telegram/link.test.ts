import type { UserInfo } from '../../../../src/common/contract/accounts';
import type { TelegramUser } from '../../../../src/common/contract/telegram';
import { messages } from '../../../../src/common/i18n/messages';
import { PASSWORD_CHECK_LIMITS } from '../../../../src/server/accounts/service';
import { addMinutes, nowIso } from '../../../../src/server/lib/time';
import { INIT_DATA_LOGIN_LIMITS } from '../../../../src/server/telegram/service';
import { createUser } from '../../../factories/users';
import { OTHER_BOT_TOKEN, signInitData, TEST_BOT_TOKEN, tgUser } from '../../../support/telegram/init-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

const en = messages.en;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The factory's default password (tests/factories/users.ts). */
const PASSWORD = 'Secret123!';
let nextTgId = 5_000_000_000;
const freshTgId = () => ++nextTgId;

type InfoData = { linked: boolean; telegram_user: TelegramUser; user_info?: UserInfo; token?: string };
type LinkData = { user_info: UserInfo; telegram_user: TelegramUser };

describe.each(dialects)('Telegram identity on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false, botToken: TEST_BOT_TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  const info = (initData?: string, lang = 'en') =>
    post<InfoData>(t.app, '/v2/get-info-from-telegram', { lang, ...(initData ? { init_data: initData } : {}) });
  // Linking needs the account's password (docs/decisions/001): the factory's default one unless a test says otherwise.
  const link = (token: string | undefined, initData: string | undefined, extra: Record<string, unknown> = {}) =>
    post<LinkData>(
      t.app,
      '/v2/link-telegram',
      { ...(initData ? { init_data: initData } : {}), password: PASSWORD, ...extra },
      { token },
    );
  const linkedTo = async (userId: number) =>
    (await t.db.selectFrom('users').select('telegram_user_id').where('id', '=', userId).executeTakeFirstOrThrow())
      .telegram_user_id;

  describe('/v2/get-info-from-telegram', () => {
    it('refuses a call without initData (outside Telegram), never with 401', async () => {
      const res = await info();
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(en.telegramInitDataMissing);
      expect(res.errors).toEqual([{ field: 'init_data', message: en.telegramInitDataMissing }]);
    });

    it('refuses tampered, expired and foreign-bot initData with a clear message', async () => {
      const forged = signInitData(tgUser(1)).replace('%22id%22%3A1%2C', '%22id%22%3A2%2C');
      expect((await info(forged)).body.message).toBe(en.telegramInitDataInvalid);
      const old = signInitData(tgUser(1), { authDate: new Date(Date.now() - 25 * HOUR) });
      const expired = await info(old);
      expect(expired.status).toBe(403);
      expect(expired.body.message).toBe(en.telegramInitDataExpired);
      expect((await info(signInitData(tgUser(1), { botToken: OTHER_BOT_TOKEN }))).body.message).toBe(
        en.telegramInitDataInvalid,
      );
      expect((await info(old, 'zh')).body.message).toBe(messages.zh.telegramInitDataExpired);
    });

    it('answers linked: false for a Telegram user linked to no account', async () => {
      const id = freshTgId();
      const res = await info(signInitData(tgUser(id, { username: 'leafy' })));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        linked: false,
        telegram_user: { id: String(id), username: 'leafy', name: 'Mei Chen' },
      });
      expect(res.body.data).not.toHaveProperty('token');
    });

    it('logs a linked Telegram user in with no password: a new working session', async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, {
        telegram_user_id: String(id),
        telegram_username: 'old_name',
        telegram_name: 'Old',
      });
      const res = await info(signInitData(tgUser(id, { username: 'new_name', first_name: 'Ling', last_name: '' })));
      expect(res.status).toBe(200);
      expect(res.body.data.linked).toBe(true);
      expect(res.body.data.user_info?.id).toBe(user.id);
      expect(res.body.data.user_info?.telegram_username).toBe('new_name');
      expect(res.body.data.user_info?.telegram_name).toBe('Ling');
      const token = res.body.data.token!;
      const me = await post<never>(t.app, '/v1/get-user-info', {}, { token });
      expect(me.status).toBe(200);
      expect((me.body.user_info as UserInfo).id).toBe(user.id);
    });

    it('ignores a bare telegram_user_id field: only validated initData counts', async () => {
      const id = freshTgId();
      await createUser(t.db, { telegram_user_id: String(id) });
      const res = await post<InfoData>(t.app, '/v2/get-info-from-telegram', { telegram_user_id: String(id) });
      expect(res.status).toBe(403);
      expect(res.body.data).not.toHaveProperty('token');
    });
  });

  describe('/v2/link-telegram', () => {
    it('links the logged-in account to the Telegram user of validated initData', async () => {
      const { user, token } = await createUser(t.db);
      const id = freshTgId();
      const res = await link(token, signInitData(tgUser(id, { username: 'mei_tea' })), {
        expected_telegram_user_id: String(id),
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Telegram linked successfully');
      expect(res.body.data.user_info).toMatchObject({
        id: user.id,
        telegram_user_id: String(id),
        telegram_username: 'mei_tea',
        telegram_name: 'Mei Chen',
      });
      expect(await linkedTo(user.id)).toBe(String(id));
      // and now opening the Mini App logs them in
      expect((await info(signInitData(tgUser(id)))).body.data.user_info?.id).toBe(user.id);
    });

    it('links the current Telegram user from the profile (no expected id)', async () => {
      const { user, token } = await createUser(t.db);
      const id = freshTgId();
      const res = await link(token, signInitData(tgUser(id)));
      expect(res.status).toBe(200);
      expect(await linkedTo(user.id)).toBe(String(id));
      // linking the same pair again is fine
      expect((await link(token, signInitData(tgUser(id)))).status).toBe(200);
    });

    it('needs a logged-in user', async () => {
      const res = await link(undefined, signInitData(tgUser(freshTgId())));
      expect(res.status).toBe(401);
    });

    it('refuses a /login_be id that is not the Telegram user of the initData, and links nothing', async () => {
      const { user, token } = await createUser(t.db);
      const res = await link(token, signInitData(tgUser(freshTgId())), {
        expected_telegram_user_id: String(freshTgId()),
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(en.telegramUserMismatch);
      expect(await linkedTo(user.id)).toBeNull();
    });

    it('refuses without initData, or with unsigned or expired initData, and links nothing', async () => {
      const { user, token } = await createUser(t.db);
      const id = freshTgId();
      const missing = await link(token, undefined, { expected_telegram_user_id: String(id) });
      expect(missing.status).toBe(403);
      expect(missing.body.message).toBe(en.telegramInitDataMissing);
      const unsigned = new URLSearchParams(signInitData(tgUser(id)));
      unsigned.delete('hash');
      expect((await link(token, unsigned.toString())).body.message).toBe(en.telegramInitDataInvalid);
      const expired = signInitData(tgUser(id), { authDate: new Date(Date.now() - 25 * HOUR) });
      expect((await link(token, expired)).body.message).toBe(en.telegramInitDataExpired);
      // a bare telegram_user_id is no proof
      expect((await link(token, undefined, { telegram_user_id: String(id) })).status).toBe(403);
      expect(await linkedTo(user.id)).toBeNull();
    });

    it('refuses a Telegram user already linked to someone else, and changes nothing', async () => {
      const id = freshTgId();
      const owner = await createUser(t.db, { telegram_user_id: String(id) });
      const other = await createUser(t.db);
      const res = await link(other.token, signInitData(tgUser(id)), { expected_telegram_user_id: String(id) });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(en.telegramLinkedToOther);
      expect(await linkedTo(other.user.id)).toBeNull();
      expect(await linkedTo(owner.user.id)).toBe(String(id));
    });

    it('links one of two accounts racing for the same Telegram user, never both', async () => {
      const id = freshTgId();
      const a = await createUser(t.db);
      const b = await createUser(t.db);
      const initData = signInitData(tgUser(id));
      const results = await Promise.all([link(a.token, initData), link(b.token, initData)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const holders = await t.db.selectFrom('users').select('id').where('telegram_user_id', '=', String(id)).execute();
      expect(holders).toHaveLength(1);
    });

    it('makes the owner of a /start referral code the upline of a Telegram user who then registers', async () => {
      const id = freshTgId();
      const referrer = await createUser(t.db);
      await t.db
        .insertInto('referral_visits')
        .values({
          referrer_id: referrer.user.id,
          link: `/${referrer.user.referral_code}`,
          origin: 'telegram',
          visitor_key: `tg:${id}`,
          created_at: addMinutes(nowIso(), -5),
        })
        .execute();
      const newcomer = await createUser(t.db);
      const res = await link(newcomer.token, signInitData(tgUser(id)));
      expect(res.status).toBe(200);
      expect(res.body.data.user_info.upline_nickname).toBe(referrer.user.nickname);
      const row = await t.db
        .selectFrom('users')
        .select(['upline_id', 'joined_via'])
        .where('id', '=', newcomer.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ upline_id: referrer.user.id, joined_via: 'bot' });
      const visit = await t.db
        .selectFrom('referral_visits')
        .select(['converted', 'converted_user_id'])
        .where('visitor_key', '=', `tg:${id}`)
        .executeTakeFirstOrThrow();
      expect(visit).toEqual({ converted: 1, converted_user_id: newcomer.user.id });
    });

    it('does not give an upline to an account older than the /start visit', async () => {
      const id = freshTgId();
      const existing = await createUser(t.db);
      const referrer = await createUser(t.db);
      await t.db
        .insertInto('referral_visits')
        .values({
          referrer_id: referrer.user.id,
          link: `/${referrer.user.referral_code}`,
          origin: 'telegram',
          visitor_key: `tg:${id}`,
          created_at: addMinutes(nowIso(), 1),
        })
        .execute();
      await link(existing.token, signInitData(tgUser(id)));
      const row = await t.db
        .selectFrom('users')
        .select('upline_id')
        .where('id', '=', existing.user.id)
        .executeTakeFirstOrThrow();
      expect(row.upline_id).toBeNull();
    });
  });

  type Notice = { kind: string; telegram_chat_id: string | null; params: string | null; order_id: number | null };
  const noticesOf = (userId: number): Promise<Notice[]> =>
    t.db
      .selectFrom('notifications')
      .select(['kind', 'telegram_chat_id', 'params', 'order_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const preview = (token: string | undefined, initData: string | undefined, lang = 'en') =>
    post(t.app, '/v2/get-telegram-link-preview', { lang, ...(initData ? { init_data: initData } : {}) }, { token });
  const unlink = (token: string | undefined, password: string | undefined, lang = 'en') =>
    post(t.app, '/v2/unlink-telegram', { lang, ...(password !== undefined ? { password } : {}) }, { token });

  describe('linking needs the password', () => {
    it("refuses a link with the session alone (the attacker's initData on a victim's session), and links nothing", async () => {
      const victim = await createUser(t.db);
      const attacker = freshTgId();
      const res = await link(victim.token, signInitData(tgUser(attacker)), { password: undefined });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(en.passwordRequired);
      expect(res.errors).toEqual([{ field: 'password', message: en.passwordRequired }]);
      expect(await linkedTo(victim.user.id)).toBeNull();
      // …so the attacker's Telegram user cannot log in as the victim.
      expect((await info(signInitData(tgUser(attacker)))).body.data.linked).toBe(false);
      expect(await noticesOf(victim.user.id)).toEqual([]);
    });

    it('refuses a wrong password at the field password (in the caller language), and links nothing', async () => {
      const { user, token } = await createUser(t.db);
      const res = await link(token, signInitData(tgUser(freshTgId())), { password: 'not-my-password' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(en.telegramPasswordWrong);
      expect(res.errors).toEqual([{ field: 'password', message: en.telegramPasswordWrong }]);
      const zh = await link(token, signInitData(tgUser(freshTgId())), { password: 'not-my-password', lang: 'zh' });
      expect(zh.body.message).toBe(messages.zh.telegramPasswordWrong);
      expect(await linkedTo(user.id)).toBeNull();
      expect(await noticesOf(user.id)).toEqual([]);
    });

    it('counts wrong passwords per account: beyond the limit even the right one waits, the log-in screen does not', async () => {
      const { user, token } = await createUser(t.db);
      const initData = signInitData(tgUser(freshTgId()));
      for (let i = 0; i < PASSWORD_CHECK_LIMITS.perAccount; i++) {
        expect((await link(token, initData, { password: `wrong-${i}` })).status).toBe(422);
      }
      const blocked = await link(token, initData);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(
        en.tooManyRequests.replace('{{minutes}}', String(PASSWORD_CHECK_LIMITS.windowMinutes)),
      );
      // A session's guesses are its own count: the owner can still log in.
      const login = await post(t.app, '/v1/user-login', { login: user.email, password: PASSWORD });
      expect(login.status).toBe(200);
      expect(await linkedTo(user.id)).toBeNull();
    });

    it('a right password resets the count', async () => {
      const { token } = await createUser(t.db);
      for (let i = 0; i < PASSWORD_CHECK_LIMITS.perAccount - 1; i++) {
        await link(token, signInitData(tgUser(freshTgId())), { password: 'wrong' });
      }
      expect((await link(token, signInitData(tgUser(freshTgId())))).status).toBe(200);
      const unlinked = await post(t.app, '/v2/unlink-telegram', { password: 'wrong' }, { token });
      expect(unlinked.status).toBe(422);
      expect((await post(t.app, '/v2/unlink-telegram', { password: PASSWORD }, { token })).status).toBe(200);
    });
  });

  describe('/v2/get-telegram-link-preview', () => {
    it('names the Telegram user about to be linked, with no current link, changing nothing', async () => {
      const { user, token } = await createUser(t.db);
      const id = freshTgId();
      const res = await preview(token, signInitData(tgUser(id, { username: 'mei_tea' })));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        telegram_user: { id: String(id), username: 'mei_tea', name: 'Mei Chen' },
        current_link: null,
        linked_to_other_account: false,
      });
      expect(await linkedTo(user.id)).toBeNull();
    });

    it("answers the account's current link and whether the Telegram user is linked to another account", async () => {
      const current = freshTgId();
      const { token } = await createUser(t.db, {
        telegram_user_id: String(current),
        telegram_username: 'old_me',
        telegram_name: 'Old Me',
      });
      const taken = freshTgId();
      await createUser(t.db, { telegram_user_id: String(taken) });
      const res = await preview(token, signInitData(tgUser(taken, { username: 'other' })));
      expect(res.body.data).toEqual({
        telegram_user: { id: String(taken), username: 'other', name: 'Mei Chen' },
        current_link: { id: String(current), username: 'old_me', name: 'Old Me' },
        linked_to_other_account: true,
      });
      // The Telegram user already linked to this very account is not "another account".
      expect((await preview(token, signInitData(tgUser(current)))).body.data.linked_to_other_account).toBe(false);
    });

    it('answers a guest (a /login_be page before logging in) with the Telegram user only', async () => {
      const taken = freshTgId();
      await createUser(t.db, { telegram_user_id: String(taken) });
      const res = await preview(undefined, signInitData(tgUser(taken)));
      expect(res.status).toBe(200);
      expect(res.body.data.current_link).toBeNull();
      expect(res.body.data.linked_to_other_account).toBe(true);
      expect(res.body.data.telegram_user.id).toBe(String(taken));
    });

    it('refuses without initData, or with expired initData', async () => {
      const { token } = await createUser(t.db);
      const missing = await preview(token, undefined);
      expect(missing.status).toBe(403);
      expect(missing.errors).toEqual([{ field: 'init_data', message: en.telegramInitDataMissing }]);
      const old = signInitData(tgUser(freshTgId()), { authDate: new Date(Date.now() - 61 * MINUTE) });
      expect((await preview(token, old, 'zh')).body.message).toBe(messages.zh.telegramInitDataExpired);
    });

    it('is in the OpenAPI document, as are link and unlink', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
      expect(paths).toEqual(
        expect.arrayContaining(['/v2/get-telegram-link-preview', '/v2/link-telegram', '/v2/unlink-telegram']),
      );
    });
  });

  describe('a linked account is never moved silently', () => {
    async function linkedAccount() {
      const current = freshTgId();
      const account = await createUser(t.db, {
        telegram_user_id: String(current),
        telegram_username: 'first_tg',
        telegram_name: 'First Tg',
      });
      return { ...account, current };
    }

    it('refuses a re-link that does not name the link it replaces, saying what is linked now', async () => {
      const { user, token, current } = await linkedAccount();
      const next = freshTgId();
      const res = await link(token, signInitData(tgUser(next)));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(en.telegramLinkedNow.replace('{{current}}', 'First Tg (@first_tg)'));
      const wrong = await link(token, signInitData(tgUser(next)), { replaces_telegram_user_id: String(next) });
      expect(wrong.status).toBe(409);
      expect(await linkedTo(user.id)).toBe(String(current));
      expect(await noticesOf(user.id)).toEqual([]);
    });

    it('refuses a re-link without the password even when it names the link it replaces', async () => {
      const { user, token, current } = await linkedAccount();
      const res = await link(token, signInitData(tgUser(freshTgId())), {
        replaces_telegram_user_id: String(current),
        password: 'guess',
      });
      expect(res.status).toBe(422);
      expect(await linkedTo(user.id)).toBe(String(current));
    });

    it('moves the link with the password and the replaced id, and tells both Telegram users', async () => {
      const { user, token, current } = await linkedAccount();
      const next = freshTgId();
      const res = await link(token, signInitData(tgUser(next, { username: 'new_tg' })), {
        replaces_telegram_user_id: String(current),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.user_info.telegram_user_id).toBe(String(next));
      expect(await linkedTo(user.id)).toBe(String(next));
      expect(await noticesOf(user.id)).toEqual([
        { kind: 'telegram_linked', telegram_chat_id: String(next), params: null, order_id: null },
        {
          kind: 'telegram_link_moved',
          telegram_chat_id: String(current),
          params: JSON.stringify({ telegramName: 'Mei Chen (@new_tg)' }),
          order_id: null,
        },
      ]);
      // The previous Telegram user no longer logs in to the account; the new one does.
      expect((await info(signInitData(tgUser(current)))).body.data.linked).toBe(false);
      expect((await info(signInitData(tgUser(next)))).body.data.user_info?.id).toBe(user.id);
    });

    it('refuses a request naming a link the account no longer has (a stale screen)', async () => {
      const { user, token } = await createUser(t.db);
      const res = await link(token, signInitData(tgUser(freshTgId())), {
        replaces_telegram_user_id: String(freshTgId()),
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(en.telegramNotLinkedNow);
      expect(await linkedTo(user.id)).toBeNull();
    });

    it('queues telegram_linked to the new Telegram user on a first link, and nothing on a repeated one', async () => {
      const { user, token } = await createUser(t.db);
      const id = freshTgId();
      expect((await link(token, signInitData(tgUser(id)))).status).toBe(200);
      expect((await link(token, signInitData(tgUser(id)))).status).toBe(200);
      expect(await noticesOf(user.id)).toEqual([
        { kind: 'telegram_linked', telegram_chat_id: String(id), params: null, order_id: null },
      ]);
    });
  });

  describe('/v2/unlink-telegram', () => {
    it('unlinks with the password and tells the Telegram user that was unlinked', async () => {
      const id = freshTgId();
      const { user, token } = await createUser(t.db, { telegram_user_id: String(id), telegram_name: 'Mei' });
      const res = await unlink(token, PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(en.telegramUnlinked);
      expect(res.body.data.user_info).toMatchObject({
        telegram_user_id: null,
        telegram_username: null,
        telegram_name: null,
      });
      expect(await linkedTo(user.id)).toBeNull();
      expect(await noticesOf(user.id)).toEqual([
        { kind: 'telegram_unlinked', telegram_chat_id: String(id), params: null, order_id: null },
      ]);
      expect((await info(signInitData(tgUser(id)))).body.data.linked).toBe(false);
    });

    it('refuses without the password or with a wrong one, and keeps the link', async () => {
      const id = freshTgId();
      const { user, token } = await createUser(t.db, { telegram_user_id: String(id) });
      const missing = await unlink(token, undefined);
      expect(missing.status).toBe(422);
      expect(missing.errors).toEqual([{ field: 'password', message: en.passwordRequired }]);
      const wrong = await unlink(token, 'nope', 'zh');
      expect(wrong.status).toBe(422);
      expect(wrong.errors).toEqual([{ field: 'password', message: messages.zh.telegramPasswordWrong }]);
      expect(await linkedTo(user.id)).toBe(String(id));
      expect(await noticesOf(user.id)).toEqual([]);
    });

    it('needs a logged-in user; an account linked to nothing stays so', async () => {
      expect((await unlink(undefined, PASSWORD)).status).toBe(401);
      const { user, token } = await createUser(t.db);
      expect((await unlink(token, PASSWORD)).status).toBe(200);
      expect(await noticesOf(user.id)).toEqual([]);
    });
  });

  describe('initData age and replay', () => {
    it('refuses initData older than one hour for logging in and for linking, as expired', async () => {
      const id = freshTgId();
      await createUser(t.db, { telegram_user_id: String(id) });
      const old = signInitData(tgUser(id), { authDate: new Date(Date.now() - 61 * MINUTE) });
      const login = await info(old);
      expect(login.status).toBe(403);
      expect(login.body.message).toBe(en.telegramInitDataExpired);
      expect(login.body.data).not.toHaveProperty('token');
      const { user, token } = await createUser(t.db);
      const other = freshTgId();
      const linking = await link(token, signInitData(tgUser(other), { authDate: new Date(Date.now() - 61 * MINUTE) }));
      expect(linking.status).toBe(403);
      expect(linking.body.message).toBe(en.telegramInitDataExpired);
      expect(await linkedTo(user.id)).toBeNull();
      // 59 minutes is still fine.
      const recent = signInitData(tgUser(id), { authDate: new Date(Date.now() - 59 * MINUTE) });
      expect((await info(recent)).body.data.linked).toBe(true);
    });

    it('mints at most a few sessions from one initData, then refuses it (429); a new initData works', async () => {
      const id = freshTgId();
      const { user } = await createUser(t.db, { telegram_user_id: String(id) });
      const replayed = signInitData(tgUser(id), { authDate: new Date(Date.now() - 2 * MINUTE) });
      for (let i = 0; i < INIT_DATA_LOGIN_LIMITS.perInitData; i++) {
        const res = await info(replayed);
        expect(res.status, `session ${i + 1}`).toBe(200);
        expect(res.body.data.token).toBeTruthy();
      }
      const sessions = async () =>
        (await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).length;
      const before = await sessions();
      const refused = await info(replayed);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(en.telegramInitDataReused);
      expect(refused.body.data).not.toHaveProperty('token');
      expect((await info(replayed, 'zh')).body.message).toBe(messages.zh.telegramInitDataReused);
      expect(await sessions()).toBe(before);
      // Reopening the Mini App brings a newly signed initData.
      const fresh = await info(signInitData(tgUser(id), { authDate: new Date(Date.now() - MINUTE) }));
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.user_info?.id).toBe(user.id);
    });

    it('does not count initData of a Telegram user linked to nobody (no session is minted)', async () => {
      const initData = signInitData(tgUser(freshTgId()));
      for (let i = 0; i <= INIT_DATA_LOGIN_LIMITS.perInitData; i++) {
        expect((await info(initData)).status).toBe(200);
      }
    });
  });
});

describe('Telegram identity without BOT_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says Telegram sign-in is not set up', async () => {
    const res = await post(t.app, '/v2/get-info-from-telegram', { init_data: signInitData(tgUser(1)) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(en.telegramNotConfigured);
  });

  it('has no webhook', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/telegram/webhook', payload: { update_id: 1 } });
    expect(res.statusCode).toBe(404);
  });
});
