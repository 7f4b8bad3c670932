import {
  isValidDiscount,
  isValidPrice,
  MAX_PRICE_CENTS,
  MIN_PRICE_CENTS,
  type PackagingFields,
  type ProductFields,
  productState,
  type StockFilter,
  stateColumns,
} from '../../common/catalogue-rules';
import type { AdminProduct, AdminProductRow } from '../../common/contract/admin/products';
import type { StockState } from '../../common/contract/catalog';
import { formatCents } from '../../common/money';
import { effectiveStockState } from '../../common/stock';
import { isLowStock, lowStockThreshold } from '../../common/stock-rules';
import { actorUserId, type StaffActor } from '../audit/actor';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { isUniqueViolation, withRetry } from '../db/errors';
import { type StoredImage, storeImage } from '../files/images';
import type { FileStore } from '../files/store';
import { conflict, invalidField, notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { nowIso } from '../lib/time';
import { getShopSettings } from '../settings/repository';
import * as stock from '../stock/repository';
import { tellStockAlerts } from '../stock-alerts/tell';
import * as repo from './admin-repository';
import { catalogChanged } from './list-cache';

/**
 * The back office's catalogue (issue 13): products, their packagings and images. Every change runs in one
 * transaction with its audit entry and drops this instance's product-list cache on commit (other instances see it
 * within CATALOG_CACHE_MS). Stock is never written here except through the stock core: a new packaging's first
 * units (source `new`) and what a retired packaging still held (taken out, source `adjust`). Lock order: a product's
 * packagings, then the product (the tail of placing an order's), so staff changes and orders never deadlock.
 */

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

export async function productOptions(db: Db) {
  const [categories, tags, settings] = await Promise.all([
    repo.listCategoryOptions(db),
    repo.listTagOptions(db),
    getShopSettings(db),
  ]);
  return {
    categories,
    tags: tags.map((t) => ({ ...t, kind: t.kind as 'type' | 'benefit' | 'tag' })),
    low_stock_default: settings.lowStockDefault,
  };
}

export interface ProductListFilters {
  q?: string;
  category_id?: number;
  tag_id?: number;
  stock?: StockFilter;
  hidden?: boolean;
  cursor?: number;
  limit?: number;
}

/** The Products list: newest first, filtered, keyset-paged by id. */
export async function listProducts(db: Db, f: ProductListFilters) {
  const limit = adminLimit(f.limit);
  const [{ lowStockDefault }, highest] = await Promise.all([getShopSettings(db), repo.highestProductThreshold(db)]);
  const rows = await repo.listProducts(db, {
    q: f.q,
    categoryId: f.category_id,
    tagId: f.tag_id,
    stock: f.stock,
    hidden: f.hidden,
    lowStockDefault,
    highestThreshold: Math.max(lowStockDefault, highest ?? 0),
    before: f.cursor,
    limit,
  });
  const { items, next_cursor } = keysetPage(rows, limit);
  return {
    products: items.map(
      (r): AdminProductRow => ({
        id: r.id,
        slug: r.slug,
        name_en: r.name_en,
        name_zh: r.name_zh,
        image: r.image,
        state: productState(r),
        stock_state: effectiveStockState(r.stock_state, r.stock_total),
        price_min_cents: r.price_min_cents === null ? null : Number(r.price_min_cents),
        price_max_cents: r.price_max_cents === null ? null : Number(r.price_max_cents),
        stock_total: r.stock_total,
        low: Boolean(Number(r.low)),
      }),
    ),
    next_cursor,
  };
}

/** One product as its form edits it; 404 at `product_id` for an unknown one. */
export async function productDetail(db: Db, productId: number): Promise<AdminProduct> {
  const p = await repo.findProduct(db, productId);
  if (!p) throw notFound('productNotFound', 'product_id');
  const [packagings, images, links, ordered, settings] = await Promise.all([
    repo.listPackagings(db, productId),
    repo.listImages(db, productId),
    repo.productLinks(db, productId),
    repo.hasOrders(db, productId),
    getShopSettings(db),
  ]);
  const threshold = lowStockThreshold(p.low_stock_threshold, settings.lowStockDefault);
  return {
    id: p.id,
    slug: p.slug,
    name_en: p.name_en,
    name_zh: p.name_zh,
    description_en: p.description_en,
    description_zh: p.description_zh,
    state: productState(p),
    stock_state: effectiveStockState(p.stock_state, p.stock_total),
    available_ph: p.available_ph === 1,
    available_cn: p.available_cn === 1,
    subscribable: p.subscribable === 1,
    low_stock_threshold: p.low_stock_threshold,
    low_stock_default: settings.lowStockDefault,
    category_ids: links.categoryIds,
    tag_ids: links.tagIds,
    images,
    packagings: packagings.map((v) => ({
      id: v.id,
      name_en: v.name_en,
      name_zh: v.name_zh,
      price_cents: v.price_cents,
      discount_price_cents: v.discount_price_cents,
      stock: v.stock,
      is_retired: v.is_retired === 1,
      low: v.is_retired !== 1 && isLowStock(v.stock, threshold),
    })),
    price_cents: p.price_cents,
    discount_price_cents: p.discount_price_cents,
    stock_total: p.stock_total,
    has_orders: ordered,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

// ---------------------------------------------------------------------------
// Checks shared by create and update
// ---------------------------------------------------------------------------

/**
 * 422 at `<prefix>price_cents` / `<prefix>discount_price_cents` for a price out of range or a discount price not
 * below the price (src/common/catalogue-rules.ts; the contract refuses the range first, this guards every caller).
 */
function checkPrices(p: PackagingFields, prefix = ''): void {
  const range = { min: formatCents(MIN_PRICE_CENTS), max: formatCents(MAX_PRICE_CENTS) };
  if (!isValidPrice(p.price_cents)) throw invalidField(`${prefix}price_cents`, 'priceOutOfRange', range);
  if (p.discount_price_cents !== undefined && !isValidPrice(p.discount_price_cents))
    throw invalidField(`${prefix}discount_price_cents`, 'priceOutOfRange', range);
  if (!isValidDiscount(p.price_cents, p.discount_price_cents))
    throw invalidField(`${prefix}discount_price_cents`, 'discountNotBelowPrice');
}

/** A stored image's URL as the upload answers it (the 640 width). */
const UPLOADED = /^\/media\/images\/([0-9a-f]{32})-640\.webp$/;

/**
 * Checks the form's categories, tags and images (422 naming the field): every id must exist; an image must be one
 * uploaded to the shop's file store, or one the product already shows; a product the shop shows needs an image.
 */
async function checkForm(db: Db, files: FileStore, form: ProductFields, currentImages: readonly string[] = []) {
  const categoryIds = [...new Set(form.category_ids)];
  const tagIds = [...new Set(form.tag_ids)];
  const [categories, tags] = await Promise.all([
    repo.countExisting(db, 'categories', categoryIds),
    repo.countExisting(db, 'tags', tagIds),
  ]);
  if (categories.length !== categoryIds.length) throw invalidField('category_ids', 'categoryNotFound');
  if (tags.length !== tagIds.length) throw invalidField('tag_ids', 'tagNotFound');
  const seen = new Set<string>();
  const images = [];
  for (const [i, image] of form.images.entries()) {
    if (seen.has(image.url)) continue;
    seen.add(image.url);
    const uploaded = UPLOADED.exec(image.url);
    const known =
      currentImages.includes(image.url) || (uploaded !== null && (await files.has(`images/${uploaded[1]}-640.webp`)));
    if (!known) throw invalidField(`images.${i}.url`, 'productImageUnknown');
    images.push(image);
  }
  if (form.state !== 'hidden' && images.length === 0) throw invalidField('images', 'productImageRequired');
  return { categoryIds, tagIds, images };
}

/** The product's columns from its form (`current`: its stored stock state, when it exists). */
const productColumns = (form: ProductFields, current?: StockState) => ({
  slug: form.slug,
  name_en: form.name_en,
  name_zh: form.name_zh,
  description_en: form.description_en,
  description_zh: form.description_zh,
  ...stateColumns(form.state, current),
  available_ph: form.available_ph ? 1 : 0,
  available_cn: form.available_cn ? 1 : 0,
  subscribable: form.subscribable ? 1 : 0,
  low_stock_threshold: form.low_stock_threshold ?? null,
});

/** Runs a write; a slug another product took meanwhile is a 409 at `slug`, not a 500. */
async function slugSafe<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'products.slug')) throw conflict('productSlugTaken', { slug }, 'slug');
    throw err;
  }
}

