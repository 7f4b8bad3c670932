import type { AdminAwardRow } from '../../common/contract/admin/affiliates';
import { holdReasonSignals, holdReasonText, type ReferralAwardStatus } from '../../common/referral-signals';
import { actorUserId, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import { creditReward } from '../cash-rewards/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import type { Order } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { nowIso } from '../lib/time';
import { shopSettings } from '../settings/service';
import * as awardRepo from './award-repository';
import * as repo from './repository';
import { sharedSignals } from './signals';

/**
 * The referral award is real credit (docs/decisions/012 "Money rules", docs/product.md section 7): when a referred
 * member's FIRST order completes, the member's upline gets the shop's `referral_award_cents` setting added to their
 * cash reward, with a ledger row (type 'referral'), once per member.
 *
 * Called by the orders code inside the transaction that moves the order to Completed (orders/status.ts), so the
 * credit exists exactly when the completion does. Once per member whatever the concurrency: `referral_awards` has
 * the member as primary key; of two orders of one member completing at once, one inserts, the other waits for it
 * and inserts nothing (and credits nothing).
 *
 * Not credited: a member without an upline; an upline that is an agent (agents earn commissions on every order
 * instead); a member who already had a completed order (this is not the first); an award setting of 0. Held: when
 * the referrer and the member share a signal (signals.ts, docs/decisions/032), the award is recorded On Hold with the
 * signals named and nothing is credited until staff release it (`decideHeldAward`).
 * Answers the amount credited (0 when none).
 */
export async function creditReferralAward(trx: Db, order: Pick<Order, 'id' | 'user_id'>): Promise<number> {
  const member = await repo.findUser(trx, order.user_id);
  if (!member?.upline_id) return 0;
  const referrer = await repo.findUser(trx, member.upline_id);
  if (!referrer || referrer.is_agent === 1) return 0;
  if (await awardRepo.hasOtherCompletedOrder(trx, member.id, order.id)) return 0;
  const award = (await shopSettings(trx)).referralAwardCents;
  if (award <= 0) return 0;
  const holdReason = holdReasonText(await sharedSignals(trx, referrer.id, member.id));
  const inserted = await awardRepo.insertReferralAward(trx, {
    member_id: member.id,
    referrer_id: referrer.id,
    order_id: order.id,
    amount_cents: award,
    status: holdReason ? 'on_hold' : 'credited',
    hold_reason: holdReason,
    created_at: nowIso(),
  });
  if (!inserted || holdReason) return 0;
  await creditAward(trx, referrer.id, award);
  return award;
}

/** Adds an award to the referrer's cash reward, with its ledger row. */
async function creditAward(trx: Db, referrerId: number, amountCents: number): Promise<void> {
  // No order number on the referrer's ledger: the member's order is theirs, not the referrer's.
  await creditReward(trx, { userId: referrerId, orderId: null, type: 'referral', spendCents: 0, amountCents });
}

const awardRow = (a: awardRepo.AwardListRow): AdminAwardRow => ({
  member: { id: a.member_id, email: a.member_email, nickname: a.member_nickname },
  referrer: { id: a.referrer_id, email: a.referrer_email, nickname: a.referrer_nickname },
  order_no: a.order_no,
  amount_cents: a.amount_cents,
  status: a.status,
  hold_reason: holdReasonSignals(a.hold_reason),
  created_at: a.created_at,
  decided_at: a.decided_at,
  decided_by: a.decided_by_email ?? (a.decided_at ? 'command line' : null),
});

/** The back office's list of referral awards, newest member first, by status. */
export async function listAwards(db: Db, opts: { status?: ReferralAwardStatus; cursor?: number; limit?: number } = {}) {
  const limit = adminLimit(opts.limit);
  const rows = await awardRepo.listAwards(db, { status: opts.status, beforeId: opts.cursor, limit });
  const { items, next_cursor } = keysetPage(rows, limit);
  return { awards: items.map(awardRow), next_cursor };
}

/**
 * Staff's decision on an award On Hold: 'release' credits it now (as it would have been), 'refuse' keeps it from the
 * referrer for good; audited. A conditional update makes one of two decisions at once win: 404 for no award, 409
 * (naming its status) when it is not On Hold any more.
 */
export async function decideHeldAward(
  db: Db,
  actor: StaffActor,
  memberId: number,
  decision: 'release' | 'refuse',
): Promise<AdminAwardRow> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await awardRepo.findAward(trx, memberId);
      if (!before) throw notFound('awardNotFound', 'member_id');
      const now = nowIso();
      const status = decision === 'release' ? 'credited' : 'refused';
      const decided = await awardRepo.decideHeldAward(trx, memberId, {
        status,
        decided_at: now,
        decided_by: actorUserId(actor),
      });
      if (!decided) throw conflict('awardNotOnHold', { status: before.status });
      if (decision === 'release') await creditAward(trx, decided.referrer_id, decided.amount_cents);
      await recordAudit(
        trx,
        actor,
        {
          action: `referral_award.${decision}`,
          entity: 'referral_award',
          entityId: memberId,
          orderNo: before.order_no,
          before: { status: before.status, hold_reason: before.hold_reason },
          after: { status, referrer: before.referrer_email, amount_cents: before.amount_cents },
        },
        now,
      );
      return awardRow((await awardRepo.findAward(trx, memberId))!);
    }),
  );
}
