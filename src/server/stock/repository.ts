import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { StockSource } from '../db/schema-catalog';

// All SQL of stock (docs/decisions/015): the one place a packaging's stock changes, and its history.

/** Units of one packaging a stock move takes or gives back, with the product it belongs to. */
export interface StockMove {
  productId: number;
  quantity: number;
}

/** Why stock moved, written to each packaging's history row (stock_movements). */
export interface MoveCause {
  source: StockSource;
  orderId?: number | null;
  reason?: string;
  userId?: number | null;
  now: string;
}

/**
 * Changes one packaging's stock by `delta` with a conditional update (never below zero, whatever the
 * concurrency: a concurrent order and a negative adjustment cannot both take the last units) and writes the
 * history row with the stock it left. Answers the stock after, or null when the packaging has fewer than −delta
 * units (nothing changed). Does not touch the product's list-card total: see `addToStockTotals`.
 */
export async function changePackagingStock(
  db: Db,
  packagingId: number,
  productId: number,
  delta: number,
  cause: MoveCause,
): Promise<number | null> {
  const row = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', packagingId)
    .$if(delta < 0, (q) => q.where('stock', '>=', -delta))
    .returning('stock')
    .executeTakeFirst();
  if (!row) return null;
  await db
    .insertInto('stock_movements')
    .values({
      product_id: productId,
      packaging_id: packagingId,
      delta,
      stock_after: row.stock,
      source: cause.source,
      reason: cause.reason ?? '',
      order_id: cause.orderId ?? null,
      user_id: cause.userId ?? null,
      created_at: cause.now,
    })
    .execute();
  return row.stock;
}

/** Keeps products' list-card stock totals in step with their packagings (product id → units added, may be < 0). */
export async function addToStockTotals(db: Db, deltas: ReadonlyMap<number, number>): Promise<void> {
  for (const [productId, delta] of [...deltas].sort((a, b) => a[0] - b[0])) {
    if (delta === 0) continue;
    await db
      .updateTable('products')
      .set({ stock_total: sql<number>`case when stock_total + ${delta} < 0 then 0 else stock_total + ${delta} end` })
      .where('id', '=', productId)
      .execute();
  }
}

/**
 * Takes (`'take'`) or gives back (`'return'`) the stock of several packagings for an order, keeps their products'
 * list-card stock totals in step and writes each change to the stock history. Taking is a conditional update per
 * packaging (stock never goes below zero, whatever the concurrency); the first packaging that is short stops it
 * and its id is answered (the caller refuses, and its transaction rolls back what was taken); null when all moved.
 *
 * Lock order: packagings in ascending id, then their products in ascending id. It is the tail of the lock
 * order of placing an order (coupon → user → packagings → products), which cancelling and staff's adjustments
 * follow too, so they never deadlock. Callers run it last in their transaction, so the stock rows stay locked
 * for the shortest time.
 */
export async function moveStock(
  db: Db,
  moves: ReadonlyMap<number, StockMove>,
  direction: 'take' | 'return',
  cause: MoveCause,
): Promise<number | null> {
  const sign = direction === 'take' ? -1 : 1;
  for (const [packagingId, { productId, quantity }] of [...moves].sort((a, b) => a[0] - b[0])) {
    if (quantity <= 0) continue;
    const after = await changePackagingStock(db, packagingId, productId, sign * quantity, cause);
    if (after === null) return packagingId;
  }
  const perProduct = new Map<number, number>();
  for (const { productId, quantity } of moves.values()) {
    perProduct.set(productId, (perProduct.get(productId) ?? 0) + sign * quantity);
  }
  await addToStockTotals(db, perProduct);
  return null;
}

/** The stock of one packaging now (0 when it is gone). */
export async function packagingStock(db: Db, packagingId: number): Promise<number> {
  const row = await db.selectFrom('product_variants').select('stock').where('id', '=', packagingId).executeTakeFirst();
  return row?.stock ?? 0;
}

/** A packaging with its product (for adjustments: the product id, names and low-stock threshold). */
export async function findPackaging(db: Db, packagingId: number) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'v.stock', 'v.name_en', 'p.name_en as product_en', 'p.low_stock_threshold'])
    .where('v.id', '=', packagingId)
    .executeTakeFirst();
}

/** One product's stock history, newest first, keyset-paged by id (`beforeId`: the last id of the page before). */
export async function stockHistory(db: Db, productId: number, limit: number, beforeId?: number) {
  return db
    .selectFrom('stock_movements as m')
    .innerJoin('product_variants as v', 'v.id', 'm.packaging_id')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.packaging_id',
      'v.name_en as packaging_en',
      'v.name_zh as packaging_zh',
      'm.delta',
      'm.stock_after',
      'm.source',
      'm.reason',
      'o.order_no',
      'u.email as by_email',
      'm.created_at',
    ])
    .where('m.product_id', '=', productId)
    .$if(beforeId !== undefined, (q) => q.where('m.id', '<', beforeId!))
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}
