import { type Kysely, sql } from 'kysely';
import { REFUND_STATES_GIVING_NOTHING } from '../../common/order-workflow';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { Order } from '../db/schema';

// The SQL of refunds (docs/decisions/013, 040): money given back on an order that had been paid.

/**
 * Locks the order's row until the transaction ends (PostgreSQL; SQLite runs one transaction at a time), so two
 * refunds of one order are recorded one after the other and the second sees the first. FOR NO KEY UPDATE: rows
 * that only reference the order (its timeline, its refunds) can still be written meanwhile. Answers the locked row
 * (undefined when there is no such order).
 */
export async function lockOrder(db: Db, orderId: number): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
}

/** What Telegram payments brought in for the order, and what refunds gave back, in cents. */
export async function moneyOfOrder(db: Db, orderId: number): Promise<{ paymentsCents: number; refundedCents: number }> {
  const [payments, refunds] = await Promise.all([
    db
      .selectFrom('payments')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refunds')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('n'))
      .where('order_id', '=', orderId)
      // A refund the card provider failed or cancelled gave nothing back.
      .where((eb) =>
        eb.or([eb('provider_status', 'is', null), eb('provider_status', 'not in', REFUND_STATES_GIVING_NOTHING)]),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return { paymentsCents: Number(payments.n), refundedCents: Number(refunds.n) };
}

/**
 * A refund: recorded by staff, or (with `card`) a refund to the card written before the provider is asked
 * (docs/decisions/040): `pending`, so it counts against what is still owed until the provider fails it; its id is the
 * provider's idempotency key.
 */
export async function insertRefund(
  db: Db,
  refund: {
    orderId: number;
    amountCents: number;
    method: string;
    reference: string;
    recordedBy: number | null;
    card?: { paymentId: number; provider: string };
  },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('refunds')
    .values({
      order_id: refund.orderId,
      amount_cents: refund.amountCents,
      method: refund.method,
      reference: refund.reference,
      recorded_by: refund.recordedBy,
      ...(refund.card
        ? { payment_id: refund.card.paymentId, provider: refund.card.provider, provider_status: 'pending' }
        : {}),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The order's refund to the card that the provider did not answer for (pending, no provider reference, a reason
 * noted), if any; a refund still on its way has no reason yet and is not sent twice.
 */
export function findUnsentCardRefund(db: Db, orderId: number) {
  return db
    .selectFrom('refunds')
    .select(['id', 'amount_cents'])
    .where('order_id', '=', orderId)
    .where('method', '=', 'card')
    .where('provider_status', '=', 'pending')
    .where('provider_ref', 'is', null)
    .where('failure_reason', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
}

/** The card a refund goes back to, as the provider reported it when it was paid (undefined when it did not). */
export async function refundCard(db: Db, refundId: number): Promise<{ brand: string; last4: string } | undefined> {
  const row = await db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(['payments.card_brand', 'payments.card_last4'])
    .where('refunds.id', '=', refundId)
    .executeTakeFirst();
  return row?.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : undefined;
}
