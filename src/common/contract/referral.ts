import { z } from 'zod';
import { COMMISSION_STATUSES, type CommissionStatus, PAYOUT_STATUSES, type PayoutStatus } from '../referral-rules';
import { REFERRAL_AWARD_STATUSES } from '../referral-signals';
import { passwordText } from './accounts';
import { defineEndpoint } from './endpoint';
import { cents, int, optional, optionalText, text } from './fields';

/**
 * Referral programme (every customer) and affiliate programme (agents, `is_agent = 1`), docs/product.md section 7
 * (/{referral_code}, /referral, /affiliate) and docs/decisions/012.
 *
 * Rules the server keeps:
 * - A visit of `/{code}` (or any shop page with `?ref={code}`) is recorded once per visitor and day
 *   (`visitor_key`, a random id the browser keeps; without it the server derives one from the address).
 * - A referral member is Active once it has completed at least one order (else Inactive). When its first
 *   order completes, its upline (a customer, not an agent: agents earn commissions) is credited the
 *   `referral_award_cents` setting to their cash reward, once per member; `award_cents` is that credit.
 * - Commissions (agents only) are earned on downlines' orders at the agent's rate, on the goods value
 *   (subtotal minus coupon discount, no delivery fee). Status: 'Not Confirm' when the order is placed;
 *   the operator's confirm sets 'Pending Payment' (= confirmed, payable); a paid payout marks them
 *   'Paid'; a cancelled order sets 'Canceled'; the operator may set 'On Hold'.
 * - Payout requests: allowed once the agent has a confirmed commission ('Pending Payment' or 'Paid') and
 *   bank details; the amount may not exceed the available balance = confirmed commissions ('Pending
 *   Payment' + 'Paid') minus every payout requested so far and not rejected. Checked under a lock, so concurrent
 *   requests can never exceed it. Staff mark a request paid (with the bank reference; the agent's confirmed
 *   commissions it covers become 'Paid', oldest first) or reject it with a reason the agent sees (its amount
 *   can be requested again).
 * All affiliate paths answer 403 "You are not allowed to do that" to a user who is not an agent.
 */

export { COMMISSION_STATUSES, type CommissionStatus, PAYOUT_STATUSES, type PayoutStatus };

/** How a downline found its upline: '/{code}' link, code typed at register, or the bot's start parameter. */
export const JOINED_VIA = ['link', 'code', 'bot'] as const;

/** Page size of the paged lists here. */
export const REFERRAL_LIST_LIMIT = { min: 1, max: 50, default: 20 } as const;

const pageLimit = () =>
  optional(
    int().pipe(
      z
        .number()
        .min(REFERRAL_LIST_LIMIT.min, {
          error: `must be between ${REFERRAL_LIST_LIMIT.min} and ${REFERRAL_LIST_LIMIT.max}`,
        })
        .max(REFERRAL_LIST_LIMIT.max, {
          error: `must be between ${REFERRAL_LIST_LIMIT.min} and ${REFERRAL_LIST_LIMIT.max}`,
        }),
    ),
  );

/** Paged lists: pass a page's `next_cursor` as `cursor` for the next one (null on the last page). */
const paging = { cursor: optionalText(100), limit: pageLimit() };

/** A referral code as typed in a URL: letters, digits, `_` and `-`. */
export const referralCodeField = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'is required' })
      .min(1, { error: 'must not be empty' })
      .max(64, { error: 'must be at most 64 characters' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be letters, digits, _ or -' }),
  );

/** A visitor id the browser generates once and keeps. */
export const visitorKeyField = () =>
  optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be 8-64 letters, digits, _ or -' }),
  );

// ---------------------------------------------------------------------------
// Referral (every customer)
// ---------------------------------------------------------------------------

/**
 * Records a visit of a referral link for the code's owner (once per visitor and day). An unknown code
 * answers 404 "This referral code does not exist". A logged-in owner visiting their own link is not
 * recorded (`recorded: false`), nor is a repeat visit the same day. Visitors the owner has not seen before are
 * limited per client address (30 an hour): beyond that the visit is not recorded and the answer is 429.
 */
export const recordVisit = defineEndpoint({
  path: '/v2/record-visit',
  access: 'optional',
  summary: 'Records a visit of a referral link',
  request: z.object({
    code: referralCodeField(),
    /** The shop path visited, e.g. `/ABC123` or `/products?ref=ABC123`; defaults to `/{code}`. */
    link: optionalText(500),
    /** Where the visitor came from (document.referrer) or 'direct'; defaults to 'direct'. */
    origin: optionalText(500),
    visitor_key: visitorKeyField(),
  }),
  response: z.object({ recorded: z.boolean(), code: z.string() }),
});

