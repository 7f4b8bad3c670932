import {
  isValidDiscount,
  isValidPrice,
  MAX_PRICE_CENTS,
  MIN_PRICE_CENTS,
  type PackagingFields,
} from '../../common/catalogue-rules';
import type { AdminProduct } from '../../common/contract/admin/products';
import { formatCents } from '../../common/money';
import { actorUserId, type StaffActor } from '../audit/actor';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { conflict, invalidField, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import { inTransaction, type MailTx, type Shop } from '../shop';
import * as stock from '../stock/service';
import { productDetail } from './admin-read-service';
import * as repo from './admin-repository';

// The back office's packagings (docs/decisions/015): add, change, reorder and retire, each in one transaction with its
// audit entry, stock only through the stock core; and the price check and first stock a new product's packagings
// share (admin-service.ts). Lock order: a product's packagings, then the product.

/**
 * 422 at `<prefix>price_cents` / `<prefix>discount_price_cents` for a price out of range or a discount price not
 * below the price (src/common/catalogue-rules.ts; the contract refuses the range first, this guards every caller).
 */
export function checkPrices(p: PackagingFields, prefix = ''): void {
  const range = { min: formatCents(MIN_PRICE_CENTS), max: formatCents(MAX_PRICE_CENTS) };
  if (!isValidPrice(p.price_cents)) throw invalidField(`${prefix}price_cents`, 'priceOutOfRange', range);
  if (p.discount_price_cents !== undefined && !isValidPrice(p.discount_price_cents))
    throw invalidField(`${prefix}discount_price_cents`, 'priceOutOfRange', range);
  if (!isValidDiscount(p.price_cents, p.discount_price_cents))
    throw invalidField(`${prefix}discount_price_cents`, 'discountNotBelowPrice');
}

/** Adds a packaging (no stock), then its first units through the stock core (a `new` history row). */
export async function addPackagingRow(
  tx: MailTx,
  actor: StaffActor,
  productId: number,
  p: PackagingFields & { stock?: number },
  sortOrder: number,
  now: string,
): Promise<number> {
  const id = await repo.insertPackaging(tx.db, {
    product_id: productId,
    name_en: p.name_en,
    name_zh: p.name_zh,
    price_cents: p.price_cents,
    discount_price_cents: p.discount_price_cents ?? null,
    sort_order: sortOrder,
  });
  const units = p.stock ?? 0;
  if (units > 0) await stock.changeStock(tx, id, units, { source: 'new', userId: actorUserId(actor), now });
  return id;
}

export const packagingAudit = (p: PackagingFields) => ({
  name_en: p.name_en,
  name_zh: p.name_zh,
  price_cents: p.price_cents,
  discount_price_cents: p.discount_price_cents ?? null,
});

/** Runs a packaging change in a transaction, then refreshes the list price, touches the product, answers it. */
async function packagingChange(
  shop: Shop,
  productId: number,
  change: (tx: Shop, now: string) => Promise<void>,
): Promise<AdminProduct> {
  const { db } = shop;
  await withRetry(() =>
    inTransaction(shop, async (tx) => {
      const trx = tx.db;
      const now = nowIso();
      await change(tx, now);
      await repo.refreshListPrice(trx, productId);
      await repo.updateProduct(trx, productId, { updated_at: now });
    }),
  );
  await shop.catalog.changed();
  return productDetail(db, productId);
}

/** A packaging that is not retired, with its product id; 404 / 409 at `packaging_id` otherwise. */
async function livePackaging(db: Db, packagingId: number) {
  const v = await repo.findPackaging(db, packagingId);
  if (!v) throw notFound('packagingNotFound', 'packaging_id');
  if (v.is_retired === 1) throw conflict('packagingRetired', {}, 'packaging_id');
  return v;
}

/** Adds a packaging after the others, with its initial stock (a `new` row of the stock history). */
export async function addPackaging(
  shop: Shop,
  actor: StaffActor,
  productId: number,
  p: PackagingFields & { stock?: number },
): Promise<AdminProduct> {
  const { db } = shop;
  checkPrices(p);
  if (!(await repo.findProduct(db, productId))) throw notFound('productNotFound', 'product_id');
  return packagingChange(shop, productId, async (tx, now) => {
    const trx = tx.db;
    await repo.lockPackagings(trx, productId);
    const existing = await repo.listPackagings(trx, productId);
    const last = Math.max(-1, ...existing.filter((v) => v.is_retired !== 1).map((v) => v.sort_order));
    const id = await addPackagingRow(tx, actor, productId, p, last + 1, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'catalogue.packaging_add',
        entity: 'packaging',
        entityId: id,
        after: { product_id: productId, ...packagingAudit(p), stock: p.stock ?? 0 },
      },
      now,
    );
  });
}

