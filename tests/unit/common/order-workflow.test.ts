import * as orderActionPaths from '../../../src/common/contract/admin/order-actions';
import type { EndpointDef } from '../../../src/common/contract/endpoint';
import {
  actionAnswer,
  canMove,
  canPayNow,
  cardPaymentState,
  cardRefundIssues,
  nextOrderAction,
  ORDER_ACTION_PERMISSION,
  ORDER_ACTION_RULES,
  ORDER_ACTIONS,
  ORDER_MOVES,
  ORDER_STATUSES,
  type OrderActionState,
  refundIssues,
  refundKind,
  stateAllows,
  trackingIssues,
  transferProofNeeded,
} from '../../../src/common/order-workflow';

// One order workflow (docs/decisions/036): the admin contract's permissions are the workflow's, and the workflow agrees
// with itself (an action that moves an order only where the move exists; the main action only where it is allowed).

/** Every state the rules can tell apart. */
const STATES: OrderActionState[] = ORDER_STATUSES.flatMap((status) =>
  ['bank_transfer', 'payment_link'].flatMap((payment_method) =>
    [false, true].flatMap((has_receipt) =>
      [0, 500].map((cents) => ({
        status,
        payment_method,
        has_receipt,
        refund_owed_cents: status === 'Cancelled' ? cents : 0,
        refundable_cents: cents,
      })),
    ),
  ),
);

const endpoints = (Object.values(orderActionPaths) as unknown[]).filter(
  (v): v is EndpointDef => typeof v === 'object' && v !== null && 'path' in v && 'permission' in v,
);

describe('the order workflow', () => {
  it('gives every admin order action path its permission, one path per action', () => {
    const byPath = Object.fromEntries(endpoints.map((e) => [e.path, e.permission]));
    const actionOfPath: Record<string, (typeof ORDER_ACTIONS)[number]> = {
      '/admin/orders/confirm-payment': 'confirm_payment',
      '/admin/orders/reject-receipt': 'reject_receipt',
      '/admin/orders/processing': 'processing',
      '/admin/orders/tracking': 'tracking',
      '/admin/orders/complete': 'complete',
      '/admin/orders/cancel': 'cancel',
      '/admin/orders/refund': 'refund',
      // The same action for a card-paid order: its money goes back through the provider.
      '/admin/orders/refund-to-card': 'refund',
      '/admin/orders/clear-payment-attention': 'clear_attention',
    };
    expect(Object.keys(byPath).sort()).toEqual(Object.keys(actionOfPath).sort());
    for (const [path, action] of Object.entries(actionOfPath)) {
      expect([path, byPath[path]]).toEqual([path, ORDER_ACTION_PERMISSION[action]]);
    }
    expect(new Set(Object.values(actionOfPath))).toEqual(new Set(ORDER_ACTIONS));
  });

  it('lets an action move an order only along a move the workflow has', () => {
    for (const state of STATES) {
      for (const action of ORDER_ACTIONS) {
        const to = ORDER_ACTION_RULES[action].moveTo;
        if (to && stateAllows(action, state))
          expect([action, state.status, canMove(state.status, to)]).toEqual([action, state.status, true]);
      }
    }
    // And every move is some staff action's (the customer's cancel and a Telegram payment reuse them).
    const moved = new Set(ORDER_ACTIONS.map((a) => ORDER_ACTION_RULES[a].moveTo));
    for (const from of ORDER_STATUSES) for (const to of ORDER_MOVES[from]) expect(moved.has(to)).toBe(true);
  });

  it('names as the main action only one the order allows', () => {
    for (const state of STATES) {
      const next = nextOrderAction(state);
      if (next) expect([state, stateAllows(next, state)]).toEqual([state, true]);
    }
    const order = { payment_method: 'bank_transfer', refund_owed_cents: 0, refundable_cents: 0 };
    expect(nextOrderAction({ ...order, status: 'Pending', has_receipt: true })).toBe('confirm_payment');
    expect(nextOrderAction({ ...order, status: 'Pending', has_receipt: false })).toBeNull();
    expect(nextOrderAction({ ...order, status: 'Completed', has_receipt: false })).toBeNull();
  });

  it('answers a repeated move as a repeat, never a refusal', () => {
    const paid: OrderActionState = {
      status: 'Paid',
      payment_method: 'bank_transfer',
      has_receipt: false,
      refund_owed_cents: 0,
      refundable_cents: 0,
    };
    expect(actionAnswer('confirm_payment', paid)).toBe('repeat');
    expect(actionAnswer('processing', paid)).toBe('allowed');
    expect(actionAnswer('complete', paid)).toBe('refused');
  });

  it('allows a refund of a paid order up to what is refundable, cancelled or not, never of a Pending one', () => {
    const base = { payment_method: 'card', has_receipt: false, refund_owed_cents: 0 };
    for (const status of ['Paid', 'Processing', 'Completed', 'Cancelled'] as const) {
      expect([status, stateAllows('refund', { ...base, status, refundable_cents: 300 })]).toEqual([status, true]);
      expect([status, stateAllows('refund', { ...base, status, refundable_cents: 0 })]).toEqual([status, false]);
    }
    expect(stateAllows('refund', { ...base, status: 'Pending', refundable_cents: 300 })).toBe(false);
  });

  it('says what each form needs', () => {
    expect(trackingIssues({ company: ' ', number: '1', link: 'ftp://x' }).map((i) => i.field)).toEqual([
      'company',
      'link',
    ]);
    expect(trackingIssues({ company: 'LBC', number: '1', link: '' })).toEqual([]);
    expect(refundIssues({ amount_cents: 600, method: 'cash', reference: 'R' }, 500)).toEqual([
      { field: 'amount_cents', key: 'refundTooMuch', params: { owed: '$5.00' } },
    ]);
    expect(refundIssues({ amount_cents: 0, method: 'card', reference: '' }).map((i) => i.key)).toEqual([
      'refundAmountInvalid',
      'refundMethodUnknown',
      'refundReferenceRequired',
    ]);
    expect(transferProofNeeded({ paymentMethod: 'bank_transfer', totalCents: 100 })).toBe(true);
    expect(transferProofNeeded({ paymentMethod: 'bank_transfer', totalCents: 0 })).toBe(false);
    expect(transferProofNeeded({ paymentMethod: 'bank_transfer', totalCents: 100, renewal: true })).toBe(false);
    expect(transferProofNeeded({ paymentMethod: 'payment_link', totalCents: 100 })).toBe(false);
  });
});

