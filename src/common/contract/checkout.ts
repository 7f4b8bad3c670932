import { z } from 'zod';
import {
  COUPON_KINDS,
  PAYMENT_METHODS,
  type PaymentMethodCode,
  SHIPPING_METHODS,
  type ShippingMethod,
} from '../checkout-rules';
import { defineEndpoint } from './endpoint';
import { cents, flag, INT4, id, int, json, MAX_ROW_ID, optional, optionalText } from './fields';

/**
 * Checkout: addresses, states and fees, payment methods, coupons, cash reward and the live summary.
 * Every amount is integer cents, computed by the server (the client's prices are never read).
 */

export { SHIPPING_METHODS, type ShippingMethod };
export const shippingMethod = z.enum(SHIPPING_METHODS, { error: 'must be standard or expedited' });

export { PAYMENT_METHODS, type PaymentMethodCode };
export const paymentMethodCode = z.enum(PAYMENT_METHODS, { error: 'must be bank_transfer, payment_link or card' });

/** A row id: a positive whole number the database can hold (a larger one is refused, not a 500). */
export const rowId = id;
export { MAX_ROW_ID };

/** At most this many lines in one cart. */
export const MAX_CART_LINES = 50;

/**
 * One cart line as the client sends it. Only ids, quantity and frequency are read: any price sent
 * along is ignored. `quantity` is checked by the server (whole number from 1 to the stock) so that
 * the refusal can name the product; here only a number no column could hold is refused.
 */
export const cartItem = z.object({
  product_id: rowId(),
  variant_id: rowId(),
  quantity: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: 'must be a number' })
      .min(INT4.min, { error: `must be from ${INT4.min} to ${INT4.max}` })
      .max(INT4.max, { error: `must be from ${INT4.min} to ${INT4.max}` }),
  ),
  /** 0 (or absent) is one-time; 2, 4 or 8 is Subscribe & save. */
  frequency_weeks: optional(int()),
});
export type CartItem = z.input<typeof cartItem>;

/** The cart, sent as a JSON array. Empty or absent answers "Cannot checkout with empty cart". */
export const cartItems = () =>
  optional(
    json(
      z.array(cartItem, { error: 'must be a list of cart lines' }).max(MAX_CART_LINES, {
        error: `must have at most ${MAX_CART_LINES} lines`,
      }),
    ),
  );

// ---------------------------------------------------------------------------
// States and delivery fees
// ---------------------------------------------------------------------------

export const shippingState = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** ISO country code: 'PH' or 'CN'. */
  country: z.string(),
  standard_fee_cents: z.number().int(),
  expedited_fee_cents: z.number().int(),
});
export type ShippingState = z.infer<typeof shippingState>;

/** The delivery states (optionally of one country), with their fees and the free-delivery threshold. */
export const getStates = defineEndpoint({
  path: '/v2/get-states',
  access: 'public',
  summary: 'Delivery states with their fees',
  request: z.object({
    country: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { error: 'must be a 2-letter country code' }),
    ),
  }),
  response: z.object({
    states: z.array(shippingState),
    /** Orders whose subtotal reaches this ship free. */
    free_shipping_threshold_cents: z.number().int(),
  }),
});

/** The delivery fee of a cart to a state by a method: free at or above the threshold. */
export const getShippingFee = defineEndpoint({
  path: '/v1/get-shipping-fee',
  access: 'user',
  summary: 'Delivery fee of a cart',
  request: z.object({
    state_id: optional(rowId()),
    method: optional(shippingMethod),
    items: cartItems(),
  }),
  response: z.object({
    fee_cents: z.number().int(),
    subtotal_cents: z.number().int(),
    free_shipping_threshold_cents: z.number().int(),
    is_free: z.boolean(),
    method: shippingMethod,
    /** Whether the shop offers this method to the state (docs/decisions/041); an order with it is refused when not. */
    offered: z.boolean(),
  }),
});

// ---------------------------------------------------------------------------
// Addresses (beyond the original calls, docs/decisions/002: they list no address path)
// ---------------------------------------------------------------------------

