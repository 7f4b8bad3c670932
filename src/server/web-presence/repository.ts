import type { Db } from '../db/connection';

// All SQL of the sitemap (docs/decisions/047): what a crawler may visit, read page by page (keyset on the id).

/** Products in the shop (on sale and coming soon; hidden ones are `is_active` 0), `limit` after id `after`. */
export async function productsAfter(db: Db, after: number, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('is_active', '=', 1)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The id that ends a chunk of `size` products after id `after`, or null when fewer are left. */
export async function chunkEnd(db: Db, after: number, size: number): Promise<number | null> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .where('id', '>', after)
    .orderBy('id')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** How many products are in the shop. */
export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Each category by slug, with the latest change of a product in it (null: none in the shop). */
export async function categoriesWithChange(db: Db) {
  return db
    .selectFrom('categories as c')
    .leftJoin('product_categories as pc', 'pc.category_id', 'c.id')
    .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'pc.product_id').on('p.is_active', '=', 1))
    .select((eb) => ['c.slug', eb.fn.max('p.updated_at').as('updated_at')])
    .groupBy(['c.id', 'c.slug', 'c.sort_order'])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

/** The latest change of any product in the shop (home and the product list), or null. */
export async function latestProductChange(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/** The information pages' last changes by slug. */
export async function pageChanges(db: Db) {
  return db.selectFrom('pages').select(['slug', 'updated_at']).execute();
}
