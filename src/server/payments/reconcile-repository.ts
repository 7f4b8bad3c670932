import { sql } from 'kysely';
import type { Db } from '../db/connection';

// The reconciliation job's SQL (docs/decisions/040, payments/reconcile.ts): the sessions, refunds to send again and
// refunds to read back that a lost notice may have left behind. Each reads one index range
// (migration 2026-12-07T16-00-payment-watch) and at most `limit` rows, oldest first.

/** A window of creation times: older than `before` (left to their notices until then), younger than `after`. */
export interface Window {
  after: string;
  before: string;
}

export interface SessionToAsk {
  order_id: number;
  provider_ref: string;
}

/**
 * Sessions whose news may be lost: still open or complete in our records, of an order still waiting for them —
 * Pending with nothing flagged for a person (a payment of another amount keeps the order Pending and flagged), or
 * Cancelled before it was ever paid while the page was open (a late payment to refund) or with a completed page whose
 * payment was never refunded automatically.
 */
export function sessionsToAsk(db: Db, window: Window, limit: number): Promise<SessionToAsk[]> {
  return db
    .selectFrom('checkout_sessions as cs')
    .innerJoin('orders as o', 'o.id', 'cs.order_id')
    .select(['cs.order_id', 'cs.provider_ref'])
    .where('cs.status', 'in', ['open', 'complete'])
    .where('cs.created_at', '>', window.after)
    .where('cs.created_at', '<', window.before)
    .where((eb) =>
      eb.or([
        eb.and([eb('o.status', '=', 'Pending'), eb('o.payment_attention', 'is', null)]),
        eb.and([
          eb('o.status', '=', 'Cancelled'),
          eb('o.paid_at', 'is', null),
          eb.or([
            eb('cs.status', '=', 'open'),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('refunds as r')
                  .select(sql<number>`1`.as('one'))
                  .whereRef('r.order_id', '=', 'o.id')
                  .where('r.idempotency_key', 'is not', null),
              ),
            ),
          ]),
        ]),
      ]),
    )
    .orderBy('cs.created_at')
    .limit(limit)
    .execute();
}

export interface UnsentRefund {
  id: number;
  order_id: number;
  amount_cents: number;
  /** Set for the automatic refund of a payment (`auto:<payment id>`): it was asked without an amount. */
  idempotency_key: string | null;
  payment_reference: string;
  order_status: string;
  order_paid_at: string | null;
}

/**
 * Refunds to the card written at our side and never answered by the provider (pending, no provider reference), made
 * inside `window`: sent again as they are, with the same key.
 */
export function unsentRefunds(db: Db, window: Window, limit: number): Promise<UnsentRefund[]> {
  return db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.order_id',
      'r.amount_cents',
      'r.idempotency_key',
      'p.provider_charge_id as payment_reference',
      'o.status as order_status',
      'o.paid_at as order_paid_at',
    ])
    .where('r.provider_status', '=', 'pending')
    .where('r.provider_ref', 'is', null)
    .where('r.created_at', '>', window.after)
    .where('r.created_at', '<', window.before)
    .orderBy('r.created_at')
    .limit(limit)
    .execute();
}

/**
 * Refunds never answered that are older than the provider keeps its idempotency keys (`before`): no longer sent (a
 * second send might refund twice), and not yet noted as such (`note`).
 */
export function staleRefunds(db: Db, before: string, note: string, limit: number) {
  return db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'amount_cents'])
    .where('provider_status', '=', 'pending')
    .where('provider_ref', 'is', null)
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('failure_reason', 'is', null), eb('failure_reason', '!=', note)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Notes a refund as stale; answers whether this call noted it (of two instances, one does). */
export async function noteStaleRefund(db: Db, refundId: number, note: string): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ failure_reason: note })
    .where('id', '=', refundId)
    .where('provider_status', '=', 'pending')
    .where('provider_ref', 'is', null)
    .where((eb) => eb.or([eb('failure_reason', 'is', null), eb('failure_reason', '!=', note)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Refunds the provider made and had not settled when it last told us (pending or waiting for the customer). */
export function unsettledRefunds(db: Db, window: Window, limit: number) {
  return db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'provider_ref'])
    .where('provider_status', 'in', ['pending', 'requires_action'])
    .where('provider_ref', 'is not', null)
    .where('created_at', '>', window.after)
    .where('created_at', '<', window.before)
    .orderBy('created_at')
    .limit(limit)
    .execute() as Promise<Array<{ id: number; order_id: number; provider_ref: string }>>;
}
