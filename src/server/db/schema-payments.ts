import type { Generated } from 'kysely';
import type { CheckoutSessionState } from '../../common/order-workflow';

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
