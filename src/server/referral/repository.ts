import { type Kysely, sql } from 'kysely';
import type { CommissionStatus } from '../../common/contract/referral';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import { newestBelow } from '../db/keyset';

// All SQL of the referral and affiliate programmes. Every function takes a Db or a transaction.

/** Commission statuses that count as confirmed by the operator (payable or paid). */
export const CONFIRMED_STATUSES: CommissionStatus[] = ['Pending Payment', 'Paid'];
/** Commission statuses still waiting to be paid (not cancelled, not paid). */
export const OPEN_STATUSES: CommissionStatus[] = ['Not Confirm', 'On Hold', 'Pending Payment'];

const n = (v: unknown): number => Number(v ?? 0);
const bool = (v: unknown): boolean => v === true || Number(v) === 1;

export async function findUserByCode(db: Db, code: string) {
  return db
    .selectFrom('users')
    .select(['id', 'referral_code', 'is_agent'])
    .where('referral_code', '=', code)
    .executeTakeFirst();
}

export async function findUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'referral_code',
      'is_agent',
      'commission_rate_bp',
      'upline_id',
      'bank_name',
      'bank_account_name',
      'bank_account_number',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Locks a user's row until the transaction ends (PostgreSQL `for update`; SQLite runs one transaction
 * at a time anyway), so money checks and staff changes of one agent run one after another.
 */
export async function lockUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'nickname',
      'is_agent',
      'commission_rate_bp',
      'bank_name',
      'bank_account_name',
      'bank_account_number',
    ])
    .where('id', '=', id)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forUpdate())
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------
// Visits
// ---------------------------------------------------------------------------

