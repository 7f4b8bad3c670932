import type { Generated } from 'kysely';
import type { CheckoutSessionState } from '../../common/order-workflow';
import type { RenewalChargeStatus } from '../../common/renewal-charges';

// Card payments' own tables (migration 2026-12-07T12-00, docs/decisions/040; part of `Database` in schema.ts).

/** A hosted payment page made for an order: one per attempt (Pay now after one expired makes the next). */
export interface CheckoutSessionsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** The provider's session id (Stripe: cs_…). */
  provider_ref: string;
  /** 1, 2, 3…: with the order, the provider's idempotency key. */
  attempt: number;
  status: CheckoutSessionState;
  /** The hosted page, while open. */
  url: string | null;
  amount_cents: number;
  currency: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/** A provider notice applied (unique by provider and event id): a repeated notice is applied once. */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  order_id: number | null;
  /** What applying it did ('paid', 'duplicate', 'refunded_after_cancel', 'ignored'…), for the operator. */
  outcome: string;
  received_at: string;
}

/** A card saved at the provider for off-session renewals, with the customer's consent (migration 2026-12-07T15-00). */
export interface SavedCardsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  /** The provider's customer the card is attached to (Stripe: cus_…). */
  customer_ref: string;
  /** The provider's saved card (Stripe: pm_…): unique per provider. */
  payment_method_ref: string;
  brand: string | null;
  last4: string | null;
  created_at: string;
  /** When the customer removed it: never charged again. */
  removed_at: string | null;
  /** When the provider detached it from its customer after removal (null: not yet; migration 2026-12-07T22-00). */
  detached_at: string | null;
  /** Why the last detach did not go through (the provider down or refusing), for the operator; null once detached. */
  detach_note: string | null;
}

/** One off-session charge attempt of a renewal order (unique by order and attempt): written before the provider call. */
export interface RenewalChargesTable {
  id: Generated<number>;
  order_id: number;
  subscription_id: number | null;
  saved_card_id: number;
  /** 1, 2, 3…: with the order, the provider's idempotency key. */
  attempt: number;
  status: RenewalChargeStatus;
  /** When a `scheduled` attempt may run. */
  due_at: string;
  /** The provider's payment (Stripe: pi_…), once it answered. */
  payment_ref: string | null;
  /** `card_declined`, `authentication_required`…: ProviderFailure.kind. */
  failure_kind: string | null;
  failure_code: string | null;
  created_at: string;
  updated_at: string;
}
