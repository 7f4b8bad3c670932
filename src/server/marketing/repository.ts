import type { MarketingSource } from '../../common/marketing-rules';
import type { Db } from '../db/connection';

// All SQL of marketing messages and their reminders (docs/decisions/056). Every function takes the database or a
// transaction.

/** The customer's choice now (their latest), or undefined when they never chose. */
export function latestChoice(db: Db, userId: number) {
  return db
    .selectFrom('marketing_consents')
    .select(['granted', 'source', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertChoice(
  db: Db,
  choice: { user_id: number; granted: number; source: MarketingSource; created_at: string },
): Promise<void> {
  await db.insertInto('marketing_consents').values(choice).execute();
}

/** The country the customer's orders ship to: the default (else latest) address's, else the latest order's. */
export async function shippingCountry(db: Db, userId: number): Promise<string | null> {
  const address = await db
    .selectFrom('addresses')
    .select('country')
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (address?.country) return address.country;
  const order = await db
    .selectFrom('orders')
    .select('country')
    .where('user_id', '=', userId)
    .orderBy('placed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return order?.country || null;
}

/** Who a reminder would go to, and where: the account as the reminders read it (a deleted one has no address). */
export function recipient(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'email_confirmed_at', 'telegram_user_id', 'language', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type Recipient = NonNullable<Awaited<ReturnType<typeof recipient>>>;

/** Whether the customer placed an order at or after `since` (then a cart of theirs is not abandoned). */
export async function orderedSince(db: Db, userId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('placed_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// "Running low?" (reorder-reminders.ts).

/** The intervals products have, smallest first: one query per interval finds its lines. */
export async function reorderIntervals(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('reorder_days')
    .distinct()
    .where('reorder_days', 'is not', null)
    .orderBy('reorder_days')
    .execute();
  return rows.map((r) => r.reorder_days).filter((d): d is number => d !== null && d > 0);
}

/**
 * One-time lines of orders completed in [from, to), of products whose interval is `days`, not told yet, oldest
 * completion first, after `after` (keyset: completed_at, order_item id).
 */
export function reorderCandidates(
  db: Db,
  opts: { days: number; from: string; to: string; after: { at: string; id: number } | null; limit: number },
) {
  const { after } = opts;
  return db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.id as order_item_id', 'i.product_id', 'o.id as order_id', 'o.user_id', 'o.placed_at', 'o.completed_at'])
    .where('o.completed_at', 'is not', null)
    .where('o.completed_at', '>=', opts.from)
    .where('o.completed_at', '<', opts.to)
    .where('o.status', '=', 'Completed')
    .where('i.frequency_weeks', '=', 0)
    .where('p.reorder_days', '=', opts.days)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('reorder_reminders as r').select('r.order_item_id').whereRef('r.order_item_id', '=', 'i.id'),
        ),
      ),
    )
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('o.completed_at', '>', after!.at),
          eb.and([eb('o.completed_at', '=', after!.at), eb('i.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('o.completed_at')
    .orderBy('i.id')
    .limit(opts.limit)
    .execute();
}

export type ReorderCandidate = Awaited<ReturnType<typeof reorderCandidates>>[number];

/**
 * Whether the customer has bought the product again since `since` (an order placed after it, not cancelled) or
 * subscribes to it: then they are not running low.
 */
export async function restocked(db: Db, userId: number, productId: number, since: string): Promise<boolean> {
  const again = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select('o.id')
    .where('o.user_id', '=', userId)
    .where('i.product_id', '=', productId)
    .where('o.placed_at', '>', since)
    .where('o.status', '!=', 'Cancelled')
    .limit(1)
    .executeTakeFirst();
  if (again) return true;
  const subscribed = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return subscribed !== undefined;
}

/** The product as the reminder shows it, or undefined; only a product shown and on sale is reminded of. */
export function reminderProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name_en', 'name_zh', 'image', 'is_active', 'stock_state', 'subscribable', 'stock_total'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** Marks an order line told; false when it already was (another round got there first). */
export async function claimReorderLine(
  db: Db,
  line: { order_item_id: number; user_id: number; product_id: number; created_at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('reorder_reminders')
    .values(line)
    .onConflict((oc) => oc.column('order_item_id').doNothing())
    .returning('order_item_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether the line is still marked told (a row deleted with the account is not). */
export async function reorderLineTold(db: Db, orderItemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reorder_reminders')
    .select('order_item_id')
    .where('order_item_id', '=', orderItemId)
    .executeTakeFirst();
  return row !== undefined;
}
