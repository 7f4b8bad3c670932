import { sql } from 'kysely';
import type { CommissionStatus, PayoutStatus } from '../../common/contract/referral';
import type { Db } from '../db/connection';
import { newestBelow } from '../db/keyset';
import { containsPattern, lowerLike } from '../db/search';

// The SQL of the back office's Affiliates screen (admin-service.ts); the referral award's is award-repository.ts.
// Every function takes the database or a transaction.

const n = (v: unknown): number => Number(v ?? 0);

/** What the Affiliates screen shows of an agent's account. */
const AGENT_COLUMNS = ['id', 'email', 'nickname', 'is_agent', 'commission_rate_bp'] as const;

export async function setAgent(db: Db, userId: number, values: { isAgent: boolean; rateBp: number }, now: string) {
  await db
    .updateTable('users')
    .set({ is_agent: values.isAgent ? 1 : 0, commission_rate_bp: values.rateBp, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

// ---------------------------------------------------------------------------
// Agents
// ---------------------------------------------------------------------------

/** Agents and former agents that still have commissions, newest account first (keyset on id). */
export async function listAgents(db: Db, opts: { q?: string; beforeId?: number; limit: number }) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  return db
    .selectFrom('users')
    .select(AGENT_COLUMNS)
    .where((eb) =>
      eb.or([
        eb('is_agent', '=', 1),
        eb.exists(eb.selectFrom('commissions as c').select('c.id').whereRef('c.agent_id', '=', 'users.id')),
      ]),
    )
    .$if(pattern !== undefined, (q) =>
      q.where((eb) => eb.or([lowerLike('email', pattern!), lowerLike('nickname', pattern!)])),
    )
    .$call(newestBelow('id', opts.beforeId, opts.limit))
    .execute();
}

export async function findAgentRow(db: Db, userId: number) {
  return db.selectFrom('users').select(AGENT_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

/** Sums of commissions per agent and status. */
export async function commissionSumsOf(db: Db, agentIds: number[]) {
  if (!agentIds.length) return [];
  const rows = await db
    .selectFrom('commissions')
    .select(['agent_id', 'status', sql<number>`coalesce(sum(amount_cents), 0)`.as('total')])
    .where('agent_id', 'in', agentIds)
    .groupBy(['agent_id', 'status'])
    .execute();
  return rows.map((r) => ({ agentId: r.agent_id, status: r.status, total: n(r.total) }));
}

/** Sums of payout requests per agent and status. */
export async function payoutSumsOf(db: Db, agentIds: number[]) {
  if (!agentIds.length) return [];
  const rows = await db
    .selectFrom('payout_requests')
    .select(['agent_id', 'status', sql<number>`coalesce(sum(amount_cents), 0)`.as('total')])
    .where('agent_id', 'in', agentIds)
    .groupBy(['agent_id', 'status'])
    .execute();
  return rows.map((r) => ({ agentId: r.agent_id, status: r.status, total: n(r.total) }));
}

/** How many downlines (referred members) each agent has. */
export async function downlineCountsOf(db: Db, agentIds: number[]): Promise<Map<number, number>> {
  if (!agentIds.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['upline_id', sql<number>`count(*)`.as('total')])
    .where('upline_id', 'in', agentIds)
    .groupBy('upline_id')
    .execute();
  return new Map(rows.map((r) => [r.upline_id!, n(r.total)]));
}

// ---------------------------------------------------------------------------
// Commissions
// ---------------------------------------------------------------------------

function commissionQuery(db: Db) {
  return db
    .selectFrom('commissions')
    .innerJoin('orders', 'orders.id', 'commissions.order_id')
    .innerJoin('users as agent', 'agent.id', 'commissions.agent_id')
    .innerJoin('users as downline', 'downline.id', 'commissions.downline_id')
    .select([
      'commissions.id',
      'commissions.agent_id',
      'agent.email as agent_email',
      'agent.nickname as agent_nickname',
      'orders.order_no',
      'commissions.downline_id',
      'downline.email as downline_email',
      'downline.nickname as downline_nickname',
      sql<number>`orders.subtotal_cents - orders.coupon_discount_cents`.as('base_cents'),
      'commissions.amount_cents',
      'commissions.rate_bp',
      'commissions.status',
      'commissions.hold_reason',
      'commissions.created_at',
      'commissions.updated_at',
    ]);
}
export type CommissionListRow = NonNullable<Awaited<ReturnType<typeof findCommission>>>;

export async function listCommissions(
  db: Db,
  opts: { status?: CommissionStatus; agentId?: number; beforeId?: number; limit: number },
) {
  return commissionQuery(db)
    .$if(opts.status !== undefined, (q) => q.where('commissions.status', '=', opts.status!))
    .$if(opts.agentId !== undefined, (q) => q.where('commissions.agent_id', '=', opts.agentId!))
    .$call(newestBelow('commissions.id', opts.beforeId, opts.limit))
    .execute();
}

export async function findCommission(db: Db, commissionId: number) {
  return commissionQuery(db).where('commissions.id', '=', commissionId).executeTakeFirst();
}

// ---------------------------------------------------------------------------
// Payout requests
// ---------------------------------------------------------------------------

function payoutQuery(db: Db) {
  return db
    .selectFrom('payout_requests')
    .innerJoin('users as agent', 'agent.id', 'payout_requests.agent_id')
    .leftJoin('users as decider', 'decider.id', 'payout_requests.decided_by')
    .select([
      'payout_requests.id',
      'payout_requests.agent_id',
      'agent.email as agent_email',
      'agent.nickname as agent_nickname',
      // The account the agent asked for, kept with the request, and the agent's account now (docs/decisions/031).
      'payout_requests.bank_name',
      'payout_requests.bank_account_name',
      'payout_requests.bank_account_number',
      'agent.bank_name as agent_bank_name',
      'agent.bank_account_name as agent_bank_account_name',
      'agent.bank_account_number as agent_bank_account_number',
      'agent.bank_changed_at',
      'payout_requests.amount_cents',
      'payout_requests.status',
      'payout_requests.requested_at',
      'payout_requests.paid_at',
      'payout_requests.decided_at',
      'decider.email as decided_by_email',
      'payout_requests.reference',
      'payout_requests.reject_reason',
    ]);
}
export type PayoutListRow = NonNullable<Awaited<ReturnType<typeof findPayout>>>;

export async function listPayouts(
  db: Db,
  opts: { status?: PayoutStatus; agentId?: number; beforeId?: number; limit: number },
) {
  return payoutQuery(db)
    .$if(opts.status !== undefined, (q) => q.where('payout_requests.status', '=', opts.status!))
    .$if(opts.agentId !== undefined, (q) => q.where('payout_requests.agent_id', '=', opts.agentId!))
    .$call(newestBelow('payout_requests.id', opts.beforeId, opts.limit))
    .execute();
}

export async function findPayout(db: Db, payoutId: number) {
  return payoutQuery(db).where('payout_requests.id', '=', payoutId).executeTakeFirst();
}

/**
 * Decides a payout request that is still 'requested' (a conditional update: of two decisions at once, one
 * wins); answers whether this call decided it.
 */
export async function decidePayout(
  db: Db,
  payoutId: number,
  decision:
    | { status: 'paid'; reference: string | null; by: number | null; now: string }
    | { status: 'rejected'; reason: string; by: number | null; now: string },
): Promise<boolean> {
  const values =
    decision.status === 'paid'
      ? { status: 'paid' as const, paid_at: decision.now, reference: decision.reference }
      : { status: 'rejected' as const, reject_reason: decision.reason };
  const result = await db
    .updateTable('payout_requests')
    .set({ ...values, decided_at: decision.now, decided_by: decision.by })
    .where('id', '=', payoutId)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return n(result.numUpdatedRows) > 0;
}
