import type { Lang } from '../../common/contract/lang';
import type { StockSource } from '../../common/stock-rules';
import type { Db } from '../db/connection';
import { newestBelow } from '../db/keyset';

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

/** One packaging's stock after a change, with its product and whether it is retired. */
export interface ChangedStock {
  packagingId: number;
  productId: number;
  stock: number;
  isRetired: boolean;
}

/** A change of one packaging's stock by `delta` (> 0 adds, < 0 takes). */
export interface StockChange {
  packagingId: number;
  delta: number;
  cause: MoveCause;
}

/**
 * The one place a packaging's stock changes (docs/decisions/015), and with it its product's list-card total.
 * Each change is a conditional update, never below zero whatever the concurrency (a concurrent order and a negative
 * adjustment cannot both take the last units), and a history row with the stock it left. The products' totals are
 * then moved by the changes of their packagings on sale (a retired packaging's units are not for sale, so they
 * never count; retiring one takes its stock out first, while it still counts). `onSaleOnly`: a retired packaging
 * is refused too (staff's adjustments and imports; orders never reach one, cancels give units back to it).
 *
 * Lock order: packagings in ascending id, then their products in ascending id, the tail of the lock order of
 * placing an order (coupon → user → packagings → products), which cancels, staff's changes and imports follow
 * too, so they never deadlock. The first change refused (too few units, no such packaging, retired with
 * `onSaleOnly`) stops it: its packaging id is answered as `refused` and the caller refuses, its transaction rolling
 * back what was changed.
 *
 * A product whose units on sale grew has its waiting back-in-stock alerts claimed and told in the same transaction
 * (stock-alerts/tell.ts, docs/decisions/018), after the products' rows were updated (locked).
 */
export async function changeStocks(
  db: Db,
  changes: readonly StockChange[],
  { onSaleOnly = false } = {},
): Promise<{ changed: ChangedStock[]; refused: number | null; restocked: number[] }> {
  const changed: ChangedStock[] = [];
  const perProduct = new Map<number, number>();
  for (const change of [...changes].sort((a, b) => a.packagingId - b.packagingId)) {
    if (change.delta === 0) continue;
    const done = await changePackagingStock(db, change, onSaleOnly);
    if (!done) return { changed, refused: change.packagingId, restocked: [] };
    changed.push(done);
    if (!done.isRetired) perProduct.set(done.productId, (perProduct.get(done.productId) ?? 0) + change.delta);
  }
  await addToStockTotals(db, perProduct);
  // Products that got units on sale: the stock service tells the customers waiting for them (docs/decisions/018).
  const restocked = [...perProduct].filter(([, delta]) => delta > 0).map(([productId]) => productId);
  return { changed, refused: null, restocked };
}

/** The conditional update of one packaging and its history row; null when refused. */
async function changePackagingStock(db: Db, change: StockChange, onSaleOnly: boolean): Promise<ChangedStock | null> {
  const { packagingId, delta, cause } = change;
  const row = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', packagingId)
    .$if(delta < 0, (q) => q.where('stock', '>=', -delta))
    .$if(onSaleOnly, (q) => q.where('is_retired', '=', 0))
    .returning(['stock', 'product_id', 'is_retired'])
    .executeTakeFirst();
  if (!row) return null;
  await db
    .insertInto('stock_movements')
    .values({
      product_id: row.product_id,
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
  return { packagingId, productId: row.product_id, stock: row.stock, isRetired: row.is_retired === 1 };
}

/**
 * Moves products' list-card totals by their packagings' changes (product id → units, may be < 0), in ascending
 * product id. Never clamped: the total is exactly the sum of the stock of the packagings on sale, and a clamp would
 * only hide a mistake.
 */
async function addToStockTotals(db: Db, deltas: ReadonlyMap<number, number>): Promise<void> {
  for (const [productId, delta] of [...deltas].sort((a, b) => a[0] - b[0])) {
    if (delta === 0) continue;
    await db
      .updateTable('products')
      .set((eb) => ({ stock_total: eb('stock_total', '+', delta) }))
      .where('id', '=', productId)
      .execute();
  }
}

/**
 * Deletes a packaging nothing refers to (no order, subscription or stock history: the command line's JSON import
 * drops it), its units leaving its product's total when it was on sale. False when there was no such packaging.
 */
export async function deleteUnusedPackaging(db: Db, packagingId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('product_variants')
    .where('id', '=', packagingId)
    .returning(['product_id', 'stock', 'is_retired'])
    .executeTakeFirst();
  if (!row) return false;
  if (row.is_retired === 0) await addToStockTotals(db, new Map([[row.product_id, -row.stock]]));
  return true;
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
    .select([
      'v.id',
      'v.product_id',
      'v.stock',
      'v.is_retired',
      'v.name_en',
      'p.name_en as product_en',
      'p.low_stock_threshold',
    ])
    .where('v.id', '=', packagingId)
    .executeTakeFirst();
}

/** A product's own low-stock threshold (null: the shop's default) and list-card total; undefined: no such product. */
export async function findProductStock(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'low_stock_threshold', 'stock_total'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** A product's packagings' stock, on sale first in the shop's order, then retired ones. */
export async function productPackagingStock(db: Db, productId: number) {
  return db
    .selectFrom('product_variants')
    .select(['id', 'stock', 'is_retired'])
    .where('product_id', '=', productId)
    .orderBy('is_retired')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/**
 * One product's stock history, newest first, keyset-paged by id (`beforeId`: the last id of the page before;
 * `limit` + 1 rows, see db/keyset.ts). One range of the (product_id, id) index.
 */
export async function stockHistory(db: Db, productId: number, lang: Lang, limit: number, beforeId?: number) {
  return db
    .selectFrom('stock_movements as m')
    .innerJoin('product_variants as v', 'v.id', 'm.packaging_id')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.packaging_id',
      lang === 'zh' ? 'v.name_zh as packaging_name' : 'v.name_en as packaging_name',
      'm.delta',
      'm.stock_after',
      'm.source',
      'm.reason',
      'o.order_no',
      'u.email as by',
      'm.created_at',
    ])
    .where('m.product_id', '=', productId)
    .$call(newestBelow('m.id', beforeId, limit))
    .execute();
}
