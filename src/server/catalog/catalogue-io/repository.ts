import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { isPostgres } from '../../db/dialect';

// The catalogue import's and export's reads (docs/decisions/015): many products at once, a query per 500, never one per
// row. The import writes through the back office's own writes (catalog/admin-repository.ts) and the stock core.

/** Ids per `in (…)` list: far below both databases' parameter limits. */
const CHUNK = 500;

async function inChunks<K, R>(keys: readonly K[], read: (chunk: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) out.push(...(await read(keys.slice(i, i + CHUNK))));
  return out;
}

const productColumns = [
  'id',
  'slug',
  'name_en',
  'name_zh',
  'description_en',
  'description_zh',
  'image',
  'stock_state',
  'is_active',
  'available_ph',
  'available_cn',
  'subscribable',
  'low_stock_threshold',
  'created_at',
] as const;

const packagingColumns = [
  'id',
  'product_id',
  'name_en',
  'name_zh',
  'price_cents',
  'discount_price_cents',
  'stock',
  'sort_order',
  'is_retired',
] as const;

export type StoredProduct = Awaited<ReturnType<typeof productsBySlug>>[number];
export type StoredPackaging = Awaited<ReturnType<typeof packagingsOf>>[number];

export const productsBySlug = (db: Db, slugs: readonly string[]) =>
  inChunks(slugs, (chunk) => db.selectFrom('products').select(productColumns).where('slug', 'in', chunk).execute());

/**
 * The packagings of some products (by product, then the shop's order). With `lock` (PostgreSQL), their rows are
 * locked first, in ascending id across all of them (their ids read first, then locked `CHUNK` at a time in that
 * order): the lock order of placing an order (packagings, then products), so the import's checks of stock hold
 * until it commits and it never deadlocks with an order.
 */
export async function packagingsOf(db: Db, productIds: readonly number[], { lock = false } = {}) {
  if (lock && isPostgres(db as unknown as Kysely<unknown>)) {
    const ids = await inChunks(productIds, (chunk) =>
      db.selectFrom('product_variants').select('id').where('product_id', 'in', chunk).execute(),
    );
    await inChunks(
      ids.map((r) => r.id).sort((a, b) => a - b),
      (chunk) =>
        db
          .selectFrom('product_variants')
          .select('id')
          .where('id', 'in', chunk)
          .orderBy('id')
          .forNoKeyUpdate()
          .execute(),
    );
  }
  const rows = await inChunks(productIds, (chunk) =>
    db.selectFrom('product_variants').select(packagingColumns).where('product_id', 'in', chunk).execute(),
  );
  return rows.sort((a, b) => a.product_id - b.product_id || a.sort_order - b.sort_order || a.id - b.id);
}

/** Packagings by id with their product's slug (to name the product a stray packaging_id belongs to). */
export const packagingOwners = (db: Db, ids: readonly number[]) =>
  inChunks(ids, (chunk) =>
    db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'p.slug'])
      .where('v.id', 'in', chunk)
      .execute(),
  );

/** The category and tag slugs of some products (product id → slugs, in the shop's menu order). */
export async function linksOf(db: Db, productIds: readonly number[]) {
  const categories = await inChunks(productIds, (chunk) =>
    db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.product_id', 'c.slug'])
      .where('pc.product_id', 'in', chunk)
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .execute(),
  );
  const tags = await inChunks(productIds, (chunk) =>
    db
      .selectFrom('product_tags as pt')
      .innerJoin('tags as t', 't.id', 'pt.tag_id')
      .select(['pt.product_id', 't.slug'])
      .where('pt.product_id', 'in', chunk)
      .orderBy('t.kind')
      .orderBy('t.sort_order')
      .orderBy('t.id')
      .execute(),
  );
  const group = (rows: Array<{ product_id: number; slug: string }>) => {
    const map = new Map<number, string[]>();
    for (const r of rows) map.set(r.product_id, [...(map.get(r.product_id) ?? []), r.slug]);
    return map;
  };
  return { categories: group(categories), tags: group(tags) };
}

/** Products by id, `limit` at a time after `afterId` (the export's keyset pages). */
export const productPage = (db: Db, afterId: number, limit: number) =>
  db.selectFrom('products').select(productColumns).where('id', '>', afterId).orderBy('id').limit(limit).execute();
