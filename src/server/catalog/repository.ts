import { sql } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import { imageUrlAt } from '../files/images';
import { nowIso } from '../lib/time';
import type { Position } from './cursor';
import { after } from './list-repository';

// The shop's catalogue reads: categories, banners and tags, a product's details and its reviews. The list's pages are
// list-repository.ts, the cards kept with them card-repository.ts, search search-repository.ts, the back office's
// reads and writes admin-repository.ts. Names come back in the asked language.

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
    // The contract's order of fields (the answer is sent unchecked in production: routes.ts).
    .select([
      'id',
      'image',
      lang === 'zh' ? 'title_zh as title' : 'title_en as title',
      lang === 'zh' ? 'subtitle_zh as subtitle' : 'subtitle_en as subtitle',
      lang === 'zh' ? 'alt_zh as alt' : 'alt_en as alt',
      'link',
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