// Which refund an order gets (docs/decisions/040): to the card for a card-paid order, recorded otherwise.
describe('refund kind', () => {
  it('sends a card-paid order’s refund to the card and records the others', () => {
    expect(refundKind({ payment_method: 'card' })).toBe('card');
    for (const payment_method of ['bank_transfer', 'telegram', 'payment_link']) {
      expect(refundKind({ payment_method })).toBe('record');
    }
  });
  it('gives both kinds the same permission: refunding is a money decision', () => {
    expect(ORDER_ACTION_PERMISSION.refund).toBe('orders.money');
  });
  it('wants an amount above 0 within what is refundable, and a reason', () => {
    expect(cardRefundIssues({ amount_cents: 500, reason: 'Damaged tin' }, 500)).toEqual([]);
    expect(cardRefundIssues({ amount_cents: 501, reason: 'x' }, 500)).toEqual([
      { field: 'amount_cents', key: 'refundTooMuch', params: { owed: '$5.00' } },
    ]);
    expect(cardRefundIssues({ amount_cents: 0, reason: ' ' }).map((i) => i.key)).toEqual([
      'refundAmountInvalid',
      'refundReasonRequired',
    ]);
  });
});

// Card payments (docs/decisions/040): what the order page says, and when Pay now is offered.
describe('card payment state', () => {
  const card = { status: 'Pending', payment_method: 'card', total_cents: 2500 };
  it('is none for other methods, nothing to pay, or an order no longer Pending', () => {
    expect(cardPaymentState({ ...card, payment_method: 'bank_transfer' }, null)).toBe('none');
    expect(cardPaymentState({ ...card, total_cents: 0 }, null)).toBe('none');
    expect(cardPaymentState({ ...card, status: 'Paid' }, { status: 'complete' })).toBe('none');
    expect(cardPaymentState({ ...card, status: 'Cancelled' }, { status: 'open' })).toBe('none');
  });
  it('says confirming once the session is complete and never offers Pay now then', () => {
    expect(cardPaymentState(card, { status: 'complete' })).toBe('confirming');
    expect(canPayNow('confirming')).toBe(false);
  });
  it('offers Pay now while awaiting payment (no session, open or expired) and after a failed payment', () => {
    for (const session of [null, { status: 'open' as const }, { status: 'expired' as const }]) {
      expect(cardPaymentState(card, session)).toBe('awaiting_payment');
    }
    expect(cardPaymentState(card, { status: 'failed' })).toBe('failed');
    expect(canPayNow('awaiting_payment')).toBe(true);
    expect(canPayNow('failed')).toBe(true);
    expect(canPayNow('none')).toBe(false);
  });
});
