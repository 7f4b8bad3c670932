import type { CommissionStatus } from '../../common/contract/referral';
import type { Db } from '../db/connection';

// The SQL of commissions and payouts as orders and the operator change them (commission-service.ts).
// Every function takes the database or a transaction (a Transaction is a Db).

/**
 * The agent a buyer's order may earn a commission for: the buyer's upline (`uplineId` when the caller read it already),
 * with its agent flag and rate.
 */
export async function findUplineAgent(db: Db, buyerId: number, uplineId?: number) {
  const upline =
    uplineId ??
    (await db.selectFrom('users').select('upline_id').where('id', '=', buyerId).executeTakeFirst())?.upline_id;
  if (!upline) return undefined;
  return db
    .selectFrom('users')
    .select(['id', 'is_agent', 'commission_rate_bp'])
    .where('id', '=', upline)
    .executeTakeFirst();
}

/** Stores a commission unless the order already has one for the agent; answers whether it was stored. */
export async function insertCommission(
  db: Db,
  values: {
    agent_id: number;
    order_id: number;
    downline_id: number;
    amount_cents: number;
    rate_bp: number;
    status: CommissionStatus;
    hold_reason: string | null;
  },
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('commissions')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['order_id', 'agent_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Moves commissions in one of the `from` statuses to `to` (a conditional update), picked by id or by order;
 * answers how many moved.
 */
export async function moveCommissions(
  db: Db,
  which: { id: number } | { orderId: number },
  from: readonly CommissionStatus[],
  to: CommissionStatus,
  now: string,
): Promise<number> {
  const update = db.updateTable('commissions').set({ status: to, updated_at: now });
  const picked = 'id' in which ? update.where('id', '=', which.id) : update.where('order_id', '=', which.orderId);
  const result = await picked.where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An order's commissions in `status`, with whom each is between. */
export async function orderCommissionsIn(db: Db, orderId: number, status: CommissionStatus) {
  return db
    .selectFrom('commissions')
    .select(['id', 'agent_id', 'downline_id'])
    .where('order_id', '=', orderId)
    .where('status', '=', status)
    .execute();
}

/** Puts one commission On Hold with the reason, while it is still in `from`; answers whether it moved. */
export async function holdCommission(
  db: Db,
  id: number,
  from: CommissionStatus,
  holdReason: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('commissions')
    .set({ status: 'On Hold', hold_reason: holdReason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the agent has been paid out (paid requests) and what of it went to commissions marked Paid. */
export async function payoutTotals(db: Db, agentId: number): Promise<{ paidOut: number; commissionsPaid: number }> {
  const sums = await db
    .selectFrom('payout_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('agent_id', '=', agentId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  const alreadyPaid = await db
    .selectFrom('commissions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('agent_id', '=', agentId)
    .where('status', '=', 'Paid')
    .executeTakeFirstOrThrow();
  return { paidOut: Number(sums.total), commissionsPaid: Number(alreadyPaid.total) };
}

/** The agent's confirmed (Pending Payment) commissions, oldest first. */
export async function payableCommissions(db: Db, agentId: number) {
  return db
    .selectFrom('commissions')
    .select(['id', 'amount_cents'])
    .where('agent_id', '=', agentId)
    .where('status', '=', 'Pending Payment')
    .orderBy('id')
    .execute();
}
