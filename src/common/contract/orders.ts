import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../checkout-rules';
import { CARD_PAYMENT_STATES } from '../order-workflow';
import { cartLineProduct, variant } from './catalog';
import { cartItems, paymentMethodCode, rowId, shippingMethod } from './checkout';
import { defineEndpoint } from './endpoint';
import { cents, flag, int, optional, optionalText } from './fields';

/**
 * Orders: placing one (idempotent, one transaction), the history, details, the 15-minute changes
 * (address, cancel), reviews and the Telegram payment link.
 */

export const orderStatus = z.enum(ORDER_STATUSES);
export type { OrderStatus };

export const orderItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  /** Names as they were when the order was placed, in the asked language. */
  name: z.string(),
  variant_name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
  /** 0 one-time; 2, 4 or 8 for Subscribe & save. */
  frequency_weeks: z.number().int(),
  /** Whether the caller has reviewed this product for this order. */
  reviewed: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const deliveryAddress = z.object({
  receiver_name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state_name: z.string(),
  zip: z.string(),
  company: z.string().nullable(),
  country: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

export const tracking = z.object({
  company: z.string().nullable(),
  number: z.string().nullable(),
  link: z.string().nullable(),
});

export const orderDetails = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: orderStatus,
  placed_at: z.string(),
  /** Until when the address can be changed or the order cancelled (placed + 15 minutes). */
  can_change_until: z.string(),
  /** Whether a change is possible now (inside the window, and Pending or Paid). */
  can_change: z.boolean(),
  items: z.array(orderItem),
  subtotal_cents: z.number().int(),
  delivery_fee_cents: z.number().int(),
  coupon_code: z.string().nullable(),
  coupon_discount_cents: z.number().int(),
  cash_reward_cents: z.number().int(),
  total_cents: z.number().int(),
  shipping_method: shippingMethod,
  payment_method: paymentMethodCode,
  payment_reference: z.string().nullable(),
  /**
   * The uploaded receipt: a GET path (relative to the API base) signed for the order's owner,
   * valid for an hour. Null when there is none.
   */
  receipt_url: z.string().nullable(),
  delivery_address: deliveryAddress,
  tracking,
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** Completed and at least one product not yet reviewed. */
  can_review: z.boolean(),
  /** Payment link, still unpaid: the client may ask get-payment-link. */
  awaiting_payment_link: z.boolean(),
  /**
   * While nothing is paid (no payment, no receipt): when the server will cancel the order if it is still
   * unpaid. Null when nothing is awaited or the shop keeps unpaid orders.
   */
  pay_by: z.string().nullable(),
  /** Why the shop did not accept the transfer's receipt (the customer may upload a new one); null otherwise. */
  receipt_rejected_reason: z.string().nullable(),
  receipt_rejected_at: z.string().nullable(),
  /** A cancelled order that had been paid: what the shop still owes back, and what it has refunded. */
  refund_owed_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /**
   * A card order's payment (docs/decisions/040), absent for other methods: `confirming` after the shopper paid on the
   * provider's page and before the server recorded the money ("Confirming your payment…"; never Paid on the return
   * alone); `awaiting_payment` or `failed`: Pay now (`checkout_url`, the open hosted page, while it has time left).
   */
  card_payment: z.object({ state: z.enum(CARD_PAYMENT_STATES), checkout_url: z.string().nullable() }).optional(),
});
export type OrderDetails = z.infer<typeof orderDetails>;

export const orderSummary = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: orderStatus,
  placed_at: z.string(),
  can_change_until: z.string(),
  can_change: z.boolean(),
  total_cents: z.number().int(),
  /** Units over all lines. */
  item_count: z.number().int(),
  /** The first three lines, for the card. */
  items: z.array(z.object({ name: z.string(), image: z.string(), quantity: z.number().int() })),
  has_tracking: z.boolean(),
  can_review: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** Receipt images: PNG, JPEG or WebP (checked by their bytes), at most the server's MAX_UPLOAD_BYTES. */
export const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The receipt file: a Blob from the browser, the file's bytes on the server. */
const receiptFile = z.custom<Blob | Uint8Array>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  {
    error: 'must be an image file',
  },
);

/** The idempotency-key prefix of the renewal orders the server places (`renewal:<subscription>:<date>`). */
export const RENEWAL_KEY_PREFIX = 'renewal:';