/** Changes a packaging's names and prices (never its stock). */
export async function updatePackaging(
  shop: Shop,
  actor: StaffActor,
  packagingId: number,
  p: PackagingFields,
): Promise<AdminProduct> {
  const { db } = shop;
  checkPrices(p);
  const found = await livePackaging(db, packagingId);
  return packagingChange(shop, found.product_id, async (tx, now) => {
    const trx = tx.db;
    const v = await livePackaging(trx, packagingId);
    const diff = changedFields(
      packagingAudit({ ...v, discount_price_cents: v.discount_price_cents ?? undefined }),
      packagingAudit(p),
    );
    if (!diff) return;
    await repo.updatePackaging(trx, packagingId, {
      name_en: p.name_en,
      name_zh: p.name_zh,
      price_cents: p.price_cents,
      discount_price_cents: p.discount_price_cents ?? null,
    });
    await recordAudit(
      trx,
      actor,
      { action: 'catalogue.packaging_update', entity: 'packaging', entityId: packagingId, ...diff },
      now,
    );
  });
}

/** Puts the packagings on sale in the given order: every one of them, once (422 otherwise). */
export async function reorderPackagings(
  shop: Shop,
  actor: StaffActor,
  productId: number,
  order: number[],
): Promise<AdminProduct> {
  const { db } = shop;
  if (!(await repo.findProduct(db, productId))) throw notFound('productNotFound', 'product_id');
  return packagingChange(shop, productId, async (tx, now) => {
    const trx = tx.db;
    await repo.lockPackagings(trx, productId);
    const live = (await repo.listPackagings(trx, productId)).filter((v) => v.is_retired !== 1);
    const ids = live.map((v) => v.id);
    if (order.length !== ids.length || new Set(order).size !== order.length || !order.every((id) => ids.includes(id)))
      throw invalidField('packaging_ids', 'packagingOrderMismatch');
    if (order.every((id, i) => id === ids[i])) return;
    // Ascending id, like every other writer of packaging rows.
    for (const id of [...order].sort((a, b) => a - b)) {
      await repo.updatePackaging(trx, id, { sort_order: order.indexOf(id) });
    }
    await recordAudit(
      trx,
      actor,
      {
        action: 'catalogue.packaging_reorder',
        entity: 'product',
        entityId: productId,
        before: { packaging_ids: ids },
        after: { packaging_ids: order },
      },
      now,
    );
  });
}

/**
 * Retires a packaging: never shown or sold again (the cart, orders and renewals refuse it), kept for the orders
 * that name it. What it still held is taken out through the stock core (an `adjust` row, "Packaging retired"), so
 * the product's stock total counts only packagings on sale. 409 for the product's last packaging on sale.
 */
export async function retirePackaging(shop: Shop, actor: StaffActor, packagingId: number): Promise<AdminProduct> {
  const { db } = shop;
  const found = await livePackaging(db, packagingId);
  const productId = found.product_id;
  return packagingChange(shop, productId, async (tx, now) => {
    const trx = tx.db;
    await repo.lockPackagings(trx, productId);
    const v = await livePackaging(trx, packagingId);
    const live = (await repo.listPackagings(trx, productId)).filter((x) => x.is_retired !== 1);
    if (live.length <= 1) throw conflict('packagingLastOnSale', {}, 'packaging_id');
    // Its stock out first, while it is still on sale (so the product's total drops with it), then retired.
    if (v.stock > 0) {
      const cause = { source: 'adjust' as const, reason: 'Packaging retired', userId: actorUserId(actor), now };
      const left = await stock.changeStock(tx, packagingId, -v.stock, cause, { onSaleOnly: true });
      if (left === null) throw conflict('stockNotEnough', { stock: 0, taken: v.stock }, 'packaging_id');
    }
    await repo.updatePackaging(trx, packagingId, { is_retired: 1 });
    await recordAudit(
      trx,
      actor,
      {
        action: 'catalogue.packaging_retire',
        entity: 'packaging',
        entityId: packagingId,
        before: { product_id: productId, name_en: v.name_en, retired: false, stock: v.stock },
        after: { retired: true, stock: 0 },
      },
      now,
    );
  });
}
