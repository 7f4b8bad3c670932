import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { StockFilter } from '../../common/catalogue-rules';
import { cheapestPackaging, pricesVary } from '../../common/pricing';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import { newestBelow } from '../db/keyset';
import type { ProductsTable, ProductVariantsTable } from '../db/schema';
import { containsPattern, lowerLike } from '../db/search';

// The back office's catalogue SQL (docs/decisions/015): the Products list, a product with everything its form edits,
// and the writes of products, packagings, images, categories and tags. The shop's read side is repository.ts (with
// list-, card- and search-repository.ts).

export interface ProductListQuery {
  q?: string;
  categoryId?: number;
  tagId?: number;
  stock?: StockFilter;
  hidden?: boolean;
  /** The shop's low-stock default (products without their own threshold). */
  lowStockDefault: number;
  /** The highest threshold any product sets (bounds the "low" filter's stock range). */
  highestThreshold: number;
  before?: number;
  limit: number;
}

const threshold = (lowStockDefault: number) => sql<number>`coalesce(p.low_stock_threshold, ${lowStockDefault})`;

/**
 * The Products list: newest first by id, `limit` + 1 rows (db/keyset.ts). How each filter stays an index range or
 * bounded, whatever the page:
 * - no filter: the primary key, read downwards from the cursor;
 * - category / tag: the ids come from one range of the join table's primary key (category_id, product_id) /
 *   (tag_id, product_id), each product then by its primary key: at most that category's or tag's products are read;
 * - hidden: products (is_active, id); coming soon: (stock_state, id);
 * - out of stock: reads products in id order and tests each, like the name search below: stock_total has no index,
 *   so that an order's update of it leaves every index of products as it was (docs/decisions/058);
 * - low: the packagings at or below the highest threshold in use, read from product_variants (stock) like the
 *   dashboard's list (a small set), then each product by primary key;
 * - in stock: most products are, so reading the primary key downwards finds a page after a few rows;
 * - the name/slug search ("contains", any case) reads products in id order and tests each, like the customers'
 *   search: a catalogue is thousands of rows, not millions.
 * The row's price range and low mark are read per row of the page (by the packagings' (product_id, sort_order)
 * index), so a page costs `limit` small lookups.
 */
export async function listProducts(db: Db, f: ProductListQuery) {
  const pattern = f.q ? containsPattern(f.q) : null;
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.slug', 'p.name_en', 'p.name_zh', 'p.image', 'p.is_active', 'p.stock_state', 'p.stock_total'])
    .select((eb) => [
      eb
        .selectFrom('product_variants as v')
        .select(sql<number | null>`min(coalesce(v.discount_price_cents, v.price_cents))`.as('n'))
        .whereRef('v.product_id', '=', 'p.id')
        .where('v.is_retired', '=', 0)
        .as('price_min_cents'),
      eb
        .selectFrom('product_variants as v')
        .select(sql<number | null>`max(coalesce(v.discount_price_cents, v.price_cents))`.as('n'))
        .whereRef('v.product_id', '=', 'p.id')
        .where('v.is_retired', '=', 0)
        .as('price_max_cents'),
      eb
        .exists(
          eb
            .selectFrom('product_variants as v')
            .select('v.id')
            .whereRef('v.product_id', '=', 'p.id')
            .where('v.is_retired', '=', 0)
            .where(sql<boolean>`v.stock <= ${threshold(f.lowStockDefault)}`),
        )
        .as('low'),
    ])
    .$if(f.categoryId !== undefined, (q) =>
      q.where('p.id', 'in', (eb) =>
        eb.selectFrom('product_categories').select('product_id').where('category_id', '=', f.categoryId!),
      ),
    )
    .$if(f.tagId !== undefined, (q) =>
      q.where('p.id', 'in', (eb) => eb.selectFrom('product_tags').select('product_id').where('tag_id', '=', f.tagId!)),
    )
    .$if(f.hidden !== undefined, (q) => q.where('p.is_active', '=', f.hidden ? 0 : 1))
    .$if(f.stock === 'coming_soon', (q) => q.where('p.stock_state', '=', 'coming_soon'))
    .$if(f.stock === 'out_of_stock', (q) =>
      q.where('p.stock_total', '<=', 0).where('p.stock_state', '<>', 'coming_soon'),
    )
    .$if(f.stock === 'in_stock', (q) => q.where('p.stock_total', '>', 0).where('p.stock_state', '<>', 'coming_soon'))
    .$if(f.stock === 'low', (q) =>
      q.where('p.id', 'in', (eb) =>
        eb
          .selectFrom('product_variants as v')
          .innerJoin('products as lp', 'lp.id', 'v.product_id')
          .select('v.product_id')
          .where('v.stock', '<=', f.highestThreshold)
          .where('v.is_retired', '=', 0)
          .where(sql<boolean>`v.stock <= coalesce(lp.low_stock_threshold, ${f.lowStockDefault})`),
      ),
    )
    .$if(pattern !== null, (q) =>
      q.where((eb) =>
        eb.or([lowerLike('p.name_en', pattern!), lowerLike('p.name_zh', pattern!), lowerLike('p.slug', pattern!)]),
      ),
    )
    .$call(newestBelow('p.id', f.before, f.limit))
    .execute();
}

