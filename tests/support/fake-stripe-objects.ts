import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

// The objects of the fake Stripe API (fake-stripe-state.ts) as the SDK's types, narrowed with `Pick` to the fields the
// fake fills, so every field it sends has the type the SDK declares; Stripe's error shape; reading form parameters.

export type FakeSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
>;
export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'last_payment_error'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'payment_method'
  | 'setup_future_usage'
  | 'status'
>;
export type FakeCharge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'created'
  | 'currency'
  | 'customer'
  | 'disputed'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
  | 'payment_method_details'
  | 'refunded'
  | 'status'
>;
export type FakeRefund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'failure_reason'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;
export type FakeCustomer = Pick<
  Stripe.Customer,
  'id' | 'object' | 'created' | 'email' | 'livemode' | 'metadata' | 'name'
>;
export type FakeDispute = Pick<
  Stripe.Dispute,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;
export type FakeEvent = Pick<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'
> & { type: string; data: { object: object } };

export interface FakePaymentMethod {
  id: string;
  created: number;
  /** The customer it is attached to; null once detached (or never saved). */
  customer: string | null;
  brand: string;
  last4: string;
  /**
   * What charging it off-session does: `processing` leaves the payment processing until `settlePayment`, as a
   * payment the bank confirms later does.
   */
  outcome: 'succeed' | 'card_declined' | 'authentication_required' | 'processing';
}

/** A PaymentMethod as the API answers it (retrieve, detach), with the card fields the shop could read. */
export type FakePaymentMethodObject = Pick<
  Stripe.PaymentMethod,
  'id' | 'object' | 'billing_details' | 'card' | 'created' | 'customer' | 'livemode' | 'metadata' | 'type'
>;

export interface CardChoice {
  brand: string;
  last4: string;
}

/** A refusal in Stripe's shape: `{ error: { type, code, message, … } }` with its HTTP status. */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; decline_code?: string; param?: string; message: string } & Record<
      string,
      unknown
    >,
  ) {
    super(body.message);
  }
}

export const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new FakeStripeError(400, { type: 'invalid_request_error', message, ...extra });
export const missing = (kind: string, id: string, param = 'id') =>
  new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const newId = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(24), (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
export const now = () => Math.floor(Date.now() / 1000);

export type Params = Record<string, unknown>;
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: unknown): Params => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Params) : {});
export const list = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : [];
export const metadataOf = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(v)).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** A form value that must be a whole number (form bodies carry strings). */
export function int(v: unknown, param: string, min = 0): number {
  const s = str(v);
  if (s === undefined) throw invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  if (!/^-?\d+$/.test(s) || Number(s) < min) {
    throw invalid(`Invalid integer: ${s}`, { code: 'parameter_invalid_integer', param });
  }
  return Number(s);
}
export const required = (v: unknown, param: string): string => {
  const s = str(v);
  if (!s) throw invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return s;
};

/** The smallest and largest amounts Stripe charges in USD. */
export const MIN_CENTS = 50;
export const MAX_CENTS = 99_999_999;
