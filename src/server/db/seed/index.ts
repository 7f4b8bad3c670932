import { sql } from 'kysely';
import { addDays, nowIso } from '../../lib/time';
import type { Db } from '../connection';
import { banners, categories, products, tags } from './catalog-data';
import { basePages, coupons, faqs, paymentMethods, settings, states } from './shop-data';
import type { SeedProduct } from './types';

/** Seeds the demo shop when the database has no categories yet; returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('categories').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return false;
  await seedDemo(db);
  return true;
}

/** The demo shop: catalogue, banners, states and fees, payment methods, settings, pages, FAQ, coupons. */
export async function seedDemo(db: Db, now = nowIso()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('categories')
      .values(categories.map((c, i) => ({ slug: c.slug, name_en: c.name.en, name_zh: c.name.zh, sort_order: i })))
      .execute();
    await trx
      .insertInto('tags')
      .values(
        tags.map((t, i) => ({ kind: t.kind, slug: t.slug, name_en: t.name.en, name_zh: t.name.zh, sort_order: i })),
      )
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
  });
}

/** Inserts products with their variants, images, categories, tags and reviews. */
export async function insertProducts(db: Db, list: readonly SeedProduct[], now = nowIso()): Promise<void> {
  const categoryIds = new Map(
    (await db.selectFrom('categories').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]),
  );
  const tagIds = new Map((await db.selectFrom('tags').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]));
  for (const p of list) {
    const createdAt = addDays(now, -p.addedDaysAgo);
    const cheapest = p.variants.reduce((a, b) => (effective(b) < effective(a) ? b : a));
    const ratingSum = p.reviews.reduce((s, r) => s + r.rating, 0);
    const { id } = await db
      .insertInto('products')
      .values({
        slug: p.slug,
        name_en: p.name.en,
        name_zh: p.name.zh,
        description_en: p.description.en,
        description_zh: p.description.zh,
        image: p.image,
        stock_state: p.stockState,
        available_ph: p.availability.ph ? 1 : 0,
        available_cn: p.availability.cn ? 1 : 0,
        subscribable: p.subscribable ? 1 : 0,
        price_cents: cheapest.priceCents,
        discount_price_cents: cheapest.discountPriceCents ?? null,
        stock_total: p.variants.reduce((s, v) => s + v.stock, 0),
        rating_sum: ratingSum,
        rating_count: p.reviews.length,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('product_variants')
      .values(
        p.variants.map((v, i) => ({
          product_id: id,
          name_en: v.name.en,
          name_zh: v.name.zh,
          price_cents: v.priceCents,
          discount_price_cents: v.discountPriceCents ?? null,
          stock: v.stock,
          sort_order: i,
        })),
      )
      .execute();
    await db
      .insertInto('product_images')
      .values([p.image, ...p.gallery].map((url, i) => ({ product_id: id, url, sort_order: i })))
      .execute();
    const cats = p.categories.map((slug) => {
      const categoryId = categoryIds.get(slug);
      if (categoryId === undefined) throw new Error(`seed: product ${p.slug} names unknown category ${slug}`);
      return { product_id: id, category_id: categoryId, created_at: createdAt };
    });
    if (cats.length) await db.insertInto('product_categories').values(cats).execute();
    const productTags = p.tags.map((slug) => {
      const tagId = tagIds.get(slug);
      if (tagId === undefined) throw new Error(`seed: product ${p.slug} names unknown tag ${slug}`);
      return { product_id: id, tag_id: tagId, created_at: createdAt };
    });
    if (productTags.length) await db.insertInto('product_tags').values(productTags).execute();
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

const effective = (v: SeedProduct['variants'][number]) => v.discountPriceCents ?? v.priceCents;
