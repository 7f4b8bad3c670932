import type { Lang } from '../../common/contract/lang';
import { isLowStock, lowStockThreshold, MAX_STOCK_CHANGE } from '../../common/stock-rules';
import { actorUserId, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { conflict, invalidField, notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { nowIso } from '../lib/time';
import { enqueueLowStockAlerts } from '../notifications/staff-alerts';
import { shopSettings } from '../settings/service';
import { inTransaction, type MailTx, type Shop } from '../shop';
import { tellStockAlerts } from '../stock-alerts/tell';
import * as repo from './repository';

export type { StockChange, StockMove } from './repository';

/**
 * Staff's stock changes (docs/decisions/015). Stock is changed by a change (+/−) with a reason, never
 * set to a number: a conditional update that adds to what the row holds at that moment, so an order placed at
 * the same time is never undone (no lost unit) and a negative change never takes stock an order already took
 * (never below zero). Each change is a row of the stock history, an audit entry, and, when it leaves a
 * packaging at or below its low-stock threshold, a staff alert; the product list's cache is dropped on commit.
 */

export interface StockAdjustment {
  packagingId: number;
  delta: number;
  reason: string;
}

/** Checks an adjustment's fields (422 naming the field at fault). */
export function checkAdjustment(change: StockAdjustment): void {
  const { delta, reason } = change;
  if (!Number.isSafeInteger(delta) || delta === 0 || Math.abs(delta) > MAX_STOCK_CHANGE)
    throw invalidField('delta', 'stockChangeInvalid');
  if (reason.trim() === '') throw invalidField('reason', 'stockReasonRequired');
}

/**
 * Applies one adjustment inside `trx` (the caller's transaction): the change through the stock core (history row,
 * the product's list-card total), the audit entry and a low-stock alert. 404 for an unknown packaging, 409 for a
 * retired one (never sold again: retiring took its stock out; decided under the row's lock, by the conditional
 * update) and when a negative change would take more than the packaging holds now.
 */
export async function applyAdjustment(
  tx: MailTx,
  actor: StaffActor,
  change: StockAdjustment,
  lowStockDefault: number,
  now: string,
): Promise<{ productId: number; stock: number }> {
  const trx = tx.db;
  const packaging = await repo.findPackaging(trx, change.packagingId);
  if (!packaging) throw notFound('packagingNotFound', 'packaging_id');
  const reason = change.reason.trim();
  const done = await changeStock(
    tx,
    packaging.id,
    change.delta,
    { source: 'adjust', reason, userId: actorUserId(actor), now },
    { onSaleOnly: true },
  );
  if (!done) {
    // Refused under the row's lock: say why as the row is now.
    const current = await repo.findPackaging(trx, packaging.id);
    if (!current) throw notFound('packagingNotFound', 'packaging_id');
    if (current.is_retired === 1) throw conflict('packagingRetired', {}, 'packaging_id');
    throw conflict('stockNotEnough', { stock: current.stock, taken: -change.delta }, 'delta');
  }
  await recordAudit(
    trx,
    actor,
    {
      action: 'catalogue.stock_adjust',
      entity: 'packaging',
      entityId: packaging.id,
      before: { product: packaging.product_en, packaging: packaging.name_en, stock: done.stock - change.delta },
      after: { stock: done.stock, change: change.delta, reason },
    },
    now,
  );
  if (change.delta < 0)
    await enqueueLowStockAlerts(trx, new Map([[packaging.id, { quantity: -change.delta }]]), lowStockDefault, now);
  return { productId: packaging.product_id, stock: done.stock };
}

/** The back office's "Adjust stock": one change to one packaging, in its own transaction. */
export async function adjustStock(shop: Shop, actor: StaffActor, change: StockAdjustment) {
  checkAdjustment(change);
  const result = await withRetry(() =>
    inTransaction(shop, async (tx) => {
      const { lowStockDefault } = await shopSettings(tx.db);
      return applyAdjustment(tx, actor, change, lowStockDefault, nowIso());
    }),
  );
  await shop.catalog.changed();
  return result;
}

/**
 * A product's packagings' stock, each marked low when on sale and at or below the product's threshold (its own,
 * else the shop's `low_stock_default`: the rule of the dashboard and the staff alerts), and its list-card total.
 * 404 for an unknown product.
 */
export async function stockLevels(db: Db, productId: number) {
  const product = await repo.findProductStock(db, productId);
  if (!product) throw notFound('productNotFound', 'product_id');
  const [{ lowStockDefault }, packagings] = await Promise.all([
    shopSettings(db),
    repo.productPackagingStock(db, productId),
  ]);
  const threshold = lowStockThreshold(product.low_stock_threshold, lowStockDefault);
  return {
    packagings: packagings.map((p) => ({
      id: p.id,
      stock: p.stock,
      low: p.is_retired === 0 && isLowStock(p.stock, threshold),
    })),
    stock_total: product.stock_total,
  };
}

/** A product's stock history, newest first, keyset-paged (`cursor`: the last row's id). 404 for an unknown product. */
export async function stockHistoryPage(db: Db, productId: number, lang: Lang, cursor?: number, limit?: number) {
  if (!(await repo.findProductStock(db, productId))) throw notFound('productNotFound', 'product_id');
  const size = adminLimit(limit);
  const { items, next_cursor } = keysetPage(await repo.stockHistory(db, productId, lang, size, cursor), size);
  return { movements: items, next_cursor };
}

/**
 * Placing an order, step 6 (docs/decisions/005): takes each packaging's quantity with a conditional update, in
 * ascending packaging id, then the products' totals (last, so its row locks are held for the shortest time); then the
 * staff's low-stock alerts. Answers the packaging that fell short and what it has left, or null when all was taken
 * (the caller's transaction is then rolled back by its refusal).
 */
/**
 * Changes the stock of several packagings (conditional updates in packaging id order, each with its history row, then
 * the products' totals); when units went on sale, the customers waiting for them are told, once (docs/decisions/018).
 * Answers what changed, or the first packaging refused (nothing told; the caller's transaction rolls back).
 */
export async function changeStocks(
  tx: MailTx,
  changes: readonly repo.StockChange[],
  options: { onSaleOnly?: boolean } = {},
): Promise<{ changed: repo.ChangedStock[]; refused: number | null }> {
  const { changed, refused, restocked } = await repo.changeStocks(tx.db, changes, options);
  if (restocked.length) await tellStockAlerts(tx, restocked, changes[0]!.cause.now);
  return { changed, refused };
}

/** One packaging's change (see `changeStocks`); null when refused (nothing changed). */
export async function changeStock(
  tx: MailTx,
  packagingId: number,
  delta: number,
  cause: repo.MoveCause,
  options: { onSaleOnly?: boolean } = {},
): Promise<repo.ChangedStock | null> {
  const { changed, refused } = await changeStocks(tx, [{ packagingId, delta, cause }], options);
  return refused === null ? (changed[0] ?? null) : null;
}

/** The stock of a cancelled order's lines comes back (`changeStocks`: waiting customers are told). */
export async function returnOrderStock(
  tx: MailTx,
  moves: ReadonlyMap<number, repo.StockMove>,
  cause: repo.MoveCause,
): Promise<void> {
  await changeStocks(tx, orderChanges(moves, 1, cause));
}

/** An order's quantities as stock changes (taken: -1, given back: +1). */
const orderChanges = (moves: ReadonlyMap<number, repo.StockMove>, sign: 1 | -1, cause: repo.MoveCause) =>
  [...moves]
    .filter(([, m]) => m.quantity > 0)
    .map(([packagingId, m]) => ({ packagingId, delta: sign * m.quantity, cause }));

export async function takeOrderStock(
  trx: Db,
  moves: ReadonlyMap<number, repo.StockMove & { lowStockThreshold: number | null }>,
  order: { orderId: number; at: string; lowStockDefault: number },
): Promise<{ packagingId: number; left: number } | null> {
  const cause = { source: 'order' as const, orderId: order.orderId, now: order.at };
  const { refused: short, changed } = await repo.changeStocks(trx, orderChanges(moves, -1, cause));
  if (short !== null) return { packagingId: short, left: await repo.packagingStock(trx, short) };
  // The low-stock alert, decided from the stock each update left and the product's threshold as the order was priced:
  // nothing more is read under these rows' locks unless a packaging crossed its threshold (then the alert's own
  // reading, with the names, decides again).
  const crossed = new Map(
    [...moves].filter(([packagingId, move]) => {
      const left = changed.find((c) => c.packagingId === packagingId);
      const threshold = lowStockThreshold(move.lowStockThreshold, order.lowStockDefault);
      return left !== undefined && !left.isRetired && left.stock <= threshold && left.stock + move.quantity > threshold;
    }),
  );
  if (crossed.size) await enqueueLowStockAlerts(trx, crossed, order.lowStockDefault, order.at);
  return null;
}

/** A packaging's stock now, with its product (the CSV import explains a refused change); undefined when none. */
export const packagingWithStock = (db: Db, packagingId: number) => repo.findPackaging(db, packagingId);

/**
 * Deletes a packaging that was never stocked through the history nor ordered (the JSON catalogue import's dropped
 * packagings); answers whether it went. The stock core keeps the product's total.
 */
export const deleteUnusedPackaging = (db: Db, packagingId: number): Promise<boolean> =>
  repo.deleteUnusedPackaging(db, packagingId);
