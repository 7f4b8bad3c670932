import { createDb, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { placeDueRenewals } from '../../../../src/server/subscriptions/scheduler';
import { dialects, type PostBody, post, shopOn, type TestApp } from '../../helper';
import { customer } from '../orders/support';
import { makeDue, ordersOf, subscribe, subscriptionRow } from '../subscriptions/support';
import { type Crew, runCli, withStaffApp } from './support';

describe.each(dialects)('back office: subscriptions on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, {}, (app, staff) => {
    t = app;
    crew = staff;
  });

  const cancelAudits = (id: number) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'subscription.cancel')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();

  it('answers 401 without a session, 403 to a customer and a fulfilment member, 200 to a manager and an owner', async () => {
    const c = await customer(t.db);
    const subs = [await subscribe(t, c), await subscribe(t, c)];
    for (const path of ['/admin/subscriptions/list', '/admin/subscriptions/cancel'] as const) {
      expect((await post(t.app, path, { id: subs[0]!.subscriptionId })).status, path).toBe(401);
      expect((await post(t.app, path, { id: 'x' }, { token: crew.customer.token })).status, path).toBe(403);
      expect((await post(t.app, path, { id: 'x' }, { token: crew.fulfilment.token })).status, path).toBe(403);
    }
    for (const [i, who] of [crew.manager, crew.owner].entries()) {
      expect((await post(t.app, '/admin/subscriptions/list', {}, { token: who.token })).status).toBe(200);
      const id = subs[i]!.subscriptionId;
      expect((await post(t.app, '/admin/subscriptions/cancel', { id }, { token: who.token })).status).toBe(200);
    }
  });

  it('lists by status and customer e-mail, newest first, paged by cursor', async () => {
    const a = await customer(t.db);
    const b = await customer(t.db);
    const emailA = (await t.db.selectFrom('users').select('email').where('id', '=', a.userId).executeTakeFirstOrThrow())
      .email;
    const mine = [await subscribe(t, a, { weeks: 2 }), await subscribe(t, a, { weeks: 8, quantity: 3 })];
    const other = await subscribe(t, b);
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'cancelled' })
      .where('id', '=', mine[0]!.subscriptionId)
      .execute();
    const list = (body: PostBody<'/admin/subscriptions/list'>) =>
      post(t.app, '/admin/subscriptions/list', body, { token: crew.manager.token });

    const all = await list({ email: emailA.slice(0, -4).toUpperCase() });
    expect(all.body.data.subscriptions.map((s) => s.id)).toEqual([mine[1]!.subscriptionId, mine[0]!.subscriptionId]);
    expect(all.body.data.subscriptions[0]).toMatchObject({
      customer: { id: a.userId, email: emailA },
      quantity: 3,
      frequency_weeks: 8,
      status: 'active',
    });
    expect(all.body.data.subscriptions[0]!.product).toBeTruthy();
    expect(all.body.data.subscriptions[0]!.packaging).toBeTruthy();

    const active = await list({ email: emailA, status: 'active' });
    expect(active.body.data.subscriptions.map((s) => s.id)).toEqual([mine[1]!.subscriptionId]);
    const cancelled = await list({ email: emailA, status: 'cancelled' });
    expect(cancelled.body.data.subscriptions.map((s) => s.id)).toEqual([mine[0]!.subscriptionId]);

    const first = await list({ limit: 1 });
    expect(first.body.data.subscriptions.map((s) => s.id)).toEqual([other.subscriptionId]);
    const second = await list({ limit: 1, cursor: first.body.data.next_cursor });
    expect(second.body.data.subscriptions.map((s) => s.id)).toEqual([mine[1]!.subscriptionId]);

    const bad = await list({ status: 'paused' });
    expect(bad.status).toBe(422);
    expect(bad.errors[0]?.field).toBe('status');
  });

  it('cancels once, audited with who and the status before and after; again it changes nothing', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c);
    const before = await subscriptionRow(t.db, s.subscriptionId);
    const res = await post(
      t.app,
      '/admin/subscriptions/cancel',
      { id: s.subscriptionId },
      { token: crew.manager.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Subscription cancelled');
    expect(res.body.data).toMatchObject({ changed: true, subscription: { id: s.subscriptionId, status: 'cancelled' } });
    const again = await post(
      t.app,
      '/admin/subscriptions/cancel',
      { id: s.subscriptionId },
      { token: crew.owner.token },
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ changed: false, subscription: { status: 'cancelled' } });

    const audits = await cancelAudits(s.subscriptionId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: crew.manager.user.email,
      actor_user_id: crew.manager.user.id,
      source: 'admin',
    });
    expect(JSON.parse(audits[0]!.before_json!)).toEqual({ status: 'active', next_due_at: before.next_due_at });
    expect(JSON.parse(audits[0]!.after_json!)).toEqual({ status: 'cancelled' });

    // No more renewals.
    await makeDue(t.db, s.subscriptionId);
    expect((await placeDueRenewals(t.shop)).placed).toEqual([]);
    expect(await ordersOf(t.db, s.subscriptionId)).toHaveLength(0);

    const missing = await post(t.app, '/admin/subscriptions/cancel', { id: 9_999_999 }, { token: crew.owner.token });
    expect(missing.status).toBe(404);
    expect(missing.errors[0]?.field).toBe('id');
  });

  it('the command line cancels through the same rule, audited as the command line', async () => {
    const c = await customer(t.db);
    const s = await subscribe(t, c);
    expect(await runCli(t, 'cancel-subscription', String(s.subscriptionId))).toBe(
      `Subscription ${s.subscriptionId} is cancelled: no more renewals.`,
    );
    const audits = await cancelAudits(s.subscriptionId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: 'command line', actor_user_id: null, source: 'cli' });
  });

  it('a cancel racing a renewal: no renewal is placed after the cancel is answered', async () => {
    // Another server instance's pool on PostgreSQL; SQLite's one connection interleaves the two.
    const second = dialect === 'postgres' ? createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 5 }) : t.db;
    try {
      for (let round = 0; round < 6; round++) {
        const c = await customer(t.db);
        const s = await subscribe(t, c, { weeks: 4, quantity: 1 });
        const dueAt = await makeDue(t.db, s.subscriptionId);
        let ordersAtAnswer = -1;
        const cancel = post(
          t.app,
          '/admin/subscriptions/cancel',
          { id: s.subscriptionId },
          { token: crew.owner.token },
        ).then(async (res) => {
          ordersAtAnswer = (await ordersOf(t.db, s.subscriptionId)).length;
          return res;
        });
        // Half the rounds start the renewal first, half the cancel.
        const renewal =
          round % 2
            ? placeDueRenewals(shopOn(t.shop, second))
            : Promise.resolve().then(() => placeDueRenewals(shopOn(t.shop, second)));
        const [res, report] = await Promise.all([cancel, renewal]);
        expect(res.status).toBe(200);
        expect(report.errors).toEqual([]);
        // Anything left to place after the cancel places nothing.
        await makeDue(t.db, s.subscriptionId);
        await placeDueRenewals(t.shop);
        const orders = await ordersOf(t.db, s.subscriptionId);
        expect(orders.length).toBeLessThanOrEqual(1);
        expect(orders.length).toBe(ordersAtAnswer);
        // The cancel saw the subscription as the renewal left it: moved on when the renewal was placed
        // (before the cancel), still due when it was not (and then it never will be).
        const [audit] = await cancelAudits(s.subscriptionId);
        const seen = JSON.parse(audit!.before_json!) as { next_due_at: string };
        if (orders.length === 1) expect(seen.next_due_at).not.toBe(dueAt);
        else expect(seen.next_due_at).toBe(dueAt);
        expect((await subscriptionRow(t.db, s.subscriptionId)).status).toBe('cancelled');
      }
    } finally {
      if (second !== t.db) await second.destroy();
    }
  });

  it.runIf(dialect === 'postgres')(
    'a cancel waits for a renewal that has claimed its date and answers after it is placed',
    async () => {
      const c = await customer(t.db);
      const s = await subscribe(t, c, { weeks: 4, quantity: 1 });
      const dueAt = await makeDue(t.db, s.subscriptionId);
      const other = createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 2 });
      try {
        let release!: () => void;
        const held = new Promise<void>((r) => {
          release = r;
        });
        let claimed!: () => void;
        const hasClaimed = new Promise<void>((r) => {
          claimed = r;
        });
        // A renewal's transaction that has claimed the due date (as placeOrder does first) and is still running.
        const renewal = other.transaction().execute(async (trx) => {
          await trx
            .updateTable('subscriptions')
            .set({ next_due_at: '2099-01-01T00:00:00.000Z', updated_at: new Date().toISOString() })
            .where('id', '=', s.subscriptionId)
            .where('status', '=', 'active')
            .where('next_due_at', '=', dueAt)
            .execute();
          claimed();
          await held;
        });
        await hasClaimed;
        let answered = false;
        const cancel = post(
          t.app,
          '/admin/subscriptions/cancel',
          { id: s.subscriptionId },
          { token: crew.owner.token },
        ).then((res) => {
          answered = true;
          return res;
        });
        await new Promise((r) => setTimeout(r, 300));
        expect(answered).toBe(false);
        release();
        await renewal;
        const res = await cancel;
        expect(res.body.data.changed).toBe(true);
        const [audit] = await cancelAudits(s.subscriptionId);
        expect(JSON.parse(audit!.before_json!)).toEqual({ status: 'active', next_due_at: '2099-01-01T00:00:00.000Z' });
      } finally {
        await other.destroy();
      }
    },
  );
});