export const referralLink = z.object({
  code: z.string(),
  /** `{shop origin}/{code}`. */
  link: z.string(),
});

/** The caller's referral code and link (agents and customers). */
export const getReferralLink = defineEndpoint({
  path: '/v2/get-referral-link',
  access: 'user',
  summary: "The caller's referral code and link",
  request: z.object({}),
  response: referralLink,
});

/** The same for the customer's referral dashboard, with the text to encode in its QR code. */
export const getReferralLinkCustomerVersion = defineEndpoint({
  path: '/v2/get-referral-link-customer-version',
  access: 'user',
  summary: "The caller's referral code, link and QR payload",
  request: z.object({}),
  response: referralLink.extend({ qr_payload: z.string() }),
});

export const referralMember = z.object({
  id: z.number().int(),
  nickname: z.string(),
  joined_at: z.string(),
  via: z.string().nullable(),
  /** Active once the member has completed at least one order (the award is earned), else Inactive. */
  status: z.enum(['Active', 'Inactive']),
  /** The award credited for the member (0 while none is, or while it is On Hold). */
  award_cents: z.number().int(),
  /** The award's state: credited, On Hold for staff (docs/decisions/032), refused; null before it is earned. */
  award_status: z.enum(REFERRAL_AWARD_STATUSES).nullable(),
});
export type ReferralMember = z.infer<typeof referralMember>;

/** The caller's referred members (newest first, paged) with the award earned per member and in total. */
export const getReferralMemberAward = defineEndpoint({
  path: '/v2/get-referral-member-award',
  access: 'user',
  summary: 'Referred members and the award earned for them',
  request: z.object(paging),
  response: z.object({
    members: z.array(referralMember),
    next_cursor: z.string().nullable(),
    total_members: z.number().int(),
    active_members: z.number().int(),
    award_per_member_cents: z.number().int(),
    total_award_cents: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------
// Affiliate (agents only)
// ---------------------------------------------------------------------------

export const bankDetails = z.object({
  bank_name: z.string().nullable(),
  bank_account_name: z.string().nullable(),
  bank_account_number: z.string().nullable(),
});
export type BankDetails = z.infer<typeof bankDetails>;

/** Why a payout cannot be requested yet: no confirmed commission, or no bank details. */
export const PAYOUT_BLOCKS = ['no_confirmed_commission', 'no_bank_details'] as const;
export const payoutEligibility = z.object({
  allowed: z.boolean(),
  reason: z.enum(PAYOUT_BLOCKS).nullable(),
  available_cents: z.number().int(),
});
export type PayoutEligibility = z.infer<typeof payoutEligibility>;

export const affiliateDashboard = z.object({
  code: z.string(),
  link: z.string(),
  /** The agent's commission rate in basis points (1000 = 10%). */
  rate_bp: z.number().int(),
  /** Every commission but Canceled. */
  commission_total_cents: z.number().int(),
  commission_paid_cents: z.number().int(),
  /** Not Confirm, On Hold and Pending Payment. */
  commission_pending_cents: z.number().int(),
  visits: z.number().int(),
  conversions: z.number().int(),
  downlines: z.number().int(),
  payout: payoutEligibility,
  bank: bankDetails,
});
export type AffiliateDashboard = z.infer<typeof affiliateDashboard>;

/** The agent's totals, payout eligibility and bank details. */
export const getAffiliateDashboard = defineEndpoint({
  path: '/v2/affiliate-dashboard',
  access: 'user',
  summary: "The agent's affiliate totals",
  request: z.object({}),
  response: affiliateDashboard,
});

export const commissionRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  /** The downline whose order earned it (the conversion). */
  downline_nickname: z.string(),
  /** The goods value the rate applies to. */
  base_cents: z.number().int(),
  amount_cents: z.number().int(),
  rate_bp: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  created_at: z.string(),
});
export type CommissionRow = z.infer<typeof commissionRow>;

/** The agent's commissions, newest first, paged; optionally one status. */
export const getCommissionData = defineEndpoint({
  path: '/v2/commission-data',
  access: 'user',
  summary: "A page of the agent's commissions",
  request: z.object({
    ...paging,
    status: optional(z.enum(COMMISSION_STATUSES, { error: `must be one of ${COMMISSION_STATUSES.join(', ')}` })),
  }),
  response: z.object({ commissions: z.array(commissionRow), next_cursor: z.string().nullable() }),
});

export const visitRow = z.object({
  id: z.number().int(),
  link: z.string(),
  origin: z.string(),
  converted: z.boolean(),
  converted_at: z.string().nullable(),
  created_at: z.string(),
});
export type VisitRow = z.infer<typeof visitRow>;

/** The visits of the agent's links, newest first, paged. */
export const getReferralVisitData = defineEndpoint({
  path: '/v2/referral-visit-data',
  access: 'user',
  summary: "A page of the visits of the agent's links",
  request: z.object(paging),
  response: z.object({ visits: z.array(visitRow), next_cursor: z.string().nullable() }),
});

export const downlineRow = z.object({
  id: z.number().int(),
  nickname: z.string(),
  joined_at: z.string(),
  /** 'link' | 'code' | 'bot', or null when unknown. */
  via: z.string().nullable(),
  remark: z.string().nullable(),
});
export type DownlineRow = z.infer<typeof downlineRow>;

/** The agent's downlines, newest first, paged. */
export const getAgentDownlines = defineEndpoint({
  path: '/v2/get-agent-downlines',
  access: 'user',
  summary: "A page of the agent's downlines",
  request: z.object(paging),
  response: z.object({ downlines: z.array(downlineRow), next_cursor: z.string().nullable() }),
});

/**
 * Sets the bank account commissions are paid to, with the account's password; the owner is told on every channel, and
 * payouts already requested keep the account they were asked for. Answers "Info updated successfully".
 */
export const updateCommissionBank = defineEndpoint({
  path: '/v2/update-commission-bank',
  access: 'user',
  summary: "Sets the agent's bank details for payouts",
  request: z.object({
    bank_name: text(100),
    bank_account_name: text(100),
    bank_account_number: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: 'is required' })
        .min(1, { error: 'must not be empty' })
        .regex(/^[0-9][0-9 -]{2,38}[0-9]$/, { error: 'must be 4-40 digits (spaces and dashes allowed)' }),
    ),
    /** The account's password: a change of bank details needs it (422 at this field when missing or wrong). */
    current_password: passwordText(),
  }),
  response: z.object({ bank: bankDetails }),
});

