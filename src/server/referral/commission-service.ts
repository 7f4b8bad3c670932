import type { CommissionStatus } from '../../common/contract/referral';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { nowIso } from '../lib/time';
import * as repo from './commission-repository';
import { lockUser, OPEN_STATUSES } from './repository';

/**
 * Commissions follow the order (docs/decisions/012). The orders code calls, inside its own transaction:
 * - `recordCommissionForOrder(trx, order)` when an order is placed: the buyer's upline, if an agent,
 *   earns its rate on the goods value, status 'Not Confirm';
 * - `cancelCommissionsForOrder(trx, orderId)` when it is cancelled: every unpaid commission of the
 *   order becomes 'Canceled'.
 * The operator's command line calls `confirmCommission` / `confirmCommissionsForOrder` ('Pending
 * Payment' = confirmed, payable), `holdCommission` ('On Hold') and `markPayoutPaid`.
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
 * (one commission per order and agent). Returns what was recorded, or null when nothing is due.
 */
export async function recordCommissionForOrder(
  trx: Db,
  order: OrderForCommission,
): Promise<{ agentId: number; amountCents: number; rateBp: number } | null> {
  const agent = await repo.findUplineAgent(trx, order.user_id);
  if (agent?.is_agent !== 1) return null;
  const amountCents = commissionAmount(commissionBase(order), agent.commission_rate_bp);
  if (amountCents <= 0) return null;
  const stored = await repo.insertCommission(
    trx,
    {
      agent_id: agent.id,
      order_id: order.id,
      downline_id: order.user_id,
      amount_cents: amountCents,
      rate_bp: agent.commission_rate_bp,
    },
    nowIso(),
  );
  if (!stored) return null;
  return { agentId: agent.id, amountCents, rateBp: agent.commission_rate_bp };
}

/** Commissions a confirmation applies to: not confirmed yet, or on hold. */
const CONFIRMABLE: CommissionStatus[] = ['Not Confirm', 'On Hold'];

/** A cancelled order cancels its commissions that are not paid yet; returns how many. */
export async function cancelCommissionsForOrder(trx: Db, orderId: number): Promise<number> {
  return repo.moveCommissions(trx, { orderId }, OPEN_STATUSES, 'Canceled', nowIso());
}

/** Operator: confirms a commission ('Not Confirm' or 'On Hold' → 'Pending Payment'); false if it was not open. */
export async function confirmCommission(db: Db, commissionId: number): Promise<boolean> {
  return (await repo.moveCommissions(db, { id: commissionId }, CONFIRMABLE, 'Pending Payment', nowIso())) > 0;
}

/** Operator: confirms every open commission of an order (e.g. when it completes); returns how many. */
export async function confirmCommissionsForOrder(db: Db, orderId: number): Promise<number> {
  return repo.moveCommissions(db, { orderId }, CONFIRMABLE, 'Pending Payment', nowIso());
}

/** Operator: puts an unconfirmed commission on hold ('Not Confirm' → 'On Hold'). */
export async function holdCommission(db: Db, commissionId: number): Promise<boolean> {
  return (await repo.moveCommissions(db, { id: commissionId }, ['Not Confirm'], 'On Hold', nowIso())) > 0;
}

/**
 * Operator: marks a payout request paid, then marks the agent's confirmed commissions 'Paid', oldest
 * first, as far as everything paid out so far covers them. False when the request is unknown or paid.
 */
export async function markPayoutPaid(db: Db, payoutId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const payout = await repo.findPayoutRequest(trx, payoutId);
    if (!payout || payout.paid_at) return false;
    await lockUser(trx, payout.agent_id);
    const now = nowIso();
    if (!(await repo.markPayoutRequestPaid(trx, payoutId, now))) return false;

    const totals = await repo.payoutTotals(trx, payout.agent_id);
    let budget = totals.paidOut - totals.commissionsPaid;
    for (const c of await repo.payableCommissions(trx, payout.agent_id)) {
      if (c.amount_cents > budget) break;
      await repo.moveCommissions(trx, { id: c.id }, ['Pending Payment'], 'Paid', now);
      budget -= c.amount_cents;
    }
    return true;
  });
}
