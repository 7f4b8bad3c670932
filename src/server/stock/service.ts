import { actorUserId, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import { catalogChanged } from '../catalog/list-cache';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { conflict, invalidField, notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { nowIso } from '../lib/time';
import { enqueueLowStockAlerts } from '../notifications/staff-alerts';
import { getShopSettings } from '../settings/repository';
import * as repo from './repository';

/**
 * Staff's stock changes (issue 13, docs/decisions/015). Stock is changed by a change (+/−) with a reason, never
 * set to a number: a conditional update that adds to what the row holds at that moment, so an order placed at
 * the same time is never undone (no lost unit) and a negative change never takes stock an order already took
 * (never below zero). Each change is a row of the stock history, an audit entry, and, when it leaves a
 * packaging at or below its low-stock threshold, a staff alert; the product list's cache is dropped on commit.
 */

/** The largest change one adjustment may make, either way (a typo guard: 1e5 units of tea is not a correction). */
export const MAX_STOCK_CHANGE = 100_000;

export interface StockAdjustment {
  packagingId: number;
  delta: number;
  reason: string;
}

/** Checks an adjustment's fields (400 naming the field at fault). */
export function checkAdjustment(change: StockAdjustment, field = ''): void {
  const { delta, reason } = change;
  if (!Number.isSafeInteger(delta) || delta === 0 || Math.abs(delta) > MAX_STOCK_CHANGE)
    throw invalidField(`${field}delta`, 'stockChangeInvalid');
  if (reason.trim() === '') throw invalidField(`${field}reason`, 'stockReasonRequired');
}

/**
 * Applies one adjustment inside `trx` (the caller's transaction: the back office's adjust, an import): the
 * history row, the product's list-card total, the audit entry and a low-stock alert. 404 for an unknown
 * packaging, 409 when a negative change would take more than the packaging holds now.
 */
export async function applyAdjustment(
  trx: Db,
  actor: StaffActor,
  change: StockAdjustment & { source?: 'adjust' | 'import' },
  lowStockDefault: number,
  now: string,
): Promise<{ productId: number; stock: number }> {
  const packaging = await repo.findPackaging(trx, change.packagingId);
  if (!packaging) throw notFound('packagingNotFound', 'packaging_id');
  const stock = await repo.changePackagingStock(trx, packaging.id, packaging.product_id, change.delta, {
    source: change.source ?? 'adjust',
    reason: change.reason.trim(),
    userId: actorUserId(actor),
    now,
  });
  if (stock === null) {
    const left = await repo.packagingStock(trx, packaging.id);
    throw conflict('stockNotEnough', { stock: left, taken: -change.delta }, 'delta');
  }
  await repo.addToStockTotals(trx, new Map([[packaging.product_id, change.delta]]));
  await recordAudit(
    trx,
    actor,
    {
      action: change.source === 'import' ? 'catalogue.stock_import' : 'catalogue.stock_adjust',
      entity: 'packaging',
      entityId: packaging.id,
      before: { product: packaging.product_en, packaging: packaging.name_en, stock: stock - change.delta },
      after: { stock, change: change.delta, reason: change.reason.trim() },
    },
    now,
  );
  if (change.delta < 0)
    await enqueueLowStockAlerts(trx, new Map([[packaging.id, { quantity: -change.delta }]]), lowStockDefault, now);
  return { productId: packaging.product_id, stock };
}

/** The back office's "Adjust stock": one change to one packaging, in its own transaction. */
export async function adjustStock(db: Db, actor: StaffActor, change: StockAdjustment) {
  checkAdjustment(change);
  const result = await withRetry(() =>
    db.transaction().execute(async (trx) => {
      const { lowStockDefault } = await getShopSettings(trx);
      return applyAdjustment(trx, actor, change, lowStockDefault, nowIso());
    }),
  );
  catalogChanged(db);
  return result;
}

/** A product's stock history, newest first, keyset-paged (`cursor`: the last row's id). */
export async function stockHistoryPage(db: Db, productId: number, cursor?: number, limit?: number) {
  const size = adminLimit(limit);
  return keysetPage(await repo.stockHistory(db, productId, size + 1, cursor), size);
}
