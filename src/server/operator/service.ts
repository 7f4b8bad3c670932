import { ORDER_STATUSES } from '../../common/checkout-rules';
import type { CommissionAction } from '../../common/contract/admin/affiliates';
import { COMMISSION_STATUSES, PAYOUT_STATUSES } from '../../common/contract/referral';
import { SUBSCRIPTION_STATUSES } from '../../common/contract/subscriptions';
import { formatAnyMessage } from '../../common/i18n/admin-messages';
import { isHttpLink } from '../../common/links';
import { formatCents, parseDollarsToCents } from '../../common/money';
import { formatStockChange, MAX_STOCK_CHANGE, parseStockChange } from '../../common/stock-rules';
import { CLI_ACTOR } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { AppError } from '../lib/errors';
import * as orderActions from '../orders/admin-service';
import { cancelUnpaidOrders } from '../orders/expiry';
import { orderByNo as findOrderByNo } from '../orders/records';
import * as affiliates from '../referral/admin-service';
import { unpaidOrderHours } from '../settings/service';
import type { Shop } from '../shop';
import * as staff from '../staff/service';
import * as stockService from '../stock/service';
import * as subscriptionAdmin from '../subscriptions/admin-service';
import * as repo from './repository';

/**
 * The shop operator's actions (docs/decisions/012). The command line (cli.ts) is a thin shell over these;
 * tests call them directly. Every refusal is an OperatorError with a message for the operator.
 */

export class OperatorError extends Error {
  override name = 'OperatorError';
}

/** An AppError from the shop's rules, as the operator reads it (English). */
const explain = (err: unknown): never => {
  if (err instanceof AppError) throw new OperatorError(formatAnyMessage('en', err.key, err.params));
  throw err;
};

async function orderByNo(db: Db, orderNo: string): Promise<Order> {
  const order = await findOrderByNo(db, orderNo);
  if (!order) throw new OperatorError(`There is no order ${orderNo}`);
  return order;
}

interface OrderLine {
  order_no: string;
  status: string;
  placed_at: string;
  email: string;
  total: string;
  payment: string;
  reference: string | null;
  receipt: string | null;
  tracking: string | null;
}

/** Orders, newest first, optionally of one status. */
export async function listOrders(db: Db, opts: { status?: string; limit?: number } = {}): Promise<OrderLine[]> {
  const status = ORDER_STATUSES.find((known) => known === opts.status);
  if (opts.status && !status) {
    throw new OperatorError(`Unknown status "${opts.status}": use Pending, Paid, Processing, Completed or Cancelled`);
  }
  const rows = await repo.listOrders(db, { status, limit: opts.limit ?? 50 });
  return rows.map((o) => ({
    order_no: o.order_no,
    status: o.status,
    placed_at: o.placed_at,
    email: o.email,
    total: formatCents(o.total_cents),
    payment: o.payment_method,
    reference: o.payment_reference,
    receipt: o.receipt_path,
    tracking: o.tracking_number,
  }));
}

type OrderMove = (shop: Shop, actor: typeof CLI_ACTOR, orderId: number) => Promise<orderActions.ActionResult>;

/** The back office's order actions, with the command line as the actor (audited, on the order's timeline). */
async function act(shop: Shop, orderNo: string, action: OrderMove): Promise<{ order: Order; changed: boolean }> {
  const order = await orderByNo(shop.db, orderNo);
  return action(shop, CLI_ACTOR, order.id).catch(explain);
}

/** A bank transfer checked: Pending → Paid. */
export const confirmPayment = (shop: Shop, orderNo: string) => act(shop, orderNo, orderActions.confirmPayment);
/** Being packed: Paid → Processing. */
export const markProcessing = (shop: Shop, orderNo: string) => act(shop, orderNo, orderActions.markProcessing);
/** Delivered: Processing → Completed (earns the customer's cash reward, confirms commissions). */
export const completeOrder = (shop: Shop, orderNo: string) => act(shop, orderNo, orderActions.completeOrder);
/** Pending or Paid → Cancelled at any time (stock, coupon use and cash reward come back). */
export const cancelOrder = (shop: Shop, orderNo: string) => act(shop, orderNo, orderActions.cancelOrder);

