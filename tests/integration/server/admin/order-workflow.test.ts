import {
  actionAnswer,
  availableOrderActions,
  ORDER_ACTION_PERMISSION,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderActionState,
} from '../../../../src/common/order-workflow';
import { can, STAFF_ROLES } from '../../../../src/common/staff-rules';
import { dialects, post, type TestApp } from '../../helper';
import { PROVIDER_ENV } from '../orders/support';
import { type Crew, type OrderInStatus, orderInStatus, withStaffApp } from './support';

// The server does to an order exactly what the order workflow says (src/common/order-workflow.ts,
// docs/decisions/036): each action's path answers 409 where the workflow refuses it and does it (or, repeated, answers
// it done) where it does not, and the order page is sent the workflow's actions for the caller's role.

const PATH: Record<OrderAction, string> = {
  confirm_payment: '/admin/orders/confirm-payment',
  reject_receipt: '/admin/orders/reject-receipt',
  processing: '/admin/orders/processing',
  tracking: '/admin/orders/tracking',
  complete: '/admin/orders/complete',
  cancel: '/admin/orders/cancel',
  refund: '/admin/orders/refund',
  clear_attention: '/admin/orders/clear-payment-attention',
};
const BODY: Record<OrderAction, Record<string, unknown>> = {
  confirm_payment: {},
  reject_receipt: { reason: 'The amount is wrong' },
  processing: {},
  tracking: { company: 'LBC', number: 'LBC1' },
  complete: {},
  cancel: {},
  refund: { amount_cents: 100, method: 'cash', reference: 'Till 3' },
  clear_attention: {},
};
const STATES: OrderInStatus[] = ['Pending', 'Paid', 'Processing', 'Completed', 'Cancelled', 'PaidCancelled'];

describe.each(dialects)('the order workflow on the server, %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  /** The order's state as the workflow reads it, from the order page's own answer. */
  async function stateOf(orderNo: string, token: string) {
    const res = await post(t.app, '/admin/orders/get', { order_no: orderNo }, { token });
    expect(res.status, res.body.message).toBe(200);
    const order = res.body.data.order;
    const state: OrderActionState = {
      status: order.status,
      payment_method: order.payment.method,
      has_receipt: order.payment.receipt_waiting,
      refund_owed_cents: order.refund_owed_cents,
      refundable_cents: order.refundable_cents,
      payment_attention: order.payment.attention ?? null,
    };
    return { state, actions: order.actions as OrderAction[] };
  }

  it.each(STATES)('an order %s: each action is refused or done as the workflow says', async (status) => {
    for (const action of ORDER_ACTIONS) {
      const { orderNo } = await orderInStatus(t, status);
      const { state } = await stateOf(orderNo, crew.owner.token);
      const res = await post(t.app, PATH[action], { order_no: orderNo, ...BODY[action] }, { token: crew.owner.token });
      // A repeated move (the order already has that status) is answered as done, changing nothing.
      const expected = actionAnswer(action, state) === 'refused' ? 409 : 200;
      expect([action, res.status], res.body.message).toEqual([action, expected]);
    }
  });

  it.each(STATES)(
    'an order %s: each role is sent the workflow’s actions, and refused the others’ paths',
    async (status) => {
      const { orderNo } = await orderInStatus(t, status);
      for (const role of STAFF_ROLES) {
        const { state, actions } = await stateOf(orderNo, crew[role].token);
        expect([role, actions]).toEqual([role, availableOrderActions(state, (p) => can(role, p))]);
        // A path of an action the role's permission does not cover: 403, whatever the order's state.
        for (const action of ORDER_ACTIONS.filter((a) => !can(role, ORDER_ACTION_PERMISSION[a]))) {
          const res = await post(
            t.app,
            PATH[action],
            { order_no: orderNo, ...BODY[action] },
            { token: crew[role].token },
          );
          expect([role, action, res.status]).toEqual([role, action, 403]);
        }
      }
    },
  );
});
