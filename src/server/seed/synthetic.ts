import { sql } from 'kysely';
import type { StockState } from '../../common/contract/catalog';
import type { Db } from '../db/connection';
import { addMinutes, nowIso } from '../lib/time';
import { products as demoProducts } from './catalog-data';

/**
 * Synthetic catalogue for benchmarks and load tests (`npm run db:seed -- --products N`): N extra products,
 * spread over every category and tag, each with one packaging, its image and its category/tag links, realistic
 * prices and stock, and distinct creation times (one minute apart, older than the demo shop's products).
 * Rows go in with multi-row inserts, a batch per transaction, so 100,000 products take seconds on SQLite.
 */

const ADJECTIVES = ['Golden', 'Misty', 'Imperial', 'Wild', 'Smoky', 'Spring', 'Autumn', 'Velvet', 'Mountain', 'Jade'];
const ADJECTIVES_ZH = ['金', '雾', '御', '野', '烟', '春', '秋', '丝绒', '高山', '翡翠'];
const KINDS = ['Oolong', 'Sencha', 'Assam', 'Darjeeling', 'Chai', 'Rooibos', 'Jasmine', 'Pu-erh', 'Matcha', 'Mint'];
const KINDS_ZH = ['乌龙', '煎茶', '阿萨姆', '大吉岭', '印度奶茶', '南非博士茶', '茉莉', '普洱', '抹茶', '薄荷'];
const SIZES: Array<[string, string]> = [
  ['50 g', '50 克'],
  ['100 g', '100 克'],
  ['250 g', '250 克'],
  ['20 sachets', '20 袋'],
];

/** A small deterministic PRNG (mulberry32): the same N gives the same catalogue. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SyntheticOptions {
  /** Products per transaction (default 500: below SQLite's and PostgreSQL's bound-parameter limits). */
  batchSize?: number;
  /** Called after each batch with the number inserted so far. */
  onProgress?: (done: number) => void;
}

/** Inserts `count` synthetic products; the categories and tags must exist (seed the demo shop first). */
export async function seedSyntheticProducts(db: Db, count: number, opts: SyntheticOptions = {}): Promise<number> {
  if (!Number.isInteger(count) || count <= 0)
    throw new Error(`--products must be a positive whole number, not ${count}`);
  const categories = await db.selectFrom('categories').select('id').orderBy('sort_order').execute();
  const tags = await db.selectFrom('tags').select(['id', 'kind']).orderBy('sort_order').execute();
  if (!categories.length || !tags.length) throw new Error('no categories or tags: seed the demo shop first');
  const byKind = (kind: string) => tags.filter((t) => t.kind === kind).map((t) => t.id);
  const types = byKind('type');
  const benefits = byKind('benefit');
  const flavours = byKind('tag');
  const images = [...new Set(demoProducts.map((p) => p.image))];

  // Numbering continues after earlier synthetic runs, so slugs stay unique and runs add up.
  const previous = await db
    .selectFrom('products')
    .select(sql<number>`count(*)`.as('n'))
    .where('slug', 'like', 'synthetic-%')
    .executeTakeFirstOrThrow();
  const offset = Number(previous.n);
  // Older than every demo product (those go back about two years), one minute apart, newest first.
  const newest = addMinutes(nowIso(), -3 * 365 * 24 * 60);
  const rand = random(offset + count);
  const batchSize = opts.batchSize ?? 500;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

  let done = 0;
  while (done < count) {
    const size = Math.min(batchSize, count - done);
    const rows = Array.from({ length: size }, (_, i) => {
      const n = offset + done + i + 1;
      const a = n % ADJECTIVES.length;
      const k = Math.floor(n / ADJECTIVES.length) % KINDS.length;
      const price = 300 + Math.round(rand() * 95) * 100 + pick([0, 50, 95]);
      const discounted = rand() < 0.2 ? Math.max(100, Math.round((price * (0.7 + rand() * 0.2)) / 5) * 5) : null;
      const roll = rand();
      const stock = roll < 0.08 ? 0 : Math.floor(rand() * 400) + 1;
      const stockState: StockState =
        stock === 0 ? (roll < 0.03 ? 'coming_soon' : 'out_of_stock') : roll > 0.9 ? 'ready_stock' : 'in_stock';
      const ratingCount = Math.floor(rand() * 40);
      const createdAt = addMinutes(newest, -(n - 1));
      const [sizeEn, sizeZh] = pick(SIZES);
      return {
        n,
        stock,
        price,
        discounted,
        sizeEn,
        sizeZh,
        createdAt,
        category: categories[n % categories.length]!.id,
        tagIds: [types[n % types.length], benefits[n % benefits.length], flavours[n % flavours.length]].filter(
          (t): t is number => t !== undefined,
        ),
        product: {
          slug: `synthetic-${n}`,
          name_en: `${ADJECTIVES[a]} ${KINDS[k]} No. ${n}`,
          name_zh: `${ADJECTIVES_ZH[a]}${KINDS_ZH[k]} ${n} 号`,
          description_en: `A ${ADJECTIVES[a]!.toLowerCase()} ${KINDS[k]} blend, batch ${n}. Steep 3-4 minutes at 90 °C.`,
          description_zh: `${ADJECTIVES_ZH[a]}${KINDS_ZH[k]}拼配，第 ${n} 批。90 °C 冲泡 3-4 分钟。`,
          image: images[n % images.length] ?? '/favicon.svg',
          stock_state: stockState,
          available_ph: n % 5 === 0 ? 0 : 1,
          available_cn: n % 7 === 0 ? 0 : 1,
          subscribable: n % 3 === 0 ? 1 : 0,
          price_cents: price,
          discount_price_cents: discounted,
          stock_total: stock,
          rating_sum: ratingCount * (3 + Math.floor(rand() * 3)),
          rating_count: ratingCount,
          created_at: createdAt,
          updated_at: createdAt,
        },
      };
    });

    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('products')
        .values(rows.map((r) => r.product))
        .returning(['id', 'slug'])
        .execute();
      const ids = new Map(inserted.map((p) => [p.slug, p.id]));
      const idOf = (r: (typeof rows)[number]) => ids.get(r.product.slug)!;
      await trx
        .insertInto('product_variants')
        .values(
          rows.map((r) => ({
            product_id: idOf(r),
            name_en: r.sizeEn,
            name_zh: r.sizeZh,
            price_cents: r.price,
            discount_price_cents: r.discounted,
            stock: r.stock,
            sort_order: 0,
          })),
        )
        .execute();
      await trx
        .insertInto('product_images')
        .values(rows.map((r) => ({ product_id: idOf(r), url: r.product.image, sort_order: 0 })))
        .execute();
      await trx
        .insertInto('product_categories')
        .values(rows.map((r) => ({ product_id: idOf(r), category_id: r.category, created_at: r.createdAt })))
        .execute();
      await trx
        .insertInto('product_tags')
        .values(
          rows.flatMap((r) =>
            r.tagIds.map((tagId) => ({ product_id: idOf(r), tag_id: tagId, created_at: r.createdAt })),
          ),
        )
        .execute();
    });
    done += size;
    opts.onProgress?.(done);
  }
  return done;
}
