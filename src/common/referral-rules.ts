/**
 * The affiliate programme's states (docs/product.md section 7, docs/decisions/012), without zod: the contract builds
 * its schemas from them, and screens read them without carrying the schemas (src/common/contract/referral.ts re-exports
 * them).
 */

/** A commission's status, as the shop names them (docs/product.md section 7). */
export const COMMISSION_STATUSES = ['Pending Payment', 'Not Confirm', 'Canceled', 'On Hold', 'Paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** A payout request's state as stored: requested, then paid or rejected by staff (the back office). */
export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** For how many days after an agent changes their bank account the back office flags it on their payouts. */
export const BANK_CHANGE_NOTICE_DAYS = 7;
