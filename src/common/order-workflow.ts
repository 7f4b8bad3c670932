import { isHttpLink } from './links';
import { formatCents } from './money';
import type { Permission } from './staff-rules';

/**
 * An order's life, in one place (docs/decisions/036): its statuses, the moves between them, what the customer may do,
 * the action staff take for each move, who may take it, when the order allows it and what it needs. The server's
 * status changes (src/server/orders), the admin contract's permissions and the back office's buttons all read this
 * file, and a test holds them to it. A new state or action (payments, refunds to a card) is added here first.
 */

// ---------------------------------------------------------------------------
// Statuses and moves
// ---------------------------------------------------------------------------

/** Order statuses (product decisions §6): Pending → Paid → Processing → Completed; Cancelled from Pending or Paid. */
export const ORDER_STATUSES = ['Pending', 'Paid', 'Processing', 'Completed', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/** The moves an order may make, from each status. */
export const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Paid', 'Cancelled'],
  Paid: ['Processing', 'Cancelled'],
  Processing: ['Completed'],
  Completed: [],
  Cancelled: [],
};

/** Whether an order may go from `from` (whatever the row holds) to `to`. */
export function canMove(from: string, to: OrderStatus): boolean {
  return isOrderStatus(from) && ORDER_MOVES[from].includes(to);
}

/** Statuses in which an order may have its tracking set: once paid, until the end. */
export const TRACKABLE_STATUSES: readonly OrderStatus[] = ['Paid', 'Processing', 'Completed'];

// ---------------------------------------------------------------------------
// The customer
// ---------------------------------------------------------------------------

/**
 * The customer may change the address or cancel within this many minutes of placing (docs/product.md section 5, An
 * order's life).
 */
export const ORDER_CHANGE_WINDOW_MINUTES = 15;

/** Statuses in which the customer may still change the address or cancel (inside the window). */
export const CHANGEABLE_STATUSES: readonly OrderStatus[] = ['Pending', 'Paid'];

/** The end of an order's change window: placed + 15 minutes, ISO-8601 UTC. */
export function changeWindowEnds(placedAtIso: string): string {
  return new Date(Date.parse(placedAtIso) + ORDER_CHANGE_WINDOW_MINUTES * 60_000).toISOString();
}

/** Whether the customer may change or cancel the order at `nowMs`. */
export function canChangeOrder(status: string, placedAtIso: string, nowMs: number = Date.now()): boolean {
  return (
    (CHANGEABLE_STATUSES as readonly string[]).includes(status) &&
    nowMs < Date.parse(placedAtIso) + ORDER_CHANGE_WINDOW_MINUTES * 60_000
  );
}

/**
 * Whether placing an order must come with the transfer's proof (a payment reference and a receipt): a bank transfer
 * with something to pay. A renewal placed by the server is paid later, like an order whose coupon and cash reward
 * left nothing to pay.
 */
export function transferProofNeeded(order: { paymentMethod: string; totalCents: number; renewal?: boolean }): boolean {
  return !order.renewal && order.paymentMethod === 'bank_transfer' && order.totalCents > 0;
}

// ---------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------