/** The highest low-stock threshold any product sets (null: none sets one). */
export async function highestProductThreshold(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('low_stock_threshold').as('n'))
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? null : Number(row.n);
}

export async function listCategoryOptions(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'slug', 'name_en', 'name_zh'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listTagOptions(db: Db) {
  return db
    .selectFrom('tags')
    .select(['id', 'kind', 'slug', 'name_en', 'name_zh'])
    .orderBy('kind')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export type SlugIds = { categories: Map<string, number>; tags: Map<string, number> };

/** The ids of categories and tags by slug (the CSV and JSON imports, the seed). */
export async function slugIds(db: Db): Promise<SlugIds> {
  const categories = await db.selectFrom('categories').select(['id', 'slug']).execute();
  const tags = await db.selectFrom('tags').select(['id', 'slug']).execute();
  return { categories: new Map(categories.map((c) => [c.slug, c.id])), tags: new Map(tags.map((t) => [t.slug, t.id])) };
}

/** Which of these category (or tag) ids exist. */
export async function countExisting(db: Db, table: 'categories' | 'tags', ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------
// One product
// ---------------------------------------------------------------------------

export async function findProduct(db: Db, productId: number) {
  return db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
}

export async function findProductIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id;
}

/** Every packaging of a product: on sale first in the shop's order, then retired ones. */
export async function listPackagings(db: Db, productId: number) {
  return db
    .selectFrom('product_variants')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('is_retired')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listImages(db: Db, productId: number) {
  return db
    .selectFrom('product_images')
    .select(['url', 'alt_en', 'alt_zh'])
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function productLinks(db: Db, productId: number) {
  const [categories, tags] = await Promise.all([
    db.selectFrom('product_categories').select('category_id').where('product_id', '=', productId).execute(),
    db.selectFrom('product_tags').select('tag_id').where('product_id', '=', productId).execute(),
  ]);
  return { categoryIds: categories.map((c) => c.category_id), tagIds: tags.map((t) => t.tag_id) };
}

/** Whether an order or a subscription names the product (it can then be hidden, never deleted). */
export async function hasOrders(db: Db, productId: number): Promise<boolean> {
  const used =
    (await db.selectFrom('order_items').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst()) ??
    (await db.selectFrom('subscriptions').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());
  return used !== undefined;
}

/**
 * Locks the product's packagings (PostgreSQL `for update`, ascending id) before a change that depends on all of
 * them (retiring, reordering): the head of the shop's lock order (packagings, then products), so it never deadlocks
 * with an order, and two staff changes of the same product run one after the other. SQLite writes one at a time.
 */
export async function lockPackagings(db: Db, productId: number): Promise<void> {
  if (!isPostgres(db as unknown as Kysely<unknown>)) return;
  await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Locks products (PostgreSQL `for update`, ascending id) after their packagings (lockPackagings), in the shop's lock
 * order: deleting a product holds both, so an order naming it waits for the delete instead of deadlocking with it.
 */
export async function lockProducts(db: Db, productIds: readonly number[]): Promise<void> {
  if (!productIds.length || !isPostgres(db as unknown as Kysely<unknown>)) return;
  await db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', [...productIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function findPackaging(db: Db, packagingId: number) {
  return db.selectFrom('product_variants').selectAll().where('id', '=', packagingId).executeTakeFirst();
}

// ---------------------------------------------------------------------------
// Writes (also used by the CSV and JSON imports)
// ---------------------------------------------------------------------------

export async function insertProduct(db: Db, values: Insertable<ProductsTable>): Promise<number> {
  const row = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Db, productId: number, values: Updateable<ProductsTable>): Promise<void> {
  await db.updateTable('products').set(values).where('id', '=', productId).execute();
}

/** Inserts a packaging with no stock (its first stock is a stock movement: stock/repository.ts). */
export async function insertPackaging(
  db: Db,
  values: Omit<Insertable<ProductVariantsTable>, 'stock' | 'is_retired'>,
): Promise<number> {
  const row = await db
    .insertInto('product_variants')
    .values({ ...values, stock: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a packaging's names, prices, order or retirement; never its stock. */
export async function updatePackaging(
  db: Db,
  packagingId: number,
  values: Pick<
    Updateable<ProductVariantsTable>,
    'name_en' | 'name_zh' | 'price_cents' | 'discount_price_cents' | 'sort_order' | 'is_retired'
  >,
): Promise<void> {
  await db.updateTable('product_variants').set(values).where('id', '=', packagingId).execute();
}

/**
 * Keeps the list card's price in step with the packagings (docs/decisions/055): the price and discount price of the
 * packaging the product is priced by (`cheapestPackaging`, the rule the product page opens on), and whether the
 * packagings' prices differ ("From"). A product without a packaging on sale keeps what it had.
 */
export async function refreshListPrice(db: Db, productId: number): Promise<void> {
  const packagings = await db
    .selectFrom('product_variants')
    .select(['price_cents', 'discount_price_cents'])
    .where('product_id', '=', productId)
    .where('is_retired', '=', 0)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const cheapest = cheapestPackaging(packagings);
  if (!cheapest) return;
  await db
    .updateTable('products')
    .set({
      price_cents: cheapest.price_cents,
      discount_price_cents: cheapest.discount_price_cents,
      price_varies: pricesVary(packagings) ? 1 : 0,
    })
    .where('id', '=', productId)
    .execute();
}

/** Replaces the product's images (in order; the first is the product's main image). */
export async function replaceImages(
  db: Db,
  productId: number,
  images: ReadonlyArray<{ url: string; alt_en: string; alt_zh: string }>,
): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (!images.length) return;
  await db
    .insertInto('product_images')
    .values(images.map((image, i) => ({ product_id: productId, ...image, sort_order: i })))
    .execute();
}

/** Deletes a product's images, categories and tags (the JSON import then links them again). */
export async function unlinkProduct(db: Db, productId: number): Promise<void> {
  for (const table of ['product_images', 'product_categories', 'product_tags'] as const) {
    await db.deleteFrom(table).where('product_id', '=', productId).execute();
  }
}

/**
 * Replaces the product's categories and tags. The join rows carry the product's `created_at`, so the shop's
 * category and tag lists stay one index range in creation order.
 */
export async function replaceLinks(
  db: Db,
  productId: number,
  createdAt: string,
  links: { categoryIds: readonly number[]; tagIds: readonly number[] },
): Promise<void> {
  await db.deleteFrom('product_categories').where('product_id', '=', productId).execute();
  await db.deleteFrom('product_tags').where('product_id', '=', productId).execute();
  if (links.categoryIds.length)
    await db
      .insertInto('product_categories')
      .values(links.categoryIds.map((id) => ({ product_id: productId, category_id: id, created_at: createdAt })))
      .execute();
  if (links.tagIds.length)
    await db
      .insertInto('product_tags')
      .values(links.tagIds.map((id) => ({ product_id: productId, tag_id: id, created_at: createdAt })))
      .execute();
}

/**
 * Deletes a product nothing has ordered: its stock history first (it refers to the packagings), then the product
 * (its packagings, images, links and reviews go with it).
 */
export async function deleteProduct(db: Db, productId: number): Promise<void> {
  await db.deleteFrom('stock_movements').where('product_id', '=', productId).execute();
  await db.deleteFrom('products').where('id', '=', productId).execute();
}
