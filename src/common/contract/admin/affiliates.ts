import { z } from 'zod';
import { REFERRAL_AWARD_STATUSES, REFERRAL_SIGNALS } from '../../referral-signals';
import { defineAdminEndpoint } from '../endpoint';
import { id, int, optional, optionalText, text } from '../fields';
import { bankDetails, COMMISSION_STATUSES, type CommissionStatus, PAYOUT_STATUSES } from '../referral';
import { adminPaging, nextCursor } from './paging';

/**
 * The back office's Affiliates screen (docs/decisions/013): agents (make, revoke, rate), commissions (Confirm, Hold,
 * Cancel) and payout requests (Mark as paid, Reject). Permission `affiliates` (owner, manager).
 *
 * Rates are in **basis points** (`rate_bp`: 1000 = 10%, 1250 = 12.5%, whole numbers 0–10000); the screen asks for a
 * percentage and sends basis points.
 */

/** What staff may do to a commission, and from which statuses (the server refuses anything else with 409). */
export const COMMISSION_ACTIONS = ['confirm', 'hold', 'cancel'] as const;
export type CommissionAction = (typeof COMMISSION_ACTIONS)[number];

/**
 * Confirm: Not Confirm / On Hold → Pending Payment (payable). Hold: Not Confirm / Pending Payment → On Hold (a
 * completed order does not confirm a held commission; only staff do). Cancel: any unpaid → Canceled. A Paid or
 * Canceled commission does not change.
 */
export const COMMISSION_TRANSITIONS: Record<
  CommissionAction,
  { from: readonly CommissionStatus[]; to: CommissionStatus }
> = {
  confirm: { from: ['Not Confirm', 'On Hold'], to: 'Pending Payment' },
  hold: { from: ['Not Confirm', 'Pending Payment'], to: 'On Hold' },
  cancel: { from: ['Not Confirm', 'On Hold', 'Pending Payment'], to: 'Canceled' },
};

/** The actions a commission in `status` allows. */
export const commissionActionsFor = (status: CommissionStatus): CommissionAction[] =>
  COMMISSION_ACTIONS.filter((action) => COMMISSION_TRANSITIONS[action].from.includes(status));

/** A commission rate in basis points: 0–10000. */
export const rateBp = () =>
  int().pipe(
    z
      .number()
      .min(0, { error: 'must be from 0 to 10000 basis points (1000 = 10%)' })
      .max(10_000, { error: 'must be from 0 to 10000 basis points (1000 = 10%)' }),
  );

const commissionStatus = z.enum(COMMISSION_STATUSES, { error: `must be one of ${COMMISSION_STATUSES.join(', ')}` });
const payoutStatus = z.enum(PAYOUT_STATUSES, { error: `must be one of ${PAYOUT_STATUSES.join(', ')}` });

const person = z.object({ id: z.number().int(), email: z.string(), nickname: z.string() });

export const agentRow = z.object({
  user_id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  /** False once revoked: the agent's commissions are kept (and still follow their orders), no new ones are earned. */
  is_agent: z.boolean(),
  rate_bp: z.number().int(),
  /** Sum of the agent's commissions per status. */
  commission_cents: z.record(commissionStatus, z.number().int()),
  /** What the shop owes: confirmed commissions (Pending Payment + Paid) minus payouts marked paid. */
  owed_cents: z.number().int(),
  /** Payout requests waiting for a decision. */
  requested_cents: z.number().int(),
  downlines: z.number().int(),
});
export type AdminAgentRow = z.infer<typeof agentRow>;

export const adminAgentsList = defineAdminEndpoint({
  path: '/admin/affiliates/agents',
  permission: 'affiliates',
  summary:
    'Agents (and former agents who still have commissions), newest first, searched by e-mail or name; with commission totals by status, balance owed and downlines',
  request: z.object({ q: optionalText(254), ...adminPaging }),
  response: z.object({
    agents: z.array(agentRow),
    next_cursor: nextCursor,
    /** The shop's default rate for a new agent (basis points). */
    default_rate_bp: z.number().int(),
  }),
});

export const adminMakeAgent = defineAdminEndpoint({
  path: '/admin/affiliates/make-agent',
  permission: 'affiliates',
  summary:
    'Makes an account an agent by e-mail at `rate_bp` basis points (default: the shop’s default rate); an agent already keeps its rate unless one is given',
  request: z.object({ email: text(254), rate_bp: optional(rateBp()) }),
  response: agentRow,
});

export const adminRevokeAgent = defineAdminEndpoint({
  path: '/admin/affiliates/revoke',
  permission: 'affiliates',
  summary:
    'Revokes an agent (is_agent = 0): no new commissions; the commissions it has are kept and still follow their orders',
  request: z.object({ user_id: id() }),
  response: agentRow,
});

export const adminAgentRate = defineAdminEndpoint({
  path: '/admin/affiliates/rate',
  permission: 'affiliates',
  summary: 'Changes an agent’s rate (basis points) for commissions earned from now on',
  request: z.object({ user_id: id(), rate_bp: rateBp() }),
  response: agentRow,
});

