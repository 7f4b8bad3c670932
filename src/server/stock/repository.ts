import { type Kysely, sql } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import type { StockSource } from '../../common/stock-rules';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
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
  const sorted = changes.filter((c) => c.delta !== 0).sort((a, b) => a.packagingId - b.packagingId);
  const once = sorted.every((c, i) => i === 0 || c.packagingId !== sorted[i - 1]!.packagingId);
  if (once && sorted.length && isPostgres(db as unknown as Kysely<unknown>)) {
    return changeStocksInOneStatement(db, sorted, onSaleOnly);
  }
  const changed: ChangedStock[] = [];
  const perProduct = new Map<number, number>();
  for (const change of sorted) {
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

/** Products whose units on sale grew: their waiting back-in-stock alerts are told (stock/service.ts). */
const restockedOf = (changed: readonly ChangedStock[], deltas: ReadonlyMap<number, number>) => {
  const perProduct = new Map<number, number>();
  for (const c of changed) {
    if (!c.isRetired) perProduct.set(c.productId, (perProduct.get(c.productId) ?? 0) + deltas.get(c.packagingId)!);
  }
  return [...perProduct].filter(([, delta]) => delta > 0).map(([productId]) => productId);
};

/**
 * `changeStocks` on PostgreSQL, in one statement (one round trip, docs/decisions/058): the packagings' rows locked in
 * ascending id (`order by … for no key update`: ORDER BY is applied before the locks are taken), each change checked
 * against the stock they hold then; if all pass, every packaging updated, its history row written, then the products'
 * rows locked in ascending id and their totals moved. The updates touch only rows already locked, so the lock order is
 * decision 005's (packagings, then products, each ascending), as the one-row-at-a-time path takes it. A refusal
 * changes nothing (the first packaging refused in id order is answered, as that path does).
 */
async function changeStocksInOneStatement(
  db: Db,
  sorted: readonly StockChange[],
  onSaleOnly: boolean,
): Promise<{ changed: ChangedStock[]; refused: number | null; restocked: number[] }> {
  const column = <T>(pick: (c: StockChange) => T) => sorted.map(pick);
  const ids = column((c) => c.packagingId);
  const retired = onSaleOnly ? sql`or l.is_retired <> 0` : sql``;
  const { rows } = await sql<{
    id: number | null;
    product_id: number | null;
    stock: number | null;
    is_retired: number | null;
    refused: number | null;
  }>`
    with want as (
      select * from unnest(
        ${ids}::int[], ${column((c) => c.delta)}::int[], ${column((c) => c.cause.source)}::text[],
        ${column((c) => c.cause.reason ?? '')}::text[], ${column((c) => c.cause.orderId ?? null)}::int[],
        ${column((c) => c.cause.userId ?? null)}::int[], ${column((c) => c.cause.now)}::text[]
      ) as w(id, delta, source, reason, order_id, user_id, created_at)
    ),
    locked as (
      select v.id, v.stock, v.is_retired from product_variants v
      where v.id = any(${ids}::int[]) order by v.id for no key update
    ),
    refused as (
      select min(w.id) as id from want w left join locked l on l.id = w.id
      where l.id is null or (w.delta < 0 and l.stock < -w.delta) ${retired}
    ),
    taken as (
      update product_variants v set stock = v.stock + w.delta from want w
      where v.id = w.id and (w.delta > 0 or v.stock >= -w.delta)
        and not exists (select 1 from refused where refused.id is not null)
      returning v.id, v.product_id, v.stock, v.is_retired, w.delta, w.source, w.reason, w.order_id, w.user_id,
        w.created_at
    ),
    history as (
      insert into stock_movements
        (product_id, packaging_id, delta, stock_after, source, reason, order_id, user_id, created_at)
      select product_id, id, delta, stock, source, reason, order_id, user_id, created_at from taken order by id
    ),
    totals as (
      select product_id as id, sum(delta)::int as delta from taken where is_retired = 0
      group by product_id having sum(delta) <> 0
    ),
    products_locked as (
      select p.id from products p where p.id in (select id from totals) order by p.id for no key update
    ),
    moved as (
      update products p set stock_total = p.stock_total + t.delta from totals t
      where p.id = t.id and p.id in (select id from products_locked)
    )
    select id, product_id, stock, is_retired, null::int as refused from taken
    union all
    select null, null, null, null, id from refused where id is not null
  `.execute(db);
  const refusedRow = rows.find((r) => r.refused !== null);
  if (refusedRow) return { changed: [], refused: refusedRow.refused, restocked: [] };
  const changed = rows
    .map((r) => ({ packagingId: r.id!, productId: r.product_id!, stock: r.stock!, isRetired: r.is_retired === 1 }))
    .sort((a, b) => a.packagingId - b.packagingId);
  // Every change checked under the locks passed, so each packaging was updated; were one missing, it is refused (the
  // caller's transaction rolls back what the statement changed).
  const missing = ids.find((id, i) => changed[i]?.packagingId !== id);
  if (missing !== undefined) return { changed, refused: missing, restocked: [] };
  return {
    changed,
    refused: null,
    restocked: restockedOf(changed, new Map(ids.map((id, i) => [id, sorted[i]!.delta]))),
  };
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
