import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { insertCommission, insertOrder } from '../referral/fixtures';

const AFFILIATE_PATHS: Array<[string, Record<string, unknown>]> = [
  ['/v2/affiliate-dashboard', {}],
  ['/v2/commission-data', {}],
  ['/v2/referral-visit-data', {}],
  ['/v2/get-agent-downlines', {}],
  ['/v2/update-commission-bank', { bank_name: 'BDO', bank_account_name: 'Me', bank_account_number: '1234-5678' }],
  ['/v2/request-payout', { amount_cents: 100 }],
  ['/v2/get-payout-requests', {}],
  ['/v2/generate-affiliate-link', { path: '/products' }],
];

const bank = { bank_name: 'BDO Unibank', bank_account_name: 'Ana Agent', bank_account_number: '0012 3456 7890' };
/** The bank details with the agent's password, which a change needs. */
const bankOf = (agent: { password: string }) => ({ ...bank, current_password: agent.password });

describe.each(dialects)('affiliate programme on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { PUBLIC_URL: 'https://shop.example.com/' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const newAgent = (extra: Parameters<typeof createUser>[1] = {}) =>
    createUser(t.db, { is_agent: 1, commission_rate_bp: 1000, ...extra });

  describe('permissions', () => {
    it.each(AFFILIATE_PATHS)('%s answers 403 "You are not allowed to do that" to a non-agent', async (path, body) => {
      const customer = await createUser(t.db);
      const res = await post(t.app, path, body, { token: customer.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 403, message: 'You are not allowed to do that' });
      const zh = await post(t.app, path, { ...body, lang: 'zh' }, { token: customer.token });
      expect(zh.body.message).toBe('您无权执行此操作');
    });

    it.each(AFFILIATE_PATHS)('%s answers 401 to a guest', async (path, body) => {
      const res = await post(t.app, path, body);
      expect(res.status).toBe(401);
    });

    it('a non-agent cannot change their bank details or request a payout through these paths', async () => {
      const customer = await createUser(t.db);
      await post(t.app, '/v2/update-commission-bank', bank, { token: customer.token });
      const row = await t.db
        .selectFrom('users')
        .select('bank_name')
        .where('id', '=', customer.user.id)
        .executeTakeFirstOrThrow();
      expect(row.bank_name).toBeNull();
      const payouts = await t.db
        .selectFrom('payout_requests')
        .selectAll()
        .where('agent_id', '=', customer.user.id)
        .execute();
      expect(payouts).toHaveLength(0);
    });
  });

  describe('affiliate-dashboard', () => {
    it('sums commissions by status, visits, conversions, downlines and the available balance', async () => {
      const agent = await newAgent();
      const d1 = await createUser(t.db, { upline_id: agent.user.id, joined_via: 'link' });
      const d2 = await createUser(t.db, { upline_id: agent.user.id, joined_via: 'code' });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d1.user.id,
        amountCents: 1000,
        status: 'Paid',
      });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d1.user.id,
        amountCents: 700,
        status: 'Pending Payment',
      });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d2.user.id,
        amountCents: 300,
        status: 'Not Confirm',
      });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d2.user.id,
        amountCents: 200,
        status: 'On Hold',
      });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d2.user.id,
        amountCents: 9999,
        status: 'Canceled',
      });
      await t.db
        .insertInto('payout_requests')
        .values({
          agent_id: agent.user.id,
          amount_cents: 1000,
          requested_at: new Date().toISOString(),
          paid_at: new Date().toISOString(),
        })
        .execute();
      const code = agent.user.referral_code;
      await post(t.app, '/v2/record-visit', { code, visitor_key: 'dash-visitor-1' });
      await post(t.app, '/v2/record-visit', { code, visitor_key: 'dash-visitor-2' });
      await post(t.app, '/v2/record-visit', { code, visitor_key: 'dash-visitor-3' });
      await t.db
        .updateTable('referral_visits')
        .set({ converted: 1, converted_at: new Date().toISOString() })
        .where('visitor_key', '=', 'dash-visitor-2')
        .execute();

      const res = await post(t.app, '/v2/affiliate-dashboard', {}, { token: agent.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        code,
        link: `https://shop.example.com/${code}`,
        rate_bp: 1000,
        commission_total_cents: 2200,
        commission_paid_cents: 1000,
        commission_pending_cents: 1200,
        visits: 3,
        conversions: 1,
        downlines: 2,
        payout: { allowed: false, reason: 'no_bank_details', available_cents: 700 },
        bank: { bank_name: null, bank_account_name: null, bank_account_number: null },
      });
    });
  });

  describe('lists', () => {
    it('commission-data lists newest first with order, downline, rate and status; filters and pages', async () => {
      const agent = await newAgent();
      const d = await createUser(t.db, { upline_id: agent.user.id, nickname: 'Dora' });
      const c1 = await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d.user.id,
        amountCents: 100,
        status: 'Paid',
      });
      const c2 = await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d.user.id,
        amountCents: 200,
        status: 'Not Confirm',
        rateBp: 1500,
      });
      const c3 = await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d.user.id,
        amountCents: 300,
        status: 'Canceled',
      });
      const other = await newAgent();
      await insertCommission(t.db, { agentId: other.user.id, downlineId: d.user.id, amountCents: 999, status: 'Paid' });

      const all = await post(t.app, '/v2/commission-data', {}, { token: agent.token });
      expect(all.status).toBe(200);
      expect(all.body.data.commissions.map((c) => c.id)).toEqual([c3.id, c2.id, c1.id]);
      const order = await t.db
        .selectFrom('orders')
        .select(['order_no', 'subtotal_cents'])
        .where('id', '=', c2.order_id)
        .executeTakeFirstOrThrow();
      expect(all.body.data.commissions[1]).toMatchObject({
        order_no: order.order_no,
        downline_nickname: 'Dora',
        base_cents: order.subtotal_cents,
        amount_cents: 200,
        rate_bp: 1500,
        status: 'Not Confirm',
      });

      const paid = await post(t.app, '/v2/commission-data', { status: 'Paid' }, { token: agent.token });
      expect(paid.body.data.commissions.map((c) => c.id)).toEqual([c1.id]);
      const badStatus = await post(t.app, '/v2/commission-data', { status: 'Done' }, { token: agent.token });
      expect(badStatus.status).toBe(422);
      expect(badStatus.errors[0]?.field).toBe('status');

      const p1 = await post(t.app, '/v2/commission-data', { limit: 2 }, { token: agent.token });
      expect(p1.body.data.commissions).toHaveLength(2);
      const p2 = await post(
        t.app,
        '/v2/commission-data',
        { limit: 2, cursor: p1.body.data.next_cursor },
        { token: agent.token },
      );
      expect(p2.body.data.commissions.map((c) => c.id)).toEqual([c1.id]);
      expect(p2.body.data.next_cursor).toBeNull();
    });

    it('referral-visit-data lists the visits with link, origin and conversion', async () => {
      const agent = await newAgent();
      const code = agent.user.referral_code;
      await post(t.app, '/v2/record-visit', {
        code,
        link: `/${code}`,
        origin: 'https://facebook.com/',
        visitor_key: 'list-visitor-1',
      });
      await post(t.app, '/v2/record-visit', { code, link: `/products?ref=${code}`, visitor_key: 'list-visitor-2' });
      const convertedAt = new Date().toISOString();
      await t.db
        .updateTable('referral_visits')
        .set({ converted: 1, converted_at: convertedAt })
        .where('visitor_key', '=', 'list-visitor-1')
        .execute();

      const res = await post(t.app, '/v2/referral-visit-data', {}, { token: agent.token });
      expect(res.status).toBe(200);
      expect(res.body.data.visits).toHaveLength(2);
      expect(res.body.data.visits[0]).toMatchObject({
        link: `/products?ref=${code}`,
        origin: 'direct',
        converted: false,
        converted_at: null,
      });
      expect(res.body.data.visits[1]).toMatchObject({
        link: `/${code}`,
        origin: 'https://facebook.com/',
        converted: true,
        converted_at: convertedAt,
      });
      const p = await post(t.app, '/v2/referral-visit-data', { limit: 1 }, { token: agent.token });
      expect(p.body.data.visits).toHaveLength(1);
      expect(p.body.data.next_cursor).not.toBeNull();
    });

    it('get-agent-downlines lists join date, via and remark, only of this agent', async () => {
      const agent = await newAgent();
      const a = await createUser(t.db, { upline_id: agent.user.id, joined_via: 'bot', remark: 'Met at the fair' });
      const b = await createUser(t.db, { upline_id: agent.user.id, joined_via: 'link' });
      await createUser(t.db);
      const res = await post(t.app, '/v2/get-agent-downlines', {}, { token: agent.token });
      expect(res.status).toBe(200);
      expect(res.body.data.downlines).toEqual([
        { id: b.user.id, nickname: b.user.nickname, joined_at: b.user.created_at, via: 'link', remark: null },
        {
          id: a.user.id,
          nickname: a.user.nickname,
          joined_at: a.user.created_at,
          via: 'bot',
          remark: 'Met at the fair',
        },
      ]);
      expect(res.body.data.next_cursor).toBeNull();
    });
  });

  describe('update-commission-bank', () => {
    it('stores the bank details and answers "Info updated successfully"', async () => {
      const agent = await newAgent();
      const res = await post(t.app, '/v2/update-commission-bank', bankOf(agent), { token: agent.token });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Info updated successfully');
      expect(res.body.data.bank).toEqual(bank);
      const row = await t.db
        .selectFrom('users')
        .select(['bank_name', 'bank_account_name', 'bank_account_number'])
        .where('id', '=', agent.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual(bank);
      const zh = await post(t.app, '/v2/update-commission-bank', { ...bank, lang: 'zh' }, { token: agent.token });
      expect(zh.body.message).toBe('信息更新成功');
      const dash = await post(t.app, '/v2/affiliate-dashboard', {}, { token: agent.token });
      expect(dash.body.data.bank).toEqual(bank);
    });

    it('refuses missing or bad fields, naming them', async () => {
      const agent = await newAgent();
      const missing = await post(
        t.app,
        '/v2/update-commission-bank',
        { bank_name: 'BDO', bank_account_name: ' ' },
        { token: agent.token },
      );
      expect(missing.status).toBe(422);
      expect(missing.errors.map((e) => e.field).sort()).toEqual(['bank_account_name', 'bank_account_number']);
      const bad = await post(
        t.app,
        '/v2/update-commission-bank',
        { ...bank, bank_account_number: 'abc' },
        { token: agent.token },
      );
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe('bank_account_number: must be 4-40 digits (spaces and dashes allowed)');
    });
  });

  describe('payouts', () => {
    it('refuses a payout until a first commission is confirmed, then until bank details exist', async () => {
      const agent = await newAgent();
      const d = await createUser(t.db, { upline_id: agent.user.id });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d.user.id,
        amountCents: 500,
        status: 'Not Confirm',
      });
      await post(t.app, '/v2/update-commission-bank', bankOf(agent), { token: agent.token });
      const early = await post(t.app, '/v2/request-payout', { amount_cents: 100 }, { token: agent.token });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(
        'A payment can be requested only after the first commission is generated and confirmed',
      );
      const list = await post(t.app, '/v2/get-payout-requests', {}, { token: agent.token });
      expect(list.body.data.payout).toEqual({ allowed: false, reason: 'no_confirmed_commission', available_cents: 0 });

      const noBank = await newAgent();
      const d2 = await createUser(t.db, { upline_id: noBank.user.id });
      await insertCommission(t.db, {
        agentId: noBank.user.id,
        downlineId: d2.user.id,
        amountCents: 500,
        status: 'Pending Payment',
      });
      const refused = await post(t.app, '/v2/request-payout', { amount_cents: 100 }, { token: noBank.token });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Please add your bank details first');
    });

    it('allows up to the available balance and lists the requests', async () => {
      const agent = await newAgent();
      const d = await createUser(t.db, { upline_id: agent.user.id });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d.user.id,
        amountCents: 800,
        status: 'Pending Payment',
      });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d.user.id,
        amountCents: 400,
        status: 'Not Confirm',
      });
      await post(t.app, '/v2/update-commission-bank', bankOf(agent), { token: agent.token });

      const over = await post(t.app, '/v2/request-payout', { amount_cents: 801 }, { token: agent.token });
      expect(over.status).toBe(422);
      expect(over.body.message).toBe('The amount is more than your available balance of $8.00');
      expect(over.errors[0]?.field).toBe('amount_cents');

      const ok = await post(t.app, '/v2/request-payout', { amount_cents: 500 }, { token: agent.token });
      expect(ok.status).toBe(200);
      expect(ok.body.data.payout).toMatchObject({ amount_cents: 500, paid_at: null, status: 'Requested' });
      expect(ok.body.data.available_cents).toBe(300);

      const again = await post(t.app, '/v2/request-payout', { amount_cents: 301 }, { token: agent.token });
      expect(again.status).toBe(422);
      const rest = await post(t.app, '/v2/request-payout', { amount_cents: 300 }, { token: agent.token });
      expect(rest.status).toBe(200);

      const list = await post(t.app, '/v2/get-payout-requests', {}, { token: agent.token });
      expect(list.body.data.payouts.map((p) => p.amount_cents)).toEqual([300, 500]);
      expect(list.body.data.payout).toEqual({ allowed: true, reason: null, available_cents: 0 });
      for (const p of list.body.data.payouts) expect(p.requested_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('refuses a zero, negative or missing amount, naming the field', async () => {
      const agent = await newAgent();
      for (const amount_cents of [0, -5, '', '1.5', 'ten']) {
        const res = await post(t.app, '/v2/request-payout', { amount_cents }, { token: agent.token });
        expect(res.status).toBe(422);
        expect(res.errors[0]?.field).toBe('amount_cents');
      }
    });

    it('10 concurrent requests never exceed the balance', async () => {
      const agent = await newAgent();
      const d = await createUser(t.db, { upline_id: agent.user.id });
      await insertCommission(t.db, {
        agentId: agent.user.id,
        downlineId: d.user.id,
        amountCents: 1000,
        status: 'Pending Payment',
      });
      await post(t.app, '/v2/update-commission-bank', bankOf(agent), { token: agent.token });

      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(t.app, '/v2/request-payout', { amount_cents: 300 }, { token: agent.token }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 422)).toHaveLength(7);
      const rows = await t.db
        .selectFrom('payout_requests')
        .select('amount_cents')
        .where('agent_id', '=', agent.user.id)
        .execute();
      expect(rows.reduce((s, r) => s + r.amount_cents, 0)).toBe(900);
    });
  });

  describe('generate-affiliate-link', () => {
    it('links home as /{code} and other pages with ?ref={code}', async () => {
      const agent = await newAgent();
      const code = agent.user.referral_code;
      const link = async (path: string) =>
        (await post(t.app, '/v2/generate-affiliate-link', { path }, { token: agent.token })).body.data.link;
      expect(await link('/')).toBe(`https://shop.example.com/${code}`);
      expect(await link('/products')).toBe(`https://shop.example.com/products?ref=${code}`);
      expect(await link('details/12')).toBe(`https://shop.example.com/details/12?ref=${code}`);
      expect(await link('https://shop.example.com/products?sort=oldest&ref=OTHER')).toBe(
        `https://shop.example.com/products?sort=oldest&ref=${code}`,
      );
    });

    it('refuses links off the shop', async () => {
      const agent = await newAgent();
      for (const path of ['https://evil.example/products', '//evil.example/x', 'javascript:alert(1)']) {
        const res = await post(t.app, '/v2/generate-affiliate-link', { path }, { token: agent.token });
        expect(res.status).toBe(422);
        expect(res.body.message).toBe('The link must point to a page of this shop');
      }
    });
  });

  it('a commission order counts as a completed order for the referral award too (orders are shared)', async () => {
    const agent = await newAgent();
    const d = await createUser(t.db, { upline_id: agent.user.id });
    await insertOrder(t.db, d.user.id, { status: 'Completed' });
    const res = await post(t.app, '/v2/get-referral-member-award', {}, { token: agent.token });
    expect(res.body.data.active_members).toBe(1);
  });
});