export const adminCommissionRow = z.object({
  id: z.number().int(),
  agent: person,
  order_no: z.string(),
  downline: person,
  /** The goods value the rate applied to. */
  base_cents: z.number().int(),
  amount_cents: z.number().int(),
  rate_bp: z.number().int(),
  status: commissionStatus,
  /** Why it was held by the shop (signals the agent and the buyer share, docs/decisions/032); empty when not. */
  hold_reason: z.array(z.enum(REFERRAL_SIGNALS)),
  /** What staff may do to it now. */
  actions: z.array(z.enum(COMMISSION_ACTIONS)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCommissionRow = z.infer<typeof adminCommissionRow>;

export const adminCommissionsList = defineAdminEndpoint({
  path: '/admin/affiliates/commissions',
  permission: 'affiliates',
  summary: 'Commissions, newest first, filtered by status and by agent e-mail (exact, any case); keyset-paged',
  request: z.object({ status: optional(commissionStatus), agent: optionalText(254), ...adminPaging }),
  response: z.object({ commissions: z.array(adminCommissionRow), next_cursor: nextCursor }),
});

export const adminCommissionStatus = defineAdminEndpoint({
  path: '/admin/affiliates/commission-status',
  permission: 'affiliates',
  summary:
    'Confirm (→ Pending Payment), Hold (→ On Hold) or Cancel (→ Canceled) a commission; 409 when its status does not allow it',
  request: z.object({
    commission_id: id(),
    action: z.enum(COMMISSION_ACTIONS, { error: `must be one of ${COMMISSION_ACTIONS.join(', ')}` }),
  }),
  response: adminCommissionRow,
});

export const adminPayoutRow = z.object({
  id: z.number().int(),
  agent: person,
  amount_cents: z.number().int(),
  status: payoutStatus,
  requested_at: z.string(),
  paid_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Who decided: a staff member's e-mail, "command line", or null while requested. */
  decided_by: z.string().nullable(),
  reference: z.string().nullable(),
  reject_reason: z.string().nullable(),
  /** The bank account the agent asked the payout to go to, kept with the request: where to send the money. */
  bank: bankDetails,
  /** The agent's bank account now, and whether it differs from the request's. */
  bank_now: bankDetails,
  bank_changed_since_request: z.boolean(),
  /** When the agent last changed their bank account (null: not since it was first set). */
  bank_changed_at: z.string().nullable(),
  /** Whether that change is recent (BANK_CHANGE_NOTICE_DAYS): staff check the account before paying. */
  bank_recently_changed: z.boolean(),
});
export type AdminPayoutRow = z.infer<typeof adminPayoutRow>;

export const adminPayoutsList = defineAdminEndpoint({
  path: '/admin/affiliates/payouts',
  permission: 'affiliates',
  summary: 'Payout requests, newest first, filtered by status and by agent e-mail, with the agent’s bank details',
  request: z.object({ status: optional(payoutStatus), agent: optionalText(254), ...adminPaging }),
  response: z.object({ payouts: z.array(adminPayoutRow), next_cursor: nextCursor }),
});

export const adminPayoutPaid = defineAdminEndpoint({
  path: '/admin/affiliates/payout-paid',
  permission: 'affiliates',
  summary:
    'Mark as paid (with the bank reference): the agent’s confirmed commissions it covers become Paid, oldest first; 409 unless requested',
  request: z.object({ payout_id: id(), reference: optionalText(100) }),
  response: adminPayoutRow,
});

export const adminPayoutReject = defineAdminEndpoint({
  path: '/admin/affiliates/payout-reject',
  permission: 'affiliates',
  summary:
    'Rejects a payout request with a reason the agent sees; its amount can be requested again; 409 unless requested',
  request: z.object({ payout_id: id(), reason: text(500) }),
  response: adminPayoutRow,
});

export const adminAwardRow = z.object({
  member: person,
  referrer: person,
  /** The member's first completed order, which earned the award. */
  order_no: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(REFERRAL_AWARD_STATUSES),
  /** The signals the referrer and the member share (docs/decisions/032); empty when none. */
  hold_reason: z.array(z.enum(REFERRAL_SIGNALS)),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** Who decided: a staff member's e-mail, "command line", or null while On Hold or credited at once. */
  decided_by: z.string().nullable(),
});
export type AdminAwardRow = z.infer<typeof adminAwardRow>;

export const adminAwardsList = defineAdminEndpoint({
  path: '/admin/affiliates/awards',
  permission: 'affiliates',
  summary: 'Referral awards, newest member first, filtered by status (on_hold: waiting for staff); keyset-paged',
  request: z.object({ status: optional(z.enum(REFERRAL_AWARD_STATUSES)), ...adminPaging }),
  response: z.object({ awards: z.array(adminAwardRow), next_cursor: nextCursor }),
});

/** What staff may do to an award On Hold. */
export const AWARD_DECISIONS = ['release', 'refuse'] as const;

export const adminAwardDecision = defineAdminEndpoint({
  path: '/admin/affiliates/award-decision',
  permission: 'affiliates',
  summary:
    'Release (credit it to the referrer’s cash reward now) or refuse a referral award On Hold; 409 unless On Hold',
  request: z.object({
    member_id: id(),
    decision: z.enum(AWARD_DECISIONS, { error: `must be one of ${AWARD_DECISIONS.join(', ')}` }),
  }),
  response: adminAwardRow,
});
