import type { MessageKey } from './i18n/messages';
import { percentOf } from './money';
import { hasDiscount, unitPriceCents } from './pricing';

/**
 * Checkout and order rules both sides apply (docs/decisions/003). Pure: the server computes every
 * amount with these functions from database rows; the client may use them only to preview.
 * All money is integer cents.
 */

// An order's statuses and the customer's change window live with the rest of an order's life (order-workflow.ts).
export {
  CHANGEABLE_STATUSES,
  canChangeOrder,
  changeWindowEnds,
  ORDER_CHANGE_WINDOW_MINUTES,
  ORDER_STATUSES,
  type OrderStatus,
} from './order-workflow';

// ---------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------

/** A packaging row as stored: the regular price and an optional sale price. */
export interface VariantPrice {
  price_cents: number;
  discount_price_cents: number | null;
}

/** The unit price the server charges for a packaging and a delivery frequency (0, 2, 4 or 8 weeks). */
export function chargedUnitCents(variant: VariantPrice, frequencyWeeks: number): number {
  return unitPriceCents(
    {
      price_cents: variant.price_cents,
      discount_price_cents: variant.discount_price_cents,
      has_discount: hasDiscount(variant.price_cents, variant.discount_price_cents),
    },
    frequencyWeeks,
  );
}

/** Whether a quantity can be ordered: a whole number from 1 to the stock. */
export function isOrderableQuantity(quantity: unknown, stock: number): quantity is number {
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= stock;
}

// ---------------------------------------------------------------------------
// Delivery
// ---------------------------------------------------------------------------

/**
 * Shipping methods (docs/product.md section 5, Delivery); the one definition, used by the contract, the server's schema
 * and the client.
 */
/**
 * How an order is paid (decisions §6): bank transfer (reference + receipt), a payment link (Telegram invoice), or a
 * card on the card provider's hosted page (docs/decisions/040; offered only when the shop has a card provider).
 */
export const PAYMENT_METHODS = ['bank_transfer', 'payment_link', 'card'] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number];

export const SHIPPING_METHODS = ['standard', 'expedited'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export interface StateFees {
  standard_fee_cents: number;
  expedited_fee_cents: number;
}

/**
 * The delivery fee: the state's fee for the method, or 0 when the subtotal (before coupon and cash
 * reward) is at or above the free-delivery threshold. A threshold of 0 or less means "never free".
 */
export function deliveryFeeCents(
  state: StateFees,
  method: ShippingMethod,
  subtotalCents: number,
  freeThresholdCents: number,
): number {
  if (freeThresholdCents > 0 && subtotalCents >= freeThresholdCents) return 0;
  return method === 'expedited' ? state.expedited_fee_cents : state.standard_fee_cents;
}

/** A product's delivery flags as stored (1 = ships there). */
export interface ProductAvailability {
  available_ph: number;
  available_cn: number;
}

/**
 * Whether a product can be delivered to an address in `country` (its state's ISO code): the Philippines and
 * China each by the product's own flag; the shop's other countries, if any, are not restricted per product.
 * The one rule for placing an order, changing its address and changing a subscription's address.
 */
export function deliversTo(product: ProductAvailability, country: string): boolean {
  if (country === 'PH') return product.available_ph === 1;
  if (country === 'CN') return product.available_cn === 1;
  return true;
}

// ---------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------

/** A coupon takes a percentage off the subtotal or a fixed amount (cents). */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export interface CouponRule {
  kind: string;
  value: number;
  min_spend_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  used_count: number;
  is_active: number;
}

/** The discount of a coupon on a subtotal: a percentage (rounded half up) or a fixed amount, never above the subtotal. */
export function couponDiscountCents(coupon: Pick<CouponRule, 'kind' | 'value'>, subtotalCents: number): number {
  const raw = coupon.kind === 'percent' ? percentOf(subtotalCents, Math.min(100, coupon.value)) : coupon.value;
  return Math.max(0, Math.min(raw, subtotalCents));
}

export interface CouponProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Why a coupon cannot be used now, or null. `userUses` is how many of the caller's orders used it.
 * `formatAmount` renders the minimum spend (e.g. formatCents).
 */
export function couponProblem(
  coupon: CouponRule,
  ctx: { nowIso: string; subtotalCents: number; userUses: number; formatAmount: (cents: number) => string },
): CouponProblem | null {
  if (!coupon.is_active) return { key: 'couponNotFound' };
  if (coupon.starts_at && ctx.nowIso < coupon.starts_at) return { key: 'couponNotStarted' };
  if (coupon.ends_at && ctx.nowIso >= coupon.ends_at) return { key: 'couponExpired' };
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) return { key: 'couponUsedUp' };
  if (coupon.per_user_limit !== null && ctx.userUses >= coupon.per_user_limit) return { key: 'couponUserLimit' };
  if (ctx.subtotalCents < coupon.min_spend_cents) {
    return { key: 'couponMinSpend', params: { amount: ctx.formatAmount(coupon.min_spend_cents) } };
  }
  return null;
}

