import { type Kysely, sql } from 'kysely';
import { cheapestPackaging, pricesVary } from '../../common/pricing';
import { catalogueSlugIds, type SlugIds } from '../catalog/upsert-service';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import { addDays, nowIso } from '../lib/time';
import { banners, categories, products, tags } from './catalog-data';
import { basePages, coupons, faqs, paymentMethods, settings, states } from './shop-data';
import type { SeedPackaging, SeedProduct } from './types';

/**
 * Seeds the demo shop when the database has no categories yet; returns whether it seeded. Several instances starting
 * together on an empty PostgreSQL database seed it once (docs/decisions/024): the count and the seed run in one
 * transaction that first takes a transaction-level advisory lock, so the second instance waits for the first one's
 * commit and then counts its categories. (SQLite serves one instance, whose transactions run one at a time.)
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx as unknown as Kysely<unknown>))
      await sql`select pg_advisory_xact_lock(hashtext('leafcup.seed'))`.execute(trx);
    const row = await trx.selectFrom('categories').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return false;
    await insertDemo(trx, nowIso());
    return true;
  });
}

/** The demo shop: catalogue, banners, states and fees, payment methods, settings, pages, FAQ, coupons. */
export async function seedDemo(db: Db, now = nowIso()): Promise<void> {
  await db.transaction().execute((trx) => insertDemo(trx, now));
}

async function insertDemo(trx: Db, now: string): Promise<void> {
  await trx
    .insertInto('categories')
    .values(categories.map((c, i) => ({ slug: c.slug, name_en: c.name.en, name_zh: c.name.zh, sort_order: i })))
    .execute();
  await trx
    .insertInto('tags')
    .values(tags.map((t, i) => ({ kind: t.kind, slug: t.slug, name_en: t.name.en, name_zh: t.name.zh, sort_order: i })))
    .execute();
  await insertProducts(trx, products, now);
  await trx
    .insertInto('banners')
    .values(
      banners.map((b, i) => ({
        image: b.image,
        title_en: b.title.en,
        title_zh: b.title.zh,
        subtitle_en: b.subtitle.en,
        subtitle_zh: b.subtitle.zh,
        link: b.link,
        sort_order: i,
      })),
    )
    .execute();
  await trx.insertInto('states').values(states).execute();
  await trx.insertInto('payment_methods').values(paymentMethods).execute();
  await trx.insertInto('settings').values(settings).execute();
  await trx
    .insertInto('pages')
    .values(basePages.map((p) => ({ ...p, updated_at: now })))
    .execute();
  await trx.insertInto('faqs').values(faqs).execute();
  await trx.insertInto('coupons').values(coupons(now)).execute();
}

/** The columns of a product row that come from its catalogue entry (ids and times aside). */
export function productFields(p: SeedProduct) {
  const priced = p.variants.map((v) => ({
    price_cents: v.priceCents,
    discount_price_cents: v.discountPriceCents ?? null,
  }));
  const cheapest = cheapestPackaging(priced);
  if (!cheapest) throw new Error(`product ${p.slug} has no packaging`);
  return {
    name_en: p.name.en,
    name_zh: p.name.zh,
    description_en: p.description.en,
    description_zh: p.description.zh,
    image: p.image,
    stock_state: p.stockState,
    available_ph: p.availability.ph ? 1 : 0,
    available_cn: p.availability.cn ? 1 : 0,
    subscribable: p.subscribable ? 1 : 0,
    price_cents: cheapest.price_cents,
    discount_price_cents: cheapest.discount_price_cents,
    price_varies: pricesVary(priced) ? 1 : 0,
    stock_total: p.variants.reduce((s, v) => s + v.stock, 0),
  };
}

/** The columns of a packaging row, at its position in the entry. */
export const packagingFields = (v: SeedPackaging, index: number) => ({
  name_en: v.name.en,
  name_zh: v.name.zh,
  price_cents: v.priceCents,
  discount_price_cents: v.discountPriceCents ?? null,
  stock: v.stock,
  sort_order: index,
});

/** Writes a product's images, categories and tags (the caller removed any old ones). */
export async function linkProduct(db: Db, productId: number, p: SeedProduct, createdAt: string, ids: SlugIds) {
  await db
    .insertInto('product_images')
    .values([p.image, ...p.gallery].map((url, i) => ({ product_id: productId, url, sort_order: i })))
    .execute();
  const cats = p.categories.map((slug) => {
    const categoryId = ids.categories.get(slug);
    if (categoryId === undefined) throw new Error(`product ${p.slug} names unknown category ${slug}`);
    return { product_id: productId, category_id: categoryId, created_at: createdAt };
  });
  if (cats.length) await db.insertInto('product_categories').values(cats).execute();
  const productTags = p.tags.map((slug) => {
    const tagId = ids.tags.get(slug);
    if (tagId === undefined) throw new Error(`product ${p.slug} names unknown tag ${slug}`);
    return { product_id: productId, tag_id: tagId, created_at: createdAt };
  });
  if (productTags.length) await db.insertInto('product_tags').values(productTags).execute();
}

/** Inserts products with their packagings, images, categories, tags and reviews. */
export async function insertProducts(db: Db, list: readonly SeedProduct[], now = nowIso()): Promise<void> {
  const ids = await catalogueSlugIds(db);
  for (const p of list) {
    const createdAt = addDays(now, -p.addedDaysAgo);
    const { id } = await db
      .insertInto('products')
      .values({
        slug: p.slug,
        ...productFields(p),
        rating_sum: p.reviews.reduce((s, r) => s + r.rating, 0),
        rating_count: p.reviews.length,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('product_variants')
      .values(p.variants.map((v, i) => ({ product_id: id, ...packagingFields(v, i) })))
      .execute();
    await linkProduct(db, id, p, createdAt, ids);
    if (p.reviews.length) {
      await db
        .insertInto('reviews')
        .values(
          p.reviews.map((r) => ({
            product_id: id,
            nickname: r.nickname,
            rating: r.rating,
            title: r.title,
            description: r.description,
            created_at: addDays(now, -r.daysAgo),
          })),
        )
        .execute();
    }
  }
}
