import { holdReasonText } from '../../common/referral-signals';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { nowIso } from '../lib/time';
import * as repo from './commission-repository';
import { OPEN_STATUSES } from './repository';
import { sharedSignals } from './signals';

/**
 * Commissions follow the order (docs/decisions/012). The orders code calls, inside its own transaction:
 * - `recordCommissionForOrder(trx, order)` when an order is placed: the buyer's upline, if an agent,
 *   earns its rate on the goods value, status 'Not Confirm';
 * - `cancelCommissionsForOrder(trx, orderId)` when it is cancelled: every unpaid commission of the
 *   order becomes 'Canceled'.
 * - `confirmCommissionsForOrder(trx, orderId)` when it completes: 'Not Confirm' → 'Pending Payment'.
 * Staff (back office and command line) confirm, hold and cancel single commissions and decide payout
 * requests through admin-service.ts, audited.
 */

type OrderForCommission = Pick<Order, 'id' | 'user_id' | 'subtotal_cents' | 'coupon_discount_cents'>;

/** The value a commission rate applies to: the goods after the coupon, without delivery. */
export function commissionBase(order: Pick<Order, 'subtotal_cents' | 'coupon_discount_cents'>): number {
  return Math.max(0, order.subtotal_cents - order.coupon_discount_cents);
}

/** `rateBp` basis points of `baseCents`, rounded half up to a whole cent (integer arithmetic). */
export function commissionAmount(baseCents: number, rateBp: number): number {
  if (!Number.isSafeInteger(baseCents) || baseCents < 0)
    throw new RangeError(`commissionAmount: bad base ${baseCents}`);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10_000) {
    throw new RangeError(`commissionAmount: bad rate ${rateBp}`);
  }
  return Math.floor((baseCents * rateBp + 5_000) / 10_000);
}

/**
 * Records the commission an order earns its buyer's upline, when that upline is an agent. Idempotent
 * (one commission per order and agent). Returns what was recorded, or null when nothing is due. `uplineId`: the upline
 * as placing the order locked it (orders/repository.ts `lockCustomer`), else the buyer's upline is read here.
 */
export async function recordCommissionForOrder(
  trx: Db,
  order: OrderForCommission,
  uplineId?: number,
): Promise<{ agentId: number; amountCents: number; rateBp: number } | null> {
  const agent = await repo.findUplineAgent(trx, order.user_id, uplineId);
  if (agent?.is_agent !== 1) return null;
  const amountCents = commissionAmount(commissionBase(order), agent.commission_rate_bp);
  if (amountCents <= 0) return null;
  const holdReason = holdReasonText(await sharedSignals(trx, agent.id, order.user_id));
  const stored = await repo.insertCommission(
    trx,
    {
      agent_id: agent.id,
      order_id: order.id,
      downline_id: order.user_id,
      amount_cents: amountCents,
      rate_bp: agent.commission_rate_bp,
      status: holdReason ? 'On Hold' : 'Not Confirm',
      hold_reason: holdReason,
    },
    nowIso(),
  );
  if (!stored) return null;
  return { agentId: agent.id, amountCents, rateBp: agent.commission_rate_bp };
}

/** A cancelled order cancels its commissions that are not paid yet; returns how many. */
export async function cancelCommissionsForOrder(trx: Db, orderId: number): Promise<number> {
  return repo.moveCommissions(trx, { orderId }, OPEN_STATUSES, 'Canceled', nowIso());
}

/**
 * A completed order confirms its commissions that are 'Not Confirm' ('Pending Payment' = confirmed, payable);
 * returns how many. One that staff put 'On Hold' stays held until staff confirm it (admin-service.ts). The agent and
 * the buyer are compared again first (a receipt or an address may have come since the order was placed): a
 * commission between two accounts that share a signal goes On Hold instead, with the reason (docs/decisions/032).
 */
export async function confirmCommissionsForOrder(db: Db, orderId: number): Promise<number> {
  const now = nowIso();
  let confirmed = 0;
  for (const c of await repo.orderCommissionsIn(db, orderId, 'Not Confirm')) {
    const holdReason = holdReasonText(await sharedSignals(db, c.agent_id, c.downline_id));
    if (holdReason) await repo.holdCommission(db, c.id, 'Not Confirm', holdReason, now);
    else confirmed += await repo.moveCommissions(db, { id: c.id }, ['Not Confirm'], 'Pending Payment', now);
  }
  return confirmed;
}

/**
 * After a payout is marked paid (inside that transaction, the agent's row locked): marks the agent's confirmed
 * commissions 'Paid', oldest first, as far as everything paid out so far covers them. Answers the ids it marked.
 */
export async function payCoveredCommissions(trx: Db, agentId: number, now: string): Promise<number[]> {
  const totals = await repo.payoutTotals(trx, agentId);
  let budget = totals.paidOut - totals.commissionsPaid;
  const paid: number[] = [];
  for (const c of await repo.payableCommissions(trx, agentId)) {
    if (c.amount_cents > budget) break;
    if (await repo.moveCommissions(trx, { id: c.id }, ['Pending Payment'], 'Paid', now)) {
      budget -= c.amount_cents;
      paid.push(c.id);
    }
  }
  return paid;
}