export const payoutRow = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  requested_at: z.string(),
  paid_at: z.string().nullable(),
  status: z.enum(['Requested', 'Paid', 'Rejected']),
  /** The bank transfer's reference, once paid (when staff gave one). */
  reference: z.string().nullable(),
  /** Why staff rejected it; the amount is available to request again. */
  reject_reason: z.string().nullable(),
});
export type PayoutRow = z.infer<typeof payoutRow>;

/**
 * Beyond the original calls (docs/decisions/002): asks for a payout of `amount_cents` (see the rules at the top of this
 * file). Refusals: 403 not an agent; 409 not allowed yet (with the reason); 422 more than the available balance.
 */
export const requestPayout = defineEndpoint({
  path: '/v2/request-payout',
  access: 'user',
  summary: 'Requests a payout of commissions',
  request: z.object({
    amount_cents: cents().pipe(z.number().positive({ error: 'must be more than 0' })),
  }),
  response: z.object({ payout: payoutRow, available_cents: z.number().int() }),
});

/**
 * Beyond the original calls (docs/decisions/002): the agent's payout requests, newest first, paged, with the current
 * eligibility.
 */
export const getPayoutRequests = defineEndpoint({
  path: '/v2/get-payout-requests',
  access: 'user',
  summary: "A page of the agent's payout requests",
  request: z.object(paging),
  response: z.object({
    payouts: z.array(payoutRow),
    next_cursor: z.string().nullable(),
    payout: payoutEligibility,
  }),
});

/**
 * Beyond the original calls (docs/decisions/002): a referral link to any page of the shop. `path` is a path of the shop
 * (`/products`, `/details/12`) or a full URL on the shop's origin; home (`/`) gives `{origin}/{code}`, any other page
 * `{origin}{path}?ref={code}`.
 */
export const generateAffiliateLink = defineEndpoint({
  path: '/v2/generate-affiliate-link',
  access: 'user',
  summary: 'A referral link to a page of the shop',
  request: z.object({ path: text(500) }),
  response: z.object({ link: z.string() }),
});