/** What staff may do to an order, in the order the order page shows them. */
export const ORDER_ACTIONS = [
  'confirm_payment',
  'reject_receipt',
  'processing',
  'tracking',
  'complete',
  'cancel',
  'refund',
  'clear_attention',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What an action's rule reads of the order. */
export interface OrderActionState {
  status: OrderStatus;
  payment_method: string;
  /** A transfer receipt is waiting to be checked (sent and not rejected). */
  has_receipt: boolean;
  /** What is still owed back to the customer, in cents (a cancelled order that had been paid). */
  refund_owed_cents: number;
  /** What may still be given back, in cents: what was paid less what was refunded (any status; owed when Cancelled). */
  refundable_cents: number;
  /** What about the order's money needs a person (PAYMENT_ATTENTION), null or unset when nothing does. */
  payment_attention?: string | null;
}

/**
 * Statuses in which money paid may be given back (docs/decisions/040): a cancelled order's money is owed back, and a
 * paid order that goes on may have part of it refunded (a missing item) — never more than was paid less what was
 * refunded.
 */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['Paid', 'Processing', 'Completed', 'Cancelled'];

interface ActionRule {
  /** Fulfilment packs, ships and completes; money decisions need `orders.money`. */
  permission: Permission;
  /** The status the action moves the order to, or null when it changes something else. */
  moveTo: OrderStatus | null;
  /** Whether the order's state allows it now (whoever asks). */
  allowed(order: OrderActionState): boolean;
}

export const ORDER_ACTION_RULES: Record<OrderAction, ActionRule> = {
  confirm_payment: {
    permission: 'orders.money',
    moveTo: 'Paid',
    allowed: (o) => o.status === 'Pending' && o.payment_method === 'bank_transfer',
  },
  reject_receipt: { permission: 'orders.money', moveTo: null, allowed: (o) => o.status === 'Pending' && o.has_receipt },
  processing: { permission: 'orders.fulfil', moveTo: 'Processing', allowed: (o) => o.status === 'Paid' },
  tracking: { permission: 'orders.fulfil', moveTo: null, allowed: (o) => TRACKABLE_STATUSES.includes(o.status) },
  complete: { permission: 'orders.fulfil', moveTo: 'Completed', allowed: (o) => o.status === 'Processing' },
  cancel: { permission: 'orders.money', moveTo: 'Cancelled', allowed: (o) => CHANGEABLE_STATUSES.includes(o.status) },
  refund: {
    permission: 'orders.money',
    moveTo: null,
    allowed: (o) => REFUNDABLE_STATUSES.includes(o.status) && o.refundable_cents > 0,
  },
  // "Mark as handled": a person looked at the payment's flag (a changed amount, a dispute, a late payment not
  // refunded, a failed refund: docs/decisions/040) and did what it needed.
  clear_attention: { permission: 'orders.money', moveTo: null, allowed: (o) => Boolean(o.payment_attention) },
};

/** Who may take each action (the admin contract's permission of each action's path). */
export const ORDER_ACTION_PERMISSION = Object.fromEntries(
  ORDER_ACTIONS.map((a) => [a, ORDER_ACTION_RULES[a].permission]),
) as Record<OrderAction, Permission>;

/** Whether the order's state allows the action (whoever asks). */
export const stateAllows = (action: OrderAction, order: OrderActionState): boolean =>
  ORDER_ACTION_RULES[action].allowed(order);

/**
 * What asking for an action does: `allowed`, `repeat` (the order already has the status the action moves it to: a
 * repeated request, answered as done and changing nothing), or `refused` (409).
 */
export function actionAnswer(action: OrderAction, order: OrderActionState): 'allowed' | 'repeat' | 'refused' {
  if (ORDER_ACTION_RULES[action].moveTo === order.status) return 'repeat';
  return stateAllows(action, order) ? 'allowed' : 'refused';
}

/**
 * The actions a staff member can take on the order now; `may` answers for their role (`can` of staff-rules, passed in
 * so that the shop's checkout, which imports this file, does not load the back office's rules).
 */
export function availableOrderActions(
  order: OrderActionState,
  may: (permission: Permission) => boolean,
): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => may(ORDER_ACTION_PERMISSION[a]) && stateAllows(a, order));
}

/**
 * The next obvious action for staff (the back office's main action, Telegram's MainButton): a receipt waiting →
 * confirm the payment; Paid → start packing; Processing → mark as delivered; otherwise (or when the order does not
 * allow it) none.
 */
export function nextOrderAction(order: OrderActionState): OrderAction | null {
  const next: OrderAction | null =
    order.status === 'Pending' && order.has_receipt
      ? 'confirm_payment'
      : order.status === 'Paid'
        ? 'processing'
        : order.status === 'Processing'
          ? 'complete'
          : null;
  return next && stateAllows(next, order) ? next : null;
}

// ---------------------------------------------------------------------------
// What the actions need
// ---------------------------------------------------------------------------

/**
 * A field an action's form got wrong, named by the back office's message key (src/common/i18n/admin-messages.ts): the
 * server answers that message; the order page may say it in its own words.
 */
export interface ActionIssue {
  field: string;
  key:
    | 'receiptRejectReasonRequired'
    | 'trackingCompanyRequired'
    | 'trackingNumberRequired'
    | 'trackingLinkInvalid'
    | 'refundAmountInvalid'
    | 'refundTooMuch'
    | 'refundMethodUnknown'
    | 'refundReferenceRequired'
    | 'refundReasonRequired';
  /** The message's values (the methods to choose from, what is still owed). */
  params?: Record<string, string>;
}

/** Rejecting a receipt needs the reason the customer will see. */
export function rejectReceiptIssues(input: { reason?: string | null }): ActionIssue[] {
  return input.reason?.trim() ? [] : [{ field: 'reason', key: 'receiptRejectReasonRequired' }];
}

/** Tracking needs the company and the number; the link is optional and must be http(s). */
export function trackingIssues(input: {
  company?: string | null;
  number?: string | null;
  link?: string | null;
}): ActionIssue[] {
  const issues: ActionIssue[] = [];
  if (!input.company?.trim()) issues.push({ field: 'company', key: 'trackingCompanyRequired' });
  if (!input.number?.trim()) issues.push({ field: 'number', key: 'trackingNumberRequired' });
  const link = input.link?.trim();
  if (link && !isHttpLink(link)) issues.push({ field: 'link', key: 'trackingLinkInvalid' });
  return issues;
}