export const address = z.object({
  id: z.number().int(),
  receiver_name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state_id: z.number().int(),
  state_name: z.string(),
  zip: z.string(),
  company: z.string().nullable(),
  country: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof address>;

/** A customer keeps at most this many addresses. */
export const MAX_ADDRESSES = 20;

export const getAddresses = defineEndpoint({
  path: '/v2/get-addresses',
  access: 'user',
  summary: "The caller's delivery addresses, default first",
  request: z.object({}),
  response: z.object({ addresses: z.array(address) }),
});

/**
 * Creates an address, or updates the caller's own when `address_id` is given. A blank required field
 * answers its spec message at that field ("Please enter receiver name", ...). The country follows the
 * state; a `country` that contradicts it is refused.
 */
export const saveAddress = defineEndpoint({
  path: '/v2/save-address',
  access: 'user',
  summary: 'Create or update a delivery address',
  request: z.object({
    address_id: optional(rowId()),
    receiver_name: optionalText(100),
    phone: optionalText(40),
    address: optionalText(300),
    city: optionalText(100),
    state_id: optional(rowId()),
    zip: optionalText(20),
    company: optionalText(100),
    country: optionalText(2),
    is_default: optional(flag()),
  }),
  response: z.object({ address }),
});

export const deleteAddress = defineEndpoint({
  path: '/v2/delete-address',
  access: 'user',
  summary: 'Delete one of the caller’s addresses',
  request: z.object({ address_id: rowId() }),
  response: z.object({ deleted: z.literal(true) }),
});

// ---------------------------------------------------------------------------
// Payment methods
// ---------------------------------------------------------------------------

export const paymentMethod = z.object({
  id: z.number().int(),
  code: paymentMethodCode,
  name: z.string(),
  instructions: z.string(),
  /** False when the method cannot be used now (payment link without a configured provider). */
  available: z.boolean(),
  /** The shop's bank details, for bank transfer. */
  bank: z.object({ bank_name: z.string(), bank_account_name: z.string(), bank_account_number: z.string() }).nullable(),
  /** Bank transfer asks for a payment reference and a receipt image. */
  requires_receipt: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const getAllPaymentMethod = defineEndpoint({
  path: '/v2/get-all-payment-method',
  access: 'public',
  summary: 'Payment methods',
  request: z.object({}),
  response: z.object({ payment_methods: z.array(paymentMethod) }),
});

// ---------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------

export const couponInfo = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Percent (1-100) for 'percent', cents for 'fixed'. */
  value: z.number().int(),
  min_spend_cents: z.number().int(),
  ends_at: z.string().nullable(),
});
export type CouponInfo = z.infer<typeof couponInfo>;

/**
 * Checks a coupon against the cart (active, dates, minimum spend on the server's subtotal, total and
 * per-user limits) and applies it to the caller's checkout (one coupon at a time: it replaces any other).
 * At most 20 calls per customer in 10 minutes (429 beyond), so coupon codes cannot be guessed by trying.
 */
export const validateCoupon = defineEndpoint({
  path: '/v1/validate-coupon',
  access: 'user',
  summary: 'Check and apply a coupon',
  request: z.object({ code: optionalText(40), items: cartItems() }),
  response: z.object({
    coupon: couponInfo,
    discount_cents: z.number().int(),
    subtotal_cents: z.number().int(),
  }),
});

/** Removes the coupon applied to the caller's checkout. */
export const cancelCouponApplication = defineEndpoint({
  path: '/v1/cancel-coupon-application',
  access: 'user',
  summary: 'Remove the applied coupon',
  request: z.object({ code: optionalText(40) }),
  response: z.object({ cleared: z.literal(true) }),
});

/** Removes every coupon applied to the caller's checkout. */
export const clearCouponApplications = defineEndpoint({
  path: '/v1/clear-coupon-applications',
  access: 'user',
  summary: 'Remove every applied coupon',
  request: z.object({}),
  response: z.object({ cleared: z.literal(true) }),
});

// ---------------------------------------------------------------------------
// Cash reward
// ---------------------------------------------------------------------------

/**
 * Holds an amount of the caller's cash-reward balance for the checkout in progress; 0 releases it.
 * Blank answers "Please enter amount to redeem"; more than the balance is refused.
 */
export const updateOnholdRebateAmount = defineEndpoint({
  path: '/v1/update-onhold-rebate-amount',
  access: 'user',
  summary: 'Hold cash reward for the checkout',
  request: z.object({ amount_cents: optional(cents()) }),
  response: z.object({ on_hold_cents: z.number().int(), balance_cents: z.number().int() }),
});

export const CASH_REWARD_TYPES = ['earned', 'redeemed', 'returned', 'referral', 'forfeited'] as const;
export type CashRewardType = (typeof CASH_REWARD_TYPES)[number];

export const cashRewardEntry = z.object({
  id: z.number().int(),
  /**
   * 'earned' (a completed order), 'redeemed' (spent at checkout), 'returned' (order cancelled), 'referral' (the
   * referral award: a referred member's first order completed).
   */
  type: z.enum(CASH_REWARD_TYPES),
  order_no: z.string().nullable(),
  /** The order's spend the entry is about. */
  spend_cents: z.number().int(),
  /** Signed: positive adds to the balance, negative takes from it. */
  amount_cents: z.number().int(),
  balance_after_cents: z.number().int(),
  status: z.enum(['Active', 'Inactive']),
  created_at: z.string(),
});
export type CashRewardEntry = z.infer<typeof cashRewardEntry>;

/** The caller's cash-reward ledger (newest first, keyset-paged), balance, amount on hold and totals. */
export const getCashRebateList = defineEndpoint({
  path: '/v2/get-cash-rebate-list',
  access: 'user',
  summary: 'Cash reward ledger and balance',
  request: z.object({
    cursor: optionalText(200),
    limit: optional(int().pipe(z.number().min(1, { error: 'must be 1-50' }).max(50, { error: 'must be 1-50' }))),
  }),
  response: z.object({
    balance_cents: z.number().int(),
    on_hold_cents: z.number().int(),
    total_earned_cents: z.number().int(),
    total_redeemed_cents: z.number().int(),
    reward_percent: z.number().int(),
    entries: z.array(cashRewardEntry),
    next_cursor: z.string().nullable(),
  }),
});

// ---------------------------------------------------------------------------
// Checkout summary (addition)
// ---------------------------------------------------------------------------

export const LINE_PROBLEMS = [
  'unavailable',
  'not_enough_stock',
  'invalid_quantity',
  'not_subscribable',
  'not_deliverable',
] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];

export const pricedLine = z.object({
  /** Position in the cart as sent (0-based). */
  index: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
  variant_name: z.string(),
  image: z.string(),
  quantity: z.number(),
  frequency_weeks: z.number().int(),
  /** The server's unit price (sale price, 15% off for a subscription). */
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
  /** Units of this packaging in stock now. */
  stock: z.number().int(),
  problem: z.enum(LINE_PROBLEMS).nullable(),
  /** The problem, in the asked language. */
  message: z.string().nullable(),
});
export type PricedLine = z.infer<typeof pricedLine>;

export const checkoutTotals = z.object({
  subtotal_cents: z.number().int(),
  delivery_fee_cents: z.number().int(),
  coupon_discount_cents: z.number().int(),
  cash_reward_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type CheckoutTotals = z.infer<typeof checkoutTotals>;

/**
 * What the order would cost now: every line re-priced from the database, the delivery fee (to
 * `address_id`'s state, or `state_id`), the applied coupon and the held cash reward. Lines that
 * cannot be ordered carry a problem and its message; `can_place` is false while any remains.
 */
export const checkoutSummary = defineEndpoint({
  path: '/v2/checkout-summary',
  access: 'user',
  summary: 'Live checkout totals',
  request: z.object({
    items: cartItems(),
    address_id: optional(rowId()),
    state_id: optional(rowId()),
    shipping_method: optional(shippingMethod),
    /** Apply the coupon recorded by validate-coupon (default 1). */
    use_coupon: optional(flag()),
    /** Apply the cash reward held by update-onhold-rebate-amount (default 1). */
    use_cash_reward: optional(flag()),
  }),
  response: z.object({
    lines: z.array(pricedLine),
    totals: checkoutTotals,
    shipping_method: shippingMethod,
    free_shipping_threshold_cents: z.number().int(),
    /** Null until a state (or address) is chosen: the fee is then unknown and counted as 0. */
    state_id: z.number().int().nullable(),
    coupon: z
      .object({
        info: couponInfo,
        /** False when the applied coupon no longer fits this cart (then `message` says why). */
        valid: z.boolean(),
        message: z.string().nullable(),
        discount_cents: z.number().int(),
      })
      .nullable(),
    cash_reward: z.object({
      balance_cents: z.number().int(),
      on_hold_cents: z.number().int(),
      /** What the order would spend of the hold (never more than what is left to pay). */
      applied_cents: z.number().int(),
    }),
    /** Messages of every problem (lines, coupon); empty when the order can be placed. */
    problems: z.array(z.string()),
    can_place: z.boolean(),
  }),
});
