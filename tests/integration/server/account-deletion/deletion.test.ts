import { sql } from 'kysely';
import { formerCustomerName } from '../../../../src/common/account-deletion';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, storedKeys, type TestApp } from '../../helper';
import { auditEntries, orderInStatus } from '../admin/support';
import { bookTotals, findTexts, needlesOf, richCustomer } from './support';

describe.each(dialects)('deleting an account on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says first what will happen: open orders by number, the balance forfeited, subscriptions', async () => {
    const r = await richCustomer(t);
    const open = await orderInStatus(t, 'Paid', { c: r.c });
    const res = await post(t.app, '/v2/get-account-deletion', {}, { token: r.token });
    expect(res.status).toBe(200);
    expect(res.body.data.preview.open_orders).toEqual([{ id: open.id, order_no: open.orderNo, status: 'Paid' }]);
    expect(res.body.data.preview.cash_balance_cents).toBeGreaterThanOrEqual(1234);
    expect(res.body.data.preview.telegram_confirm).toBe(true);
    expect((await post(t.app, '/v2/get-account-deletion', {})).status).toBe(401);
  });

  it('says an agent’s unpaid commissions are forfeited, with the amount, and logs it with the deletion', async () => {
    const agent = await createUser(t.db, { is_agent: 1 });
    const amounts = { 'Not Confirm': 1000, 'On Hold': 75, 'Pending Payment': 250, Paid: 4000, Canceled: 900 } as const;
    const at = new Date().toISOString();
    for (const [status, amount_cents] of Object.entries(amounts)) {
      const sold = await orderInStatus(t, 'Completed');
      await t.db
        .insertInto('commissions')
        .values({
          agent_id: agent.user.id,
          order_id: sold.id,
          downline_id: sold.c.userId,
          amount_cents,
          rate_bp: 500,
          status: status as keyof typeof amounts,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const res = await post(t.app, '/v2/get-account-deletion', {}, { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.body.data.preview.unpaid_commissions_cents).toBe(1325);
    const plain = await richCustomer(t);
    const none = await post(t.app, '/v2/get-account-deletion', {}, { token: plain.token });
    expect(none.body.data.preview.unpaid_commissions_cents).toBe(0);

    const deleted = await post(t.app, '/v2/delete-account', { password: agent.password }, { token: agent.token });
    expect(deleted.status, deleted.body.message).toBe(200);
    const [entry] = await auditEntries(t, 'customer.delete', agent.user.id);
    expect(JSON.parse(entry!.after_json ?? '{}')).toMatchObject({ commissions_forfeited_cents: 1325 });
    // The rows stay for the books, as they were.
    const kept = await t.db.selectFrom('commissions').select('status').where('agent_id', '=', agent.user.id).execute();
    expect(kept).toHaveLength(5);
  });

  it('is refused while an order is open, naming it, and changes nothing', async () => {
    const r = await richCustomer(t);
    for (const status of ['Pending', 'Paid', 'Processing'] as const) {
      const open = await orderInStatus(t, status, { c: r.c });
      const res = await post(t.app, '/v2/delete-account', { password: r.password }, { token: r.token });
      expect(res.status, status).toBe(409);
      expect(res.body.message).toBe(`Complete or cancel your open orders first: ${open.orderNo}`);
      const zh = await post(t.app, '/v2/delete-account', { password: r.password, lang: 'zh' }, { token: r.token });
      expect(zh.body.message).toBe(`请先完成或取消未完成的订单：${open.orderNo}`);
      await t.db.updateTable('orders').set({ status: 'Completed' }).where('id', '=', open.id).execute();
    }
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', r.userId).executeTakeFirstOrThrow();
    expect(user.email).toBe(r.personal.email);
    expect(user.deleted_at).toBeNull();
    expect((await post(t.app, '/v1/get-user-info', {}, { token: r.token })).status).toBe(200);
  });

  it('asks for the password: missing or wrong refuses at the field and deletes nothing', async () => {
    const r = await richCustomer(t);
    const missing = await post(t.app, '/v2/delete-account', {}, { token: r.token });
    expect(missing.status).toBe(422);
    expect(missing.errors.map((e) => e.field)).toEqual(['password']);
    const wrong = await post(t.app, '/v2/delete-account', { password: 'nope-nope' }, { token: r.token });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The password is not correct, so the account was not deleted');
    expect((await post(t.app, '/v1/get-user-info', {}, { token: r.token })).status).toBe(200);
  });

  it('erases the person from every text column of every table; the books, stock and commissions stay', async () => {
    const r = await richCustomer(t);
    const second = await post(t.app, '/v1/user-login', { login: r.personal.phone, password: r.password });
    expect(second.status).toBe(200);
    const receipts = await t.db
      .selectFrom('orders')
      .select('receipt_path')
      .where('user_id', '=', r.userId)
      .where('receipt_path', 'is not', null)
      .execute();
    expect(receipts.length).toBeGreaterThan(0);
    // The test's own check: before the deletion the scan finds the person (else it could not fail).
    expect((await findTexts(t, needlesOf(r))).length).toBeGreaterThan(5);
    const before = await bookTotals(t.db);

    const res = await post(t.app, '/v2/delete-account', { password: r.password }, { token: r.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ deleted: true, confirm_sent: false });
    expect(res.body.message).toBe('Your account has been deleted');

    expect(await findTexts(t, needlesOf(r))).toEqual([]);
    expect(await bookTotals(t.db)).toEqual(before);
    // Every session of the account answers 401.
    for (const token of [r.token, second.body.data.token]) {
      expect((await post(t.app, '/v1/get-user-info', {}, { token })).status).toBe(401);
    }
    // Its orders stay, as a former customer's, with their money columns.
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', r.userId).executeTakeFirstOrThrow();
    expect(user.nickname).toBe(formerCustomerName(r.userId));
    expect(user.deleted_at).not.toBeNull();
    expect(user.cash_balance_cents).toBe(0);
    const orders = await t.db.selectFrom('orders').selectAll().where('user_id', '=', r.userId).execute();
    expect(orders.map((o) => o.order_no).sort()).toEqual([...r.orderNos].sort());
    expect(orders.every((o) => o.total_cents > 0 && o.address_erased_at !== null && o.receipt_path === null)).toBe(
      true,
    );
    // The ledger still sums to the balance: the forfeit is an entry of its own.
    const ledger = await t.db
      .selectFrom('cash_rewards')
      .select(['type', 'amount_cents'])
      .where('user_id', '=', r.userId)
      .execute();
    expect(ledger.reduce((s, e) => s + e.amount_cents, 0)).toBe(0);
    expect(ledger.filter((e) => e.type === 'forfeited')).toHaveLength(1);
    // The uploaded receipt files are gone too.
    const kept = await storedKeys(t, 'receipts/');
    for (const { receipt_path } of receipts) expect(kept).not.toContain(receipt_path);
    // Nothing of the account is left that is only the person's.
    const tables = [
      'sessions',
      'addresses',
      'stock_alerts',
      'account_signals',
      'notifications',
      'carts',
      'cart_lines',
      'data_exports',
    ] as const;
    for (const table of tables) {
      const n = await t.db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', r.userId)
        .executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
    // Downlines are detached; the review stays under "Former customer".
    const downlines = await t.db.selectFrom('users').select('id').where('upline_id', '=', r.userId).execute();
    expect(downlines).toEqual([]);
    const review = await t.db.selectFrom('reviews').select('nickname').where('user_id', '=', r.userId).execute();
    expect(review).toEqual([{ nickname: 'Former customer' }]);
    // The audit log says who and what, with nothing personal.
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.delete')
      .where('entity_id', '=', String(r.userId))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor: `customer #${r.userId}`, source: 'customer', actor_user_id: null });
  });

  it('lets the same e-mail and phone register again afterwards; the old log-in no longer works', async () => {
    const r = await richCustomer(t);
    expect((await post(t.app, '/v2/delete-account', { password: r.password }, { token: r.token })).status).toBe(200);
    const login = await post(t.app, '/v1/user-login', { login: r.personal.email, password: r.password });
    expect(login.status).toBe(422);
    const again = await post(t.app, '/v1/user-register', {
      nickname: 'Back again',
      email: r.personal.email,
      phone: r.personal.phone,
      password: 'New-pass-456',
      confirm_password: 'New-pass-456',
    });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.user_info.id).not.toBe(r.userId);
    expect(again.body.data.user_info.cash_balance_cents).toBe(0);
    // A second deletion of the same account is not possible (its sessions are gone).
    expect((await post(t.app, '/v2/delete-account', { password: r.password }, { token: r.token })).status).toBe(401);
  });

  it('refuses a staff member’s account', async () => {
    const r = await richCustomer(t);
    await t.db
      .insertInto('staff')
      .values({ user_id: r.userId, role: 'manager', created_at: 'x', updated_at: 'x' })
      .execute();
    const res = await post(t.app, '/v2/delete-account', { password: r.password }, { token: r.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A staff member’s account cannot be deleted: remove them from the staff first');
  });
});
