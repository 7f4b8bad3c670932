import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { OrderStatus } from '../../common/checkout-rules';
import type { PaymentAttention } from '../../common/order-workflow';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { UniqueKey } from '../db/errors';
import type { Database, Order, OrderItemsTable, OrdersTable, ReviewsTable } from '../db/schema';
import { nowIso } from '../lib/time';

// All order SQL. Every function takes the database or a transaction (a Transaction is a Db).

/** The unique keys an order or review insert may hit (see isUniqueViolation in db/errors.ts). */
export const ORDER_KEY_UNIQUE: UniqueKey = {
  constraint: 'orders_idempotency_unique',
  columns: 'orders.user_id, orders.idempotency_key',
};
export const ORDER_NO_UNIQUE: UniqueKey = { constraint: 'orders_order_no_key', columns: 'orders.order_no' };
export const REVIEW_UNIQUE: UniqueKey = {
  constraint: 'reviews_order_product_unique',
  columns: 'reviews.order_id, reviews.product_id',
};

export async function findOrder(db: Db, orderId: number): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function findOwnOrder(db: Db, userId: number, orderId: number): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}

export async function findOrderByNo(db: Db, orderNo: string): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo.trim().toUpperCase()).executeTakeFirst();
}

export async function findOrderByKey(db: Db, userId: number, key: string): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function orderItems(db: Db, orderId: number) {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** An order's lines with their names as ordered and their products' delivery flags now (line order). */
export async function itemsWithAvailability(db: Db, orderId: number) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'i.id',
      'i.name_en',
      'i.name_zh',
      'i.variant_name_en',
      'i.variant_name_zh',
      'p.available_ph',
      'p.available_cn',
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
}

/** Product ids of an order the user has reviewed. */
export async function reviewedProducts(db: Db, userId: number, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .selectFrom('reviews')
    .select(['order_id', 'product_id'])
    .where('user_id', '=', userId)
    .where('order_id', 'in', orderIds)
    .execute();
}

