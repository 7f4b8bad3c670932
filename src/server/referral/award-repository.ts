import { sql } from 'kysely';
import type { ReferralAwardStatus } from '../../common/referral-signals';
import type { Db } from '../db/connection';
import { newestBelow } from '../db/keyset';

// The SQL of the referral award (award-service.ts): recording it, staff's decision on a held one, and what the
// referrer and the back office see. Every function takes the database or a transaction.

const n = (v: unknown): number => Number(v ?? 0);

/** Whether the member has a completed order other than `orderId`. */
export async function hasOtherCompletedOrder(db: Db, memberId: number, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', memberId)
    .where('status', '=', 'Completed')
    .where('id', '!=', orderId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records the member's referral award unless one exists (the primary key on the member is the guard: of two
 * completions at once, one inserts, the other waits and inserts nothing); answers whether this call did.
 */
export async function insertReferralAward(
  db: Db,
  row: {
    member_id: number;
    referrer_id: number;
    order_id: number;
    amount_cents: number;
    status: ReferralAwardStatus;
    hold_reason: string | null;
    created_at: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('referral_awards')
    .values(row)
    .onConflict((oc) => oc.column('member_id').doNothing())
    .executeTakeFirst();
  return n(result.numInsertedOrUpdatedRows) > 0;
}

/** Moves an award On Hold to `status` (a conditional update); answers it as decided, or undefined. */
export async function decideHeldAward(
  db: Db,
  memberId: number,
  decision: { status: ReferralAwardStatus; decided_at: string; decided_by: number | null },
) {
  return db
    .updateTable('referral_awards')
    .set(decision)
    .where('member_id', '=', memberId)
    .where('status', '=', 'on_hold')
    .returningAll()
    .executeTakeFirst();
}

/** A referrer's awards: per member (of `memberIds`) with their status, and the total credited. */
export async function referralAwards(db: Db, referrerId: number, memberIds: number[]) {
  const [perMember, total] = await Promise.all([
    memberIds.length
      ? db
          .selectFrom('referral_awards')
          .select(['member_id', 'amount_cents', 'status'])
          .where('referrer_id', '=', referrerId)
          .where('member_id', 'in', memberIds)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('referral_awards')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('total'))
      .where('referrer_id', '=', referrerId)
      .where('status', '=', 'credited')
      .executeTakeFirstOrThrow(),
  ]);
  return { perMember: new Map(perMember.map((r) => [r.member_id, r])), total: n(total.total) };
}

function awardQuery(db: Db) {
  return db
    .selectFrom('referral_awards')
    .innerJoin('users as referrer', 'referrer.id', 'referral_awards.referrer_id')
    .innerJoin('users as member', 'member.id', 'referral_awards.member_id')
    .innerJoin('orders', 'orders.id', 'referral_awards.order_id')
    .leftJoin('users as decider', 'decider.id', 'referral_awards.decided_by')
    .select([
      // The keyset's id (one award per member).
      'referral_awards.member_id as id',
      'referral_awards.member_id',
      'member.email as member_email',
      'member.nickname as member_nickname',
      'referral_awards.referrer_id',
      'referrer.email as referrer_email',
      'referrer.nickname as referrer_nickname',
      'orders.order_no',
      'referral_awards.amount_cents',
      'referral_awards.status',
      'referral_awards.hold_reason',
      'referral_awards.created_at',
      'referral_awards.decided_at',
      'decider.email as decided_by_email',
    ]);
}
export type AwardListRow = NonNullable<Awaited<ReturnType<typeof findAward>>>;

/** Awards for the back office, newest member first (keyset on the member's id), by status. */
export async function listAwards(db: Db, opts: { status?: ReferralAwardStatus; beforeId?: number; limit: number }) {
  return awardQuery(db)
    .$if(opts.status !== undefined, (q) => q.where('referral_awards.status', '=', opts.status!))
    .$call(newestBelow('referral_awards.member_id', opts.beforeId, opts.limit))
    .execute();
}

export async function findAward(db: Db, memberId: number) {
  return awardQuery(db).where('referral_awards.member_id', '=', memberId).executeTakeFirst();
}
