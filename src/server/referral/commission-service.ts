import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { nowIso } from '../lib/time';
import { lockUser, OPEN_STATUSES } from './repository';

/**
 * Commissions follow the order (decisions.md §7). The orders code calls, inside its own transaction:
 * - `recordCommissionForOrder(trx, order)` when an order is placed: the buyer's upline, if an agent,
 *   earns its rate on the goods value, status 'Not Confirm';
 * - `cancelCommissionsForOrder(trx, orderId)` when it is cancelled: every unpaid commission of the
 *   order becomes 'Canceled'.
 * The operator's command line calls `confirmCommission` / `confirmCommissionsForOrder` ('Pending
 * Payment' = confirmed, payable), `holdCommission` ('On Hold') and `markPayoutPaid`.
 */

export type OrderForCommission = Pick<Order, 'id' | 'user_id' | 'subtotal_cents' | 'coupon_discount_cents'>;

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
  const buyer = await trx.selectFrom('users').select('upline_id').where('id', '=', order.user_id).executeTakeFirst();
  if (!buyer?.upline_id) return null;
  const agent = await trx
    .selectFrom('users')
    .select(['id', 'is_agent', 'commission_rate_bp'])
    .where('id', '=', buyer.upline_id)
    .executeTakeFirst();
  if (agent?.is_agent !== 1) return null;
  const amountCents = commissionAmount(commissionBase(order), agent.commission_rate_bp);
  if (amountCents <= 0) return null;
  const now = nowIso();
  const result = await trx
    .insertInto('commissions')
    .values({
      agent_id: agent.id,
      order_id: order.id,
      downline_id: order.user_id,
      amount_cents: amountCents,
      rate_bp: agent.commission_rate_bp,
      status: 'Not Confirm',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['order_id', 'agent_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  return { agentId: agent.id, amountCents, rateBp: agent.commission_rate_bp };
}

/** A cancelled order cancels its commissions that are not paid yet; returns how many. */
export async function cancelCommissionsForOrder(trx: Db, orderId: number): Promise<number> {
  const result = await trx
    .updateTable('commissions')
    .set({ status: 'Canceled', updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Operator: confirms a commission ('Not Confirm' or 'On Hold' → 'Pending Payment'); false if it was not open. */
export async function confirmCommission(db: Db, commissionId: number): Promise<boolean> {
  const result = await db
    .updateTable('commissions')
    .set({ status: 'Pending Payment', updated_at: nowIso() })
    .where('id', '=', commissionId)
    .where('status', 'in', ['Not Confirm', 'On Hold'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Operator: confirms every open commission of an order (e.g. when it completes); returns how many. */
export async function confirmCommissionsForOrder(db: Db, orderId: number): Promise<number> {
  const result = await db
    .updateTable('commissions')
    .set({ status: 'Pending Payment', updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['Not Confirm', 'On Hold'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Operator: puts an unconfirmed commission on hold ('Not Confirm' → 'On Hold'). */
export async function holdCommission(db: Db, commissionId: number): Promise<boolean> {
  const result = await db
    .updateTable('commissions')
    .set({ status: 'On Hold', updated_at: nowIso() })
    .where('id', '=', commissionId)
    .where('status', '=', 'Not Confirm')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Operator: marks a payout request paid, then marks the agent's confirmed commissions 'Paid', oldest
 * first, as far as everything paid out so far covers them. False when the request is unknown or paid.
 */
export async function markPayoutPaid(db: Db, payoutId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const payout = await trx
      .selectFrom('payout_requests')
      .select(['id', 'agent_id', 'paid_at'])
      .where('id', '=', payoutId)
      .executeTakeFirst();
    if (!payout || payout.paid_at) return false;
    await lockUser(trx, payout.agent_id);
    const now = nowIso();
    const marked = await trx
      .updateTable('payout_requests')
      .set({ paid_at: now })
      .where('id', '=', payoutId)
      .where('paid_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;

    const sums = await trx
      .selectFrom('payout_requests')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
      .where('agent_id', '=', payout.agent_id)
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const alreadyPaid = await trx
      .selectFrom('commissions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
      .where('agent_id', '=', payout.agent_id)
      .where('status', '=', 'Paid')
      .executeTakeFirstOrThrow();
    let budget = Number(sums.total) - Number(alreadyPaid.total);
    const payable = await trx
      .selectFrom('commissions')
      .select(['id', 'amount_cents'])
      .where('agent_id', '=', payout.agent_id)
      .where('status', '=', 'Pending Payment')
      .orderBy('id')
      .execute();
    for (const c of payable) {
      if (c.amount_cents > budget) break;
      await trx
        .updateTable('commissions')
        .set({ status: 'Paid', updated_at: now })
        .where('id', '=', c.id)
        .where('status', '=', 'Pending Payment')
        .execute();
      budget -= c.amount_cents;
    }
    return true;
  });
}
