import type { Db } from '../db/connection';

// The cart's SQL: the packagings (table product_variants) a cart names, with their products.

/** The packagings of a cart with their products, in packaging id order. */
export async function findPackagings(db: Db, packagingIds: number[]) {
  if (!packagingIds.length) return [];
  return db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'product_variants.id as variant_id',
      'product_variants.product_id',
      'product_variants.name_en as variant_name_en',
      'product_variants.name_zh as variant_name_zh',
      'product_variants.price_cents',
      'product_variants.discount_price_cents',
      'product_variants.stock',
      'product_variants.is_retired',
      'products.name_en',
      'products.name_zh',
      'products.image',
      'products.is_active',
      'products.stock_state',
      'products.subscribable',
      'products.available_ph',
      'products.available_cn',
    ])
    .where('product_variants.id', 'in', packagingIds)
    .orderBy('product_variants.id')
    .execute();
}

export type PackagingRow = Awaited<ReturnType<typeof findPackagings>>[number];
