import { flagPaymentAttention } from '../../../../src/server/orders/payment-hooks';
import { dialects, post, type TestApp } from '../../helper';
import { auditEntries, type Crew, orderInStatus, withStaffApp } from './support';

/**
 * Payments that need a person (docs/decisions/040) in the back office: the dashboard lists each flagged order with
 * why and its number (to link to), and staff with the money permission mark it as handled from the order page —
 * audited, on the timeline, refused when nothing is flagged.
 */
describe.each(dialects)('payments that need a person on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, {}, (app, staff) => {
    t = app;
    crew = staff;
  });

  const dashboard = async (token: string) => {
    const res = await post(t.app, '/admin/dashboard', {}, { token });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.todo.payment_attention as { count: number; items: Array<Record<string, unknown>> };
  };
  const clear = (orderNo: string, token: string) =>
    post(t.app, '/admin/orders/clear-payment-attention', { order_no: orderNo }, { token });

  it('lists flagged orders on the dashboard, and "Mark as handled" clears one, audited, once', async () => {
    const before = (await dashboard(crew.owner.token)).count;
    const paid = await orderInStatus(t, 'Paid');
    const cancelled = await orderInStatus(t, 'PaidCancelled');
    await flagPaymentAttention(t.db, paid.id, 'dispute', { dispute: 'dp_1' });
    await flagPaymentAttention(t.db, cancelled.id, 'refund_failed', { reason: 'expired_or_canceled_card' });

    const listed = await dashboard(crew.fulfilment.token);
    expect(listed.count).toBe(before + 2);
    expect(listed.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          order_no: paid.orderNo,
          attention: 'dispute',
          status: 'Paid',
          total_cents: paid.total,
        }),
        expect.objectContaining({ order_no: cancelled.orderNo, attention: 'refund_failed', status: 'Cancelled' }),
      ]),
    );

    const page = await post(t.app, '/admin/orders/get', { order_no: paid.orderNo }, crew.owner);
    expect(page.body.data.order.payment.attention).toBe('dispute');
    expect(page.body.data.order.actions).toContain('clear_attention');
    const packer = await post(t.app, '/admin/orders/get', { order_no: paid.orderNo }, crew.fulfilment);
    expect(packer.body.data.order.actions).not.toContain('clear_attention');

    expect((await clear(paid.orderNo, crew.fulfilment.token)).status).toBe(403);
    const done = await clear(paid.orderNo, crew.owner.token);
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.message).toBe(`Order ${paid.orderNo}: the payment is marked as handled`);
    const again = await clear(paid.orderNo, crew.owner.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Order ${paid.orderNo} has no payment waiting for a person`);

    const row = await t.db
      .selectFrom('orders')
      .select('payment_attention')
      .where('id', '=', paid.id)
      .executeTakeFirst();
    expect(row?.payment_attention).toBeNull();
    const audit = await auditEntries(t, 'order.clear_payment_attention', paid.id);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0]!.before_json))).toEqual({ payment_attention: 'dispute' });
    const timeline = await t.db
      .selectFrom('order_events')
      .select('kind')
      .where('order_id', '=', paid.id)
      .where('kind', '=', 'payment_attention_cleared')
      .execute();
    expect(timeline).toHaveLength(1);

    const after = await dashboard(crew.owner.token);
    expect(after.count).toBe(before + 1);
    expect(after.items.map((i) => i.order_no)).not.toContain(paid.orderNo);
  });
});