/** How a refund was given back. */
export const REFUND_METHODS = ['bank_transfer', 'telegram', 'cash', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * A recorded refund: more than $0, at most what is still owed (`owedCents`, when known: the server checks it again
 * with the order's row locked), one of REFUND_METHODS, with a reference.
 */
export function refundIssues(
  input: { amount_cents?: number | null; method?: string | null; reference?: string | null },
  owedCents?: number,
): ActionIssue[] {
  const issues: ActionIssue[] = [];
  const amount = input.amount_cents;
  if (amount === undefined || amount === null || !Number.isSafeInteger(amount) || amount <= 0) {
    issues.push({ field: 'amount_cents', key: 'refundAmountInvalid' });
  } else if (owedCents !== undefined && amount > owedCents) {
    issues.push({ field: 'amount_cents', key: 'refundTooMuch', params: { owed: formatCents(owedCents) } });
  }
  if (!REFUND_METHODS.some((m) => m === input.method)) {
    issues.push({ field: 'method', key: 'refundMethodUnknown', params: { methods: REFUND_METHODS.join(', ') } });
  }
  if (!input.reference?.trim()) issues.push({ field: 'reference', key: 'refundReferenceRequired' });
  return issues;
}

/**
 * Which refund the `refund` action gives an order (docs/decisions/040): a card-paid order's money goes back to the
 * card through the provider ("Refund to card"); a bank transfer's or a Telegram invoice's is given back by staff and
 * recorded ("Record refund"). Same permission (orders.money) and same state rule either way.
 */
export const REFUND_KINDS = ['card', 'record'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/**
 * A refund to the card that the provider failed or cancelled gave nothing back: it never counts as refunded (what is
 * owed, what is refundable, revenue net of refunds, the export). A pending one counts: its amount is on its way back
 * and held against what may still be refunded (docs/decisions/040).
 */
export const REFUND_STATES_GIVING_NOTHING = ['failed', 'canceled'] as const;

export const refundKind = (order: { payment_method: string }): RefundKind =>
  order.payment_method === 'card' ? 'card' : 'record';

/**
 * A refund to the card: more than $0, at most what is still refundable (`owedCents`, when known: what was paid less
 * the refunds pending or succeeded; the server checks it again with the order's row locked), with a reason.
 */
export function cardRefundIssues(
  input: { amount_cents?: number | null; reason?: string | null },
  owedCents?: number,
): ActionIssue[] {
  const issues = refundIssues({ amount_cents: input.amount_cents, method: 'other', reference: 'card' }, owedCents);
  if (!input.reason?.trim()) issues.push({ field: 'reason', key: 'refundReasonRequired' });
  return issues;
}

// ---------------------------------------------------------------------------
// Card payments (docs/decisions/040)
// ---------------------------------------------------------------------------

/**
 * A hosted checkout session as the shop records it: `open` (the shopper may pay on it), `complete` (paid, or an
 * asynchronous payment on its way), `expired` (closed unpaid), `failed` (its asynchronous payment was declined).
 */
export const CHECKOUT_SESSION_STATES = ['open', 'complete', 'expired', 'failed'] as const;
export type CheckoutSessionState = (typeof CHECKOUT_SESSION_STATES)[number];

/**
 * What about an order's money needs a person (orders.payment_attention): a payment whose amount or currency is not
 * the order's, a dispute, a payment for an order no longer payable (refunded automatically), a refund that failed.
 */
export const PAYMENT_ATTENTION = ['amount_mismatch', 'dispute', 'paid_after_cancel', 'refund_failed'] as const;
export type PaymentAttention = (typeof PAYMENT_ATTENTION)[number];

/**
 * What a card order's page says about its payment:
 * - `none`: not a card order, or nothing to pay, or no longer Pending;
 * - `awaiting_payment`: Pending with no session being paid: Pay now;
 * - `confirming`: the shopper paid (the provider says the session is complete) and the provider's notice of the money
 *   has not arrived yet: "Confirming your payment…" — never Paid on the shopper's return alone;
 * - `failed`: the last payment was declined after the fact (an asynchronous method): Pay now again.
 */
export const CARD_PAYMENT_STATES = ['none', 'awaiting_payment', 'confirming', 'failed'] as const;
export type CardPaymentState = (typeof CARD_PAYMENT_STATES)[number];

/** The card payment state of an order, from its latest checkout session (null: none made yet). */
export function cardPaymentState(
  order: { status: string; payment_method: string; total_cents: number },
  latestSession: { status: CheckoutSessionState } | null,
): CardPaymentState {
  if (order.payment_method !== 'card' || order.status !== 'Pending' || order.total_cents <= 0) return 'none';
  if (latestSession?.status === 'complete') return 'confirming';
  if (latestSession?.status === 'failed') return 'failed';
  return 'awaiting_payment';
}

/**
 * What the order's page shows while the shopper has just come back from paying (`checkout=success`) and the page is
 * still polling: an order the server has not heard about yet is `confirming` too, since the provider may not have
 * answered the return's read. Once the page stops polling it shows the server's state (Pay now then hands back the
 * same completed page, so nothing is paid twice). The return alone never shows Paid.
 */
export const shownCardPaymentState = (state: CardPaymentState, returnedFromPaying: boolean): CardPaymentState =>
  returnedFromPaying && state === 'awaiting_payment' ? 'confirming' : state;

/** Pay now (a new hosted page, or the open one again) is offered while the payment is awaited or failed. */
export const canPayNow = (state: CardPaymentState): boolean => state === 'awaiting_payment' || state === 'failed';
