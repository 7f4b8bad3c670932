import { productState, type StockFilter } from '../../common/catalogue-rules';
import type { AdminProduct, AdminProductRow } from '../../common/contract/admin/products';
import { effectiveStockState } from '../../common/stock';
import { isLowStock, lowStockThreshold } from '../../common/stock-rules';
import type { Db } from '../db/connection';
import { notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { shopSettings } from '../settings/service';
import * as repo from './admin-repository';

// The back office's catalogue reads (docs/decisions/015): the product form's options, the Products list and one
// product as its form edits it. The writes are admin-service.ts (products) and admin-packaging-service.ts.

export async function productOptions(db: Db) {
  const [categories, tags, settings] = await Promise.all([
    repo.listCategoryOptions(db),
    repo.listTagOptions(db),
    shopSettings(db),
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
  const [{ lowStockDefault }, highest] = await Promise.all([shopSettings(db), repo.highestProductThreshold(db)]);
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
    shopSettings(db),
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
    reorder_days: p.reorder_days,
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
