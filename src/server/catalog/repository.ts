import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { StockState } from '../../common/contract/catalog';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { imageUrlAt } from '../files/images';
import { nowIso } from '../lib/time';
import type { Position } from './cursor';

// All catalogue SQL lives here. Names come back in the asked language.

export async function listCategories(db: Db, lang: Lang) {
  return db
    .selectFrom('categories')
    .select(['id', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/**
 * The hero's banners in order: switched on and within their days now (`starts_at` inclusive, `ends_at` exclusive,
 * either open; the rule of content-rules.ts `bannerState`). An uploaded image is answered at its wide width.
 */
export async function listBanners(db: Db, lang: Lang, now: string = nowIso()) {
  const rows = await db
    .selectFrom('banners')
    .select([
      'id',
      'image',
      'link',
      lang === 'zh' ? 'title_zh as title' : 'title_en as title',
      lang === 'zh' ? 'subtitle_zh as subtitle' : 'subtitle_en as subtitle',
      lang === 'zh' ? 'alt_zh as alt' : 'alt_en as alt',
    ])
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((b) => ({ ...b, image: imageUrlAt(b.image, 1280) }));
}

export async function listTags(db: Db, lang: Lang) {
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'kind', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as 'type' | 'benefit' | 'tag' }));
}

/** A category by its id or its slug. */
export async function findCategory(db: Db, lang: Lang, key: { id: number } | { slug: string }) {
  let q = db.selectFrom('categories').select(['id', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name']);
  q = 'id' in key ? q.where('id', '=', key.id) : q.where('slug', '=', key.slug);
  return q.executeTakeFirst();
}

/** A type, benefit or tag by its slug (slugs are unique over all three kinds). */
export async function findTag(db: Db, lang: Lang, slug: string) {
  const row = await db
    .selectFrom('tags')
    .select(['id', 'kind', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && { ...row, kind: row.kind as 'type' | 'benefit' | 'tag' };
}

// ---------------------------------------------------------------------------
// Product list: keyset pages over (created_at, id)
// ---------------------------------------------------------------------------

type ListOrder = 'newest' | 'oldest';

export interface ListQuery {
  /** Drive the page from this category's index range. */
  categoryId?: number;
  /** Tags the products must all carry; the first drives the page when there is no category. */
  tagIds: number[];
  order: ListOrder;
  /** The last row of the previous page, or null for the first page. */
  after: Position | null;
  /** Rows to read (the caller asks one more than it shows, to know whether a next page exists). */
  take: number;
}

export interface CardRow {
  id: number;
  slug: string;
  name: string;
  image: string;
  price_cents: number;
  discount_price_cents: number | null;
  stock_state: StockState;
  stock_total: number;
  rating_sum: number;
  rating_count: number;
  created_at: string;
  /** The keyset position the row was read at. */
  pos_created_at: string;
  pos_id: number;
}

/**
 * "After (t, i)" in the page's order, as a row-value comparison: SQLite (3.15+) and PostgreSQL both read it
 * as a range of the (…, created_at, id) index, so the page starts with one index seek however deep it is.
 */
function after(createdAt: Expression<string>, id: Expression<number>, pos: Position, order: ListOrder) {
  return order === 'newest'
    ? sql<SqlBool>`((${createdAt}, ${id}) < (${pos.createdAt}, ${pos.id}))`
    : sql<SqlBool>`((${createdAt}, ${id}) > (${pos.createdAt}, ${pos.id}))`;
}

type P = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

const cardColumns = (lang: Lang) =>
  [
    'p.id',
    'p.slug',
    lang === 'zh' ? 'p.name_zh as name' : 'p.name_en as name',
    'p.image',
    'p.price_cents',
    'p.discount_price_cents',
    'p.stock_state',
    'p.stock_total',
    'p.rating_sum',
    'p.rating_count',
    'p.created_at',
  ] as const;

/** Only products that carry every one of these tags (each check is one primary-key probe). */
const hasTags = (tagIds: number[]) => (eb: P) =>
  eb.and(
    tagIds.map((tagId) =>
      eb.exists(
        eb
          .selectFrom('product_tags as x')
          .select('x.product_id')
          .where('x.tag_id', '=', tagId)
          .whereRef('x.product_id', '=', 'p.id'),
      ),
    ),
  );

/**
 * One page of the list. With a category or tag, the page is read from that join table's
 * (key, created_at, product_id) index range and each row joins products by primary key; without one,
 * from products(is_active, created_at, id). Either way a deep page reads `take` index entries, like page 1.
 */
export function productPageQuery(db: Db, lang: Lang, q: ListQuery) {
  const dir = q.order === 'newest' ? 'desc' : 'asc';
  if (q.categoryId === undefined && q.tagIds.length === 0) {
    let query = db
      .selectFrom('products as p')
      .select(cardColumns(lang))
      .select(['p.created_at as pos_created_at', 'p.id as pos_id'])
      .where('p.is_active', '=', 1);
    if (q.after) query = query.where(after(sql.ref('p.created_at'), sql.ref('p.id'), q.after, q.order));
    return query.orderBy('p.created_at', dir).orderBy('p.id', dir).limit(q.take);
  }
  if (q.categoryId !== undefined) {
    let query = db
      .selectFrom('product_categories as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .select(cardColumns(lang))
      .select(['d.created_at as pos_created_at', 'd.product_id as pos_id'])
      .where('d.category_id', '=', q.categoryId)
      .where('p.is_active', '=', 1);
    if (q.tagIds.length) query = query.where(hasTags(q.tagIds));
    if (q.after) query = query.where(after(sql.ref('d.created_at'), sql.ref('d.product_id'), q.after, q.order));
    return query.orderBy('d.created_at', dir).orderBy('d.product_id', dir).limit(q.take);
  }
  const [driver, ...rest] = q.tagIds as [number, ...number[]];
  let query = db
    .selectFrom('product_tags as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .select(cardColumns(lang))
    .select(['d.created_at as pos_created_at', 'd.product_id as pos_id'])
    .where('d.tag_id', '=', driver)
    .where('p.is_active', '=', 1);
  if (rest.length) query = query.where(hasTags(rest));
  if (q.after) query = query.where(after(sql.ref('d.created_at'), sql.ref('d.product_id'), q.after, q.order));
  return query.orderBy('d.created_at', dir).orderBy('d.product_id', dir).limit(q.take);
}

export async function listProductPage(db: Db, lang: Lang, q: ListQuery): Promise<CardRow[]> {
  return (await productPageQuery(db, lang, q).execute()) as CardRow[];
}

// ---------------------------------------------------------------------------
// Product details
// ---------------------------------------------------------------------------

export async function findProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', productId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function listPackagings(db: Db, lang: Lang, productId: number) {
  return (
    db
      .selectFrom('product_variants')
      .select([
        'id',
        lang === 'zh' ? 'name_zh as name' : 'name_en as name',
        'name_en',
        'name_zh',
        'price_cents',
        'discount_price_cents',
        'stock',
      ])
      .where('product_id', '=', productId)
      // A retired packaging is never shown (it stays for the orders that name it).
      .where('is_retired', '=', 0)
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  );
}

/** The product's images in order, each with its alt text in the asked language ('' when staff gave none). */
export async function listImages(db: Db, lang: Lang, productId: number) {
  return db
    .selectFrom('product_images')
    .select(['url', lang === 'zh' ? 'alt_zh as alt' : 'alt_en as alt'])
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listProductCategories(db: Db, lang: Lang, productId: number) {
  return db
    .selectFrom('product_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['c.id', 'c.slug', lang === 'zh' ? 'c.name_zh as name' : 'c.name_en as name'])
    .where('pc.product_id', '=', productId)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

export async function listProductTags(db: Db, lang: Lang, productId: number) {
  const rows = await db
    .selectFrom('product_tags as pt')
    .innerJoin('tags as t', 't.id', 'pt.tag_id')
    .select(['t.id', 't.kind', 't.slug', lang === 'zh' ? 't.name_zh as name' : 't.name_en as name'])
    .where('pt.product_id', '=', productId)
    .orderBy('t.sort_order')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as 'type' | 'benefit' | 'tag' }));
}

/** How many reviews gave each number of stars. */
export async function ratingCounts(db: Db, productId: number) {
  return db
    .selectFrom('reviews')
    .select(['rating', sql<number>`count(*)`.as('n')])
    .where('product_id', '=', productId)
    .groupBy('rating')
    .execute();
}

// ---------------------------------------------------------------------------
// Reviews: keyset pages over (created_at, id), newest first
// ---------------------------------------------------------------------------

export function reviewPageQuery(db: Db, productId: number, pos: Position | null, take: number) {
  let q = db
    .selectFrom('reviews as r')
    .select(['r.id', 'r.rating', 'r.title', 'r.description', 'r.nickname', 'r.created_at'])
    .where('r.product_id', '=', productId);
  if (pos) q = q.where(after(sql.ref('r.created_at'), sql.ref('r.id'), pos, 'newest'));
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(take);
}

export async function listReviewPage(db: Db, productId: number, pos: Position | null, take: number) {
  return reviewPageQuery(db, productId, pos, take).execute();
}