/**
 * Prefixes of the server's own idempotency keys. Keys are unique per customer, and a renewal is placed in the
 * customer's name: a customer's key may not start with one of these (compared case-insensitively), so it can
 * never take a key the server will use (and, before this rule, freeze a subscription's renewals).
 */
export const RESERVED_KEY_PREFIXES = [RENEWAL_KEY_PREFIX] as const;

export const isReservedKey = (key: string): boolean =>
  RESERVED_KEY_PREFIXES.some((prefix) => key.toLowerCase().startsWith(prefix));

/**
 * Places an order (multipart when a receipt is attached). One transaction: every line re-priced from
 * the database, stock taken (never oversold), the applied coupon and held cash reward spent, the order
 * written; any failure writes nothing. The same `idempotency_key` always answers the same order.
 * Bank transfer needs `payment_reference` and `receipt`; payment link needs a configured provider.
 * `expected_total_cents`, when sent, must equal the server's total (else the order is refused so the
 * customer sees the new total first).
 */
export const placeOrder = defineEndpoint({
  path: '/v1/order',
  access: 'user',
  summary: 'Place an order',
  multipart: true,
  request: z.object({
    idempotency_key: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: 'is required' })
        .min(8, { error: 'must be 8-100 characters' })
        .max(100, { error: 'must be 8-100 characters' })
        .regex(/^[\w.:-]+$/, { error: 'must be letters, digits, -, _, . or :' })
        .refine((key) => !isReservedKey(key), {
          error: `must not start with ${RESERVED_KEY_PREFIXES.join(' or ')} (kept for the shop's own orders)`,
        }),
    ),
    items: cartItems(),
    address_id: optional(rowId()),
    shipping_method: optional(shippingMethod),
    payment_method: optional(paymentMethodCode),
    payment_reference: optionalText(100),
    receipt: optional(receiptFile),
    /** Apply the coupon recorded by validate-coupon (default 1). */
    use_coupon: optional(flag()),
    /** Spend the cash reward held by update-onhold-rebate-amount (default 1). */
    use_cash_reward: optional(flag()),
    expected_total_cents: optional(cents()),
    /**
     * A card order starting a Subscribe & save subscription, in a browser: the shopper ticked "charge my renewals to
     * this card" (off by default; common/renewal-charges.ts has its words). Ignored for any other order.
     */
    save_card_for_renewals: optional(flag()),
  }),
  response: z.object({
    order: orderDetails,
    /** False when this key had already placed the order (a retry). */
    created: z.boolean(),
    /**
     * A card order with something to pay: the provider's hosted page to send the shopper to. Absent otherwise, or
     * null when the provider did not answer (the order stands; Pay now offers a page).
     */
    checkout_url: z.string().nullable().optional(),
  }),
});

export const ORDERS_PAGE = { min: 1, max: 50, default: 20 } as const;

/** The caller's orders, newest first, keyset-paged; optionally of one status. */
export const getOrders = defineEndpoint({
  path: '/v1/get-orders',
  access: 'user',
  summary: "The caller's orders",
  request: z.object({
    status: optional(orderStatus),
    cursor: optionalText(300),
    limit: optional(
      int().pipe(
        z
          .number()
          .min(ORDERS_PAGE.min, { error: `must be ${ORDERS_PAGE.min}-${ORDERS_PAGE.max}` })
          .max(ORDERS_PAGE.max, { error: `must be ${ORDERS_PAGE.min}-${ORDERS_PAGE.max}` }),
      ),
    ),
  }),
  response: z.object({ orders: z.array(orderSummary), next_cursor: z.string().nullable() }),
});

/**
 * One of the caller's orders in full; anyone else's answers 404. `checkout_session`: the session id the card
 * provider's page sent the shopper back with — the server asks the provider about it and records a payment it
 * reports, as the provider's notice would (docs/decisions/040).
 */
export const getOrderDetails = defineEndpoint({
  path: '/v1/get-order-details',
  access: 'user',
  summary: 'One order in full',
  request: z.object({ order_id: rowId(), checkout_session: optionalText(200) }),
  response: z.object({ order: orderDetails }),
});

/** Within 15 minutes of placing (Pending or Paid): deliver to another of the caller's addresses. */
export const updateOrderAddress = defineEndpoint({
  path: '/v2/update-order-address',
  access: 'user',
  summary: "Change an order's delivery address",
  request: z.object({ order_id: rowId(), address_id: optional(rowId()) }),
  response: z.object({ order: orderDetails }),
});

