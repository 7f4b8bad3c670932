import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { changeCommissionStatus, markPayoutPaid as payoutPaid } from '../../../../src/server/referral/admin-service';
import {
  cancelCommissionsForOrder,
  confirmCommissionsForOrder,
  recordCommissionForOrder,
} from '../../../../src/server/referral/commission-service';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { insertCommission, insertOrder } from './fixtures';

describe.each(dialects)('commission service on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  // The staff actions (admin-service.ts), as booleans: true when the change was made, false when refused.
  const moved = (id: number, action: 'confirm' | 'hold') =>
    changeCommissionStatus(t.db, CLI_ACTOR, id, action).then(
      () => true,
      () => false,
    );
  const holdCommission = (_db: unknown, id: number) => moved(id, 'hold');
  const confirmCommission = (_db: unknown, id: number) => moved(id, 'confirm');
  const markPayoutPaid = (_db: unknown, id: number) =>
    payoutPaid(t.db, CLI_ACTOR, id).then(
      () => true,
      () => false,
    );

  const commissionsOf = (orderId: number) =>
    t.db.selectFrom('commissions').selectAll().where('order_id', '=', orderId).execute();

  it("records 'Not Confirm' at the agent's rate on the goods value (after coupon, without delivery)", async () => {
    const agent = await createUser(t.db, { is_agent: 1, commission_rate_bp: 1250 });
    const buyer = await createUser(t.db, { upline_id: agent.user.id });
    const order = await insertOrder(t.db, buyer.user.id, {
      subtotalCents: 10_099,
      couponDiscountCents: 1_000,
      deliveryFeeCents: 900,
    });
    const recorded = await t.db.transaction().execute((trx) => recordCommissionForOrder(trx, order));
    // 12.5% of 90.99 = 11.37375 → 11.37
    expect(recorded).toEqual({ agentId: agent.user.id, amountCents: 1137, rateBp: 1250 });
    const rows = await commissionsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      agent_id: agent.user.id,
      downline_id: buyer.user.id,
      amount_cents: 1137,
      rate_bp: 1250,
      status: 'Not Confirm',
    });

    // Idempotent: a retry records nothing more.
    expect(await recordCommissionForOrder(t.db, order)).toBeNull();
    expect(await commissionsOf(order.id)).toHaveLength(1);

    // The agent sees it.
    const list = await post(t.app, '/v2/commission-data', {}, { token: agent.token });
    expect(list.body.data.commissions).toEqual([
      expect.objectContaining({ amount_cents: 1137, status: 'Not Confirm' }),
    ]);
  });

  it('records nothing when the buyer has no upline, or the upline is not an agent', async () => {
    const loner = await createUser(t.db);
    const o1 = await insertOrder(t.db, loner.user.id);
    expect(await recordCommissionForOrder(t.db, o1)).toBeNull();
    const customer = await createUser(t.db);
    const referred = await createUser(t.db, { upline_id: customer.user.id });
    const o2 = await insertOrder(t.db, referred.user.id);
    expect(await recordCommissionForOrder(t.db, o2)).toBeNull();
    expect(await commissionsOf(o1.id)).toHaveLength(0);
    expect(await commissionsOf(o2.id)).toHaveLength(0);
  });

  it('a rolled-back placement leaves no commission', async () => {
    const agent = await createUser(t.db, { is_agent: 1 });
    const buyer = await createUser(t.db, { upline_id: agent.user.id });
    const order = await insertOrder(t.db, buyer.user.id);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordCommissionForOrder(trx, order);
        throw new Error('placement failed');
      }),
    ).rejects.toThrow('placement failed');
    expect(await commissionsOf(order.id)).toHaveLength(0);
  });

  it('cancelling the order cancels its unpaid commissions, and leaves paid ones', async () => {
    const agent = await createUser(t.db, { is_agent: 1 });
    const buyer = await createUser(t.db, { upline_id: agent.user.id });
    const order = await insertOrder(t.db, buyer.user.id);
    await recordCommissionForOrder(t.db, order);
    expect(await t.db.transaction().execute((trx) => cancelCommissionsForOrder(trx, order.id))).toBe(1);
    expect((await commissionsOf(order.id))[0]?.status).toBe('Canceled');
    expect(await cancelCommissionsForOrder(t.db, order.id)).toBe(0);

    const paid = await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: buyer.user.id,
      amountCents: 50,
      status: 'Paid',
    });
    expect(await cancelCommissionsForOrder(t.db, paid.order_id)).toBe(0);
    expect((await commissionsOf(paid.order_id))[0]?.status).toBe('Paid');
  });

  it('a completed order confirms Not Confirm commissions, not the ones staff hold', async () => {
    const agent = await createUser(t.db, { is_agent: 1 });
    const buyer = await createUser(t.db, { upline_id: agent.user.id });
    const held = await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: buyer.user.id,
      amountCents: 100,
      status: 'On Hold',
    });
    expect(await confirmCommissionsForOrder(t.db, held.order_id)).toBe(0);
    expect((await commissionsOf(held.order_id))[0]?.status).toBe('On Hold');
  });

  it('confirm and hold move only open commissions', async () => {
    const agent = await createUser(t.db, { is_agent: 1 });
    const buyer = await createUser(t.db, { upline_id: agent.user.id });
    const c = await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: buyer.user.id,
      amountCents: 100,
      status: 'Not Confirm',
    });
    expect(await holdCommission(t.db, c.id)).toBe(true);
    expect(await holdCommission(t.db, c.id)).toBe(false);
    expect(await confirmCommission(t.db, c.id)).toBe(true);
    expect(await confirmCommission(t.db, c.id)).toBe(false);
    expect((await commissionsOf(c.order_id))[0]?.status).toBe('Pending Payment');

    const canceled = await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: buyer.user.id,
      amountCents: 100,
      status: 'Canceled',
    });
    expect(await confirmCommission(t.db, canceled.id)).toBe(false);
    expect(await confirmCommissionsForOrder(t.db, canceled.order_id)).toBe(0);
    const open = await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: buyer.user.id,
      amountCents: 100,
      status: 'Not Confirm',
    });
    expect(await confirmCommissionsForOrder(t.db, open.order_id)).toBe(1);
  });

  it('a paid payout marks confirmed commissions Paid, oldest first, as far as it covers them', async () => {
    const agent = await createUser(t.db, { is_agent: 1 });
    const buyer = await createUser(t.db, { upline_id: agent.user.id });
    const c1 = await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: buyer.user.id,
      amountCents: 300,
      status: 'Pending Payment',
    });
    const c2 = await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: buyer.user.id,
      amountCents: 500,
      status: 'Pending Payment',
    });
    const c3 = await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: buyer.user.id,
      amountCents: 200,
      status: 'Not Confirm',
    });
    const now = new Date().toISOString();
    const p1 = await t.db
      .insertInto('payout_requests')
      .values({ agent_id: agent.user.id, amount_cents: 400, requested_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const p2 = await t.db
      .insertInto('payout_requests')
      .values({ agent_id: agent.user.id, amount_cents: 400, requested_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const status = async (id: number) =>
      (await t.db.selectFrom('commissions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    expect(await markPayoutPaid(t.db, p1.id)).toBe(true);
    expect([await status(c1.id), await status(c2.id), await status(c3.id)]).toEqual([
      'Paid',
      'Pending Payment',
      'Not Confirm',
    ]);
    expect(await markPayoutPaid(t.db, p1.id)).toBe(false);
    expect(await markPayoutPaid(t.db, p2.id)).toBe(true);
    expect([await status(c1.id), await status(c2.id), await status(c3.id)]).toEqual(['Paid', 'Paid', 'Not Confirm']);
    const paidAt = await t.db
      .selectFrom('payout_requests')
      .select('paid_at')
      .where('id', '=', p2.id)
      .executeTakeFirstOrThrow();
    expect(paidAt.paid_at).toBeTruthy();
    expect(await markPayoutPaid(t.db, 999_999)).toBe(false);
  });
});