export async function setOrderTracking(
  shop: Shop,
  orderNo: string,
  tracking: { company?: string; number?: string; link?: string },
): Promise<Order> {
  const { db } = shop;
  const company = tracking.company?.trim();
  const number = tracking.number?.trim();
  const link = tracking.link?.trim() || null;
  if (!company) throw new OperatorError('Give the shipping company: --company "…"');
  if (!number) throw new OperatorError('Give the tracking number: --number "…"');
  if (link && !isHttpLink(link)) throw new OperatorError(`The tracking link must be an http(s) URL, not "${link}"`);
  const order = await orderByNo(db, orderNo);
  const saved = await orderActions.saveTracking(shop, CLI_ACTOR, order.id, { company, number, link }).catch(explain);
  return saved.order;
}

/** Refuses the receipt waiting on a Pending bank-transfer order; the customer sees `reason` and may upload again. */
export async function rejectReceipt(shop: Shop, orderNo: string, reason: string | undefined): Promise<Order> {
  const { db } = shop;
  if (!reason?.trim()) throw new OperatorError('Give the reason the customer will see: --reason "…"');
  const order = await orderByNo(db, orderNo);
  return (await orderActions.rejectReceipt(shop, CLI_ACTOR, order.id, reason).catch(explain)).order;
}

/** Records money given back on a cancelled order that had been paid (`amount` in dollars, e.g. "12.50"). */
export async function recordRefund(
  shop: Shop,
  orderNo: string,
  input: { amount?: string; method?: string; reference?: string },
): Promise<{ order: Order; amount: string; owed: string }> {
  const { db } = shop;
  const cents = input.amount === undefined ? null : parseDollarsToCents(input.amount);
  if (cents === null || cents <= 0) {
    throw new OperatorError(
      `Give the amount in dollars, e.g. --amount 12.50${input.amount ? `, not "${input.amount}"` : ''}`,
    );
  }
  if (!input.method) throw new OperatorError('Give the method: --method bank_transfer|telegram|cash|other');
  if (!input.reference?.trim()) throw new OperatorError('Give the refund’s reference: --reference "…"');
  const order = await orderByNo(db, orderNo);
  const result = await orderActions
    .recordRefund(shop, CLI_ACTOR, order.id, { amount_cents: cents, method: input.method, reference: input.reference })
    .catch(explain);
  return { order: result.order, amount: formatCents(cents), owed: formatCents(result.refundableCents) };
}

/** An AppError of `key` as the operator's own message; any other refusal explained as usual. */
const refusedAs =
  (key: string, message: string) =>
  (err: unknown): never => {
    if (err instanceof AppError && err.key === key) throw new OperatorError(message);
    return explain(err);
  };

/**
 * Makes a user (by email) an agent, at a commission rate in basis points (default: the shop's setting); the back
 * office's make-agent with the command line as the actor (audited).
 */
export async function makeAgent(db: Db, email: string, rateBp?: number) {
  if (rateBp !== undefined && (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000)) {
    throw new OperatorError('--rate-bp must be a whole number from 0 to 10000 (1000 = 10%)');
  }
  const { agent, wasAgent } = await affiliates
    .makeAgent(db, CLI_ACTOR, email, rateBp)
    .catch(refusedAs('agentAccountNotFound', `There is no user with the email ${email}`));
  return { id: agent.user_id, email: agent.email, rateBp: agent.rate_bp, wasAgent };
}

