import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { recordConversion } from '../../../../src/server/referral/service';
import { getShopSettings } from '../../../../src/server/settings/repository';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { insertOrder } from './fixtures';

describe.each(dialects)('referral programme on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const visitsOf = (referrerId: number) =>
    t.db.selectFrom('referral_visits').selectAll().where('referrer_id', '=', referrerId).orderBy('id').execute();

  describe('record-visit', () => {
    it('records a visit of a code with its link and origin', async () => {
      const owner = await createUser(t.db);
      const res = await post(t.app, '/v2/record-visit', {
        code: owner.user.referral_code,
        link: `/${owner.user.referral_code}`,
        origin: 'https://t.me/some_channel',
        visitor_key: 'visitor-aaaaaaaa',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ recorded: true, code: owner.user.referral_code });
      const rows = await visitsOf(owner.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        link: `/${owner.user.referral_code}`,
        origin: 'https://t.me/some_channel',
        visitor_key: 'visitor-aaaaaaaa',
        converted: 0,
      });
    });

    it('records one visit per visitor and day, whatever the number of calls (also concurrent ones)', async () => {
      const owner = await createUser(t.db);
      const code = owner.user.referral_code;
      const first = await post(t.app, '/v2/record-visit', {
        code,
        visitor_key: 'visitor-1111111',
      });
      expect(first.body.data.recorded).toBe(true);
      const again = await Promise.all(
        Array.from({ length: 5 }, () => post(t.app, '/v2/record-visit', { code, visitor_key: 'visitor-1111111' })),
      );
      for (const r of again) {
        expect(r.status).toBe(200);
        expect(r.body.data.recorded).toBe(false);
      }
      const other = await post(t.app, '/v2/record-visit', {
        code,
        visitor_key: 'visitor-2222222',
      });
      expect(other.body.data.recorded).toBe(true);
      const rows = await visitsOf(owner.user.id);
      expect(rows).toHaveLength(2);
      // Defaults: link /{code}, origin direct.
      expect(rows[0]).toMatchObject({ link: `/${code}`, origin: 'direct' });

      // A new day counts again: move yesterday's visit back one day.
      await t.db
        .updateTable('referral_visits')
        .set({ created_at: new Date(Date.now() - 86_400_000).toISOString() })
        .where('id', '=', rows[0]!.id)
        .execute();
      const nextDay = await post(t.app, '/v2/record-visit', {
        code,
        visitor_key: 'visitor-1111111',
      });
      expect(nextDay.body.data.recorded).toBe(true);
    });

    it('without a visitor key, dedupes by address and browser', async () => {
      const owner = await createUser(t.db);
      const code = owner.user.referral_code;
      const headers = { 'user-agent': 'TestBrowser/1.0' };
      const a = await post(t.app, '/v2/record-visit', { code }, { headers });
      const b = await post(t.app, '/v2/record-visit', { code }, { headers });
      const c = await post(t.app, '/v2/record-visit', { code }, { headers: { 'user-agent': 'Other/2.0' } });
      expect([a.body.data.recorded, b.body.data.recorded, c.body.data.recorded]).toEqual([true, false, true]);
    });

    it('answers 404 "This referral code does not exist" for an unknown code, in the asked language', async () => {
      const res = await post(t.app, '/v2/record-visit', { code: 'NOSUCHCODE', visitor_key: 'visitor-3333333' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 404, message: 'This referral code does not exist' });
      const zh = await post(t.app, '/v2/record-visit', { code: 'NOSUCHCODE', lang: 'zh' });
      expect(zh.body.message).toBe('该推荐码不存在');
    });

    it('finds a code typed in lower case', async () => {
      const owner = await createUser(t.db);
      const res = await post(t.app, '/v2/record-visit', {
        code: owner.user.referral_code.toLowerCase(),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.code).toBe(owner.user.referral_code);
    });

    it('does not record the owner visiting their own link', async () => {
      const owner = await createUser(t.db);
      const res = await post(
        t.app,
        '/v2/record-visit',
        { code: owner.user.referral_code, visitor_key: 'visitor-4444444' },
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.recorded).toBe(false);
      expect(await visitsOf(owner.user.id)).toHaveLength(0);
    });

    it('refuses a bad code or visitor key with a message naming the field', async () => {
      const noCode = await post(t.app, '/v2/record-visit', {});
      expect(noCode.status).toBe(422);
      expect(noCode.errors[0]?.field).toBe('code');
      const badCode = await post(t.app, '/v2/record-visit', { code: 'a b/c' });
      expect(badCode.status).toBe(422);
      expect(badCode.body.message).toBe('code: must be letters, digits, _ or -');
      const badKey = await post(t.app, '/v2/record-visit', { code: 'ABC', visitor_key: 'x' });
      expect(badKey.status).toBe(422);
      expect(badKey.errors[0]?.field).toBe('visitor_key');
    });

    it('recordConversion marks the visitor’s visit converted, or records a converted visit', async () => {
      const owner = await createUser(t.db);
      const code = owner.user.referral_code;
      await post(t.app, '/v2/record-visit', { code, visitor_key: 'visitor-5555555' });
      const joined = await createUser(t.db, { upline_id: owner.user.id, joined_via: 'link' });
      await recordConversion(t.db, {
        referrerId: owner.user.id,
        userId: joined.user.id,
        visitorKey: 'visitor-5555555',
      });
      let rows = await visitsOf(owner.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ converted: 1, converted_user_id: joined.user.id });
      expect(rows[0]?.converted_at).toBeTruthy();

      const typed = await createUser(t.db, { upline_id: owner.user.id, joined_via: 'code' });
      await recordConversion(t.db, { referrerId: owner.user.id, userId: typed.user.id, visitorKey: null });
      rows = await visitsOf(owner.user.id);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({
        link: `/login/${code}`,
        origin: 'register',
        converted: 1,
        converted_user_id: typed.user.id,
      });
    });
  });

  describe('referral links', () => {
    it('get-referral-link answers the caller’s code and link on the request’s origin', async () => {
      const me = await createUser(t.db);
      const res = await post(
        t.app,
        '/v2/get-referral-link',
        {},
        {
          token: me.token,
          headers: { host: 'shop.test:8080' },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        code: me.user.referral_code,
        link: `http://shop.test:8080/${me.user.referral_code}`,
      });
    });

    it('get-referral-link-customer-version adds the QR payload (the link)', async () => {
      const me = await createUser(t.db);
      const res = await post(
        t.app,
        '/v2/get-referral-link-customer-version',
        {},
        { token: me.token, headers: { host: 'localhost' } },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.link).toBe(`http://localhost/${me.user.referral_code}`);
      expect(res.body.data.qr_payload).toBe(res.body.data.link);
    });

    it('answers 401 to a guest', async () => {
      for (const path of [
        '/v2/get-referral-link',
        '/v2/get-referral-link-customer-version',
        '/v2/get-referral-member-award',
      ]) {
        const res = await post(t.app, path, {});
        expect(res.status).toBe(401);
        expect(res.body.code).toBe(401);
      }
    });
  });

  describe('get-referral-member-award', () => {
    it('lists members newest first with the award really credited when their first order completed', async () => {
      const me = await createUser(t.db);
      const a = await createUser(t.db, { upline_id: me.user.id, joined_via: 'link', nickname: 'Alice' });
      const b = await createUser(t.db, { upline_id: me.user.id, joined_via: 'code', nickname: 'Bob' });
      const c = await createUser(t.db, { upline_id: me.user.id, joined_via: null, nickname: 'Carol' });
      await createUser(t.db, { nickname: 'Stranger' });
      const complete = async (userId: number) => {
        const order = await insertOrder(t.db, userId, { status: 'Processing' });
        await changeOrderStatus(t.shop, order.id, 'Completed', CLI_ACTOR);
      };
      await complete(a.user.id);
      await complete(a.user.id);
      await insertOrder(t.db, b.user.id, { status: 'Pending' });
      await insertOrder(t.db, c.user.id, { status: 'Cancelled' });

      const res = await post(t.app, '/v2/get-referral-member-award', {}, { token: me.token });
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.members.map((m) => m.nickname)).toEqual(['Carol', 'Bob', 'Alice']);
      expect(data.members.map((m) => [m.status, m.award_cents])).toEqual([
        ['Inactive', 0],
        ['Inactive', 0],
        ['Active', 500],
      ]);
      expect(data.members[2]).toMatchObject({ id: a.user.id, via: 'link', joined_at: a.user.created_at });
      expect(data).toMatchObject({
        next_cursor: null,
        total_members: 3,
        active_members: 1,
        award_per_member_cents: 500,
        total_award_cents: 500,
      });

      // A credit keeps the amount it was made with; the setting is what the next member's first order earns.
      await t.db.updateTable('settings').set({ value: '750' }).where('key', '=', 'referral_award_cents').execute();
      await complete(b.user.id);
      const after = await post(t.app, '/v2/get-referral-member-award', {}, { token: me.token });
      expect(after.body.data).toMatchObject({
        active_members: 2,
        award_per_member_cents: 750,
        total_award_cents: 1250,
      });
      expect(after.body.data.members.map((m) => m.award_cents)).toEqual([0, 750, 500]);
      await t.db.updateTable('settings').set({ value: '500' }).where('key', '=', 'referral_award_cents').execute();
      const balance = await t.db
        .selectFrom('users')
        .select('cash_balance_cents')
        .where('id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(balance.cash_balance_cents).toBe(1250);
    });

    it('reads the award as the owner’s Settings read it: a stored value Settings refuses is no award anywhere', async () => {
      const me = await createUser(t.db);
      const member = await createUser(t.db, { upline_id: me.user.id });
      // Not a whole number of cents (written by hand): Settings shows 0, so members are told 0 and credited 0.
      await t.db.updateTable('settings').set({ value: '250.9' }).where('key', '=', 'referral_award_cents').execute();
      try {
        expect((await getShopSettings(t.db)).referralAwardCents).toBe(0);
        const order = await insertOrder(t.db, member.user.id, { status: 'Processing' });
        await changeOrderStatus(t.shop, order.id, 'Completed', CLI_ACTOR);
        const res = await post(t.app, '/v2/get-referral-member-award', {}, { token: me.token });
        expect(res.body.data).toMatchObject({ award_per_member_cents: 0, total_award_cents: 0 });
        const balance = await t.db
          .selectFrom('users')
          .select('cash_balance_cents')
          .where('id', '=', me.user.id)
          .executeTakeFirstOrThrow();
        expect(balance.cash_balance_cents).toBe(0);
      } finally {
        await t.db.updateTable('settings').set({ value: '500' }).where('key', '=', 'referral_award_cents').execute();
      }
    });

    it('pages with limit and cursor, and refuses a bad cursor', async () => {
      const me = await createUser(t.db);
      for (let i = 0; i < 5; i++) await createUser(t.db, { upline_id: me.user.id, nickname: `M${i}` });
      const p1 = await post(t.app, '/v2/get-referral-member-award', { limit: 2 }, { token: me.token });
      expect(p1.body.data.members.map((m) => m.nickname)).toEqual(['M4', 'M3']);
      expect(p1.body.data.total_members).toBe(5);
      const p2 = await post(
        t.app,
        '/v2/get-referral-member-award',
        { limit: 2, cursor: p1.body.data.next_cursor },
        { token: me.token },
      );
      expect(p2.body.data.members.map((m) => m.nickname)).toEqual(['M2', 'M1']);
      const p3 = await post(
        t.app,
        '/v2/get-referral-member-award',
        { limit: 2, cursor: p2.body.data.next_cursor },
        { token: me.token },
      );
      expect(p3.body.data.members.map((m) => m.nickname)).toEqual(['M0']);
      expect(p3.body.data.next_cursor).toBeNull();

      const bad = await post(t.app, '/v2/get-referral-member-award', { cursor: 'abc' }, { token: me.token });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe('The list position is not valid, please reload the list');
      const badLimit = await post(t.app, '/v2/get-referral-member-award', { limit: 500 }, { token: me.token });
      expect(badLimit.status).toBe(422);
      expect(badLimit.errors[0]?.field).toBe('limit');
    });
  });
});
