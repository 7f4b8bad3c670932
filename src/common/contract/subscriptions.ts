import { z } from 'zod';
import { RENEWAL_FAILURES } from '../renewal-charges';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../subscription-rules';
import { paymentMethodCode, rowId, shippingMethod } from './checkout';
import { defineEndpoint } from './endpoint';
import { flag, int, optional, optionalText } from './fields';
import { orderDetails } from './orders';

/**
 * Subscribe & save (docs/decisions/012): a product line ordered "every 2, 4 or 8 weeks" at 15% off becomes a
 * subscription when the order is placed. The customer lists, changes (frequency, quantity, address,
 * shipping method, skip the next delivery) and cancels their own subscriptions; the server places each
 * renewal order when it falls due (Pending, awaiting payment). A bank-transfer order placed without a
 * reference and receipt (a renewal) is paid later with submit-payment.
 */

/** Subscription delivery frequencies, in weeks (0 = one-time is not a subscription). */
export const SUBSCRIPTION_FREQUENCIES = [2, 4, 8] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

export { SUBSCRIPTION_STATUSES, type SubscriptionStatus };
export const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

/** A card saved for Subscribe & save renewals, as its owner sees it: "visa •••• 4242". */
export const savedCard = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  created_at: z.string(),
});
export type SavedCard = z.infer<typeof savedCard>;

export const subscription = z.object({
  id: z.number().int(),
  status: subscriptionStatus,
  product_id: z.number().int(),
  variant_id: z.number().int(),
  /** Product and packaging names in the asked language (as they are now). */
  name: z.string(),
  variant_name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  frequency_weeks: z.number().int(),
  /** What one unit costs a renewal now: today's sale price, 15% off. */
  unit_price_cents: z.number().int(),
  /** Today's one-time unit price (before the 15%), to show the saving. */
  regular_unit_price_cents: z.number().int(),
  /** unit_price_cents × quantity (delivery fee not included). */
  line_total_cents: z.number().int(),
  /** Units of the packaging in stock now: the largest quantity that can be chosen. */
  stock: z.number().int(),
  /** False when the product is no longer sold or no longer offered as Subscribe & save (renewals fail). */
  available: z.boolean(),
  /** When the next renewal order is placed (ISO-8601 UTC). */
  next_due_at: z.string(),
  shipping_method: shippingMethod,
  payment_method: paymentMethodCode,
  address: z.object({
    id: z.number().int(),
    receiver_name: z.string(),
    /** "12 Jupiter Street, Makati, Metro Manila 1209" (the state in the asked language). */
    summary: z.string(),
  }),
  /** The card its renewals are charged to without the customer (null: each renewal waits for Pay now). */
  saved_card: savedCard.nullable(),
  /**
   * Why the last renewal could not be charged to the card after its retries (its order then waits for Pay now and
   * expires unpaid like any order); null once a later renewal is paid or none failed.
   */
  renewal_failure: z
    .object({ reason: z.enum(RENEWAL_FAILURES), order_id: z.number().int(), order_no: z.string(), at: z.string() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Subscription = z.infer<typeof subscription>;

/** The caller's saved cards (removed ones are not listed). */
export const getSavedCards = defineEndpoint({
  path: '/v2/get-saved-cards',
  access: 'user',
  summary: "The caller's cards saved for Subscribe & save renewals",
  request: z.object({}),
  response: z.object({ saved_cards: z.array(savedCard) }),
});

/**
 * Removes one of the caller's saved cards: no renewal is charged to it from this moment (a renewal waiting for its
 * next try waits for Pay now instead), and every subscription charged to it goes back to Pay now. Removing it again
 * is harmless; anyone else's card answers 404.
 */
export const removeSavedCard = defineEndpoint({
  path: '/v2/remove-saved-card',
  access: 'user',
  summary: 'Remove a saved card (stops automatic renewal charges)',
  request: z.object({ saved_card_id: rowId() }),
  response: z.object({ saved_cards: z.array(savedCard) }),
});

/** The caller's subscriptions: active ones first (soonest delivery first), then cancelled ones. */
export const getSubscriptions = defineEndpoint({
  path: '/v2/get-subscriptions',
  access: 'user',
  summary: "The caller's Subscribe & save subscriptions",
  request: z.object({}),
  response: z.object({ subscriptions: z.array(subscription) }),
});

/**
 * Changes one of the caller's active subscriptions: any of frequency (2, 4 or 8 weeks), quantity (1 to the
 * packaging's stock), address (one of the caller's), shipping method, and `skip_next=1` (the next delivery
 * moves one period later). A new frequency applies from the next delivery on (its date does not move).
 * Anyone else's subscription answers 404; a cancelled one 409.
 */
export const updateSubscription = defineEndpoint({
  path: '/v2/update-subscription',
  access: 'user',
  summary: 'Change a subscription',
  request: z.object({
    subscription_id: rowId(),
    frequency_weeks: optional(int()),
    quantity: optional(int()),
    address_id: optional(rowId()),
    shipping_method: optional(shippingMethod),
    skip_next: optional(flag()),
  }),
  response: z.object({ subscription }),
});

/** Cancels one of the caller's subscriptions (no more renewals). Cancelling again is harmless. */
export const cancelSubscription = defineEndpoint({
  path: '/v2/cancel-subscription',
  access: 'user',
  summary: 'Cancel a subscription',
  request: z.object({ subscription_id: rowId() }),
  response: z.object({ subscription }),
});

/** The receipt file: a Blob from the browser, the file's bytes on the server. */
const receiptFile = z.custom<Blob | Uint8Array>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  { error: 'must be an image file' },
);

/**
 * Pays one of the caller's Pending bank-transfer orders that has no payment details yet (a renewal):
 * `payment_reference` and a `receipt` image (PNG, JPEG or WebP by its bytes, at most MAX_UPLOAD_BYTES),
 * the same checks as placing an order. The operator then confirms the payment.
 */
export const submitPayment = defineEndpoint({
  path: '/v2/submit-payment',
  access: 'user',
  summary: 'Submit the bank-transfer payment of an order',
  multipart: true,
  request: z.object({
    order_id: rowId(),
    payment_reference: optionalText(100),
    receipt: optional(receiptFile),
  }),
  response: z.object({ order: orderDetails }),
});
