import type { Generated } from 'kysely';
import type { CouponKind, OrderStatus, ShippingMethod } from '../../common/checkout-rules';
import type { CashRewardType, PaymentMethodCode } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import type { SubscriptionStatus } from '../../common/contract/subscriptions';
import type { ExchangeReason, ExchangeStatus } from '../../common/exchange-rules';
import type { PaymentAttention } from '../../common/order-workflow';
import type { RenewalFailure } from '../../common/renewal-charges';

// Orders and what hangs on them: lines, payments, refunds, the timeline, exchanges, subscriptions, coupons and the
// cash-reward ledger (part of `Database` in schema.ts).

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  status: OrderStatus;
  idempotency_key: string;
  subtotal_cents: number;
  delivery_fee_cents: number;
  coupon_id: number | null;
  coupon_code: string | null;
  coupon_discount_cents: number;
  cash_reward_cents: number;
  total_cents: number;
  shipping_method: ShippingMethod;
  payment_method: PaymentMethodCode;
  payment_reference: string | null;
  receipt_path: string | null;
  receiver_name: string;
  phone: string;
  address: string;
  city: string;
  state_name: string;
  zip: string;
  company: string | null;
  country: string;
  tracking_company: string | null;
  tracking_number: string | null;
  tracking_link: string | null;
  /** Why staff refused the transfer's receipt (the customer sees it and may send a new one); cleared by a new receipt. */
  receipt_rejected_reason: string | null;
  receipt_rejected_at: string | null;
  /** What about the order's money needs a person (card payments, docs/decisions/040); null when nothing does. */
  payment_attention: PaymentAttention | null;
  subscription_id: number | null;
  /** When the shopper agreed to have this order's card charged for its subscriptions' renewals (null: not agreed). */
  save_card_consent_at: string | null;
  lang: Lang;
  /**
   * When the delivery's name, phone, street, postcode and company were erased (docs/decisions/050): by the account's
   * deletion, or by the retention job after ORDER_ADDRESS_RETENTION_DAYS; null: still there.
   */
  address_erased_at: string | null;
  placed_at: string;
  paid_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  updated_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number;
  name_en: string;
  name_zh: string;
  variant_name_en: string;
  variant_name_zh: string;
  image: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
  /** 0 for one-time; 2, 4 or 8 for Subscribe & save. */
  frequency_weeks: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** The provider's charge id (a card provider: the payment's reference); unique so a repeated notice pays once. */
  provider_charge_id: string;
  amount_cents: number;
  /** 'succeeded' (the money is taken); a card payment as its provider reported it. */
  status: Generated<string>;
  currency: Generated<string>;
  /** A card payment's charge reference (Stripe: ch_…), which refund and dispute notices name. */
  charge_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** What the provider says was refunded of it (charge.refunded notices). */
  refunded_cents: Generated<number>;
  created_at: string;
}

/** An order's timeline: what happened to it, who did it, when. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  /** e.g. 'placed', 'receipt_sent', 'receipt_rejected', 'paid', 'processing', 'tracking', 'completed', 'cancelled', 'expired', 'refund', 'address_changed' */
  kind: string;
  /** 'customer', 'system', 'telegram', 'command line' or a staff member's e-mail. */
  actor: string;
  /** JSON of what the event carries (reason, tracking, refund amount…). */
  details: string | null;
  created_at: string;
}

/** Money given back on a cancelled order that had been paid. */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  /** e.g. 'bank_transfer', 'telegram', 'cash', 'other' */
  method: string;
  reference: string;
  recorded_by: number | null;
  /** A refund sent to a card provider: the provider, its reference (re_…), its status, why it failed. */
  provider: string | null;
  provider_ref: string | null;
  provider_status: string | null;
  failure_reason: string | null;
  /** The payment it gives back (a refund through the provider). */
  payment_id: number | null;
  /** Unique: the automatic refund of a payment is one row however often it is asked for. */
  idempotency_key: string | null;
  created_at: string;
}

/** A customer's request to exchange a line of a Completed order (migration 2026-11-25T04-00, docs/decisions/020). */
export interface ExchangeRequestsTable {
  id: Generated<number>;
  order_id: number;
  /** Unique: one request per order line, ever. */
  order_item_id: number;
  user_id: number;
  quantity: number;
  reason: ExchangeReason;
  /** The customer's note (required for the reason "other"). */
  note: string | null;
  /** The photo's key in the FileStore (`app.files`), private; null without a photo. */
  photo_key: string | null;
  status: Generated<ExchangeStatus>;
  /** Approved: what is sent instead; declined: why not. */
  answer: string | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  frequency_weeks: number;
  address_id: number;
  shipping_method: ShippingMethod;
  payment_method: PaymentMethodCode;
  status: SubscriptionStatus;
  next_due_at: string;
  /** The order whose Subscribe & save line started it (null for subscriptions older than saved cards). */
  origin_order_id: number | null;
  /** The saved card its renewals are charged to, without the customer (null: each renewal waits for Pay now). */
  saved_card_id: number | null;
  /** Why the last renewal could not be charged to the card (common/renewal-charges.ts), until one is paid. */
  renewal_failure: RenewalFailure | null;
  renewal_failure_order_id: number | null;
  renewal_failure_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: CouponKind;
  /** Percent (1-100) for 'percent', cents for 'fixed'. */
  value: number;
  min_spend_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  used_count: Generated<number>;
  is_active: Generated<number>;
  created_at: string;
}

/** A coupon applied to a checkout in progress (validate-coupon); cleared when the order is placed. */
export interface CouponApplicationsTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number;
  created_at: string;
}

/** A coupon used by a placed order; removed when that order is cancelled. */
export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number;
  created_at: string;
}

/** The cash-reward ledger: 'earned' (from a completed order), 'redeemed' (spent), 'returned' (order cancelled). */
export interface CashRewardsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  type: CashRewardType;
  spend_cents: number;
  amount_cents: number;
  balance_after_cents: number;
  /** 'Active' | 'Inactive' */
  status: string;
  created_at: string;
}

/** The amount a customer holds for the checkout in progress (update-onhold-rebate-amount). */
export interface CashRewardHoldsTable {
  user_id: number;
  amount_cents: number;
  updated_at: string;
}
