import type { Lang } from '../../common/contract/lang';
import type { StockAlert, StockAlertListItem } from '../../common/contract/stock-alerts';
import { effectiveStockState } from '../../common/stock';
import { requireLiveAccount } from '../accounts/live-account';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { conflict, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import * as repo from './repository';

/**
 * The customer's back-in-stock alerts (docs/decisions/018): "Notify me when available" on a product that
 * is out of stock or coming soon; telling them when it is back is ./tell.ts.
 */

/** The customer's alert on a product, or null. */
export async function getAlert(db: Db, userId: number, productId: number): Promise<StockAlert | null> {
  return (await repo.findAlert(db, userId, productId)) ?? null;
}

/**
 * Sets the customer's alert on a product out of stock or coming soon. 404 for a product not in the shop (unknown or
 * hidden), 409 for one in stock (it can be added to the cart). The product's row is read under a share lock, so a
 * restock committing at the same time either comes first (refused here) or claims this alert after it committed.
 */
export async function setAlert(db: Db, userId: number, productId: number): Promise<StockAlert> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      await requireLiveAccount(trx, userId);
      const product = await repo.findAlertProduct(trx, productId, { lock: true });
      if (product?.is_active !== 1) throw notFound('productNotFound', 'product_id');
      const state = effectiveStockState(product.stock_state, product.stock_total);
      if (state !== 'out_of_stock' && state !== 'coming_soon') throw conflict('stockAlertInStock', {}, 'product_id');
      return repo.upsertAlert(trx, userId, productId, nowIso());
    }),
  );
}

/** Cancels the customer's alert on a product (harmless when none is set). */
export async function cancelAlert(db: Db, userId: number, productId: number): Promise<void> {
  await repo.deleteAlert(db, userId, productId);
}

/** The customer's alerts on products in the shop, newest first. */
export async function listAlerts(db: Db, userId: number, lang: Lang): Promise<StockAlertListItem[]> {
  return (await repo.listAlerts(db, userId, lang)).map((r) => ({
    product_id: r.product_id,
    created_at: r.created_at,
    told_at: r.told_at,
    name: r.name,
    image: r.image,
    stock_state: effectiveStockState(r.stock_state, r.stock_total),
  }));
}

/** The product an alert is about, with its names and whether it is in the shop (the back-in-stock messages). */
export const alertProduct = (db: Db, productId: number) => repo.findAlertProduct(db, productId);