/** Coupon codes compare case-insensitively: stored and looked up upper-case, spaces trimmed. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

// ---------------------------------------------------------------------------
// Totals and cash reward
// ---------------------------------------------------------------------------

export interface Totals {
  subtotal_cents: number;
  delivery_fee_cents: number;
  coupon_discount_cents: number;
  cash_reward_cents: number;
  total_cents: number;
}

/**
 * Grand total = subtotal + delivery − coupon discount − cash reward. The discount never exceeds the
 * subtotal, and the cash reward spent is what is held, capped at what is left to pay (never negative).
 */
export function orderTotals(input: {
  subtotalCents: number;
  deliveryFeeCents: number;
  couponDiscountCents: number;
  cashRewardHeldCents: number;
}): Totals {
  const discount = Math.max(0, Math.min(input.couponDiscountCents, input.subtotalCents));
  const due = input.subtotalCents - discount + input.deliveryFeeCents;
  const reward = Math.max(0, Math.min(input.cashRewardHeldCents, due));
  return {
    subtotal_cents: input.subtotalCents,
    delivery_fee_cents: input.deliveryFeeCents,
    coupon_discount_cents: discount,
    cash_reward_cents: reward,
    total_cents: due - reward,
  };
}

/**
 * What an order's customer paid for goods (docs/decisions/003), the base a cash reward is earned on: the
 * subtotal minus the coupon discount minus the cash reward redeemed, never below zero. Delivery is not goods;
 * a reward redeemed beyond the goods (on the delivery fee) leaves nothing to earn on.
 */
export function rewardBaseCents(order: {
  subtotal_cents: number;
  coupon_discount_cents: number;
  cash_reward_cents: number;
}): number {
  return Math.max(0, order.subtotal_cents - order.coupon_discount_cents - order.cash_reward_cents);
}

/** The cash reward a completed order earns: `percent` % of what was paid for goods (rewardBaseCents), rounded half up. */
export function cashRewardEarnedCents(baseCents: number, percent: number): number {
  if (!Number.isInteger(percent) || percent <= 0) return 0;
  return percentOf(baseCents, Math.min(100, percent));
}

// ---------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------

export interface AddressFields {
  receiver_name?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state_id?: number | null;
  zip?: string | null;
}

/** The shop's message (docs/product.md section 5) of every blank required address field, in form order. */
export function addressFieldErrors(fields: AddressFields): Array<{ field: keyof AddressFields; key: MessageKey }> {
  const blank = (v: string | null | undefined) => !v || v.trim() === '';
  const errors: Array<{ field: keyof AddressFields; key: MessageKey }> = [];
  if (blank(fields.receiver_name)) errors.push({ field: 'receiver_name', key: 'enterReceiverName' });
  if (blank(fields.phone)) errors.push({ field: 'phone', key: 'enterShippingContact' });
  if (blank(fields.address)) errors.push({ field: 'address', key: 'enterShippingAddress' });
  if (blank(fields.city)) errors.push({ field: 'city', key: 'enterCity' });
  if (!fields.state_id) errors.push({ field: 'state_id', key: 'selectShippingState' });
  if (blank(fields.zip)) errors.push({ field: 'zip', key: 'enterZipcode' });
  return errors;
}
