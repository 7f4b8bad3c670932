import type { UserInfo } from '../../../../src/common/contract/accounts';
import type { TelegramUser } from '../../../../src/common/contract/telegram';
import { messages } from '../../../../src/common/i18n/messages';
import { addMinutes, nowIso } from '../../../../src/server/lib/time';
import { createUser } from '../../../factories/users';
import { OTHER_BOT_TOKEN, signInitData, TEST_BOT_TOKEN, tgUser } from '../../../support/telegram/init-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

const en = messages.en;
const HOUR = 3_600_000;
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
  const link = (token: string | undefined, initData: string | undefined, extra: Record<string, unknown> = {}) =>
    post<LinkData>(t.app, '/v2/link-telegram', { ...(initData ? { init_data: initData } : {}), ...extra }, { token });
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
