import type { CheckoutSessionState } from '../../common/order-workflow';
import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';

// Card payments' SQL (docs/decisions/040): checkout sessions, the notices applied, card payments and the refunds sent
// to the provider. Every function takes the database or a transaction.

export interface SessionRow {
  id: number;
  order_id: number;
  provider_ref: string;
  attempt: number;
  status: CheckoutSessionState;
  url: string | null;
  amount_cents: number;
  currency: string;
  expires_at: string;
}

const SESSION_COLUMNS = [
  'id',
  'order_id',
  'provider_ref',
  'attempt',
  'status',
  'url',
  'amount_cents',
  'currency',
  'expires_at',
] as const;

/** The order's latest session (highest attempt), if any. */
export async function latestSession(db: Db, orderId: number): Promise<SessionRow | undefined> {
  return db
    .selectFrom('checkout_sessions')
    .select(SESSION_COLUMNS)
    .where('order_id', '=', orderId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The order's sessions still open in our records (to expire them at the provider). */
export async function openSessions(db: Db, orderId: number): Promise<SessionRow[]> {
  return db
    .selectFrom('checkout_sessions')
    .select(SESSION_COLUMNS)
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .execute();
}

export async function findSession(db: Db, providerRef: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('checkout_sessions')
    .select(SESSION_COLUMNS)
    .where('provider_ref', '=', providerRef)
    .executeTakeFirst();
}

/** Records a session the provider made; a second record of the same one (same attempt, two instances) is ignored. */
export async function insertSession(db: Db, row: Omit<SessionRow, 'id'> & { provider: string }): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('checkout_sessions')
    .values({ ...row, created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Moves a session to `to` as the provider reported it. A session never goes back to `open`, and `complete` is only
 * left for `failed` (its asynchronous payment declined), so notices arriving out of order cannot undo a later one.
 */
export async function updateSessionStatus(db: Db, providerRef: string, to: CheckoutSessionState): Promise<void> {
  const from: CheckoutSessionState[] = to === 'failed' ? ['open', 'complete'] : ['open'];
  await db
    .updateTable('checkout_sessions')
    .set({ status: to, url: null, updated_at: nowIso() })
    .where('provider_ref', '=', providerRef)
    .where('status', 'in', from)
    .execute();
}

// ---------------------------------------------------------------------------
// Notices applied
// ---------------------------------------------------------------------------

export async function eventSeen(db: Db, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('id')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the provider's last notice was applied (null: none yet). */
export async function lastEventAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('payment_events')
    .select((eb) => eb.fn.max('received_at').as('at'))
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Records a notice as applied; answers false when another delivery recorded it first. */
export async function insertEvent(
  db: Db,
  event: { provider: string; event_id: string; type: string; order_id: number | null; outcome: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_events')
    .values({ ...event, received_at: nowIso() })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

// ---------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------

export interface CardPaymentRow {
  id: number;
  order_id: number;
  provider_charge_id: string;
  amount_cents: number;
  currency: string;
}

/**
 * Records a card payment once (provider_charge_id, the payment's reference, is unique): answers the row and whether
 * this call recorded it.
 */
export async function insertCardPayment(
  db: Db,
  payment: {
    order_id: number;
    provider: string;
    reference: string;
    charge_ref: string | null;
    amount_cents: number;
    currency: string;
    card_brand: string | null;
    card_last4: string | null;
  },
): Promise<{ row: CardPaymentRow; inserted: boolean }> {
  const inserted = await db
    .insertInto('payments')
    .values({
      order_id: payment.order_id,
      provider: payment.provider,
      provider_charge_id: payment.reference,
      charge_ref: payment.charge_ref,
      amount_cents: payment.amount_cents,
      currency: payment.currency,
      card_brand: payment.card_brand,
      card_last4: payment.card_last4,
      status: 'succeeded',
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('provider_charge_id').doNothing())
    .executeTakeFirst();
  const row = await findCardPayment(db, payment.reference);
  if (!row) throw new Error(`payment ${payment.reference} neither inserted nor found`);
  return { row, inserted: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}

export async function findCardPayment(db: Db, reference: string): Promise<CardPaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .select(['id', 'order_id', 'provider_charge_id', 'amount_cents', 'currency'])
    .where('provider_charge_id', '=', reference)
    .executeTakeFirst();
}

/** A payment by its charge's reference or its own (refund and dispute notices name either). */
export async function findPaymentByCharge(
  db: Db,
  ref: { chargeReference: string; paymentReference: string | null },
): Promise<CardPaymentRow | undefined> {
  let query = db
    .selectFrom('payments')
    .select(['id', 'order_id', 'provider_charge_id', 'amount_cents', 'currency'])
    .where((eb) =>
      ref.paymentReference
        ? eb.or([eb('charge_ref', '=', ref.chargeReference), eb('provider_charge_id', '=', ref.paymentReference)])
        : eb('charge_ref', '=', ref.chargeReference),
    );
  query = query.orderBy('id').limit(1);
  return query.executeTakeFirst();
}

/** What the provider says was refunded of a payment (never lowered by an older notice arriving late). */
export async function setRefundedCents(db: Db, paymentId: number, cents: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ refunded_cents: cents })
    .where('id', '=', paymentId)
    .where('refunded_cents', '<', cents)
    .execute();
}

// ---------------------------------------------------------------------------
// Refunds through the provider
// ---------------------------------------------------------------------------

export interface ProviderRefundRow {
  id: number;
  order_id: number;
  amount_cents: number;
  provider_ref: string | null;
  provider_status: string | null;
}

/**
 * The refund row for `key` (e.g. the automatic refund of one payment), made now if there is none: answers it and
 * whether this call made it. Unique by key, so two instances make one row.
 */
export async function claimRefundRow(
  db: Db,
  refund: {
    order_id: number;
    payment_id: number;
    amount_cents: number;
    provider: string;
    key: string;
    reference: string;
  },
): Promise<{ row: ProviderRefundRow; inserted: boolean }> {
  const inserted = await db
    .insertInto('refunds')
    .values({
      order_id: refund.order_id,
      payment_id: refund.payment_id,
      amount_cents: refund.amount_cents,
      method: 'card',
      reference: refund.reference,
      recorded_by: null,
      provider: refund.provider,
      provider_status: 'pending',
      idempotency_key: refund.key,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  const row = await db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'amount_cents', 'provider_ref', 'provider_status'])
    .where('idempotency_key', '=', refund.key)
    .executeTakeFirstOrThrow();
  return { row, inserted: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}

const FINAL_REFUND_STATES = ['succeeded', 'failed', 'canceled'];

/**
 * Writes what the provider said of a refund (found by our id or its reference). A final state (succeeded, failed,
 * canceled) is kept against an older notice arriving late. Answers whether the row changed to `status` now.
 */
export async function updateProviderRefund(
  db: Db,
  refund: { refundId: number | null; providerRef: string; status: string; failureReason: string | null },
): Promise<ProviderRefundRow | undefined> {
  const updated = await db
    .updateTable('refunds')
    .set({
      provider_ref: refund.providerRef,
      provider_status: refund.status,
      failure_reason: refund.failureReason,
      reference: refund.providerRef,
    })
    .where((eb) =>
      refund.refundId !== null
        ? eb.or([eb('id', '=', refund.refundId), eb('provider_ref', '=', refund.providerRef)])
        : eb('provider_ref', '=', refund.providerRef),
    )
    .where((eb) => eb.or([eb('provider_status', 'is', null), eb('provider_status', 'not in', FINAL_REFUND_STATES)]))
    .where('provider', 'is not', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return undefined;
  return db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'amount_cents', 'provider_ref', 'provider_status'])
    .where('provider_ref', '=', refund.providerRef)
    .executeTakeFirst();
}

/** The order's card payment to refund (the latest; a card order is paid once, a second payment is refunded on arrival). */
export async function orderCardPayment(db: Db, orderId: number, provider: string): Promise<CardPaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .select(['id', 'order_id', 'provider_charge_id', 'amount_cents', 'currency'])
    .where('order_id', '=', orderId)
    .where('provider', '=', provider)
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A refund the provider refused before making it: failed, with why (it gave nothing back). */
/**
 * The provider did not answer for this refund: it stays pending (holding its amount) with why, which marks it as one
 * to send again (orders/refund-repository.ts findUnsentCardRefund) rather than one still on its way.
 */
export async function noteRefundUnconfirmed(db: Db, refundId: number, reason: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ failure_reason: reason })
    .where('id', '=', refundId)
    .where('provider_status', '=', 'pending')
    .where('provider_ref', 'is', null)
    .execute();
}

export async function failRefund(db: Db, refundId: number, reason: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ provider_status: 'failed', failure_reason: reason })
    .where('id', '=', refundId)
    .where('provider_status', '=', 'pending')
    .where('provider_ref', 'is', null)
    .execute();
}