/** Confirm (→ Pending Payment), hold (→ On Hold) or cancel (→ Canceled) a commission, as the back office does. */
export async function changeCommission(db: Db, commissionId: number, action: CommissionAction) {
  const row = await affiliates
    .changeCommissionStatus(db, CLI_ACTOR, commissionId, action)
    .catch(refusedAs('commissionNotFound', `There is no commission ${commissionId}`));
  return { id: commissionId, status: row.status };
}

export const confirmCommission = (db: Db, commissionId: number) => changeCommission(db, commissionId, 'confirm');

/** A payout request was paid (optionally with the bank reference): its covered commissions become Paid. */
export async function markPayoutPaid(db: Db, payoutId: number, reference?: string) {
  const { payout, commissionsPaid } = await affiliates
    .markPayoutPaid(db, CLI_ACTOR, payoutId, reference)
    .catch(refusedAs('payoutNotFound', `There is no payout request ${payoutId}`));
  return { id: payoutId, amount: formatCents(payout.amount_cents), commissionsPaid: commissionsPaid.length };
}

/** Rejects a payout request with the reason the agent sees; the amount can be requested again. */
export async function rejectPayout(db: Db, payoutId: number, reason: string | undefined) {
  if (!reason?.trim()) throw new OperatorError('Give the reason the agent will see: --reason "…"');
  const { payout } = await affiliates
    .rejectPayout(db, CLI_ACTOR, payoutId, reason)
    .catch(refusedAs('payoutNotFound', `There is no payout request ${payoutId}`));
  return { id: payoutId, amount: formatCents(payout.amount_cents) };
}

/** Commissions, newest first, optionally of one status and one agent (by e-mail). */
export async function listCommissions(db: Db, opts: { status?: string; agent?: string; limit?: number } = {}) {
  const status = COMMISSION_STATUSES.find((known) => known === opts.status);
  if (opts.status && !status) {
    throw new OperatorError(`Unknown commission status "${opts.status}": use ${COMMISSION_STATUSES.join(', ')}`);
  }
  const { commissions: rows } = await affiliates.listCommissions(db, {
    status,
    agent: opts.agent,
    limit: Math.min(opts.limit ?? 50, 100),
  });
  return rows.map((c) => ({
    id: c.id,
    status: c.status,
    agent: c.agent.email,
    order_no: c.order_no,
    downline: c.downline.email,
    amount: formatCents(c.amount_cents),
    rate: `${c.rate_bp / 100}%`,
    created_at: c.created_at,
  }));
}

/** Payout requests, newest first, optionally of one status, with the agent's bank details. */
export async function listPayouts(db: Db, opts: { status?: string; agent?: string; limit?: number } = {}) {
  const status = PAYOUT_STATUSES.find((known) => known === opts.status);
  if (opts.status && !status) {
    throw new OperatorError(`Unknown payout status "${opts.status}": use ${PAYOUT_STATUSES.join(', ')}`);
  }
  const { payouts: rows } = await affiliates.listPayouts(db, {
    status,
    agent: opts.agent,
    limit: Math.min(opts.limit ?? 50, 100),
  });
  return rows.map((p) => ({
    id: p.id,
    status: p.status,
    agent: p.agent.email,
    amount: formatCents(p.amount_cents),
    requested_at: p.requested_at,
    bank: [p.bank.bank_name, p.bank.bank_account_name, p.bank.bank_account_number].filter(Boolean).join(' / '),
    note: p.status === 'paid' ? (p.reference ?? '') : p.status === 'rejected' ? (p.reject_reason ?? '') : '',
  }));
}

interface SubscriptionLine {
  id: number;
  status: string;
  email: string;
  product: string;
  quantity: number;
  everyWeeks: number;
  /** The next renewal date (active subscriptions), or when it was cancelled. */
  nextDue: string;
  updatedAt: string;
}