/** Within 15 minutes of placing (Pending or Paid): cancel, returning stock, coupon use and cash reward. */
export const cancelOrder = defineEndpoint({
  path: '/v2/cancel-order',
  access: 'user',
  summary: 'Cancel an order',
  request: z.object({ order_id: rowId() }),
  response: z.object({ order: orderDetails }),
});

export const addedReview = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  order_id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  description: z.string(),
  nickname: z.string(),
  created_at: z.string(),
});

/** Reviews a product of the caller's own Completed order, once per product and order. */
export const addReview = defineEndpoint({
  path: '/v1/add-review',
  access: 'user',
  summary: 'Review a product of a completed order',
  request: z.object({
    product_id: rowId(),
    order_id: rowId(),
    rating: optional(int()),
    title: optionalText(120),
    description: optionalText(2000),
  }),
  response: z.object({ review: addedReview }),
});

/**
 * A Telegram invoice link for an unpaid payment-link order; "This method is not available" without a provider.
 * At most 10 calls per customer in 10 minutes (429 beyond): each one asks the provider for a new link.
 */
export const getPaymentLink = defineEndpoint({
  path: '/v1/get-payment-link',
  access: 'user',
  summary: 'Telegram invoice link of an order',
  request: z.object({ order_id: rowId() }),
  response: z.object({ link: z.string(), order_no: z.string(), total_cents: z.number().int() }),
});

/**
 * Pay now for a Pending, unpaid card order (docs/decisions/040): the open hosted page again while it has time left,
 * else a new one (the next attempt). "This method is not available" without a card provider; 409 when the order is
 * not waiting for a card payment (or one is being confirmed). At most 10 calls per customer in 10 minutes.
 */
export const payOrderByCard = defineEndpoint({
  path: '/v2/pay-order-by-card',
  access: 'user',
  summary: 'Hosted card payment page of an order',
  request: z.object({ order_id: rowId() }),
  response: z.object({ checkout_url: z.string(), order_no: z.string(), total_cents: z.number().int() }),
});

// ---------------------------------------------------------------------------
// Buy again
// ---------------------------------------------------------------------------

/** Why a line of a past order could not go into the cart (or only part of it). */
export const BUY_AGAIN_REASONS = ['no_longer_sold', 'out_of_stock', 'only_left', 'cart_full'] as const;
export type BuyAgainReason = (typeof BUY_AGAIN_REASONS)[number];

/** A line that goes into the cart: today's product and packaging (prices, stock, names) and how many to add. */
export const buyAgainLine = z.object({
  product: cartLineProduct,
  packaging: variant,
  /** Units to add to the cart (one-time); with what the cart holds, never above the packaging's stock. */
  quantity: z.number().int(),
  /** Units the past order had. */
  ordered_quantity: z.number().int(),
  /** The order's line was Subscribe & save: it goes into the cart as one-time. */
  was_subscription: z.boolean(),
});
export type BuyAgainLine = z.infer<typeof buyAgainLine>;

export const buyAgainProblem = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  /** Today's name if the product still exists, else the name as ordered (asked language). */
  name: z.string(),
  variant_name: z.string(),
  reason: z.enum(BUY_AGAIN_REASONS),
  /** For `only_left`: the units in stock now (all of them, counting what the cart already holds). */
  left: z.number().int(),
});
export type BuyAgainProblem = z.infer<typeof buyAgainProblem>;

/**
 * Buy again: the lines of one of the caller's orders that are still on sale (product active and not
 * coming soon, packaging not retired, stock > 0), at today's prices and stock, merged with the cart
 * the client holds (`items`) by the cart's rules: per packaging never more than its stock, at most
 * MAX_CART_LINES lines. Subscription lines come back one-time. Read in one transaction; nothing is
 * written (the cart lives on the client; checkout re-checks every line). Anyone else's order: 404.
 */
export const buyAgain = defineEndpoint({
  path: '/v1/buy-again',
  access: 'user',
  summary: "Put a past order's lines back into the cart",
  request: z.object({ order_id: rowId(), items: cartItems() }),
  response: z.object({ added: z.array(buyAgainLine), problems: z.array(buyAgainProblem) }),
});
