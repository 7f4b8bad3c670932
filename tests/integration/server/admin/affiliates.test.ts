import type { ApiPath } from '../../../../src/common/contract/api-map';
import type { CommissionStatus } from '../../../../src/common/contract/referral';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { recordCommissionForOrder } from '../../../../src/server/referral/commission-service';
import { createUser } from '../../../factories/users';
import { dialects, post, type TestApp } from '../../helper';
import { insertCommission, insertOrder } from '../referral/fixtures';
import { auditEntries, type Crew, runCli, withStaffApp } from './support';

const BANK = { bank_name: 'BDO', bank_account_name: 'Ana Agent', bank_account_number: '1234-5678-90' };

describe.each(dialects)('back office: affiliates on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { seed: false }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const audit = (action: string, entityId?: number) => auditEntries(t, action, entityId);
  const commissionStatus = async (id: number) =>
    (await t.db.selectFrom('commissions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const payoutRow = (id: number) =>
    t.db.selectFrom('payout_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** An agent with bank details, a downline and commissions of the given statuses (amounts in cents). */
  async function agentWith(commissions: Array<[CommissionStatus, number]>, opts: { bank?: boolean } = {}) {
    const agent = await createUser(t.db, {
      is_agent: 1,
      commission_rate_bp: 1000,
      ...(opts.bank === false ? {} : BANK),
    });
    const downline = await createUser(t.db, { upline_id: agent.user.id });
    const rows = [];
    for (const [status, amountCents] of commissions) {
      rows.push(
        await insertCommission(t.db, { agentId: agent.user.id, downlineId: downline.user.id, amountCents, status }),
      );
    }
    return { agent, downline, commissions: rows };
  }
  const requestPayout = async (token: string, amount: number) => {
    const res = await post(t.app, '/v2/request-payout', { amount_cents: amount }, { token });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.payout.id;
  };

  describe('roles', () => {
    it('answers 401 without a session, 403 to a customer and a fulfilment member, 200 to a manager', async () => {
      const { agent, commissions } = await agentWith([
        ['Not Confirm', 100],
        ['Pending Payment', 500],
      ]);
      const p1 = await requestPayout(agent.token, 200);
      const p2 = await requestPayout(agent.token, 100);
      const person = await createUser(t.db);
      const bodies: Record<string, Record<string, unknown>> = {
        '/admin/affiliates/agents': {},
        '/admin/affiliates/make-agent': { email: person.user.email, rate_bp: 800 },
        '/admin/affiliates/rate': { user_id: agent.user.id, rate_bp: 1200 },
        '/admin/affiliates/commissions': {},
        '/admin/affiliates/commission-status': { commission_id: commissions[0]!.id, action: 'hold' },
        '/admin/affiliates/payouts': {},
        '/admin/affiliates/payout-paid': { payout_id: p1, reference: 'TRX-1' },
        '/admin/affiliates/payout-reject': { payout_id: p2, reason: 'Wrong account' },
        '/admin/affiliates/revoke': { user_id: person.user.id },
      };
      for (const [path, body] of Object.entries(bodies)) {
        expect((await post(t.app, path, body)).status, `none ${path}`).toBe(401);
        expect((await post(t.app, path, body, { token: crew.customer.token })).status, `customer ${path}`).toBe(403);
        expect((await post(t.app, path, body, { token: crew.fulfilment.token })).status, `fulfilment ${path}`).toBe(
          403,
        );
      }
      // Nothing changed for the refused calls.
      expect(await commissionStatus(commissions[0]!.id)).toBe('Not Confirm');
      expect((await payoutRow(p1)).status).toBe('requested');
      for (const [path, body] of Object.entries(bodies)) {
        const res = await post(t.app, path as ApiPath, body, { token: crew.manager.token });
        expect(res.status, `manager ${path}: ${res.body.message}`).toBe(200);
      }
      expect((await post(t.app, '/admin/affiliates/agents', {}, { token: crew.owner.token })).status).toBe(200);
    });

    it('refuses bad input naming the field, never 500', async () => {
      const token = crew.manager.token;
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['/admin/affiliates/make-agent', { email: crew.customer.user.email, rate_bp: 20_000 }, 'rate_bp'],
        ['/admin/affiliates/make-agent', { email: crew.customer.user.email, rate_bp: '12.5' }, 'rate_bp'],
        ['/admin/affiliates/make-agent', {}, 'email'],
        ['/admin/affiliates/rate', { user_id: 'x', rate_bp: 100 }, 'user_id'],
        ['/admin/affiliates/commissions', { status: 'Lost' }, 'status'],
        ['/admin/affiliates/commissions', { cursor: '99999999999999' }, 'cursor'],
        ['/admin/affiliates/commission-status', { commission_id: 1, action: 'approve' }, 'action'],
        ['/admin/affiliates/payouts', { status: 'Paid' }, 'status'],
        ['/admin/affiliates/payout-reject', { payout_id: 1, reason: '   ' }, 'reason'],
        ['/admin/affiliates/payout-paid', { payout_id: 1, reference: 'x'.repeat(101) }, 'reference'],
      ];
      for (const [path, body, field] of cases) {
        const res = await post(t.app, path, body, { token });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
        expect(res.errors.map((e) => e.field)).toContain(field);
      }
      const unknown = await post(t.app, '/admin/affiliates/make-agent', { email: 'nobody@example.com' }, { token });
      expect(unknown.status).toBe(404);
      expect(unknown.errors[0]?.field).toBe('email');
      expect(
        (
          await post(
            t.app,
            '/admin/affiliates/commission-status',
            { commission_id: 999_999, action: 'hold' },
            { token },
          )
        ).status,
      ).toBe(404);
      expect((await post(t.app, '/admin/affiliates/payout-paid', { payout_id: 999_999 }, { token })).status).toBe(404);
      expect(
        (await post(t.app, '/admin/affiliates/revoke', { user_id: crew.customer.user.id }, { token })).status,
      ).toBe(404);
    });
  });

  it('publishes the affiliates paths in /openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/admin/affiliates/agents', '/admin/affiliates/payout-reject']),
    );
  });

  describe('agents', () => {
    it('makes an agent at the shop’s default rate or a given one, changes the rate, revokes; all audited', async () => {
      await t.db
        .insertInto('settings')
        .values({ key: 'default_commission_rate_bp', value: '1500' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1500' }))
        .execute();
      const person = await createUser(t.db, { nickname: 'Ana Agent' });
      const token = crew.manager.token;
      const made = await post(
        t.app,
        '/admin/affiliates/make-agent',
        { email: person.user.email.toUpperCase() },
        { token },
      );
      expect(made.status).toBe(200);
      expect(made.body.message).toBe(`${person.user.email} is an agent at 15%`);
      expect(made.body.data).toMatchObject({ user_id: person.user.id, is_agent: true, rate_bp: 1500, downlines: 0 });
      const [make] = await audit('agent.make', person.user.id);
      expect(make).toMatchObject({ actor: crew.manager.user.email, source: 'admin', entity: 'agent' });
      expect(JSON.parse(make!.before_json!)).toMatchObject({ is_agent: false });
      expect(JSON.parse(make!.after_json!)).toMatchObject({ is_agent: true, rate_bp: 1500 });

      // Making an agent again keeps its rate unless one is given.
      const again = await post(t.app, '/admin/affiliates/make-agent', { email: person.user.email }, { token });
      expect(again.body.data.rate_bp).toBe(1500);
      expect(await audit('agent.make', person.user.id)).toHaveLength(1);

      const rate = await post(t.app, '/admin/affiliates/rate', { user_id: person.user.id, rate_bp: 1250 }, { token });
      expect(rate.body.data.rate_bp).toBe(1250);
      expect(rate.body.message).toBe('Rate changed to 12.5% for new commissions');
      const [rateEntry] = await audit('agent.rate', person.user.id);
      expect(JSON.parse(rateEntry!.before_json!)).toMatchObject({ rate_bp: 1500 });
      expect(JSON.parse(rateEntry!.after_json!)).toMatchObject({ rate_bp: 1250 });

      // A downline's order earns at the new rate; the list shows the totals.
      const downline = await createUser(t.db, { upline_id: person.user.id });
      const order = await insertOrder(t.db, downline.user.id, { subtotalCents: 10_000 });
      await recordCommissionForOrder(t.db, order);
      const list = await post(t.app, '/admin/affiliates/agents', { q: 'ana agent' }, { token });
      const row = list.body.data.agents.find((a) => a.user_id === person.user.id)!;
      expect(row).toMatchObject({ rate_bp: 1250, downlines: 1, owed_cents: 0, requested_cents: 0 });
      expect(row.commission_cents['Not Confirm']).toBe(1250);
      expect(list.body.data.default_rate_bp).toBe(1500);

      // Revoked: no longer an agent, its commission kept; listed as a former agent.
      const revoked = await post(t.app, '/admin/affiliates/revoke', { user_id: person.user.id }, { token });
      expect(revoked.status).toBe(200);
      expect(revoked.body.data).toMatchObject({ is_agent: false });
      expect(revoked.body.message).toBe(`${person.user.email} is no longer an agent; their commissions are kept`);
      expect(
        await t.db
          .selectFrom('commissions')
          .select('status')
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ status: 'Not Confirm' });
      expect((await post(t.app, '/v2/affiliate-dashboard', {}, { token: person.token })).status).toBe(403);
      const after = await post(t.app, '/admin/affiliates/agents', { q: person.user.email }, { token });
      expect(after.body.data.agents).toEqual([expect.objectContaining({ user_id: person.user.id, is_agent: false })]);
      expect(await audit('agent.revoke', person.user.id)).toHaveLength(1);
      expect((await post(t.app, '/admin/affiliates/revoke', { user_id: person.user.id }, { token })).status).toBe(404);
      expect(
        (await post(t.app, '/admin/affiliates/rate', { user_id: person.user.id, rate_bp: 100 }, { token })).status,
      ).toBe(404);
    });

    it('pages the agents list by cursor', async () => {
      const q = `pager-${dialect}`;
      for (let i = 0; i < 3; i++) await createUser(t.db, { is_agent: 1, nickname: `${q}-${i}` });
      const token = crew.manager.token;
      const p1 = await post(t.app, '/admin/affiliates/agents', { q, limit: 2 }, { token });
      expect(p1.body.data.agents.map((a) => a.nickname)).toEqual([`${q}-2`, `${q}-1`]);
      const p2 = await post(
        t.app,
        '/admin/affiliates/agents',
        { q, limit: 2, cursor: p1.body.data.next_cursor },
        { token },
      );
      expect(p2.body.data.agents.map((a) => a.nickname)).toEqual([`${q}-0`]);
      expect(p2.body.data.next_cursor).toBeNull();
    });
  });

  describe('commissions', () => {
    it('lists by status and agent, newest first, by cursor', async () => {
      const { agent, commissions } = await agentWith([
        ['Not Confirm', 100],
        ['On Hold', 200],
        ['Not Confirm', 300],
      ]);
      const token = crew.manager.token;
      const all = await post(t.app, '/admin/affiliates/commissions', { agent: agent.user.email }, { token });
      expect(all.body.data.commissions.map((c) => c.amount_cents)).toEqual([300, 200, 100]);
      expect(all.body.data.commissions[0]).toMatchObject({
        agent: { id: agent.user.id, email: agent.user.email },
        status: 'Not Confirm',
        rate_bp: 1000,
        actions: ['confirm', 'hold', 'cancel'],
      });
      expect(all.body.data.commissions[1]!.actions).toEqual(['confirm', 'cancel']);
      const open = await post(
        t.app,
        '/admin/affiliates/commissions',
        { agent: agent.user.email, status: 'Not Confirm', limit: 1 },
        { token },
      );
      expect(open.body.data.commissions.map((c) => c.id)).toEqual([commissions[2]!.id]);
      const next = await post(
        t.app,
        '/admin/affiliates/commissions',
        { agent: agent.user.email, status: 'Not Confirm', limit: 1, cursor: open.body.data.next_cursor },
        { token },
      );
      expect(next.body.data.commissions.map((c) => c.id)).toEqual([commissions[0]!.id]);
      const nobody = await post(t.app, '/admin/affiliates/commissions', { agent: 'nobody@example.com' }, { token });
      expect(nobody.body.data.commissions).toEqual([]);
    });

    it('confirms, holds and cancels only where allowed; a Paid or Canceled one does not change; audited', async () => {
      const { commissions } = await agentWith([
        ['Not Confirm', 100],
        ['Paid', 200],
        ['Canceled', 300],
      ]);
      const [c, paid, canceled] = commissions.map((x) => x.id) as [number, number, number];
      const token = crew.manager.token;
      const act = (commission_id: number, action: string) =>
        post(t.app, '/admin/affiliates/commission-status', { commission_id, action }, { token });

      const held = await act(c, 'hold');
      expect(held.status).toBe(200);
      expect(held.body.data).toMatchObject({ status: 'On Hold', actions: ['confirm', 'cancel'] });
      expect(held.body.message).toBe('Commission on hold');
      const refused = await act(c, 'hold');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'The commission is On Hold: only Not Confirm or Pending Payment can be put on hold',
      );
      expect((await act(c, 'confirm')).body.data.status).toBe('Pending Payment');
      expect((await act(c, 'confirm')).status).toBe(409);
      expect((await act(c, 'hold')).body.data.status).toBe('On Hold');
      expect((await act(c, 'cancel')).body.data).toMatchObject({ status: 'Canceled', actions: [] });
      for (const action of ['confirm', 'hold', 'cancel']) {
        expect((await act(paid, action)).status, `Paid ${action}`).toBe(409);
        expect((await act(canceled, action)).status, `Canceled ${action}`).toBe(409);
      }
      expect(await commissionStatus(paid)).toBe('Paid');
      expect(await commissionStatus(canceled)).toBe('Canceled');

      const order = await t.db
        .selectFrom('orders')
        .select('order_no')
        .where('id', '=', commissions[0]!.order_id)
        .executeTakeFirstOrThrow();
      const [hold] = await audit('commission.hold', c);
      expect(hold).toMatchObject({ actor: crew.manager.user.email, entity: 'commission', order_no: order.order_no });
      expect(JSON.parse(hold!.after_json!)).toMatchObject({ status: 'On Hold' });
      expect(await audit('commission.hold', c)).toHaveLength(2);
      const [confirm] = await audit('commission.confirm', c);
      expect(JSON.parse(confirm!.before_json!)).toEqual({ status: 'On Hold' });
      expect(JSON.parse((await audit('commission.cancel', c))[0]!.after_json!)).toMatchObject({ status: 'Canceled' });
      expect(await audit('commission.confirm', paid)).toHaveLength(0);
    });

    it('a held commission stays held when its order completes; the order’s cancel cancels it', async () => {
      const agent = await createUser(t.db, { is_agent: 1 });
      const buyer = await createUser(t.db, { upline_id: agent.user.id });
      const token = crew.manager.token;
      const done = await insertOrder(t.db, buyer.user.id, { status: 'Processing' });
      await recordCommissionForOrder(t.db, done);
      const c1 = (
        await t.db.selectFrom('commissions').select('id').where('order_id', '=', done.id).executeTakeFirstOrThrow()
      ).id;
      await post(t.app, '/admin/affiliates/commission-status', { commission_id: c1, action: 'hold' }, { token });
      await changeOrderStatus(t.shop, done.id, 'Completed', CLI_ACTOR);
      expect(await commissionStatus(c1)).toBe('On Hold');

      const cancelled = await insertOrder(t.db, buyer.user.id, { status: 'Paid' });
      await recordCommissionForOrder(t.db, cancelled);
      const c2 = (
        await t.db.selectFrom('commissions').select('id').where('order_id', '=', cancelled.id).executeTakeFirstOrThrow()
      ).id;
      await post(t.app, '/admin/affiliates/commission-status', { commission_id: c2, action: 'confirm' }, { token });
      await changeOrderStatus(t.shop, cancelled.id, 'Cancelled', CLI_ACTOR);
      expect(await commissionStatus(c2)).toBe('Canceled');
    });

    it('a confirm racing the order’s cancel: the commission always ends Canceled', async () => {
      const agent = await createUser(t.db, { is_agent: 1 });
      const buyer = await createUser(t.db, { upline_id: agent.user.id });
      const token = crew.manager.token;
      for (let round = 0; round < 6; round++) {
        const order = await insertOrder(t.db, buyer.user.id, { status: 'Paid' });
        await recordCommissionForOrder(t.db, order);
        const id = (
          await t.db.selectFrom('commissions').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow()
        ).id;
        const [confirm, cancel] = await Promise.all([
          post(t.app, '/admin/affiliates/commission-status', { commission_id: id, action: 'confirm' }, { token }),
          changeOrderStatus(t.shop, order.id, 'Cancelled', CLI_ACTOR),
        ]);
        expect([200, 409]).toContain(confirm.status);
        expect(cancel.changed).toBe(true);
        expect(await commissionStatus(id)).toBe('Canceled');
        expect(await audit('commission.confirm', id)).toHaveLength(confirm.status === 200 ? 1 : 0);
      }
    });
  });

  describe('payout requests', () => {
    it('lists with bank details; Mark as paid pays the covered commissions; Reject gives the amount back', async () => {
      const { agent, commissions } = await agentWith([
        ['Pending Payment', 300],
        ['Pending Payment', 500],
        ['Not Confirm', 900],
      ]);
      const token = crew.manager.token;
      const p1 = await requestPayout(agent.token, 300);
      const p2 = await requestPayout(agent.token, 500);
      expect((await post(t.app, '/v2/request-payout', { amount_cents: 1 }, { token: agent.token })).status).toBe(422);

      const listed = await post(
        t.app,
        '/admin/affiliates/payouts',
        { status: 'requested', agent: agent.user.email },
        { token },
      );
      expect(listed.body.data.payouts.map((p) => p.id)).toEqual([p2, p1]);
      expect(listed.body.data.payouts[0]).toMatchObject({
        agent: { id: agent.user.id, email: agent.user.email },
        amount_cents: 500,
        status: 'requested',
        decided_by: null,
        bank: BANK,
      });

      const paid = await post(
        t.app,
        '/admin/affiliates/payout-paid',
        { payout_id: p1, reference: ' TRX-778 ' },
        { token },
      );
      expect(paid.status).toBe(200);
      expect(paid.body.message).toBe('Payout of $3.00 marked as paid');
      expect(paid.body.data).toMatchObject({
        status: 'paid',
        reference: 'TRX-778',
        decided_by: crew.manager.user.email,
      });
      expect(paid.body.data.paid_at).toBeTruthy();
      expect(await commissionStatus(commissions[0]!.id)).toBe('Paid');
      expect(await commissionStatus(commissions[1]!.id)).toBe('Pending Payment');

      const rejected = await post(
        t.app,
        '/admin/affiliates/payout-reject',
        { payout_id: p2, reason: 'Account name does not match' },
        { token },
      );
      expect(rejected.status).toBe(200);
      expect(rejected.body.data).toMatchObject({ status: 'rejected', reject_reason: 'Account name does not match' });
      expect(await commissionStatus(commissions[1]!.id)).toBe('Pending Payment');

      // Decided requests do not change again.
      for (const [path, body] of [
        ['/admin/affiliates/payout-paid', { payout_id: p1 }],
        ['/admin/affiliates/payout-reject', { payout_id: p1, reason: 'late' }],
        ['/admin/affiliates/payout-paid', { payout_id: p2 }],
      ] as const) {
        const res = await post(t.app, path, body, { token });
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(/^This payout request was already (paid|rejected)$/);
      }

      // The agent sees the reason and can request the amount again.
      const mine = await post(t.app, '/v2/get-payout-requests', {}, { token: agent.token });
      expect(mine.body.data.payouts.map((p) => [p.status, p.reject_reason, p.reference])).toEqual([
        ['Rejected', 'Account name does not match', null],
        ['Paid', null, 'TRX-778'],
      ]);
      expect(mine.body.data.payout.available_cents).toBe(500);
      const p3 = await requestPayout(agent.token, 500);
      await post(t.app, '/admin/affiliates/payout-paid', { payout_id: p3 }, { token });
      expect(await commissionStatus(commissions[1]!.id)).toBe('Paid');

      const agentRow = (await post(t.app, '/admin/affiliates/agents', { q: agent.user.email }, { token })).body.data
        .agents[0]!;
      expect(agentRow).toMatchObject({ owed_cents: 0, requested_cents: 0 });
      expect(agentRow.commission_cents).toMatchObject({ Paid: 800, 'Not Confirm': 900 });

      const [paidEntry] = await audit('payout.paid', p1);
      expect(JSON.parse(paidEntry!.before_json!)).toMatchObject({ status: 'requested', amount_cents: 300 });
      expect(JSON.parse(paidEntry!.after_json!)).toEqual({
        status: 'paid',
        reference: 'TRX-778',
        commissions_paid: [commissions[0]!.id],
      });
      const [rejectEntry] = await audit('payout.reject', p2);
      expect(JSON.parse(rejectEntry!.after_json!)).toEqual({
        status: 'rejected',
        reason: 'Account name does not match',
      });
      const rejectedList = await post(
        t.app,
        '/admin/affiliates/payouts',
        { status: 'rejected', agent: agent.user.email },
        { token },
      );
      expect(rejectedList.body.data.payouts.map((p) => p.id)).toEqual([p2]);
    });

    it('Mark as paid racing Reject: exactly one wins', async () => {
      const token = crew.manager.token;
      for (let round = 0; round < 4; round++) {
        const { agent, commissions } = await agentWith([['Pending Payment', 400]]);
        const id = await requestPayout(agent.token, 400);
        const [paid, rejected] = await Promise.all([
          post(t.app, '/admin/affiliates/payout-paid', { payout_id: id, reference: 'R' }, { token: crew.owner.token }),
          post(t.app, '/admin/affiliates/payout-reject', { payout_id: id, reason: 'No' }, { token }),
        ]);
        expect([paid.status, rejected.status].sort()).toEqual([200, 409]);
        const row = await payoutRow(id);
        expect(row.status).toBe(paid.status === 200 ? 'paid' : 'rejected');
        expect(await commissionStatus(commissions[0]!.id)).toBe(paid.status === 200 ? 'Paid' : 'Pending Payment');
        expect((await audit('payout.paid', id)).length + (await audit('payout.reject', id)).length).toBe(1);
      }
    });
  });

  describe('referral award', () => {
    async function referred(opts: { agentReferrer?: boolean } = {}) {
      const referrer = await createUser(t.db, opts.agentReferrer ? { is_agent: 1 } : {});
      const member = await createUser(t.db, { upline_id: referrer.user.id });
      return { referrer, member };
    }
    const balance = async (userId: number) =>
      (await t.db.selectFrom('users').select('cash_balance_cents').where('id', '=', userId).executeTakeFirstOrThrow())
        .cash_balance_cents;
    const awardRows = (userId: number) =>
      t.db
        .selectFrom('cash_rewards')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', 'referral')
        .execute();

    it('credits the referrer once when two orders of the member complete at once, and not again later', async () => {
      await t.db
        .insertInto('settings')
        .values({ key: 'referral_award_cents', value: '500' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: '500' }))
        .execute();
      const { referrer, member } = await referred();
      const orders = await Promise.all(
        [1, 2, 3].map(() => insertOrder(t.db, member.user.id, { status: 'Processing' })),
      );
      const results = await Promise.all(
        orders.slice(0, 2).map((o) => changeOrderStatus(t.shop, o.id, 'Completed', CLI_ACTOR)),
      );
      expect(results.every((r) => r.changed)).toBe(true);
      expect(await balance(referrer.user.id)).toBe(500);
      const rows = await awardRows(referrer.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amount_cents: 500, balance_after_cents: 500, order_id: null, status: 'Active' });

      await changeOrderStatus(t.shop, orders[2]!.id, 'Completed', CLI_ACTOR);
      expect(await balance(referrer.user.id)).toBe(500);
      expect(await awardRows(referrer.user.id)).toHaveLength(1);

      // The referrer's cash reward screen and referral dashboard read the real credit.
      const ledger = await post(t.app, '/v2/get-cash-rebate-list', {}, { token: referrer.token });
      expect(ledger.body.data).toMatchObject({ balance_cents: 500, total_earned_cents: 500 });
      expect(ledger.body.data.entries[0]).toMatchObject({ type: 'referral', amount_cents: 500, order_no: null });
      const dash = await post(t.app, '/v2/get-referral-member-award', {}, { token: referrer.token });
      expect(dash.body.data).toMatchObject({ total_award_cents: 500, active_members: 1 });
      expect(dash.body.data.members[0]).toMatchObject({ id: member.user.id, status: 'Active', award_cents: 500 });
    });

    it('does not credit an agent referrer (agents earn commissions), nor a member’s later first completion', async () => {
      const { referrer, member } = await referred({ agentReferrer: true });
      const order = await insertOrder(t.db, member.user.id, { status: 'Processing' });
      await changeOrderStatus(t.shop, order.id, 'Completed', CLI_ACTOR);
      expect(await balance(referrer.user.id)).toBe(0);
      expect(await awardRows(referrer.user.id)).toHaveLength(0);

      // A member whose first completed order predates the award (already Completed) earns nothing on the next one.
      const other = await referred();
      await insertOrder(t.db, other.member.user.id, { status: 'Completed' });
      const next = await insertOrder(t.db, other.member.user.id, { status: 'Processing' });
      await changeOrderStatus(t.shop, next.id, 'Completed', CLI_ACTOR);
      expect(await balance(other.referrer.user.id)).toBe(0);
    });

    it('a cancelled order credits nothing', async () => {
      const { referrer, member } = await referred();
      const order = await insertOrder(t.db, member.user.id, { status: 'Paid' });
      await changeOrderStatus(t.shop, order.id, 'Cancelled', CLI_ACTOR);
      expect(await balance(referrer.user.id)).toBe(0);
    });
  });

  describe('command line', () => {
    it('lists commissions and payouts, marks paid with a reference, rejects with a reason; audited as the command line', async () => {
      const { agent, commissions } = await agentWith([
        ['Pending Payment', 700],
        ['On Hold', 150],
      ]);
      const p1 = await requestPayout(agent.token, 300);
      const p2 = await requestPayout(agent.token, 400);

      const listed = await runCli(t, 'commissions', '--agent', agent.user.email);
      expect(listed.split('\n')[0]).toMatch(/^ID\s+STATUS\s+AMOUNT\s+RATE\s+ORDER\s+AGENT\s+DOWNLINE$/);
      expect(listed).toContain(`${commissions[1]!.id}`);
      expect(listed).toContain('On Hold');
      expect(listed).toContain('$7.00');
      expect(await runCli(t, 'commissions', '--agent', agent.user.email, '--status', 'On Hold')).not.toContain('$7.00');
      await expect(runCli(t, 'commissions', '--status', 'Lost')).rejects.toThrow('Unknown commission status "Lost"');

      const payouts = await runCli(t, 'payouts', '--status', 'requested', '--agent', agent.user.email);
      expect(payouts).toContain('BDO / Ana Agent / 1234-5678-90');
      expect(payouts).toContain('$4.00');
      await expect(runCli(t, 'payouts', '--status', 'done')).rejects.toThrow('use requested, paid, rejected');

      expect(await runCli(t, 'mark-payout-paid', String(p1), '--reference', 'BANK-1')).toBe(
        `Payout request ${p1} ($3.00) is marked paid.`,
      );
      await expect(runCli(t, 'reject-payout', String(p2))).rejects.toThrow('Give the reason the agent will see');
      expect(await runCli(t, 'reject-payout', String(p2), '--reason', 'Wrong bank')).toBe(
        `Payout request ${p2} ($4.00) is rejected; the agent can request it again.`,
      );
      await expect(runCli(t, 'reject-payout', String(p2), '--reason', 'again')).rejects.toThrow(
        'This payout request was already rejected',
      );
      await expect(runCli(t, 'mark-payout-paid', '999999')).rejects.toThrow('There is no payout request 999999');
      expect(await runCli(t, 'payouts', '--status', 'rejected', '--agent', agent.user.email)).toContain('Wrong bank');
      expect(await runCli(t, 'payouts', '--status', 'paid', '--agent', agent.user.email)).toContain('BANK-1');
      expect(await runCli(t, 'hold-commission', String(commissions[0]!.id))).toBe(
        `Commission ${commissions[0]!.id} is now On Hold.`,
      );
      expect(await runCli(t, 'cancel-commission', String(commissions[1]!.id))).toBe(
        `Commission ${commissions[1]!.id} is now Canceled.`,
      );

      expect((await payoutRow(p1)).reference).toBe('BANK-1');
      const [paid] = await audit('payout.paid', p1);
      expect(paid).toMatchObject({ actor: 'command line', source: 'cli', actor_user_id: null });
      expect((await audit('payout.reject', p2))[0]).toMatchObject({ source: 'cli' });
      expect((await audit('commission.hold', commissions[0]!.id))[0]).toMatchObject({ source: 'cli' });

      const person = await createUser(t.db);
      expect(await runCli(t, 'make-agent', person.user.email, '--rate-bp', '900')).toBe(
        `${person.user.email} is now an agent at 9% commission.`,
      );
      expect((await audit('agent.make', person.user.id))[0]).toMatchObject({ source: 'cli' });
    });
  });
});