/** A page of the user's orders, newest first, after a (placed_at, id) position. */
export async function listOrders(
  db: Db,
  userId: number,
  opts: { status?: OrderStatus; limit: number; after?: { createdAt: string; id: number } },
) {
  let q = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
  if (opts.status) q = q.where('status', '=', opts.status);
  const after = opts.after;
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('placed_at', '<', after.createdAt),
        eb.and([eb('placed_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return q.execute();
}

/** A customer's latest `limit` orders, newest first (index orders_user_idx): the bot's /orders, the back office's customer page. */
export async function latestOrders(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'total_cents', 'placed_at'])
    .where('user_id', '=', userId)
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Lines of several orders (for the list cards), in order then line order. */
export async function itemsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

/** A where-condition on `orders`: no payment has been recorded for the order (queries and updates alike). */
export const noPaymentRecorded = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'orders'>) =>
  not(exists(selectFrom('payments').select('payments.id').whereRef('payments.order_id', '=', 'orders.id')));

export async function hasPayment(db: Db, orderId: number): Promise<boolean> {
  const row = await db.selectFrom('payments').select('id').where('order_id', '=', orderId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the customer's row until the transaction ends (PostgreSQL; SQLite runs one transaction at a time), after a
 * key-share lock on their upline's row: accounts are locked upline first (docs/decisions/050, "Locks"). The order's
 * commission names the upline (its foreign key takes that key-share lock anyway), and the upline's deletion locks
 * its own row, then its downlines' rows to detach them: taken buyer first, the two would deadlock.
 * FOR NO KEY UPDATE, the lock an UPDATE of the balance takes: it does not wait for the key-share locks that
 * this customer's other new orders hold on the row through their foreign key, so it cannot deadlock with them.
 * Answers null for an account deleted meanwhile (docs/decisions/050), else the upline whose lock was taken: the one
 * the order's commission may go to (an upline the buyer was given meanwhile, by the bot, is not: the order began
 * before it).
 */
export async function lockCustomer(db: Db, userId: number): Promise<{ uplineId: number | null } | null> {
  const postgres = isPostgres(db as unknown as Kysely<unknown>);
  let uplineId: number | null = null;
  if (postgres) {
    const seen = await db.selectFrom('users').select('upline_id').where('id', '=', userId).executeTakeFirst();
    uplineId = seen?.upline_id ?? null;
    if (uplineId !== null) {
      await db.selectFrom('users').select('id').where('id', '=', uplineId).forKeyShare().execute();
    }
  }
  const row = await db
    .selectFrom('users')
    .select(['id', 'deleted_at', 'upline_id'])
    .where('id', '=', userId)
    .$if(postgres, (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
  if (row === undefined || row.deleted_at !== null) return null;
  // The upline locked above is still the buyer's unless it was deleted (then it is gone: no commission) or the bot
  // gave an upline meanwhile; SQLite's transaction held the write lock all along.
  return { uplineId: postgres ? (row.upline_id === uplineId ? uplineId : null) : row.upline_id };
}

/**
 * The customer's orders awaiting payment (Pending) that count against MAX_UNPAID_ORDERS: those the customer
 * placed, not renewals the server placed (`subscription_id` set); `exceptId` leaves out the order being placed.
 */
export async function countUnpaidOrders(db: Db, userId: number, exceptId?: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'Pending')
    .where('subscription_id', 'is', null)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------
// Placing, changing and reviewing orders
// ---------------------------------------------------------------------------

/** A new order row, answered as stored (its totals are set once coupon and cash reward are known: `setOrderTotals`). */
export async function insertOrder(db: Db, values: Insertable<OrdersTable>): Promise<Order> {
  return db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function setOrderTotals(db: Db, orderId: number, values: Updateable<OrdersTable>): Promise<Order> {
  return db.updateTable('orders').set(values).where('id', '=', orderId).returningAll().executeTakeFirstOrThrow();
}

/** Inserts an order's lines in one statement; answers them as stored, in line (id) order. */
export async function insertOrderItems(db: Db, items: Insertable<OrderItemsTable>[]) {
  if (!items.length) return [];
  const rows = await db.insertInto('order_items').values(items).returningAll().execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Moves a status on if the order still has `from` (a conditional update: of concurrent changes one wins),
 * stamping the matching time. `within` re-checks the customer's change window in the update itself; `unpaid`
 * (expiry) that no receipt was sent and no payment recorded meanwhile. Answers whether the row changed.
 */
export async function updateOrderStatus(
  db: Db,
  orderId: number,
  change: { from: OrderStatus; to: OrderStatus; now: string; placedAfter?: string; unpaid?: boolean },
): Promise<boolean> {
  const { to, now } = change;
  let update = db
    .updateTable('orders')
    .set({
      status: to,
      updated_at: now,
      ...(to === 'Paid' ? { paid_at: now } : {}),
      ...(to === 'Completed' ? { completed_at: now } : {}),
      ...(to === 'Cancelled' ? { cancelled_at: now } : {}),
    })
    .where('id', '=', orderId)
    .where('status', '=', change.from);
  if (change.placedAfter !== undefined) update = update.where('placed_at', '>', change.placedAfter);
  if (change.unpaid) update = update.where('receipt_path', 'is', null).where(noPaymentRecorded);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Writes an order's tracking if its status is still one of `statuses`; answers whether it did. */
export async function setOrderTracking(
  db: Db,
  orderId: number,
  tracking: { company: string; number: string; link: string | null },
  now: string,
  statuses: readonly OrderStatus[],
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      tracking_company: tracking.company,
      tracking_number: tracking.number,
      tracking_link: tracking.link,
      updated_at: now,
    })
    .where('id', '=', orderId)
    .where('status', 'in', statuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Writes a new delivery address into a Pending or Paid order placed after `placedAfter` (the change window,
 * re-checked in the update itself). Answers whether the order changed.
 */
export async function changeOrderAddress(
  db: Db,
  orderId: number,
  address: Pick<
    Updateable<OrdersTable>,
    'receiver_name' | 'phone' | 'address' | 'city' | 'state_name' | 'zip' | 'company' | 'country'
  >,
  now: string,
  placedAfter: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ ...address, updated_at: now })
    .where('id', '=', orderId)
    .where('status', 'in', ['Pending', 'Paid'])
    .where('placed_at', '>', placedAfter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The Chinese name of the state an order went to (orders keep the English one). */
export async function findStateByEnglishName(db: Db, nameEn: string) {
  return db.selectFrom('states').select(['name_en', 'name_zh']).where('name_en', '=', nameEn).executeTakeFirst();
}

export async function orderHasProduct(db: Db, orderId: number, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a review and adds its rating to the product's sum and count (run in one transaction). */
export async function insertReview(db: Db, review: Insertable<ReviewsTable>) {
  const row = await db.insertInto('reviews').values(review).returningAll().executeTakeFirstOrThrow();
  await db
    .updateTable('products')
    .set((eb) => ({ rating_sum: eb('rating_sum', '+', row.rating), rating_count: eb('rating_count', '+', 1) }))
    .where('id', '=', review.product_id)
    .execute();
  return row;
}

/**
 * The card that paid the order, as the provider reported it (brand and last four digits), if a card payment with
 * them is recorded: the customer's Paid notice names it (docs/decisions/040).
 */
export async function paidCard(db: Db, orderId: number): Promise<{ brand: string; last4: string } | undefined> {
  const row = await db
    .selectFrom('payments')
    .select(['card_brand', 'card_last4'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .where('card_brand', 'is not', null)
    .where('card_last4', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : undefined;
}

/**
 * Marks what about the order's money needs a person (card payments, docs/decisions/040). Answers whether the flag
 * changed now: of two instances setting the same flag at once, one did (the other's update re-checks and matches none).
 */
export async function setPaymentAttention(db: Db, orderId: number, attention: PaymentAttention): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ payment_attention: attention, updated_at: nowIso() })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('payment_attention', 'is', null), eb('payment_attention', '!=', attention)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Clears the order's payment flag if it is still `attention` (staff handled it); answers whether it did. */
export async function clearPaymentAttention(db: Db, orderId: number, attention: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ payment_attention: null, updated_at: nowIso() })
    .where('id', '=', orderId)
    .where('payment_attention', '=', attention as PaymentAttention)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
