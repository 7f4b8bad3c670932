import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connection';
import type { SubscriptionsTable } from '../db/schema';

// All subscription SQL. Every function takes the database or a transaction (a Transaction is a Db).

/** A subscription with what its screen shows: product, packaging (prices and stock now) and address. */
function withDetails(db: Db) {
  return (
    db
      .selectFrom('subscriptions as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .innerJoin('product_variants as v', 'v.id', 's.variant_id')
      .innerJoin('addresses as a', 'a.id', 's.address_id')
      .innerJoin('states as st', 'st.id', 'a.state_id')
      // The card its renewals are charged to (payments' saved_cards; a removed card is never shown nor charged).
      .leftJoin('saved_cards as sc', (j) => j.onRef('sc.id', '=', 's.saved_card_id').on('sc.removed_at', 'is', null))
      .leftJoin('orders as fo', 'fo.id', 's.renewal_failure_order_id')
      .selectAll('s')
      .select([
        'p.name_en',
        'p.name_zh',
        'p.image',
        'p.is_active',
        'p.subscribable',
        'p.stock_state',
        'v.name_en as variant_name_en',
        'v.name_zh as variant_name_zh',
        'v.price_cents',
        'v.discount_price_cents',
        'v.stock',
        'v.is_retired',
        'a.receiver_name',
        'a.address',
        'a.city',
        'a.zip',
        'st.name_en as state_name_en',
        'st.name_zh as state_name_zh',
        'sc.id as card_id',
        'sc.brand as card_brand',
        'sc.last4 as card_last4',
        'sc.created_at as card_created_at',
        'fo.order_no as failure_order_no',
        'fo.status as failure_order_status',
      ])
  );
}

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findOwnSubscription>>>;

/** The user's subscriptions: active first (soonest delivery first), then cancelled (latest change first). */
export async function listOwnSubscriptions(db: Db, userId: number) {
  const rows = await withDetails(db).where('s.user_id', '=', userId).orderBy('s.id').execute();
  const active = rows.filter((r) => r.status === 'active').sort((a, b) => cmp(a.next_due_at, b.next_due_at));
  const ended = rows.filter((r) => r.status !== 'active').sort((a, b) => cmp(b.updated_at, a.updated_at));
  return [...active, ...ended];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One of the user's subscriptions (undefined for anyone else's). */
export async function findOwnSubscription(db: Db, userId: number, subscriptionId: number) {
  return withDetails(db).where('s.user_id', '=', userId).where('s.id', '=', subscriptionId).executeTakeFirst();
}

/** A subscription by id, whoever's (the e-mail of a skipped renewal, mail/templates/order-renewal.tsx). */
export async function findSubscription(db: Db, subscriptionId: number) {
  return withDetails(db).where('s.id', '=', subscriptionId).executeTakeFirst();
}

/**
 * Changes an active subscription only if it is still as it was read (`expected.updated_at` and, when given,
 * `next_due_at`): a renewal or another change in between makes it answer false, never a lost update.
 */
export async function updateIfUnchanged(
  db: Db,
  userId: number,
  subscriptionId: number,
  expected: { updated_at: string; next_due_at: string },
  values: Updateable<SubscriptionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set(values)
    .where('id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('updated_at', '=', expected.updated_at)
    .where('next_due_at', '=', expected.next_due_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels the user's subscription if it is active; answers whether this call cancelled it. */
export async function cancel(db: Db, userId: number, subscriptionId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Active subscriptions due at `nowIso` (index subscriptions_due_idx), oldest due first; `after` (the last of
 * the previous batch) pages on past rows that are still due, so they cannot hide the ones behind them.
 */
export async function findDue(db: Db, nowIso: string, limit: number, after?: { dueAt: string; id: number }) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_due_at', '<=', nowIso)
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('next_due_at', '>', after!.dueAt),
          eb.and([eb('next_due_at', '=', after!.dueAt), eb('id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('next_due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Moves a due subscription to its next date only if it is still active and due at `dueAt`; answers whether
 * this call moved it (so of two schedulers only one reports the failed renewal).
 */
export async function advanceIfDue(
  db: Db,
  subscriptionId: number,
  dueAt: string,
  nextDueAt: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ next_due_at: nextDueAt, updated_at: now })
    .where('id', '=', subscriptionId)
    .where('status', '=', 'active')
    .where('next_due_at', '=', dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Queues the customer's notice that a renewal could not be placed (no order: `order_id` is null). */
export async function enqueueRenewalFailed(db: Db, userId: number, now: string): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: userId, order_id: null, kind: 'renewal_failed', created_at: now })
    .execute();
}

/**
 * A renewal claims its subscription's due date (moves it to `nextDueAt`) if it is still active and still due
 * at `dueAt`: a second scheduler, or a retry, finds it moved. Answers whether this caller claimed it.
 */
export async function claimRenewal(
  db: Db,
  renewal: { subscriptionId: number; userId: number; dueAt: string; nextDueAt: string },
  now: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('subscriptions')
    .set({ next_due_at: renewal.nextDueAt, updated_at: now })
    .where('id', '=', renewal.subscriptionId)
    .where('user_id', '=', renewal.userId)
    .where('status', '=', 'active')
    .where('next_due_at', '=', renewal.dueAt)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** The Subscribe & save lines of a new order start their subscriptions. */
export async function insertSubscriptions(db: Db, rows: Insertable<SubscriptionsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('subscriptions').values(rows).execute();
}

// ---------------------------------------------------------------------------
// Renewals charged to a saved card (docs/decisions/040)
// ---------------------------------------------------------------------------

/** The order's subscriptions (those its Subscribe & save lines started) are charged to `savedCardId` from now on. */
export async function linkSavedCard(db: Db, originOrderId: number, savedCardId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('subscriptions')
    .set({ saved_card_id: savedCardId, updated_at: now })
    .where('origin_order_id', '=', originOrderId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** No subscription is charged to the card any more (it was removed). */
export async function unlinkSavedCard(db: Db, savedCardId: number, now: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ saved_card_id: null, updated_at: now })
    .where('saved_card_id', '=', savedCardId)
    .execute();
}

/** The renewal frequencies of the subscriptions an order started (the consent's "when"). */
export async function frequenciesOfOrder(db: Db, originOrderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('frequency_weeks')
    .where('origin_order_id', '=', originOrderId)
    .execute();
  return rows.map((r) => r.frequency_weeks);
}

/** Says on the subscription why its renewal `orderId` was not charged (null `failure`: clears it). */
export async function setRenewalFailure(
  db: Db,
  subscriptionId: number,
  failure: { reason: SubscriptionsTable['renewal_failure']; orderId: number | null; at: string | null },
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({
      renewal_failure: failure.reason,
      renewal_failure_order_id: failure.orderId,
      renewal_failure_at: failure.at,
    })
    .where('id', '=', subscriptionId)
    .execute();
}
