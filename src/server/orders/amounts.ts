import type { Order } from '../db/schema';

/** An order's amounts as the shop's and the back office's order pages, and its e-mails, show them. */
export const orderAmounts = (order: Order) => ({
  subtotal_cents: order.subtotal_cents,
  delivery_fee_cents: order.delivery_fee_cents,
  coupon_code: order.coupon_code,
  coupon_discount_cents: order.coupon_discount_cents,
  cash_reward_cents: order.cash_reward_cents,
  total_cents: order.total_cents,
});
