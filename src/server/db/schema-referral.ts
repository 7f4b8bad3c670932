import type { Generated } from 'kysely';
import type { CommissionStatus, PayoutStatus } from '../../common/contract/referral';
import type { ReferralAwardStatus } from '../../common/referral-signals';

// The referral and affiliate programmes: visits, commissions, payout requests, referral awards and the accounts'
// signals (part of `Database` in schema.ts).

export interface ReferralVisitsTable {
  id: Generated<number>;
  referrer_id: number;
  link: string;
  origin: string;
  visitor_key: string | null;
  converted: Generated<number>;
  converted_at: string | null;
  converted_user_id: number | null;
  created_at: string;
}

export interface CommissionsTable {
  id: Generated<number>;
  agent_id: number;
  order_id: number;
  downline_id: number;
  amount_cents: number;
  rate_bp: number;
  status: CommissionStatus;
  /** The signals the agent and the buyer share (comma-separated, common/referral-signals.ts) when it was held. */
  hold_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface PayoutRequestsTable {
  id: Generated<number>;
  agent_id: number;
  amount_cents: number;
  requested_at: string;
  paid_at: string | null;
  /** 'requested' until staff mark it paid or reject it; a rejected request no longer counts against the balance. */
  status: Generated<PayoutStatus>;
  /** The bank transfer's reference of a paid request. */
  reference: string | null;
  /** Why it was rejected (the agent sees it). */
  reject_reason: string | null;
  decided_at: string | null;
  /** The staff member who decided (null: the command line). */
  decided_by: number | null;
  /** The bank account the agent asked the payout to go to, as it was when they asked. */
  bank_name: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
}

/** The referral award credited to a referrer when a referred member's first order completed: one per member. */
export interface ReferralAwardsTable {
  member_id: number;
  referrer_id: number;
  order_id: number;
  amount_cents: number;
  /** 'credited' (in the referrer's cash reward), 'on_hold' (waits for staff), or 'refused' by staff. */
  status: Generated<ReferralAwardStatus>;
  /** The signals the referrer and the member share (comma-separated, common/referral-signals.ts). */
  hold_reason: string | null;
  decided_at: string | null;
  decided_by: number | null;
  created_at: string;
}

/** One thing that ties an account to a person or a device, as a keyed hash (referral/signals.ts). */
export interface AccountSignalsTable {
  user_id: number;
  kind: string;
  value_hash: string;
  first_seen_at: string;
  last_seen_at: string;
}
