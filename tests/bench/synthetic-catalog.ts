import type { Db } from '../../src/server/db/connection';
import { addMinutes, nowIso } from '../../src/server/lib/time';

/**
 * Adds `count` generated products (with a variant or two, an image, 1-2 categories and 2-3 tags each) to a
 * seeded database, in multi-row batches, on SQLite or PostgreSQL. Creation times are spread over the
 * past years, a few minutes apart, with some deliberate ties so the id tie-breaker is exercised.
 * Deterministic for a given seed.
 */
export async function addSyntheticProducts(
  db: Db,
  count: number,
  options: { seed?: number; batch?: number; now?: string } = {},
): Promise<void> {
  const rand = mulberry32(options.seed ?? 42);
  const batch = options.batch ?? 400;
  const now = options.now ?? nowIso();
  const categoryIds = (await db.selectFrom('categories').select('id').orderBy('id').execute()).map((r) => r.id);
  const tagIds = (await db.selectFrom('tags').select('id').orderBy('id').execute()).map((r) => r.id);
  if (!categoryIds.length || !tagIds.length) throw new Error('addSyntheticProducts: seed categories and tags first');
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  const states = ['in_stock', 'in_stock', 'in_stock', 'in_stock', 'ready_stock', 'out_of_stock', 'coming_soon'];
  const runId = Math.floor(rand() * 1e9).toString(36);

  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const rows = Array.from({ length: size }, (_, k) => {
      const n = start + k;
      // Oldest first; every 7th product shares its predecessor's timestamp.
      const minutesAgo = (count - n) * 7 + (n % 7 === 0 ? 7 : 0);
      const createdAt = addMinutes(now, -minutesAgo);
      const price = 500 + Math.floor(rand() * 6000);
      const discounted = rand() < 0.3;
      const stockState = pick(states);
      const stock = stockState === 'out_of_stock' || stockState === 'coming_soon' ? 0 : 1 + Math.floor(rand() * 200);
      return {
        slug: `synthetic-${runId}-${n}`,
        name_en: `Synthetic Tea No. ${n}`,
        name_zh: `合成茶 ${n} 号`,
        description_en: `A generated tea for load tests (${n}).`,
        description_zh: `用于压力测试的生成茶品（${n}）。`,
        image: '/images/products/english-breakfast.svg',
        stock_state: stockState,
        available_ph: 1,
        available_cn: rand() < 0.8 ? 1 : 0,
        subscribable: rand() < 0.5 ? 1 : 0,
        price_cents: price,
        discount_price_cents: discounted ? Math.floor(price * 0.8) : null,
        stock_total: stock,
        rating_sum: 0,
        rating_count: 0,
        created_at: createdAt,
        updated_at: createdAt,
      };
    });
    await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('products').values(rows).returning(['id', 'created_at']).execute();
      const variants = [];
      const images = [];
      const cats = [];
      const tags = [];
      for (const [k, p] of inserted.entries()) {
        const row = rows[k];
        if (!row) continue;
        variants.push({
          product_id: p.id,
          name_en: '100 g Pouch',
          name_zh: '100克袋装',
          price_cents: row.price_cents,
          discount_price_cents: row.discount_price_cents,
          stock: row.stock_total,
          sort_order: 0,
        });
        images.push({ product_id: p.id, url: row.image, sort_order: 0 });
        for (const categoryId of new Set([pick(categoryIds), pick(categoryIds)])) {
          cats.push({ product_id: p.id, category_id: categoryId, created_at: p.created_at });
        }
        for (const tagId of new Set([pick(tagIds), pick(tagIds), pick(tagIds)])) {
          tags.push({ product_id: p.id, tag_id: tagId, created_at: p.created_at });
        }
      }
      await trx.insertInto('product_variants').values(variants).execute();
      await trx.insertInto('product_images').values(images).execute();
      await trx.insertInto('product_categories').values(cats).execute();
      await trx.insertInto('product_tags').values(tags).execute();
    });
  }
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
