import { z } from 'zod';
import { COUPON_KINDS } from '../../checkout-rules';
import { COUPON_STATES } from '../../coupon-rules';
import { defineAdminEndpoint } from '../endpoint';
import { day, id, int, optional, optionalText, text } from '../fields';
import { adminPaging, nextCursor } from './paging';

/**
 * The back office's Coupons screen (docs/decisions/015; permission `coupons`: owner, manager): list, one coupon with
 * its latest uses, New coupon, edit, Pause / Resume. The rules (code, value, limits, dates) are in
 * src/common/coupon-rules.ts; the server answers a refused field with 422 naming it.
 *
 * `value` is stored as the shop uses it: a whole percentage (1–100) for `percent`, cents for `fixed`. Dates are the
 * shop's days (`SHOP_TIMEZONE`): `starts_on` is the first day the coupon works (from that day's start), `ends_on`
 * the last (to that day's end); the answer has both the days and the instants they stand for.
 */

const couponState = z.enum(COUPON_STATES, { error: `must be one of ${COUPON_STATES.join(', ')}` });
const couponKind = z.enum(COUPON_KINDS, { error: `must be one of ${COUPON_KINDS.join(', ')}` });

export const adminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: couponKind,
  /** A whole percentage for `percent`, cents for `fixed`. */
  value: z.number().int(),
  min_spend_cents: z.number().int(),
  /** The first instant it works (UTC ISO), or null: no start. */
  starts_at: z.string().nullable(),
  /** The instant it stops working (UTC ISO, exclusive), or null: no end. */
  ends_at: z.string().nullable(),
  /** `starts_at` as a shop day (YYYY-MM-DD). */
  starts_on: z.string().nullable(),
  /** The last shop day it works on (YYYY-MM-DD): the day before `ends_at`'s instant. */
  ends_on: z.string().nullable(),
  /** Uses in all, or null: no limit. */
  usage_limit: z.number().int().nullable(),
  /** Uses per customer, or null: no limit. */
  per_user_limit: z.number().int().nullable(),
  /** Uses so far: orders placed with it that were not cancelled. */
  used_count: z.number().int(),
  /** False while paused. */
  is_active: z.boolean(),
  state: couponState,
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

export const adminCouponRedemption = z.object({
  order_no: z.string(),
  customer: z.object({ id: z.number().int(), email: z.string(), nickname: z.string() }),
  /** The discount the order recorded when it was placed. */
  discount_cents: z.number().int(),
  used_at: z.string(),
});
export type AdminCouponRedemption = z.infer<typeof adminCouponRedemption>;

/** How many uses a coupon's page lists (the newest). */
export const COUPON_REDEMPTIONS_SHOWN = 20;

export const adminCouponsList = defineAdminEndpoint({
  path: '/admin/coupons/list',
  permission: 'coupons',
  summary:
    'Coupons, newest first, searched by code (contains, any case) and filtered by state (paused, expired, used_up, scheduled, active); keyset-paged',
  request: z.object({ q: optionalText(64), state: optional(couponState), ...adminPaging }),
  response: z.object({ coupons: z.array(adminCoupon), next_cursor: nextCursor }),
});

export const adminCouponGet = defineAdminEndpoint({
  path: '/admin/coupons/get',
  permission: 'coupons',
  summary: `One coupon with its uses so far: the newest ${COUPON_REDEMPTIONS_SHOWN} (order number, customer, discount, date) and how many in all`,
  request: z.object({ id: id() }),
  response: z.object({
    coupon: adminCoupon,
    redemptions: z.array(adminCouponRedemption),
    redemptions_total: z.number().int(),
  }),
});

/** A coupon's fields, as New coupon sends them and an edit sends them all again (blank: none). */
const couponFields = {
  /** Trimmed and upper-cased; unique whatever its case. */
  code: text(64),
  kind: couponKind,
  /** A whole percentage (1–100) for `percent`, cents (above 0) for `fixed`. */
  value: int(),
  /** Cents, 0 or more; blank: 0. */
  min_spend_cents: optional(int()),
  starts_on: optional(day()),
  ends_on: optional(day()),
  /** At least 1, and not below the uses so far; blank: no limit. */
  usage_limit: optional(int()),
  /** At least 1; blank: no limit. */
  per_user_limit: optional(int()),
};

export const adminCouponCreate = defineAdminEndpoint({
  path: '/admin/coupons/create',
  permission: 'coupons',
  summary: 'New coupon (active at once, from its start day): code, percent or fixed, minimum spend, days, limits',
  request: z.object(couponFields),
  response: adminCoupon,
});

export const adminCouponUpdate = defineAdminEndpoint({
  path: '/admin/coupons/update',
  permission: 'coupons',
  summary:
    'Replaces a coupon’s fields (blank dates and limits: none). Orders already placed keep their discount; the total limit may not go below the uses so far. Applies to orders placed from then on',
  request: z.object({ id: id(), ...couponFields }),
  response: adminCoupon,
});

export const adminCouponPause = defineAdminEndpoint({
  path: '/admin/coupons/pause',
  permission: 'coupons',
  summary:
    'Pauses a coupon: no order placed after this answers uses it (one being placed at that moment finishes first); pausing a paused one changes nothing',
  request: z.object({ id: id() }),
  response: z.object({ coupon: adminCoupon, changed: z.boolean() }),
});

export const adminCouponResume = defineAdminEndpoint({
  path: '/admin/coupons/resume',
  permission: 'coupons',
  summary: 'Resumes a paused coupon; resuming an active one changes nothing',
  request: z.object({ id: id() }),
  response: z.object({ coupon: adminCoupon, changed: z.boolean() }),
});
