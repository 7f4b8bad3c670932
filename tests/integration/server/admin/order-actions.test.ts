import { sql } from 'kysely';
import { formatCents } from '../../../../src/common/money';
import * as actions from '../../../../src/server/orders/admin-service';
import { invoicePayload } from '../../../../src/server/orders/invoice-payload';
import { recordTelegramPayment } from '../../../../src/server/payments/telegram-payments';
import { createCoupon } from '../../../factories/coupons';
import { dialects, post, type TestApp } from '../../helper';
import { type Customer, customer, JPEG, PROVIDER_ENV, postMultipart } from '../orders/support';
import { type Crew, type OrderInOptions, type OrderInStatus, orderInStatus, runCli, withStaffApp } from './support';

/**
 * The back office's order actions (docs/decisions/013): every path × role, state refusals, the audit log and the
 * timeline, the receipt rejection journey, refunds, and the races between staff, the customer and Telegram.
 */
describe.each(dialects)('back office order actions on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const orderIn = (status: OrderInStatus = 'Pending', opts: OrderInOptions = {}) => orderInStatus(t, status, opts);

  const row = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stockOf = async (variantId: number) =>
    (await t.db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow())
      .stock;
  const events = (id: number) =>
    t.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute();
  const audits = (orderNo: string) =>
    t.db.selectFrom('audit_log').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();
  const notices = async (id: number) =>
    (await t.db.selectFrom('notifications').select('kind').where('order_id', '=', id).orderBy('id').execute()).map(
      (n) => n.kind,
    );
  const details = async (c: Customer, id: number) => {
    const res = await post(t.app, '/v1/get-order-details', { order_id: id }, { token: c.token });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.order;
  };

  describe('roles', () => {
    const PATHS = {
      confirm: '/admin/orders/confirm-payment',
      reject: '/admin/orders/reject-receipt',
      processing: '/admin/orders/processing',
      tracking: '/admin/orders/tracking',
      complete: '/admin/orders/complete',
      cancel: '/admin/orders/cancel',
      refund: '/admin/orders/refund',
    } as const;
    /** The state each action needs, and what else it sends. */
    const SETUP: Record<keyof typeof PATHS, { status: OrderInStatus; body: Record<string, unknown> }> = {
      confirm: { status: 'Pending', body: {} },
      reject: { status: 'Pending', body: { reason: 'The amount on the receipt is wrong' } },
      processing: { status: 'Paid', body: {} },
      tracking: { status: 'Paid', body: { company: 'LBC', number: 'LBC1', link: 'https://track.example/LBC1' } },
      complete: { status: 'Processing', body: {} },
      cancel: { status: 'Pending', body: {} },
      refund: { status: 'PaidCancelled', body: { amount_cents: 1000, method: 'cash', reference: 'Till 3' } },
    };
    const MONEY = new Set(['confirm', 'reject', 'cancel', 'refund']);

    it.each(Object.keys(PATHS) as Array<keyof typeof PATHS>)('%s: 401, 403 and 200 by role', async (name) => {
      const path = PATHS[name];
      const { status, body } = SETUP[name];
      const target = await orderIn(status);
      const before = await row(target.id);
      // Whatever the body, before it is read.
      for (const junk of [{}, { order_no: target.orderNo, ...body }, { order_no: 42, amount_cents: 'lots' }]) {
        expect((await post(t.app, path, junk)).status).toBe(401);
        expect((await post(t.app, path, junk, { token: crew.customer.token })).status).toBe(403);
        if (MONEY.has(name)) {
          const refused = await post(t.app, path, junk, { token: crew.fulfilment.token });
          expect(refused.status).toBe(403);
          expect(refused.body.message).toBe('You are not allowed to do that');
        }
      }
      expect(await row(target.id)).toEqual(before);

      const allowed = MONEY.has(name) ? [crew.manager, crew.owner] : [crew.fulfilment, crew.manager, crew.owner];
      for (const who of allowed) {
        const fresh = await orderIn(status);
        const res = await post(t.app, path, { order_no: fresh.orderNo, ...body }, { token: who.token });
        expect(res.status, `${who.role} ${path}: ${res.body.message}`).toBe(200);
        expect(res.body.data.order_no).toBe(fresh.orderNo);
        expect(res.body.data.status).toBe((await row(fresh.id)).status);
        const [entry] = (await audits(fresh.orderNo)).filter((a) => a.source === 'admin');
        expect(entry).toMatchObject({ actor: who.user.email, actor_user_id: who.user.id, entity: 'order' });
      }
    });
  });

  it('walks an order from receipt to completion, each step on the timeline and in the audit log', async () => {
    const { id, orderNo, c } = await orderIn('Pending');
    const as = { token: crew.manager.token };
    const confirm = await post(t.app, '/admin/orders/confirm-payment', { order_no: orderNo.toLowerCase() }, as);
    expect(confirm.status).toBe(200);
    // Paid now: nothing owed back, and what was paid may be refunded in part (docs/decisions/040).
    expect(confirm.body.data).toEqual({
      order_no: orderNo,
      status: 'Paid',
      changed: true,
      refund_owed_cents: 0,
      refundable_cents: (await row(id)).total_cents,
    });
    expect(confirm.body.message).toBe(`Order ${orderNo} is now Paid`);
    const again = await post(t.app, '/admin/orders/confirm-payment', { order_no: orderNo }, as);
    expect(again.status).toBe(200);
    expect(again.body.data.changed).toBe(false);
    expect(again.body.message).toBe(`Order ${orderNo} was already Paid: nothing changed`);

    const fulfil = { token: crew.fulfilment.token };
    expect((await post(t.app, '/admin/orders/processing', { order_no: orderNo }, fulfil)).body.data.status).toBe(
      'Processing',
    );
    const tracked = await post(
      t.app,
      '/admin/orders/tracking',
      { order_no: orderNo, company: ' LBC Express ', number: 'LBC123', link: 'https://track.example/LBC123' },
      fulfil,
    );
    expect(tracked.status).toBe(200);
    expect(tracked.body.message).toBe('Tracking saved: the customer was told');
    expect((await post(t.app, '/admin/orders/complete', { order_no: orderNo }, fulfil)).body.data.status).toBe(
      'Completed',
    );

    const seen = await details(c, id);
    expect(seen.status).toBe('Completed');
    expect(seen.tracking).toEqual({ company: 'LBC Express', number: 'LBC123', link: 'https://track.example/LBC123' });

    const timeline = (await events(id)).map((e) => [e.kind, e.actor]);
    expect(timeline).toEqual(
      expect.arrayContaining([
        ['paid', crew.manager.user.email],
        ['processing', crew.fulfilment.user.email],
        ['tracking', crew.fulfilment.user.email],
        ['completed', crew.fulfilment.user.email],
      ]),
    );
    const log = (await audits(orderNo)).filter((a) => a.source === 'admin');
    expect(log.map((a) => [a.action, a.actor])).toEqual([
      ['order.confirm_payment', crew.manager.user.email],
      ['order.processing', crew.fulfilment.user.email],
      ['order.tracking', crew.fulfilment.user.email],
      ['order.complete', crew.fulfilment.user.email],
    ]);
    expect(JSON.parse(log[0]!.before_json!)).toEqual({ status: 'Pending' });
    expect(JSON.parse(log[0]!.after_json!)).toEqual({ status: 'Paid' });
    expect(JSON.parse(log[2]!.after_json!)).toEqual({
      company: 'LBC Express',
      number: 'LBC123',
      link: 'https://track.example/LBC123',
    });
    expect(await notices(id)).toEqual(['placed', 'paid', 'processing', 'tracking', 'completed']);
  });

  it('refuses what the state does not allow (409) and bad input (4xx naming the field), changing nothing', async () => {
    const as = { token: crew.owner.token };
    const pending = await orderIn('Pending');
    const noReceipt = await orderIn('Pending', { method: 'payment_link' });
    const completed = await orderIn('Completed');
    const before = await Promise.all([pending, noReceipt, completed].map((o) => row(o.id)));

    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ['/admin/orders/processing', { order_no: pending.orderNo }, 'An order that is Pending cannot become Processing'],
      ['/admin/orders/complete', { order_no: pending.orderNo }, 'An order that is Pending cannot become Completed'],
      [
        '/admin/orders/tracking',
        { order_no: pending.orderNo, company: 'LBC', number: '1' },
        'An order that is Pending cannot become shipped',
      ],
      [
        '/admin/orders/refund',
        { order_no: pending.orderNo, amount_cents: 100, method: 'cash', reference: 'x' },
        `Order ${pending.orderNo} has nothing to refund: only money paid and not yet refunded can be given back`,
      ],
      [
        '/admin/orders/confirm-payment',
        { order_no: noReceipt.orderNo },
        'Only a bank-transfer order is confirmed by hand; a payment link is paid through Telegram',
      ],
      [
        '/admin/orders/reject-receipt',
        { order_no: noReceipt.orderNo, reason: 'x' },
        `Order ${noReceipt.orderNo} has no receipt waiting to be checked`,
      ],
      [
        '/admin/orders/reject-receipt',
        { order_no: completed.orderNo, reason: 'x' },
        `Order ${completed.orderNo} is Completed: this action is not possible now`,
      ],
      ['/admin/orders/cancel', { order_no: completed.orderNo }, 'An order that is Completed cannot become Cancelled'],
      [
        '/admin/orders/confirm-payment',
        { order_no: completed.orderNo },
        'An order that is Completed cannot become Paid',
      ],
    ];
    for (const [path, body, message] of refusals) {
      const res = await post(t.app, path, body, as);
      expect([path, res.status, res.body.message]).toEqual([path, 409, message]);
    }

    const fields: Array<[string, Record<string, unknown>, number, string]> = [
      ['/admin/orders/confirm-payment', { order_no: 'LC-20000101-ZZZZZZ' }, 404, 'order_no'],
      ['/admin/orders/confirm-payment', {}, 422, 'order_no'],
      ['/admin/orders/reject-receipt', { order_no: pending.orderNo, reason: '   ' }, 422, 'reason'],
      ['/admin/orders/tracking', { order_no: completed.orderNo, company: 'LBC' }, 422, 'number'],
      [
        '/admin/orders/tracking',
        { order_no: completed.orderNo, company: 'LBC', number: '1', link: 'javascript:alert(1)' },
        422,
        'link',
      ],
      [
        '/admin/orders/refund',
        { order_no: completed.orderNo, amount_cents: 100, method: 'cheque', reference: 'x' },
        422,
        'method',
      ],
      [
        '/admin/orders/refund',
        { order_no: completed.orderNo, amount_cents: '-5', method: 'cash', reference: 'x' },
        422,
        'amount_cents',
      ],
      [
        '/admin/orders/refund',
        { order_no: completed.orderNo, amount_cents: 0, method: 'cash', reference: 'x' },
        422,
        'amount_cents',
      ],
      ['/admin/orders/refund', { order_no: completed.orderNo, amount_cents: 1, method: 'cash' }, 422, 'reference'],
    ];
    for (const [path, body, status, field] of fields) {
      const res = await post(t.app, path, body, as);
      expect([path, res.status, res.errors[0]?.field]).toEqual([path, status, field]);
    }
    expect(await Promise.all([pending, noReceipt, completed].map((o) => row(o.id)))).toEqual(before);
  });

  it('a rejected receipt: the customer sees the reason, uploads again, and the payment is confirmed', async () => {
    const { c, id, orderNo, variantId } = await orderIn('Pending');
    const first = await row(id);
    expect(first.receipt_path).not.toBeNull();
    expect((await details(c, id)).pay_by).toBeNull();

    const reason = 'The transfer amount does not match the order';
    const rejected = await post(
      t.app,
      '/admin/orders/reject-receipt',
      { order_no: orderNo, reason },
      {
        token: crew.manager.token,
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'Pending', changed: true });
    expect(rejected.body.message).toBe('Receipt rejected: the customer was told why and can upload a new one');

    const after = await row(id);
    expect(after).toMatchObject({ receipt_path: null, payment_reference: null, receipt_rejected_reason: reason });
    const seen = await details(c, id);
    expect(seen).toMatchObject({ status: 'Pending', receipt_rejected_reason: reason, payment_reference: null });
    // Unpaid again: the expiry deadline shows (and applies) as for any order awaiting payment.
    expect(seen.pay_by).not.toBeNull();
    // Rejected twice? There is nothing waiting any more.
    const twice = await post(
      t.app,
      '/admin/orders/reject-receipt',
      { order_no: orderNo, reason: 'x' },
      {
        token: crew.manager.token,
      },
    );
    expect(twice.status).toBe(409);

    const [event] = (await events(id)).filter((e) => e.kind === 'receipt_rejected');
    expect(event).toMatchObject({ actor: crew.manager.user.email });
    expect(JSON.parse(event!.details!)).toEqual({
      reason,
      receipt_path: first.receipt_path,
      payment_reference: first.payment_reference,
    });
    const [entry] = (await audits(orderNo)).filter((a) => a.action === 'order.reject_receipt');
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ receipt_rejected_reason: reason });
    const notice = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('order_id', '=', id)
      .where('kind', '=', 'receipt_rejected')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(notice.params!)).toEqual({ reason });

    // The customer uploads a new receipt through the ordinary submit-payment path.
    const again = await postMultipart(
      t.app,
      '/v2/submit-payment',
      { order_id: id, payment_reference: 'REF-SECOND' },
      { field: 'receipt', bytes: JPEG, name: 'second.jpg', type: 'image/jpeg' },
      c.token,
    );
    expect(again.status, again.body.message).toBe(200);
    const resent = await row(id);
    expect(resent).toMatchObject({ payment_reference: 'REF-SECOND', receipt_rejected_reason: null });
    expect(resent.receipt_path).not.toBeNull();
    expect(resent.receipt_path).not.toBe(first.receipt_path);
    expect((await details(c, id)).receipt_rejected_reason).toBeNull();

    const paid = await post(
      t.app,
      '/admin/orders/confirm-payment',
      { order_no: orderNo },
      {
        token: crew.owner.token,
      },
    );
    expect(paid.body.data.status).toBe('Paid');
    expect((await details(c, id)).status).toBe('Paid');
    expect(await stockOf(variantId)).toBe(9);
  });

  it('the command line rejects receipts and records refunds through the same service, audited', async () => {
    const { id, orderNo } = await orderIn('Pending');
    await expect(runCli(t, 'reject-receipt', orderNo)).rejects.toThrow('Give the reason the customer will see');
    expect(await runCli(t, 'reject-receipt', orderNo, '--reason', 'Blurry photo')).toBe(
      `${orderNo}: receipt rejected; the customer was told why and can upload a new one.`,
    );
    expect((await row(id)).receipt_rejected_reason).toBe('Blurry photo');

    const cancelled = await orderIn('PaidCancelled');
    await expect(
      runCli(t, 'refund', cancelled.orderNo, '--amount', '1,25', '--method', 'cash', '--reference', 'r'),
    ).rejects.toThrow('Give the amount in dollars, e.g. --amount 12.50, not "1,25"');
    await expect(
      runCli(
        t,
        'refund',
        cancelled.orderNo,
        '--amount',
        formatCents(cancelled.total + 1).replace('$', ''),
        '--method',
        'cash',
        '--reference',
        'r',
      ),
    ).rejects.toThrow(`At most ${formatCents(cancelled.total)} can be refunded on this order (paid less refunded)`);
    expect(
      await runCli(
        t,
        'refund',
        cancelled.orderNo,
        '--amount',
        '12.50',
        '--method',
        'bank_transfer',
        '--reference',
        'TX9',
      ),
    ).toBe(`${cancelled.orderNo}: refund of $12.50 recorded; ${formatCents(cancelled.total - 1250)} left to refund.`);
    const log = await audits(cancelled.orderNo);
    expect(log.map((a) => [a.action, a.source, a.actor])).toEqual([
      ['order.confirm_payment', 'cli', 'command line'],
      ['order.cancel', 'cli', 'command line'],
      ['order.refund', 'cli', 'command line'],
    ]);
    expect(await runCli(t, 'confirm-payment', (await orderIn('Pending')).orderNo)).toMatch(/is now Paid\.$/);
  });

  it('refunds add up to what was paid and never beyond; the customer sees what is owed and refunded', async () => {
    const { c, id, orderNo, total } = await orderIn('PaidCancelled');
    const as = { token: crew.manager.token };
    const refund = (amount_cents: number) =>
      post(
        t.app,
        '/admin/orders/refund',
        { order_no: orderNo, amount_cents, method: 'bank_transfer', reference: 'TX' },
        as,
      );
    expect(await details(c, id)).toMatchObject({ refund_owed_cents: total, refunded_cents: 0 });

    const over = await refund(total + 1);
    expect(over.status).toBe(409);
    expect(over.errors[0]?.field).toBe('amount_cents');
    expect(over.body.message).toBe(`At most ${formatCents(total)} can be refunded on this order (paid less refunded)`);

    const part = await refund(1500);
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({ status: 'Cancelled', refund_owed_cents: total - 1500 });
    expect(part.body.message).toBe(`Refund of $15.00 recorded; ${formatCents(total - 1500)} left to refund`);
    expect(await details(c, id)).toMatchObject({ refund_owed_cents: total - 1500, refunded_cents: 1500 });

    const rest = await refund(total - 1500);
    expect(rest.body.data.refund_owed_cents).toBe(0);
    const more = await refund(1);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(
      `Order ${orderNo} has nothing to refund: only money paid and not yet refunded can be given back`,
    );

    const rows = await t.db.selectFrom('refunds').selectAll().where('order_id', '=', id).orderBy('id').execute();
    expect(rows.map((r) => [r.amount_cents, r.method, r.recorded_by])).toEqual([
      [1500, 'bank_transfer', crew.manager.user.id],
      [total - 1500, 'bank_transfer', crew.manager.user.id],
    ]);
    expect(await details(c, id)).toMatchObject({ refund_owed_cents: 0, refunded_cents: total });
    expect((await events(id)).filter((e) => e.kind === 'refund')).toHaveLength(2);
    expect((await notices(id)).filter((k) => k === 'refund_recorded')).toHaveLength(2);

    // An order cancelled before it was paid owes nothing.
    const unpaid = await orderIn('Cancelled');
    expect(await details(unpaid.c, unpaid.id)).toMatchObject({ refund_owed_cents: 0 });
  });

  describe('concurrency', () => {
    const statusCount = async (id: number, kind: string) => (await events(id)).filter((e) => e.kind === kind).length;

    it('confirm, reject and cancel racing: one consistent outcome, stock back exactly once', async () => {
      for (let round = 0; round < 4; round++) {
        const { id, orderNo, variantId, total } = await orderIn('Pending');
        const as = { token: crew.owner.token };
        const calls = {
          confirm: () => post(t.app, '/admin/orders/confirm-payment', { order_no: orderNo }, as),
          reject: () => post(t.app, '/admin/orders/reject-receipt', { order_no: orderNo, reason: 'Unreadable' }, as),
          cancel: () => post(t.app, '/admin/orders/cancel', { order_no: orderNo }, as),
        };
        // Each round another action starts first.
        const names = (['confirm', 'reject', 'cancel'] as const).map((_, i, all) => all[(i + round) % 3]!);
        const results = await Promise.all(names.map((name) => calls[name]()));
        const by = Object.fromEntries(names.map((name, i) => [name, results[i]!])) as Record<
          (typeof names)[number],
          (typeof results)[number]
        >;
        const { confirm, reject, cancel } = by;
        for (const r of [confirm, reject, cancel]) expect([200, 409]).toContain(r.status);
        const final = await row(id);
        const paidEvents = await statusCount(id, 'paid');
        const cancelEvents = await statusCount(id, 'cancelled');
        const rejectEvents = await statusCount(id, 'receipt_rejected');
        expect(paidEvents).toBe(confirm.status === 200 ? 1 : 0);
        expect(cancelEvents).toBe(cancel.status === 200 ? 1 : 0);
        expect(rejectEvents).toBe(reject.status === 200 ? 1 : 0);
        expect(final.status).toBe(cancel.status === 200 ? 'Cancelled' : 'Paid');
        // Stock back exactly once when cancelled, else still taken.
        expect(await stockOf(variantId)).toBe(final.status === 'Cancelled' ? 10 : 9);
        // One audit row per change made.
        const made = [confirm, reject, cancel].filter((r) => r.status === 200).length;
        expect((await audits(orderNo)).filter((a) => a.source === 'admin')).toHaveLength(made);
        if (final.status === 'Cancelled' && final.paid_at) {
          expect(await actions.owedBack(t.db, final)).toBe(total);
        }
      }
    });

    it('staff cancel vs the customer’s own cancel: stock, coupon use and cash reward come back once', async () => {
      const coupon = await createCoupon(t.db, { kind: 'fixed', value: 500, usage_limit: 10 });
      for (let round = 0; round < 3; round++) {
        const c = await customer(t.db, { balanceCents: 700 });
        expect(
          (await post(t.app, '/v1/update-onhold-rebate-amount', { amount_cents: 700 }, { token: c.token })).status,
        ).toBe(200);
        const { id, orderNo, variantId } = await orderIn('Paid', { c, coupon: coupon.code });
        const placed = await row(id);
        expect(placed).toMatchObject({ cash_reward_cents: 700, coupon_code: coupon.code });
        const usedBefore = (
          await t.db.selectFrom('coupons').select('used_count').where('id', '=', coupon.id).executeTakeFirstOrThrow()
        ).used_count;

        const [staff, own] = await Promise.all([
          post(t.app, '/admin/orders/cancel', { order_no: orderNo }, { token: crew.manager.token }),
          post(t.app, '/v2/cancel-order', { order_id: id }, { token: c.token }),
        ]);
        expect(staff.status, staff.body.message).toBe(200);
        expect(own.status, own.body.message).toBe(200);
        expect((await row(id)).status).toBe('Cancelled');
        expect(await statusCount(id, 'cancelled')).toBe(1);
        expect(await stockOf(variantId)).toBe(10);
        const used = await t.db
          .selectFrom('coupons')
          .select('used_count')
          .where('id', '=', coupon.id)
          .executeTakeFirstOrThrow();
        expect(used.used_count).toBe(usedBefore - 1);
        const user = await t.db
          .selectFrom('users')
          .select('cash_balance_cents')
          .where('id', '=', c.userId)
          .executeTakeFirstOrThrow();
        expect(user.cash_balance_cents).toBe(700);
        const returned = await t.db
          .selectFrom('cash_rewards')
          .selectAll()
          .where('order_id', '=', id)
          .where('type', '=', 'returned')
          .execute();
        expect(returned).toHaveLength(1);
        expect(await actions.owedBack(t.db, await row(id))).toBe(placed.total_cents);
      }
    });

    it('refunds racing past what is owed: never over-refunded', async () => {
      const { id, orderNo, total: owed } = await orderIn('PaidCancelled');
      const as = { token: crew.owner.token };
      // Each more than half: together they exceed what is owed.
      const big = Math.floor(owed / 2) + 100;
      const two = await Promise.all(
        [big, big].map((amount_cents) =>
          post(t.app, '/admin/orders/refund', { order_no: orderNo, amount_cents, method: 'cash', reference: 'R' }, as),
        ),
      );
      expect(two.map((r) => r.status).sort()).toEqual([200, 409]);

      const many = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(
            t.app,
            '/admin/orders/refund',
            { order_no: orderNo, amount_cents: 500, method: 'cash', reference: 'R' },
            as,
          ),
        ),
      );
      // What was left allows exactly this many more of 500.
      const fits = Math.floor((owed - big) / 500);
      expect(many.filter((r) => r.status === 200)).toHaveLength(fits);
      for (const r of many.filter((x) => x.status !== 200)) expect(r.status).toBe(409);
      const total = await t.db
        .selectFrom('refunds')
        .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('n'))
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(total.n)).toBe(big + fits * 500);
      expect(Number(total.n)).toBeLessThanOrEqual(owed);
      expect(await statusCount(id, 'refund')).toBe(1 + fits);
    });

    it('confirm racing a Telegram payment: Paid once, one paid notice', async () => {
      for (let round = 0; round < 3; round++) {
        const { id, orderNo, total } = await orderIn('Pending');
        const [confirm, telegram] = await Promise.all([
          post(t.app, '/admin/orders/confirm-payment', { order_no: orderNo }, { token: crew.manager.token }),
          recordTelegramPayment(t.shop, {
            payload: invoicePayload(id, total),
            currency: 'USD',
            totalAmount: total,
            telegramChargeId: `race-${dialect}-${id}`,
          }),
        ]);
        expect(confirm.status).toBe(200);
        expect((await row(id)).status).toBe('Paid');
        expect(await statusCount(id, 'paid')).toBe(1);
        expect((await notices(id)).filter((k) => k === 'paid')).toHaveLength(1);
        const [event] = (await events(id)).filter((e) => e.kind === 'paid');
        expect(event!.actor).toBe(telegram.outcome === 'paid' ? 'telegram' : crew.manager.user.email);
        expect(confirm.body.data.changed).toBe(telegram.outcome !== 'paid');
      }
    });

    it('a cancel racing a Telegram payment: a payment that lands on a cancelled order is owed back', async () => {
      for (let round = 0; round < 3; round++) {
        const { id, orderNo, variantId, total } = await orderIn('Pending', { method: 'payment_link' });
        const [cancel, telegram] = await Promise.all([
          post(t.app, '/admin/orders/cancel', { order_no: orderNo }, { token: crew.manager.token }),
          recordTelegramPayment(t.shop, {
            payload: invoicePayload(id, total),
            currency: 'USD',
            totalAmount: total,
            telegramChargeId: `cancel-race-${dialect}-${id}`,
          }),
        ]);
        expect(cancel.status).toBe(200);
        const final = await row(id);
        expect(final.status).toBe('Cancelled');
        expect(await stockOf(variantId)).toBe(10);
        // Paid first then cancelled, or cancelled then the charge recorded: either way the money is owed back.
        expect(['paid', 'notPending']).toContain(telegram.outcome);
        expect(await actions.owedBack(t.db, final)).toBe(total);
      }
    });
  });
});
