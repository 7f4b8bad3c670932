import * as cashRewardRepo from '../cash-rewards/repository';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { nowIso } from '../lib/time';
import { getShopSettings } from '../settings/repository';
import * as adminRepo from './admin-repository';
import * as repo from './repository';

/**
 * The referral award is real credit (product decisions §10): when a referred member's FIRST order completes, the
 * member's upline gets the shop's `referral_award_cents` setting added to their cash reward, with a ledger row
 * (type 'referral'), once per member.
 *
 * Called by the orders code inside the transaction that moves the order to Completed (orders/status.ts), so the
 * credit exists exactly when the completion does. Once per member whatever the concurrency: `referral_awards` has
 * the member as primary key; of two orders of one member completing at once, one inserts, the other waits for it
 * and inserts nothing (and credits nothing).
 *
 * Not credited: a member without an upline; an upline that is an agent (agents earn commissions on every order
 * instead); a member who already had a completed order (this is not the first); an award setting of 0.
 * Answers the amount credited (0 when none).
 */
export async function creditReferralAward(trx: Db, order: Pick<Order, 'id' | 'user_id'>): Promise<number> {
  const member = await repo.findUser(trx, order.user_id);
  if (!member?.upline_id) return 0;
  const referrer = await repo.findUser(trx, member.upline_id);
  if (!referrer || referrer.is_agent === 1) return 0;
  if (await adminRepo.hasOtherCompletedOrder(trx, member.id, order.id)) return 0;
  const award = (await getShopSettings(trx)).referralAwardCents;
  if (award <= 0) return 0;
  const now = nowIso();
  const inserted = await adminRepo.insertReferralAward(trx, {
    member_id: member.id,
    referrer_id: referrer.id,
    order_id: order.id,
    amount_cents: award,
    created_at: now,
  });
  if (!inserted) return 0;
  const balance = await cashRewardRepo.creditBalance(trx, referrer.id, award);
  // No order number on the referrer's ledger: the member's order is theirs, not the referrer's.
  await cashRewardRepo.insertLedgerEntry(trx, {
    user_id: referrer.id,
    order_id: null,
    type: 'referral',
    spend_cents: 0,
    amount_cents: award,
    balance_after_cents: balance,
  });
  return award;
}