async function checkSlugFree(db: Db, slug: string, productId?: number) {
  const owner = await repo.findProductIdBySlug(db, slug);
  if (owner !== undefined && owner !== productId) throw conflict('productSlugTaken', { slug }, 'slug');
}

/** Adds a packaging (no stock), then its first units through the stock core (a `new` history row). */
async function addPackagingRow(
  trx: Db,
  actor: StaffActor,
  productId: number,
  p: PackagingFields & { stock?: number },
  sortOrder: number,
  now: string,
): Promise<number> {
  const id = await repo.insertPackaging(trx, {
    product_id: productId,
    name_en: p.name_en,
    name_zh: p.name_zh,
    price_cents: p.price_cents,
    discount_price_cents: p.discount_price_cents ?? null,
    sort_order: sortOrder,
  });
  const units = p.stock ?? 0;
  if (units > 0) await stock.changeStock(trx, id, units, { source: 'new', userId: actorUserId(actor), now });
  return id;
}

const packagingAudit = (p: PackagingFields) => ({
  name_en: p.name_en,
  name_zh: p.name_zh,
  price_cents: p.price_cents,
  discount_price_cents: p.discount_price_cents ?? null,
});

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

/** Creates a product with its packagings, images, categories and tags. */
export async function createProduct(
  db: Db,
  files: FileStore,
  actor: StaffActor,
  form: ProductFields & { packagings: Array<PackagingFields & { stock?: number }> },
): Promise<AdminProduct> {
  form.packagings.forEach((p, i) => {
    checkPrices(p, `packagings.${i}.`);
  });
  const checked = await checkForm(db, files, form);
  await checkSlugFree(db, form.slug);
  const productId = await slugSafe(form.slug, () =>
    withRetry(() =>
      db.transaction().execute(async (trx) => {
        const now = nowIso();
        // The list card's price is the cheapest packaging's: set by refreshListPrice once they are in.
        const id = await repo.insertProduct(trx, {
          ...productColumns(form),
          image: checked.images[0]?.url ?? '',
          price_cents: 0,
          discount_price_cents: null,
          stock_total: 0,
          created_at: now,
          updated_at: now,
        });
        const packagingIds: number[] = [];
        for (const [i, p] of form.packagings.entries()) {
          packagingIds.push(await addPackagingRow(trx, actor, id, p, i, now));
        }
        await repo.refreshListPrice(trx, id);
        await repo.replaceImages(trx, id, checked.images);
        await repo.replaceLinks(trx, id, now, checked);
        await recordAudit(
          trx,
          actor,
          {
            action: 'catalogue.product_create',
            entity: 'product',
            entityId: id,
            after: {
              slug: form.slug,
              name_en: form.name_en,
              name_zh: form.name_zh,
              state: form.state,
              packagings: form.packagings.map((p, i) => ({
                id: packagingIds[i],
                ...packagingAudit(p),
                stock: p.stock ?? 0,
              })),
              images: checked.images.map((im) => im.url),
            },
          },
          now,
        );
        return id;
      }),
    ),
  );
  await catalogChanged(db);
  return productDetail(db, productId);
}

