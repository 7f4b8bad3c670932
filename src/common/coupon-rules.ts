import { type CouponKind, normalizeCouponCode } from './checkout-rules';

/**
 * The rules of a coupon as staff write it (docs/decisions/015), shared by the server (which enforces them) and the back
 * office's form (which checks before sending). Zod-free: admin screens import it at run time without pulling the
 * contract's schemas into their chunk. How the shop uses a coupon is in checkout-rules.ts.
 *
 * Storage (unchanged): `value` is a whole percentage (1–100) for 'percent' and cents for 'fixed'. Dates are the
 * shop's days (`SHOP_TIMEZONE`): a start day means its first instant there, an end day its last (the coupon works
 * through the whole end day); the server turns them into `starts_at` / `ends_at` (exclusive: the next day's start).
 */

/** A code: 3–32 letters, digits, `-` or `_`, starting with a letter or digit (upper-cased, as the shop compares). */
export const COUPON_CODE = { min: 3, max: 32, pattern: /^[A-Z0-9][A-Z0-9_-]*$/ } as const;

/** A percentage coupon takes a whole 1–100 % off. */
export const COUPON_PERCENT = { min: 1, max: 100 } as const;

/** How a coupon stands now, as the back office's list shows and filters it (first that applies, in this order). */
export const COUPON_STATES = ['paused', 'expired', 'used_up', 'scheduled', 'active'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export interface CouponNow {
  is_active: number | boolean;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  used_count: number;
}

/** Paused (staff stopped it), expired (past its end), used up (its total limit reached), scheduled, or active. */
export function couponState(c: CouponNow, nowIso: string): CouponState {
  if (!c.is_active) return 'paused';
  if (c.ends_at !== null && nowIso >= c.ends_at) return 'expired';
  if (c.usage_limit !== null && c.used_count >= c.usage_limit) return 'used_up';
  if (c.starts_at !== null && nowIso < c.starts_at) return 'scheduled';
  return 'active';
}

/** A coupon as staff send it (the fields of New coupon and of an edit). */
export interface CouponDraft {
  code: string;
  kind: CouponKind;
  /** A whole percentage for 'percent', cents for 'fixed'. */
  value: number;
  min_spend_cents: number;
  /** YYYY-MM-DD, a shop day; none: from now on. */
  starts_on?: string | null;
  /** YYYY-MM-DD, a shop day (the last one it works on); none: no end. */
  ends_on?: string | null;
  /** Uses in all; none: no limit. */
  usage_limit?: number | null;
  /** Uses per customer; none: no limit. */
  per_user_limit?: number | null;
}

/** The message keys of a refused field (src/common/i18n/admin-messages.ts; the form has the same texts). */
export type CouponFieldProblem =
  | 'couponCodeInvalid'
  | 'couponPercentInvalid'
  | 'couponFixedInvalid'
  | 'couponMinSpendInvalid'
  | 'couponEndsBeforeStart'
  | 'couponUsageLimitInvalid'
  | 'couponUsageBelowUses'
  | 'couponPerUserLimitInvalid';

const isCount = (n: number | null | undefined, min: number) =>
  n === null || n === undefined || (Number.isInteger(n) && n >= min);

/**
 * What is wrong with a draft, field by field, in form order (empty when nothing). `usedCount`: the coupon's uses
 * so far (an edit may not set the total limit below them; 0 for a new coupon).
 */
export function couponDraftProblems(
  draft: CouponDraft,
  usedCount = 0,
): Array<{ field: keyof CouponDraft; key: CouponFieldProblem }> {
  const problems: Array<{ field: keyof CouponDraft; key: CouponFieldProblem }> = [];
  const code = normalizeCouponCode(draft.code);
  if (code.length < COUPON_CODE.min || code.length > COUPON_CODE.max || !COUPON_CODE.pattern.test(code)) {
    problems.push({ field: 'code', key: 'couponCodeInvalid' });
  }
  if (draft.kind === 'percent') {
    const ok = Number.isInteger(draft.value) && draft.value >= COUPON_PERCENT.min && draft.value <= COUPON_PERCENT.max;
    if (!ok) problems.push({ field: 'value', key: 'couponPercentInvalid' });
  } else if (!Number.isInteger(draft.value) || draft.value <= 0) {
    problems.push({ field: 'value', key: 'couponFixedInvalid' });
  }
  if (!Number.isInteger(draft.min_spend_cents) || draft.min_spend_cents < 0) {
    problems.push({ field: 'min_spend_cents', key: 'couponMinSpendInvalid' });
  }
  if (draft.starts_on && draft.ends_on && draft.ends_on < draft.starts_on) {
    problems.push({ field: 'ends_on', key: 'couponEndsBeforeStart' });
  }
  if (!isCount(draft.usage_limit, 1)) problems.push({ field: 'usage_limit', key: 'couponUsageLimitInvalid' });
  else if (draft.usage_limit != null && draft.usage_limit < usedCount) {
    problems.push({ field: 'usage_limit', key: 'couponUsageBelowUses' });
  }
  if (!isCount(draft.per_user_limit, 1)) problems.push({ field: 'per_user_limit', key: 'couponPerUserLimitInvalid' });
  return problems;
}
