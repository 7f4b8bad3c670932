import { type PackagingFields, type ProductFields, productState, stateColumns } from '../../common/catalogue-rules';
import type { AdminProduct } from '../../common/contract/admin/products';
import type { StockState } from '../../common/contract/catalog';
import type { StaffActor } from '../audit/actor';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { isUniqueViolation, withRetry } from '../db/errors';
import { type StoredImage, storeImage } from '../files/images';
import type { FileStore } from '../files/store';
import { conflict, invalidField, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import { inTransaction, type Shop } from '../shop';
import { tellStockAlerts } from '../stock-alerts/tell';
import { addPackagingRow, checkPrices, packagingAudit } from './admin-packaging-service';
import { productDetail } from './admin-read-service';
import * as repo from './admin-repository';

/**
 * The back office's catalogue (docs/decisions/015): products, their packagings and images; here the products' writes
 * and image uploads, the packagings' in admin-packaging-service.ts, the reads in admin-read-service.ts. Every change
 * runs in one transaction with its audit entry and drops this instance's product-list cache on commit (other
 * instances see it within CATALOG_CACHE_MS). Stock is never written here except through the stock core: a new
 * packaging's first units (source `new`) and what a retired packaging still held (taken out, source `adjust`). Lock
 * order: a product's packagings, then the product (the tail of placing an order's), so staff changes and orders never
 * deadlock.
 */

// ---------------------------------------------------------------------------
// Checks shared by create and update
// ---------------------------------------------------------------------------

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
  reorder_days: form.reorder_days ?? null,
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

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

/** Creates a product with its packagings, images, categories and tags. */
export async function createProduct(
  shop: Shop,
  actor: StaffActor,
  form: ProductFields & { packagings: Array<PackagingFields & { stock?: number }> },
): Promise<AdminProduct> {
  const { db, files } = shop;
  form.packagings.forEach((p, i) => {
    checkPrices(p, `packagings.${i}.`);
  });
  const checked = await checkForm(db, files, form);
  await checkSlugFree(db, form.slug);
  const productId = await slugSafe(form.slug, () =>
    withRetry(() =>
      inTransaction(shop, async (tx) => {
        const trx = tx.db;
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
          packagingIds.push(await addPackagingRow(tx, actor, id, p, i, now));
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
  await shop.catalog.changed();
  return productDetail(db, productId);
}

/** Saves a product's form (not its packagings or stock): audited as the fields that changed, images apart. */
export async function updateProduct(
  shop: Shop,
  actor: StaffActor,
  productId: number,
  form: ProductFields,
): Promise<AdminProduct> {
  const { db, files } = shop;
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
      inTransaction(shop, async (tx) => {
        const trx = tx.db;
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
          reorder_days: row.reorder_days,
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
        if (productState(p) !== form.state) await tellStockAlerts(tx, [productId], now);
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
  await shop.catalog.changed();
  return productDetail(db, productId);
}

/**
 * Deletes a product nothing has ordered; 409 when an order or a subscription names it (hide it instead). Its
 * packagings, then the product, are locked first (the shop's lock order): an order being placed for it either
 * committed before (then it is counted here: 409) or waits and then finds it gone (the order's 409 "no longer
 * available": orders/place-order.ts).
 */
export async function deleteProduct(shop: Shop, actor: StaffActor, productId: number): Promise<void> {
  const { db } = shop;
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
  await shop.catalog.changed();
}

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

/** Stores an uploaded image (decoded, stripped, WebP in the shop's widths) for the product form to use. */
export async function uploadImage(files: FileStore, bytes: Uint8Array): Promise<StoredImage> {
  return storeImage(files, bytes, 'image');
}