/** Saves a product's form (not its packagings or stock): audited as the fields that changed, images apart. */
export async function updateProduct(
  db: Db,
  files: FileStore,
  actor: StaffActor,
  productId: number,
  form: ProductFields,
): Promise<AdminProduct> {
  const current = await repo.findProduct(db, productId);
  if (!current) throw notFound('productNotFound', 'product_id');
  const beforeImages = await repo.listImages(db, productId);
  const checked = await checkForm(
    db,
    files,
    form,
    [current.image, ...beforeImages.map((i) => i.url)].filter((u) => u !== ''),
  );
  await checkSlugFree(db, form.slug, productId);
  await slugSafe(form.slug, () =>
    withRetry(() =>
      db.transaction().execute(async (trx) => {
        const now = nowIso();
        const p = await repo.findProduct(trx, productId);
        if (!p) throw notFound('productNotFound', 'product_id');
        const links = await repo.productLinks(trx, productId);
        const images = await repo.listImages(trx, productId);
        const columns = productColumns(form, p.stock_state);
        const fields = (row: typeof p, l: typeof links) => ({
          slug: row.slug,
          name_en: row.name_en,
          name_zh: row.name_zh,
          description_en: row.description_en,
          description_zh: row.description_zh,
          state: productState(row),
          available_ph: row.available_ph === 1,
          available_cn: row.available_cn === 1,
          subscribable: row.subscribable === 1,
          low_stock_threshold: row.low_stock_threshold,
          category_ids: [...l.categoryIds].sort((a, b) => a - b),
          tag_ids: [...l.tagIds].sort((a, b) => a - b),
        });
        const diff = changedFields(
          fields(p, links),
          fields({ ...p, ...columns }, { categoryIds: checked.categoryIds, tagIds: checked.tagIds }),
        );
        const imageDiff = changedFields({ images: images }, { images: checked.images });
        if (!diff && !imageDiff) return;
        await repo.updateProduct(trx, productId, {
          ...columns,
          image: checked.images[0]?.url ?? p.image,
          updated_at: now,
        });
        // "Coming soon" (or hidden) → "On sale" with units: customers waiting for it are told (018).
        if (productState(p) !== form.state) await tellStockAlerts(trx, [productId], now);
        if (diff) {
          await repo.replaceLinks(trx, productId, p.created_at, checked);
          await recordAudit(
            trx,
            actor,
            { action: 'catalogue.product_update', entity: 'product', entityId: productId, ...diff },
            now,
          );
        }
        if (imageDiff) {
          await repo.replaceImages(trx, productId, checked.images);
          await recordAudit(
            trx,
            actor,
            {
              action: 'catalogue.images',
              entity: 'product',
              entityId: productId,
              before: { images: images },
              after: { images: checked.images },
            },
            now,
          );
        }
      }),
    ),
  );
  await catalogChanged(db);
  return productDetail(db, productId);
}

