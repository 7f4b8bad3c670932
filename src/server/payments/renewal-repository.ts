import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { Database, RenewalChargesTable, SavedCardsTable } from '../db/schema';
import { nowIso } from '../lib/time';

// Saved cards and renewal charge attempts' SQL (docs/decisions/040, "Renewals charged to a saved card"). Every
// function takes the database or a transaction.

export type SavedCardRow = Selectable<SavedCardsTable>;

/**
 * Records a card the provider saved (one row per provider card, whatever repeats: a notice and the return read at
 * once) and answers its row. A card the customer removed before stays removed.
 */
export async function upsertSavedCard(
  db: Db,
  card: Pick<SavedCardRow, 'user_id' | 'provider' | 'customer_ref' | 'payment_method_ref' | 'brand' | 'last4'>,
): Promise<SavedCardRow> {
  await db
    .insertInto('saved_cards')
    .values({ ...card, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['provider', 'payment_method_ref']).doNothing())
    .execute();
  return db
    .selectFrom('saved_cards')
    .selectAll()
    .where('provider', '=', card.provider)
    .where('payment_method_ref', '=', card.payment_method_ref)
    .executeTakeFirstOrThrow();
}

/** The customer's cards not removed, newest first. */
export async function listSavedCards(db: Db, userId: number): Promise<SavedCardRow[]> {
  return db
    .selectFrom('saved_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export async function findOwnSavedCard(db: Db, userId: number, id: number): Promise<SavedCardRow | undefined> {
  return db.selectFrom('saved_cards').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function findSavedCard(db: Db, id: number): Promise<SavedCardRow | undefined> {
  return db.selectFrom('saved_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The provider customer a customer's cards are saved to (the newest), to save the next card to the same one. */
export async function latestCustomerRef(db: Db, userId: number, provider: string): Promise<string | null> {
  const row = await db
    .selectFrom('saved_cards')
    .select('customer_ref')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.customer_ref ?? null;
}

/** Marks the card removed; answers whether this call removed it. */
export async function markRemoved(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('saved_cards')
    .set({ removed_at: at })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removed cards of `provider` not yet detached at the provider (oldest first). */
export async function removedCardsToDetach(db: Db, provider: string, limit: number): Promise<SavedCardRow[]> {
  return db
    .selectFrom('saved_cards')
    .selectAll()
    .where('provider', '=', provider)
    .where('removed_at', 'is not', null)
    .where('detached_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The provider detached the removed card (or had nothing left to detach). */
export async function markDetached(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('saved_cards')
    .set({ detached_at: at, detach_note: null })
    .where('id', '=', id)
    .where('detached_at', 'is', null)
    .execute();
}

/** Why the provider did not detach the removed card this time (tried again later). */
export async function noteDetachFailure(db: Db, id: number, note: string): Promise<void> {
  await db
    .updateTable('saved_cards')
    .set({ detach_note: note })
    .where('id', '=', id)
    .where('detached_at', 'is', null)
    .execute();
}

// ---------------------------------------------------------------------------
// Renewal charge attempts
// ---------------------------------------------------------------------------

export type RenewalChargeRow = Selectable<RenewalChargesTable>;

/** Schedules an attempt; the same order and attempt twice is one row (answers whether this call wrote it). */
export async function scheduleAttempt(
  db: Db,
  row: { order_id: number; subscription_id: number | null; saved_card_id: number; attempt: number; due_at: string },
): Promise<boolean> {
  const at = nowIso();
  const inserted = await db
    .insertInto('renewal_charges')
    .values({ ...row, status: 'scheduled', created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['order_id', 'attempt']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Renewal orders whose first charge was never scheduled (an instance stopped between the order's commit and
 * scheduling attempt 1), placed within `window`: Pending card orders with no attempt at all, of an active
 * subscription charged to a card that is not removed, was saved before the order was placed, and with the consent of
 * the order that started the subscription. A renewal that waits for Pay now (no card when it was placed) is not one.
 */
export async function renewalsNeverScheduled(db: Db, window: { after: string; before: string }, limit: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('subscriptions as s', 's.id', 'o.subscription_id')
    .innerJoin('saved_cards as c', 'c.id', 's.saved_card_id')
    .innerJoin('orders as origin', 'origin.id', 's.origin_order_id')
    .select(['o.id as order_id', 's.id as subscription_id', 'c.id as saved_card_id'])
    .where('o.status', '=', 'Pending')
    .where('o.payment_method', '=', 'card')
    .where('o.placed_at', '>', window.after)
    .where('o.placed_at', '<=', window.before)
    .where('s.status', '=', 'active')
    .where('c.removed_at', 'is', null)
    .whereRef('c.created_at', '<=', 'o.placed_at')
    .where('origin.save_card_consent_at', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('renewal_charges as rc').select('rc.id').whereRef('rc.order_id', '=', 'o.id'))),
    )
    .orderBy('o.placed_at')
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/**
 * Attempts to run at `now`: scheduled ones due, and ones left `charging` since before `staleBefore` (an instance
 * stopped inside the provider's call: run again under the same idempotency key, so never charged twice).
 */
export async function dueAttempts(db: Db, now: string, staleBefore: string, limit: number) {
  return db
    .selectFrom('renewal_charges')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'scheduled'), eb('due_at', '<=', now)]),
        eb.and([eb('status', '=', 'charging'), eb('updated_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

type ChargeEb = ExpressionBuilder<Database, 'renewal_charges'>;

/** A where-condition on `renewal_charges`: its order still waits for its money (Pending). */
const orderWaits = ({ exists, selectFrom }: ChargeEb) =>
  exists(
    selectFrom('orders')
      .select('orders.id')
      .whereRef('orders.id', '=', 'renewal_charges.order_id')
      .where('orders.status', '=', 'Pending'),
  );

/** A where-condition on `renewal_charges`: its card was not removed. */
const cardKept = ({ exists, selectFrom }: ChargeEb) =>
  exists(
    selectFrom('saved_cards')
      .select('saved_cards.id')
      .whereRef('saved_cards.id', '=', 'renewal_charges.saved_card_id')
      .where('saved_cards.removed_at', 'is', null),
  );

/**
 * Claims an attempt for this caller, only if it is still as read, its order still Pending and its card not removed:
 * of two instances only one gets it, and a card removed or an order paid a moment ago is not charged.
 */
export async function claimAttempt(db: Db, row: RenewalChargeRow, now: string): Promise<boolean> {
  const result = await db
    .updateTable('renewal_charges')
    .set({ status: 'charging', updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('updated_at', '=', row.updated_at)
    .where(orderWaits)
    .where(cardKept)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Ends a running attempt (`charging` → succeeded or failed) with what the provider said; answers whether this call
 * ended it, so the synchronous answer and the provider's notice of the same attempt act once.
 */
export async function finishAttempt(
  db: Db,
  key: { orderId: number; attempt: number },
  outcome: { status: 'succeeded' | 'failed'; paymentRef: string | null; kind?: string; code?: string | null },
  at: string,
): Promise<RenewalChargeRow | undefined> {
  const result = await db
    .updateTable('renewal_charges')
    .set({
      status: outcome.status,
      payment_ref: outcome.paymentRef,
      failure_kind: outcome.kind ?? null,
      failure_code: outcome.code ?? null,
      updated_at: at,
    })
    .where('order_id', '=', key.orderId)
    .where('attempt', '=', key.attempt)
    .where('status', 'in', ['charging', 'scheduled'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findAttempt(db, key.orderId, key.attempt);
}

export async function findAttempt(db: Db, orderId: number, attempt: number): Promise<RenewalChargeRow | undefined> {
  return db
    .selectFrom('renewal_charges')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('attempt', '=', attempt)
    .executeTakeFirst();
}

/** The payment a running attempt made (still settling): a later run reads it instead of charging again. */
export async function notePaymentRef(db: Db, id: number, paymentRef: string): Promise<void> {
  await db.updateTable('renewal_charges').set({ payment_ref: paymentRef }).where('id', '=', id).execute();
}

/** Leaves a claimed attempt for a later round (the provider did not answer): scheduled again at `dueAt`. */
export async function rescheduleAttempt(db: Db, id: number, dueAt: string): Promise<void> {
  await db
    .updateTable('renewal_charges')
    .set({ status: 'scheduled', due_at: dueAt, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'charging')
    .execute();
}

/** Cancels the attempts not yet run: of a removed card (`savedCardId`) or of an order (`orderId`). */
export async function cancelScheduled(db: Db, by: { savedCardId?: number; orderId?: number }): Promise<number> {
  const result = await db
    .updateTable('renewal_charges')
    .set({ status: 'cancelled', updated_at: nowIso() })
    .where('status', '=', 'scheduled')
    .$if(by.savedCardId !== undefined, (q) => q.where('saved_card_id', '=', by.savedCardId!))
    .$if(by.orderId !== undefined, (q) => q.where('order_id', '=', by.orderId!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Cancels a scheduled attempt that is no longer to run: its order is not Pending any more, or its card was removed. */
export async function cancelIfMoot(db: Db, id: number): Promise<void> {
  await db
    .updateTable('renewal_charges')
    .set({ status: 'cancelled', updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .where((eb) => eb.or([eb.not(orderWaits(eb)), eb.not(cardKept(eb))]))
    .execute();
}
