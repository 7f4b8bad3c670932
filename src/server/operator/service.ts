import { ORDER_STATUSES, type OrderStatus } from '../../common/checkout-rules';
import { SUBSCRIPTION_STATUSES } from '../../common/contract/subscriptions';
import { formatAnyMessage } from '../../common/i18n/admin-messages';
import { formatCents } from '../../common/money';
import { CLI_ACTOR } from '../audit/actor';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { AppError } from '../lib/errors';
import { cancelUnpaidOrders } from '../orders/expiry';
import * as orders from '../orders/repository';
import { changeOrderStatus, setTracking } from '../orders/status';
import * as commissions from '../referral/commission-service';
import * as staff from '../staff/service';
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
  const order = await orders.findOrderByNo(db, orderNo);
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

async function moveTo(db: Db, orderNo: string, to: OrderStatus): Promise<{ order: Order; changed: boolean }> {
  const order = await orderByNo(db, orderNo);
  return changeOrderStatus(db, order.id, to, { kind: 'operator' }).catch(explain);
}

/** A bank transfer checked: Pending → Paid. */
export const confirmPayment = (db: Db, orderNo: string) => moveTo(db, orderNo, 'Paid');
/** Being packed: Paid → Processing. */
export const markProcessing = (db: Db, orderNo: string) => moveTo(db, orderNo, 'Processing');
/** Delivered: Processing → Completed (earns the customer's cash reward, confirms commissions). */
export const completeOrder = (db: Db, orderNo: string) => moveTo(db, orderNo, 'Completed');
/** Pending or Paid → Cancelled at any time (stock, coupon use and cash reward come back). */
export const cancelOrder = (db: Db, orderNo: string) => moveTo(db, orderNo, 'Cancelled');

export async function setOrderTracking(
  db: Db,
  orderNo: string,
  tracking: { company?: string; number?: string; link?: string },
): Promise<Order> {
  const company = tracking.company?.trim();
  const number = tracking.number?.trim();
  const link = tracking.link?.trim() || null;
  if (!company) throw new OperatorError('Give the shipping company: --company "…"');
  if (!number) throw new OperatorError('Give the tracking number: --number "…"');
  if (link) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(link).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw new OperatorError(`The tracking link must be an http(s) URL, not "${link}"`);
  }
  const order = await orderByNo(db, orderNo);
  return setTracking(db, order.id, { company, number, link }).catch(explain);
}

/** Makes a user (by email) an agent, at a commission rate in basis points (default: the shop's setting). */
export async function makeAgent(db: Db, email: string, rateBp?: number) {
  if (rateBp !== undefined && (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000)) {
    throw new OperatorError('--rate-bp must be a whole number from 0 to 10000 (1000 = 10%)');
  }
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new OperatorError(`There is no user with the email ${email}`);
  let rate = rateBp;
  if (rate === undefined) {
    const setting = await repo.defaultCommissionRateSetting(db);
    const n = Number(setting);
    rate = Number.isInteger(n) && n >= 0 && n <= 10_000 ? n : user.commission_rate_bp;
  }
  await repo.makeAgent(db, user.id, rate);
  return { id: user.id, email: user.email, rateBp: rate, wasAgent: user.is_agent === 1 };
}

export async function confirmCommission(db: Db, commissionId: number) {
  const row = await repo.findCommission(db, commissionId);
  if (!row) throw new OperatorError(`There is no commission ${commissionId}`);
  if (!(await commissions.confirmCommission(db, commissionId))) {
    throw new OperatorError(
      `Commission ${commissionId} is ${row.status}: only Not Confirm or On Hold can be confirmed`,
    );
  }
  return { id: commissionId, status: 'Pending Payment' };
}

export async function markPayoutPaid(db: Db, payoutId: number) {
  const row = await repo.findPayoutRequest(db, payoutId);
  if (!row) throw new OperatorError(`There is no payout request ${payoutId}`);
  if (row.paid_at) throw new OperatorError(`Payout request ${payoutId} was already paid on ${row.paid_at}`);
  if (!(await commissions.markPayoutPaid(db, payoutId)))
    throw new OperatorError(`Payout request ${payoutId} was already paid`);
  return { id: payoutId, amount: formatCents(row.amount_cents) };
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
  const rows = await repo.listSubscriptions(db, { status, limit: opts.limit ?? 50 });
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

/** Stops a subscription (no more renewals); orders it already placed are left as they are. */
export async function cancelSubscription(db: Db, subscriptionId: number): Promise<{ id: number; changed: boolean }> {
  const row = await repo.findSubscription(db, subscriptionId);
  if (!row) throw new OperatorError(`There is no subscription ${subscriptionId}`);
  return { id: subscriptionId, changed: await repo.cancelSubscription(db, subscriptionId) };
}

/** Cancels now the orders left unpaid past `UNPAID_ORDER_HOURS` (what the server does every minute). */
export async function expireUnpaidOrders(db: Db, config: Pick<Config, 'UNPAID_ORDER_HOURS'>): Promise<string[]> {
  if (config.UNPAID_ORDER_HOURS <= 0) {
    throw new OperatorError('UNPAID_ORDER_HOURS is 0: unpaid orders are kept until you cancel them');
  }
  const report = await cancelUnpaidOrders(db, config);
  if (report.errors.length) {
    throw new OperatorError(`Could not cancel order ids ${report.errors.join(', ')}; run the command again`);
  }
  return (await repo.orderNos(db, report.cancelled)).sort();
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