/** Subscriptions: active ones by next delivery, soonest first; then cancelled ones, latest first. */
export async function listSubscriptions(
  db: Db,
  opts: { status?: string; limit?: number } = {},
): Promise<SubscriptionLine[]> {
  const status = SUBSCRIPTION_STATUSES.find((known) => known === opts.status);
  if (opts.status && !status) {
    throw new OperatorError(`Unknown subscription status "${opts.status}": use active or cancelled`);
  }
  const rows = await subscriptionAdmin.subscriptionsByNextDelivery(db, { status, limit: opts.limit ?? 50 });
  return rows.map((s) => ({
    id: s.id,
    status: s.status,
    email: s.email,
    product: `${s.product} (${s.packaging})`,
    quantity: s.quantity,
    everyWeeks: s.frequency_weeks,
    nextDue: s.next_due_at,
    updatedAt: s.updated_at,
  }));
}

/**
 * Stops a subscription (no more renewals); orders it already placed are left as they are. The back office's
 * cancel, with the command line as the actor (audited; see subscriptions/admin-service.ts for the renewal race).
 */
export async function cancelSubscription(db: Db, subscriptionId: number): Promise<{ id: number; changed: boolean }> {
  const { changed } = await subscriptionAdmin
    .cancelSubscription(db, CLI_ACTOR, subscriptionId)
    .catch(refusedAs('subscriptionNotFound', `There is no subscription ${subscriptionId}`));
  return { id: subscriptionId, changed };
}

/**
 * Cancels now the orders left unpaid past the unpaid-order hours (what the server does every minute); answers their
 * numbers and the hours that applied (the back office's setting once set, else UNPAID_ORDER_HOURS).
 */
export async function expireUnpaidOrders(shop: Shop): Promise<{ cancelled: string[]; hours: number }> {
  const { db, config } = shop;
  const hours = await unpaidOrderHours(db, config);
  if (hours <= 0) {
    throw new OperatorError(
      'Unpaid-order hours are 0 (Settings in the back office, or UNPAID_ORDER_HOURS is 0 while that is unset): unpaid orders are kept until you cancel them',
    );
  }
  const report = await cancelUnpaidOrders(shop);
  if (report.errors.length) {
    throw new OperatorError(`Could not cancel order ids ${report.errors.join(', ')}; run the command again`);
  }
  const orderNos = (await repo.orderNos(db, report.cancelled)).sort();
  // Each cancel is on its order's timeline (actor "system"); the command that asked for them is audited once.
  if (orderNos.length) {
    await recordAudit(db, CLI_ACTOR, {
      action: 'order.expire_unpaid',
      entity: 'order',
      after: { cancelled: orderNos },
    });
  }
  return { cancelled: orderNos, hours };
}

/** Makes an existing account staff (or changes its role): how the first owner is made. */
export async function addStaff(db: Db, email: string, role: string | undefined) {
  if (!role) throw new OperatorError('Give the role: --role owner|manager|fulfilment');
  return staff.addStaff(db, CLI_ACTOR, email, role).catch(explain);
}

/** Takes an account off the staff (refused for the last owner). */
export async function removeStaff(db: Db, email: string): Promise<void> {
  const userId = await staff.userIdByEmail(db, email).catch(explain);
  await staff.removeStaff(db, CLI_ACTOR, userId).catch(explain);
}

/** "Adjust stock" from the command line (audited as the command line): a signed change such as +5 or -3, a reason. */
export async function adjustStock(
  shop: Shop,
  packagingId: number,
  change: string | undefined,
  reason: string | undefined,
) {
  const delta = change === undefined ? null : parseStockChange(change);
  if (delta === null) {
    throw new OperatorError(
      `The change must be a whole number such as +5 or -3, not 0, at most ${MAX_STOCK_CHANGE} either way (got "${change ?? ''}")`,
    );
  }
  if (!reason?.trim()) throw new OperatorError('Give the reason for the change: --reason "…"');
  const { stock } = await stockService.adjustStock(shop, CLI_ACTOR, { packagingId, delta, reason }).catch(explain);
  return { delta, stock, message: formatAnyMessage('en', 'stockAdjusted', { delta: formatStockChange(delta), stock }) };
}
