import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { Database, Order } from '../db/schema';

// All order SQL. Every function takes the database or a transaction (a Transaction is a Db).

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
export type OrderItemRow = Awaited<ReturnType<typeof orderItems>>[number];

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
  opts: { status?: string; limit: number; after?: { createdAt: string; id: number } },
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

/**
 * Takes `quantity` units of a packaging only if they are in stock (conditional update: stock never
 * goes below zero, whatever the concurrency). On PostgreSQL it row-locks the packaging: callers take
 * packagings in ascending id order so concurrent orders never deadlock.
 */
export async function takeStock(db: Db, variantId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', variantId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function returnStock(db: Db, variantId: number, quantity: number) {
  await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', variantId)
    .execute();
}

/** Keeps the product's list-card stock total in step with its packagings (`delta` signed). */
export async function adjustStockTotal(db: Db, productId: number, delta: number) {
  await db
    .updateTable('products')
    .set({ stock_total: sql<number>`case when stock_total + ${delta} < 0 then 0 else stock_total + ${delta} end` })
    .where('id', '=', productId)
    .execute();
}

export async function variantStock(db: Db, variantId: number): Promise<number> {
  const row = await db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirst();
  return row?.stock ?? 0;
}

/** A where-condition on `orders`: no payment has been recorded for the order (queries and updates alike). */
export const noPaymentRecorded = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'orders'>) =>
  not(exists(selectFrom('payments').select('payments.id').whereRef('payments.order_id', '=', 'orders.id')));

export async function hasPayment(db: Db, orderId: number): Promise<boolean> {
  const row = await db.selectFrom('payments').select('id').where('order_id', '=', orderId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the customer's row until the transaction ends (PostgreSQL; SQLite runs one transaction at a time).
 * FOR NO KEY UPDATE, the lock an UPDATE of the balance takes: it does not wait for the key-share locks that
 * this customer's other new orders hold on the row through their foreign key, so it cannot deadlock with them.
 */
export async function lockCustomer(db: Db, userId: number): Promise<void> {
  await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
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