/**
 * Deletes a product nothing has ordered; 409 when an order or a subscription names it (hide it instead). Its
 * packagings, then the product, are locked first (the shop's lock order): an order being placed for it either
 * committed before (then it is counted here: 409) or waits and then finds it gone (the order's 409 "no longer
 * available": orders/place-order.ts).
 */
export async function deleteProduct(db: Db, actor: StaffActor, productId: number): Promise<void> {
  await withRetry(() =>
    db.transaction().execute(async (trx) => {
      await repo.lockPackagings(trx, productId);
      await repo.lockProducts(trx, [productId]);
      const p = await repo.findProduct(trx, productId);
      if (!p) throw notFound('productNotFound', 'product_id');
      if (await repo.hasOrders(trx, productId)) throw conflict('productHasOrders', {}, 'product_id');
      await repo.deleteProduct(trx, productId);
      await recordAudit(trx, actor, {
        action: 'catalogue.product_delete',
        entity: 'product',
        entityId: productId,
        before: { slug: p.slug, name_en: p.name_en, name_zh: p.name_zh },
      });
    }),
  );
  await catalogChanged(db);
}

// ---------------------------------------------------------------------------
// Packagings
// ---------------------------------------------------------------------------

/** Runs a packaging change in a transaction, then refreshes the list price, touches the product, answers it. */
async function packagingChange(
  db: Db,
  productId: number,
  change: (trx: Db, now: string) => Promise<void>,
): Promise<AdminProduct> {
  await withRetry(() =>
    db.transaction().execute(async (trx) => {
      const now = nowIso();
      await change(trx, now);
      await repo.refreshListPrice(trx, productId);
      await repo.updateProduct(trx, productId, { updated_at: now });
    }),
  );
  await catalogChanged(db);
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
  db: Db,
  actor: StaffActor,
  productId: number,
  p: PackagingFields & { stock?: number },
): Promise<AdminProduct> {
  checkPrices(p);
  if (!(await repo.findProduct(db, productId))) throw notFound('productNotFound', 'product_id');
  return packagingChange(db, productId, async (trx, now) => {
    await repo.lockPackagings(trx, productId);
    const existing = await repo.listPackagings(trx, productId);
    const last = Math.max(-1, ...existing.filter((v) => v.is_retired !== 1).map((v) => v.sort_order));
    const id = await addPackagingRow(trx, actor, productId, p, last + 1, now);
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
  db: Db,
  actor: StaffActor,
  packagingId: number,
  p: PackagingFields,
): Promise<AdminProduct> {
  checkPrices(p);
  const found = await livePackaging(db, packagingId);
  return packagingChange(db, found.product_id, async (trx, now) => {
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
  db: Db,
  actor: StaffActor,
  productId: number,
  order: number[],
): Promise<AdminProduct> {
  if (!(await repo.findProduct(db, productId))) throw notFound('productNotFound', 'product_id');
  return packagingChange(db, productId, async (trx, now) => {
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
export async function retirePackaging(db: Db, actor: StaffActor, packagingId: number): Promise<AdminProduct> {
  const found = await livePackaging(db, packagingId);
  const productId = found.product_id;
  return packagingChange(db, productId, async (trx, now) => {
    await repo.lockPackagings(trx, productId);
    const v = await livePackaging(trx, packagingId);
    const live = (await repo.listPackagings(trx, productId)).filter((x) => x.is_retired !== 1);
    if (live.length <= 1) throw conflict('packagingLastOnSale', {}, 'packaging_id');
    // Its stock out first, while it is still on sale (so the product's total drops with it), then retired.
    if (v.stock > 0) {
      const cause = { source: 'adjust' as const, reason: 'Packaging retired', userId: actorUserId(actor), now };
      const left = await stock.changeStock(trx, packagingId, -v.stock, cause, { onSaleOnly: true });
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

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

/** Stores an uploaded image (decoded, stripped, WebP in the shop's widths) for the product form to use. */
export async function uploadImage(files: FileStore, bytes: Uint8Array): Promise<StoredImage> {
  return storeImage(files, bytes, 'image');
}
