import type { AdminSettingsView } from '../../../../src/common/contract/admin/settings';
import { up as rewriteBankInstructions } from '../../../../src/server/db/migrations/2026-11-24T11-00-settings';
import { cancelUnpaidOrders } from '../../../../src/server/orders/expiry';
import { ShopLinks } from '../../../../src/server/telegram/bot/links';
import { staffAlertMessage } from '../../../../src/server/telegram/bot/staff-alerts';
import { createProduct } from '../../../factories/products';
import { createStaff } from '../../../factories/staff';
import { dialects, post, type TestApp, withConfig } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { type Crew, runCli, withStaffApp } from './support';

/**
 * The back office's Settings (owner; docs/decisions/015): delivery fees per state and method and the shop's settings,
 * each save audited with what changed only, used by the shop's very next request.
 */
describe.each(dialects)('back office settings on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  // Customers here place several unpaid orders: MAX_UNPAID_ORDERS has its own tests.
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const PATHS = ['/admin/settings', '/admin/settings/update'] as const;
  const owner = () => ({ token: crew.owner.token });
  const view = async (): Promise<AdminSettingsView> => {
    const res = await post(t.app, '/admin/settings', {}, owner());
    expect(res.status, res.body.message).toBe(200);
    return res.body.data;
  };
  const save = (body: Record<string, unknown>) => post(t.app, '/admin/settings/update', body, owner());
  const audit = (action: string) =>
    t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
  const setting = async (key: string) =>
    (await t.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

  it('answers 401 without a session, 403 to a customer, a manager and a fulfilment member, whatever the body', async () => {
    for (const path of PATHS) {
      for (const body of [{}, { cash_reward_percent: 900 }]) {
        expect((await post(t.app, path, body)).status, path).toBe(401);
        const customer = await post(t.app, path, body, { token: crew.customer.token });
        expect(customer.status, path).toBe(403);
        expect(customer.body.message).toBe('This page is for the shop’s staff');
        for (const who of [crew.manager, crew.fulfilment]) {
          const refused = await post(t.app, path, body, { token: who.token });
          expect(refused.status, `${who.role} ${path}`).toBe(403);
          expect(refused.body.message).toBe('You are not allowed to do that');
        }
      }
    }
    expect(await audit('settings.update')).toHaveLength(0);
  });

  it('shows the owner every setting as the shop uses it (delivery fees are the Shipping screen’s)', async () => {
    const v = await view();
    expect(v.settings).toEqual({
      cash_reward_percent: 5,
      referral_award_cents: 500,
      unpaid_order_hours: 48,
      low_stock_default: 5,
      exchange_days: 14,
      bank_name: 'BDO Unibank',
      bank_account_name: 'Leaf & Cup Trading',
      bank_account_number: '0123-4567-89',
      staff_new_order_alerts: true,
      staff_receipt_alerts: true,
      staff_payout_request_alerts: true,
      staff_low_stock_alerts: true,
      staff_exchange_request_alerts: true,
      staff_payment_attention_alerts: true,
      staff_client_error_alerts: true,
      // The abandoned-cart reminder: off on a new shop, 24 idle hours (docs/decisions/056).
      abandoned_cart_reminders: false,
      abandoned_cart_hours: 24,
    });
    expect(v.unpaid_order_hours_set).toBe(false);
    expect(v.unpaid_order_hours_default).toBe(48);
  });

  it.each([
    ['cash_reward_percent', 101],
    ['cash_reward_percent', 2.5],
    ['referral_award_cents', 100_001],
    ['unpaid_order_hours', 721],
    ['unpaid_order_hours', -1],
    ['low_stock_default', 100_001],
    ['bank_name', '   '],
    ['bank_name', 'x'.repeat(101)],
    ['bank_account_name', 'y'.repeat(101)],
    ['bank_account_number', '1'.repeat(41)],
    ['staff_new_order_alerts', 'maybe'],
    ['abandoned_cart_hours', 0],
    ['abandoned_cart_hours', 721],
    ['abandoned_cart_reminders', 'maybe'],
  ])('refuses %s = %j naming the field, and changes nothing', async (field, value) => {
    const before = await view();
    // A valid change beside the bad one is not saved either.
    const res = await save({ low_stock_default: 9, [field]: value });
    expect(res.status).toBe(422);
    expect(res.errors.map((e) => e.field)).toEqual([field]);
    expect(res.body.message).toContain(field);
    expect(await view()).toEqual(before);
    expect(await audit('settings.update')).toHaveLength(0);
  });

  it('saves what changed, trims the bank fields, audits only the changes, and nothing for a save that changes nothing', async () => {
    const unchanged = await save({ cash_reward_percent: 5, bank_name: ' BDO Unibank ', staff_receipt_alerts: 1 });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.message).toBe('Nothing to save: the values were already so');
    expect(await audit('settings.update')).toHaveLength(0);

    const res = await save({
      cash_reward_percent: '7',
      bank_name: '  Metrobank  ',
      bank_account_name: 'Leaf & Cup Trading',
      staff_receipt_alerts: 'off',
      referral_award_cents: 750,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Settings saved: the shop uses them from now on');
    expect(res.body.data.settings).toMatchObject({
      cash_reward_percent: 7,
      bank_name: 'Metrobank',
      staff_receipt_alerts: false,
      referral_award_cents: 750,
    });
    expect(await setting('bank_name')).toBe('Metrobank');
    expect(await setting('staff_receipt_alerts')).toBe('0');
    const entries = await audit('settings.update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: crew.owner.user.email, source: 'admin', entity: 'settings' });
    expect(JSON.parse(entries[0]!.before_json!)).toEqual({
      cash_reward_percent: 5,
      referral_award_cents: 500,
      bank_name: 'BDO Unibank',
      staff_receipt_alerts: true,
    });
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({
      cash_reward_percent: 7,
      referral_award_cents: 750,
      bank_name: 'Metrobank',
      staff_receipt_alerts: false,
    });

    // The cash reward page and the referral rules read the new values.
    const c = await customer(t.db);
    const rewards = await post(t.app, '/v2/get-cash-rebate-list', {}, { token: c.token });
    expect(rewards.body.data).toMatchObject({ reward_percent: 7 });

    await save({
      cash_reward_percent: 5,
      bank_name: 'BDO Unibank',
      staff_receipt_alerts: 1,
      referral_award_cents: 500,
    });
  });

  it('shows customers the new bank account at checkout at once', async () => {
    expect(
      (await save({ bank_name: 'Metrobank', bank_account_name: 'Leaf and Cup Inc.', bank_account_number: '555-1234' }))
        .status,
    ).toBe(200);
    const methods = await post(t.app, '/v2/get-all-payment-method', {});
    const bank = methods.body.data.payment_methods.find((m) => m.code === 'bank_transfer')!;
    expect(bank.bank).toEqual({
      bank_name: 'Metrobank',
      bank_account_name: 'Leaf and Cup Inc.',
      bank_account_number: '555-1234',
    });
    // The instructions beside it no longer carry an account of their own.
    expect(bank.instructions).not.toContain('0123-4567-89');
    await save({
      bank_name: 'BDO Unibank',
      bank_account_name: 'Leaf & Cup Trading',
      bank_account_number: '0123-4567-89',
    });
  });

  it('the migration rewrites only the demo’s bank-transfer instructions, which named the old account', async () => {
    const instructions = () =>
      t.db
        .selectFrom('payment_methods')
        .select(['instructions_en', 'instructions_zh'])
        .where('code', '=', 'bank_transfer')
        .executeTakeFirstOrThrow();
    const demo = {
      instructions_en:
        'Transfer the grand total to Leaf & Cup Trading, account 0123-4567-89 at BDO Unibank, then enter your payment reference and upload the receipt.',
      instructions_zh:
        '请将应付总额转账至 BDO Unibank 账户 0123-4567-89（户名 Leaf & Cup Trading），然后填写付款参考号并上传收据。',
    };
    const seeded = await instructions();
    await t.db.updateTable('payment_methods').set(demo).where('code', '=', 'bank_transfer').execute();
    await rewriteBankInstructions(t.db);
    expect(await instructions()).toEqual(seeded);

    const own = {
      instructions_en: 'Pay to our account, quoting your order number.',
      instructions_zh: '请转账并注明订单号。',
    };
    await t.db.updateTable('payment_methods').set(own).where('code', '=', 'bank_transfer').execute();
    await rewriteBankInstructions(t.db);
    expect(await instructions()).toEqual(own);
    await t.db.updateTable('payment_methods').set(seeded).where('code', '=', 'bank_transfer').execute();
  });

  it('unpaid-order hours: the setting wins over UNPAID_ORDER_HOURS for the expiry, the command line and the deadline shown', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 20 });
    const c = await customer(t.db);
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const placed = await placeOrder(t.app, c, { items });
    expect(placed.status, placed.body.message).toBe(200);
    const order = placed.body.data.order;
    const placedMs = Date.parse(order.placed_at);
    const at = (hours: number) => new Date(placedMs + hours * 3_600_000);
    const details = async () =>
      (await post(t.app, '/v1/get-order-details', { order_id: order.id }, { token: c.token })).body.data.order;
    const expire = async (now: Date) => (await cancelUnpaidOrders(t.shop, now)).cancelled.includes(order.id);

    // Unset: the server's 48 hours.
    expect((await details()).pay_by).toBe(at(48).toISOString());
    expect(await expire(at(3))).toBe(false);

    // Saved equal to the server's 48: stored all the same (no audit entry: the hours that apply are unchanged), so
    // the owner's number applies even after UNPAID_ORDER_HOURS changes.
    const audited = (await audit('settings.update')).length;
    const pinned = await save({ unpaid_order_hours: 48 });
    expect(pinned.body.message).toBe('Settings saved: the shop uses them from now on');
    expect(pinned.body.data).toMatchObject({ unpaid_order_hours_set: true, settings: { unpaid_order_hours: 48 } });
    expect(await setting('unpaid_order_hours')).toBe('48');
    expect(await audit('settings.update')).toHaveLength(audited);
    const serverSaysTwo = withConfig(t.shop, { UNPAID_ORDER_HOURS: 2 });
    expect((await cancelUnpaidOrders(serverSaysTwo, at(3))).cancelled).not.toContain(order.id);
    expect((await save({ unpaid_order_hours: 48 })).body.message).toBe('Nothing to save: the values were already so');

    const set = await save({ unpaid_order_hours: 2 });
    expect(set.body.data).toMatchObject({ unpaid_order_hours_set: true, settings: { unpaid_order_hours: 2 } });
    expect((await details()).pay_by).toBe(at(2).toISOString());

    // 0: unpaid orders never expire, no deadline is shown, and the command line says so.
    await save({ unpaid_order_hours: 0 });
    expect((await details()).pay_by).toBeNull();
    expect(await expire(at(500))).toBe(false);
    await expect(runCli(t, 'expire-unpaid')).rejects.toThrow('Unpaid-order hours are 0');

    await save({ unpaid_order_hours: 2 });
    expect(await expire(at(1.5))).toBe(false);
    expect(await expire(at(3))).toBe(true);
    expect((await details()).status).toBe('Cancelled');
    expect(await runCli(t, 'expire-unpaid')).toMatch(/^(No order has been unpaid for more than 2 hours\.|Cancelled )/);

    await save({ unpaid_order_hours: 48 });
  });

  it('a kind of staff alert switched off for the shop queues none, and a queued one is not sent', async () => {
    const member = await createStaff(t.db, 'manager', {
      telegram_user_id: String(6_400_000_000 + Math.floor(Math.random() * 1e6)),
    });
    const { product, variants } = await createProduct(t.db, { stock: 6 });
    const c = await customer(t.db);
    const alerts = async (kind: string) =>
      (
        await t.db
          .selectFrom('notifications')
          .select(['id', 'kind', 'order_id', 'params'])
          .where('user_id', '=', member.user.id)
          .where('kind', '=', kind)
          .execute()
      ).length;
    const buy = async (quantity: number) => {
      const res = await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity }],
      });
      expect(res.status, res.body.message).toBe(200);
    };

    expect((await save({ staff_new_order_alerts: 0, staff_low_stock_alerts: 0 })).status).toBe(200);
    await buy(2); // 6 → 4: at or below the default of 5, a low-stock event
    expect(await alerts('staff_new_order')).toBe(0);
    expect(await alerts('staff_low_stock')).toBe(0);

    expect((await save({ staff_new_order_alerts: 1 })).status).toBe(200);
    await buy(1);
    expect(await alerts('staff_new_order')).toBe(1);

    // Queued while on, switched off before the bot sends it: the sender skips it.
    await save({ staff_new_order_alerts: 0 });
    const row = await t.db
      .selectFrom('notifications')
      .select(['kind', 'order_id', 'params'])
      .where('user_id', '=', member.user.id)
      .where('kind', '=', 'staff_new_order')
      .executeTakeFirstOrThrow();
    const message = await staffAlertMessage(
      t.db,
      undefined,
      'en',
      { kind: 'staff_new_order', order_id: row.order_id, params: row.params, staff_role: 'manager', staff_notify: 1 },
      new ShopLinks(undefined),
    );
    expect(message).toEqual({ skip: 'skipped: switched off for the shop in Settings' });
    await save({ staff_new_order_alerts: 1, staff_low_stock_alerts: 1 });
  });
  it('turns the abandoned-cart reminder on with its hours, audited like every setting (docs/decisions/056)', async () => {
    const res = await save({ abandoned_cart_reminders: 1, abandoned_cart_hours: '6' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.settings).toMatchObject({ abandoned_cart_reminders: true, abandoned_cart_hours: 6 });
    expect(await setting('abandoned_cart_reminders')).toBe('1');
    const [entry] = (await audit('settings.update')).slice(-1);
    expect(JSON.parse(entry!.before_json!)).toEqual({ abandoned_cart_reminders: false, abandoned_cart_hours: 24 });
    expect(JSON.parse(entry!.after_json!)).toEqual({ abandoned_cart_reminders: true, abandoned_cart_hours: 6 });
  });
});

describe.each(dialects)('settings saved at the same moment on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, {}, (app, staff) => {
    t = app;
    crew = staff;
  });

  const chain = async (action: string, key: string) => {
    const entries = await t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
    return entries.map((e) => [JSON.parse(e.before_json!)[key], JSON.parse(e.after_json!)[key]] as [number, number]);
  };

  it('concurrent settings saves, including a first save of an unset one, chain the same way', async () => {
    const hours = Array.from({ length: 12 }, (_, i) => 10 + i);
    const results = await Promise.all(
      hours.map((h) => post(t.app, '/admin/settings/update', { unpaid_order_hours: h }, { token: crew.owner.token })),
    );
    expect(results.map((r) => r.status)).toEqual(hours.map(() => 200));
    const steps = await chain('settings.update', 'unpaid_order_hours');
    expect(steps).toHaveLength(hours.length);
    expect(steps[0]![0]).toBe(t.config.UNPAID_ORDER_HOURS);
    for (let i = 1; i < steps.length; i++) expect(steps[i]![0]).toBe(steps[i - 1]![1]);
    const stored = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'unpaid_order_hours')
      .executeTakeFirstOrThrow();
    expect(Number(stored.value)).toBe(steps.at(-1)![1]);
  });
});