/** Inserts a visit unless this visitor already visited this owner's links today; true when inserted. */
/** Whether the owner has a visit under this visitor key (any day): the unique index's (referrer_id, visitor_key) prefix. */
export async function isKnownVisitor(db: Db, referrerId: number, visitorKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('referral_visits')
    .select('id')
    .where('referrer_id', '=', referrerId)
    .where('visitor_key', '=', visitorKey)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertVisit(
  db: Db,
  row: { referrer_id: number; link: string; origin: string; visitor_key: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('referral_visits')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return n(result.numInsertedOrUpdatedRows) > 0;
}

/** Marks this visitor's latest unconverted visit of the referrer as converted by `userId`; true when one was. */
export async function convertLatestVisit(
  db: Db,
  referrerId: number,
  visitorKey: string,
  userId: number,
  at: string,
): Promise<boolean> {
  const visit = await db
    .selectFrom('referral_visits')
    .select('id')
    .where('referrer_id', '=', referrerId)
    .where('visitor_key', '=', visitorKey)
    .where('converted', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!visit) return false;
  const result = await db
    .updateTable('referral_visits')
    .set({ converted: 1, converted_at: at, converted_user_id: userId })
    .where('id', '=', visit.id)
    .where('converted', '=', 0)
    .executeTakeFirst();
  return n(result.numUpdatedRows) > 0;
}

/** A visit that converted at once (registration through a code with no recorded visit). */
export async function insertConvertedVisit(
  db: Db,
  row: { referrer_id: number; link: string; origin: string; user_id: number; at: string },
): Promise<void> {
  await db
    .insertInto('referral_visits')
    .values({
      referrer_id: row.referrer_id,
      link: row.link,
      origin: row.origin,
      visitor_key: null,
      converted: 1,
      converted_at: row.at,
      converted_user_id: row.user_id,
      created_at: row.at,
    })
    .execute();
}

export async function visitTotals(db: Db, referrerId: number) {
  const row = await db
    .selectFrom('referral_visits')
    .select([
      sql<number>`count(*)`.as('visits'),
      sql<number>`coalesce(sum(case when converted = 1 then 1 else 0 end), 0)`.as('conversions'),
    ])
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return { visits: n(row.visits), conversions: n(row.conversions) };
}

export async function listVisits(db: Db, referrerId: number, beforeId: number | undefined, limit: number) {
  const rows = await db
    .selectFrom('referral_visits')
    .select(['id', 'link', 'origin', 'converted', 'converted_at', 'created_at'])
    .where('referrer_id', '=', referrerId)
    .$call(newestBelow('id', beforeId, limit))
    .execute();
  return rows.map((r) => ({ ...r, converted: bool(r.converted) }));
}

// ---------------------------------------------------------------------------
// Members / downlines
// ---------------------------------------------------------------------------

const completedOrder = sql<boolean>`exists (select 1 from orders o where o.user_id = users.id and o.status = 'Completed')`;

export async function listMembers(db: Db, uplineId: number, beforeId: number | undefined, limit: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nickname', 'created_at', 'joined_via', 'remark', completedOrder.as('active')])
    .where('upline_id', '=', uplineId)
    .$call(newestBelow('id', beforeId, limit))
    .execute();
  return rows.map((r) => ({ ...r, active: bool(r.active) }));
}

export async function memberTotals(db: Db, uplineId: number) {
  const row = await db
    .selectFrom('users')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when ${completedOrder} then 1 else 0 end), 0)`.as('active'),
    ])
    .where('upline_id', '=', uplineId)
    .executeTakeFirstOrThrow();
  return { total: n(row.total), active: n(row.active) };
}

// ---------------------------------------------------------------------------
// Commissions
// ---------------------------------------------------------------------------

/** Sum of an agent's commissions by status. */
export async function commissionSums(db: Db, agentId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('commissions')
    .select(['status', sql<number>`coalesce(sum(amount_cents), 0)`.as('total')])
    .where('agent_id', '=', agentId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, n(r.total)]));
}

export async function hasConfirmedCommission(db: Db, agentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('commissions')
    .select('id')
    .where('agent_id', '=', agentId)
    .where('status', 'in', CONFIRMED_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listCommissions(
  db: Db,
  agentId: number,
  opts: { beforeId?: number; limit: number; status?: CommissionStatus },
) {
  return db
    .selectFrom('commissions')
    .innerJoin('orders', 'orders.id', 'commissions.order_id')
    .innerJoin('users', 'users.id', 'commissions.downline_id')
    .select([
      'commissions.id',
      'orders.order_no',
      'users.nickname as downline_nickname',
      sql<number>`orders.subtotal_cents - orders.coupon_discount_cents`.as('base_cents'),
      'commissions.amount_cents',
      'commissions.rate_bp',
      'commissions.status',
      'commissions.created_at',
    ])
    .where('commissions.agent_id', '=', agentId)
    .$if(opts.status !== undefined, (q) => q.where('commissions.status', '=', opts.status!))
    .$call(newestBelow('commissions.id', opts.beforeId, opts.limit))
    .execute();
}

// ---------------------------------------------------------------------------
// Payouts and bank details
// ---------------------------------------------------------------------------

/** What the agent has requested and not been refused (requested and paid requests); only paid ones with `onlyPaid`. */
export async function payoutSum(db: Db, agentId: number, onlyPaid = false): Promise<number> {
  const row = await db
    .selectFrom('payout_requests')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('agent_id', '=', agentId)
    .$if(onlyPaid, (q) => q.where('status', '=', 'paid'))
    .$if(!onlyPaid, (q) => q.where('status', '!=', 'rejected'))
    .executeTakeFirstOrThrow();
  return n(row.total);
}

export async function insertPayout(
  db: Db,
  agentId: number,
  amountCents: number,
  bank: { bank_name: string | null; bank_account_name: string | null; bank_account_number: string | null },
  at: string,
) {
  return db
    .insertInto('payout_requests')
    .values({ agent_id: agentId, amount_cents: amountCents, ...bank, requested_at: at })
    .returning(['id', 'amount_cents', 'requested_at', 'paid_at', 'status', 'reference', 'reject_reason'])
    .executeTakeFirstOrThrow();
}

export async function listPayouts(db: Db, agentId: number, beforeId: number | undefined, limit: number) {
  return db
    .selectFrom('payout_requests')
    .select(['id', 'amount_cents', 'requested_at', 'paid_at', 'status', 'reference', 'reject_reason'])
    .where('agent_id', '=', agentId)
    .$call(newestBelow('id', beforeId, limit))
    .execute();
}
