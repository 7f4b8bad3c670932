import type { ReferralSignal } from '../../../../src/common/referral-signals';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { recordCommissionForOrder } from '../../../../src/server/referral/commission-service';
import { recordSignals } from '../../../../src/server/referral/signals';
import { createAddress } from '../../../factories/addresses';
import { createUser } from '../../../factories/users';
import { signInitData, TEST_BOT_TOKEN, tgUser } from '../../../support/telegram/init-data';
import { dialects, post, type TestApp } from '../../helper';
import { type Crew, withStaffApp } from '../admin/support';
import { insertOrder } from '../referral/fixtures';

// A referral award or an agent's commission between two accounts that share a signal (docs/decisions/032) waits On
// Hold for staff, with the signals named; it is never paid on its own.

let seq = 0;
const fresh = () => `${Date.now() % 1_000_000}${++seq}`.padStart(8, '0');
const PUBLIC_A = '203.0.113.10';
const PUBLIC_B = '198.51.100.20';

describe.each(dialects)('self-referral on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { env: { TRUST_PROXY: '1' }, botToken: TEST_BOT_TOKEN }, (app, staff) => {
    t = app;
    crew = staff;
  });

  /** Registers through the API from `ip`, in the browser whose device cookie is `device` (none: a new browser). */
  async function register(ip: string, opts: { code?: string; device?: string } = {}) {
    const n = fresh();
    const password = 'Secret123!';
    const res = await post<{ token: string; user_info: { id: number; referral_code: string } }>(
      t.app,
      '/v1/user-register',
      {
        nickname: `Person ${n}`,
        email: `person-${n}@example.com`,
        phone: `+639${n.slice(-9).padStart(9, '1')}`,
        password,
        confirm_password: password,
        ...(opts.code ? { referral_code: opts.code } : {}),
      },
      { headers: { 'x-forwarded-for': ip, ...(opts.device ? { cookie: `lc_device=${opts.device}` } : {}) } },
    );
    expect(res.status, res.body.message).toBe(200);
    const cookie = String(res.headers['set-cookie'] ?? '');
    const device = /lc_device=([A-Za-z0-9_-]+)/.exec(cookie)?.[1];
    return {
      id: res.body.data.user_info.id,
      code: res.body.data.user_info.referral_code,
      token: res.body.data.token,
      device,
    };
  }

  /** The member's first order, completed (what earns the award or confirms the commission). */
  async function completeFirstOrder(memberId: number, fields: Record<string, string> = {}) {
    const order = await insertOrder(t.db, memberId, { status: 'Processing' });
    if (Object.keys(fields).length) await t.db.updateTable('orders').set(fields).where('id', '=', order.id).execute();
    await changeOrderStatus(t.shop, order.id, 'Completed', CLI_ACTOR);
    return order;
  }
  const award = (memberId: number) =>
    t.db.selectFrom('referral_awards').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  const balance = async (userId: number) =>
    (await t.db.selectFrom('users').select('cash_balance_cents').where('id', '=', userId).executeTakeFirstOrThrow())
      .cash_balance_cents;

  it('an award between strangers is credited as before', async () => {
    const referrer = await register(PUBLIC_A);
    const member = await register(PUBLIC_B, { code: referrer.code });
    await completeFirstOrder(member.id);
    expect(await award(member.id)).toMatchObject({ status: 'credited', hold_reason: null });
    expect(await balance(referrer.id)).toBeGreaterThan(0);
  });

  it.each<[string, ReferralSignal]>([
    ['the same public address at sign-up', 'client_address'],
    ['the same browser', 'device'],
  ])('%s: the award waits On Hold, nothing credited', async (_name, signal) => {
    const referrer = await register(PUBLIC_A);
    const member =
      signal === 'device'
        ? await register(PUBLIC_B, { code: referrer.code, device: referrer.device })
        : await register(PUBLIC_A, { code: referrer.code });
    await completeFirstOrder(member.id);
    expect(await award(member.id)).toMatchObject({ status: 'on_hold', hold_reason: signal });
    expect(await balance(referrer.id)).toBe(0);
    // The referrer sees it On Hold, with nothing credited for it.
    const mine = await post(t.app, '/v2/get-referral-member-award', {}, { token: referrer.token });
    expect(mine.body.data.members[0]).toMatchObject({ id: member.id, award_cents: 0, award_status: 'on_hold' });
    expect(mine.body.data.total_award_cents).toBe(0);
  });

  it('the same delivery address, phone, payment reference, receipt or Telegram user is named', async () => {
    const referrer = await createUser(t.db);
    const member = await createUser(t.db, { upline_id: referrer.user.id });
    // The referrer's own order went to the street the member's order now goes to, with the same phone.
    await insertOrder(t.db, referrer.user.id, { status: 'Completed' });
    await t.db
      .updateTable('orders')
      .set({ payment_reference: 'BDO-778899', address: '5 Leaf Lane', phone: '+639175550001' })
      .where('user_id', '=', referrer.user.id)
      .execute();
    await createAddress(t.db, member.user.id, { address: '5  LEAF lane', zip: '1200', phone: '+63 917 555 0001' });
    await recordSignals(t.db, referrer.user.id, [
      { kind: 'receipt', value: 'sha-of-one-receipt' },
      { kind: 'telegram', value: '424242' },
    ]);
    await recordSignals(t.db, member.user.id, [
      { kind: 'receipt', value: 'sha-of-one-receipt' },
      { kind: 'telegram', value: '424242' },
    ]);
    await completeFirstOrder(member.user.id, { payment_reference: 'bdo 778899' });
    expect((await award(member.user.id))?.hold_reason).toBe('address,phone,payment_reference,receipt,telegram');
  });

  it('an agent’s commission with a shared signal is On Hold with its reason, never payable on its own', async () => {
    const agent = await register(PUBLIC_A);
    await t.db.updateTable('users').set({ is_agent: 1, commission_rate_bp: 1000 }).where('id', '=', agent.id).execute();
    const downline = await register(PUBLIC_A, { code: agent.code });
    // Placed (the commission is recorded, already On Hold), then completed.
    const order = await insertOrder(t.db, downline.id, { status: 'Processing' });
    expect(await recordCommissionForOrder(t.db, order)).not.toBeNull();
    await changeOrderStatus(t.shop, order.id, 'Completed', CLI_ACTOR);
    const commission = await t.db
      .selectFrom('commissions')
      .select(['id', 'status', 'hold_reason'])
      .where('downline_id', '=', downline.id)
      .executeTakeFirstOrThrow();
    expect(commission).toMatchObject({ status: 'On Hold', hold_reason: 'client_address' });
    // The agent's dashboard says On Hold; nothing can be asked for.
    const list = await post(t.app, '/v2/commission-data', {}, { token: agent.token });
    expect(list.body.data.commissions[0]?.status).toBe('On Hold');
    const payouts = await post(t.app, '/v2/get-payout-requests', {}, { token: agent.token });
    expect(payouts.body.data.payout).toMatchObject({ allowed: false, reason: 'no_confirmed_commission' });
    // Staff see why.
    const staffList = await post(
      t.app,
      '/admin/affiliates/commissions',
      { status: 'On Hold' },
      { token: crew.manager.token },
    );
    const row = staffList.body.data.commissions.find((c: { id: number }) => c.id === commission.id);
    expect(row).toMatchObject({ status: 'On Hold', hold_reason: ['client_address'] });
  });

  it('a commission recorded before a signal appeared is held when the order completes', async () => {
    const agent = await register(PUBLIC_A);
    await t.db.updateTable('users').set({ is_agent: 1, commission_rate_bp: 1000 }).where('id', '=', agent.id).execute();
    const downline = await register(PUBLIC_B, { code: agent.code });
    const order = await insertOrder(t.db, downline.id, { status: 'Processing' });
    await t.db
      .insertInto('commissions')
      .values({
        agent_id: agent.id,
        order_id: order.id,
        downline_id: downline.id,
        amount_cents: 1000,
        rate_bp: 1000,
        status: 'Not Confirm',
        hold_reason: null,
        created_at: order.placed_at,
        updated_at: order.placed_at,
      })
      .execute();
    // The downline then links the agent's Telegram user (it was the agent's before).
    await recordSignals(t.db, agent.id, [{ kind: 'telegram', value: '99001' }]);
    await recordSignals(t.db, downline.id, [{ kind: 'telegram', value: '99001' }]);
    await changeOrderStatus(t.shop, order.id, 'Completed', CLI_ACTOR);
    const row = await t.db
      .selectFrom('commissions')
      .select(['status', 'hold_reason'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'On Hold', hold_reason: 'telegram' });
  });

  it('staff release a held award (credited then, once) or refuse it; both audited', async () => {
    const referrer = await register(PUBLIC_A);
    const one = await register(PUBLIC_A, { code: referrer.code });
    const two = await register(PUBLIC_A, { code: referrer.code });
    await completeFirstOrder(one.id);
    await completeFirstOrder(two.id);
    const listed = await post(t.app, '/admin/affiliates/awards', { status: 'on_hold' }, { token: crew.manager.token });
    expect(listed.status).toBe(200);
    const ids = listed.body.data.awards.map((a: { member: { id: number } }) => a.member.id);
    expect(ids).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(listed.body.data.awards[0]?.hold_reason).toEqual(['client_address']);

    const decide = (memberId: number, decision: string, token = crew.manager.token) =>
      post(t.app, '/admin/affiliates/award-decision', { member_id: memberId, decision }, { token });
    expect((await decide(one.id, 'release', crew.fulfilment.token)).status).toBe(403);
    const [first, second] = await Promise.all([decide(one.id, 'release'), decide(one.id, 'release')]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await balance(referrer.id)).toBe((await award(one.id))!.amount_cents);
    expect((await decide(two.id, 'refuse')).body.data).toMatchObject({ status: 'refused' });
    expect(await balance(referrer.id)).toBe((await award(one.id))!.amount_cents);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'referral_award.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['referral_award.release', 'referral_award.refuse']);
  });

  it('a Telegram user once linked to the referrer and then to the member is a shared signal', async () => {
    const referrer = await createUser(t.db);
    const member = await createUser(t.db, { upline_id: referrer.user.id });
    const tg = 7_300_000_000 + seq;
    const link = (token: string, password: string) =>
      post(t.app, '/v2/link-telegram', { init_data: signInitData(tgUser(tg)), password }, { token });
    expect((await link(referrer.token, referrer.password)).status).toBe(200);
    expect(
      (await post(t.app, '/v2/unlink-telegram', { password: referrer.password }, { token: referrer.token })).status,
    ).toBe(200);
    expect((await link(member.token, member.password)).status).toBe(200);
    await completeFirstOrder(member.user.id);
    expect((await award(member.user.id))?.hold_reason).toBe('telegram');
  });
});
