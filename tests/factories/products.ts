import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../src/server/db/connection';
import type { Product, ProductVariantsTable } from '../../src/server/db/schema';
import { nowIso } from '../../src/server/lib/time';

export type Variant = Selectable<ProductVariantsTable>;

export interface VariantSpec {
  name?: string;
  /** Cents. */
  price?: number;
  discountPrice?: number | null;
  stock?: number;
}

export interface ProductSpec {
  name?: string;
  slug?: string;
  /** The single variant's price (cents) when `variants` is not given. Default 1500. */
  price?: number;
  discountPrice?: number | null;
  /** The single variant's stock when `variants` is not given. Default 100. */
  stock?: number;
  variants?: VariantSpec[];
  /** Category slugs (they must exist: seed the demo shop). Default ['all-teas']. */
  categories?: string[];
  /** Tag slugs (they must exist). Default none. */
  tags?: string[];
  stockState?: 'in_stock' | 'out_of_stock' | 'ready_stock' | 'coming_soon';
  subscribable?: boolean;
  availability?: { ph: boolean; cn: boolean };
  isActive?: boolean;
  createdAt?: string;
}

export interface CreatedProduct {
  product: Product;
  /** In sort order; `variants[0]` is the default one. */
  variants: Variant[];
}

/** Inserts a product with its variants, main image and category/tag links; list fields are derived. */
export async function createProduct(db: Db, spec: ProductSpec = {}): Promise<CreatedProduct> {
  const id = randomBytes(4).toString('hex');
  const name = spec.name ?? `Test Tea ${id}`;
  const createdAt = spec.createdAt ?? nowIso();
  const variants: Required<VariantSpec>[] = (
    spec.variants ?? [{ price: spec.price, discountPrice: spec.discountPrice, stock: spec.stock }]
  ).map((v, i) => ({
    name: v.name ?? `${50 * (i + 1)} g`,
    price: v.price ?? 1500,
    discountPrice: v.discountPrice ?? null,
    stock: v.stock ?? 100,
  }));
  if (!variants.length) throw new Error('createProduct: a product needs at least one variant');
  const effective = (v: Required<VariantSpec>) => v.discountPrice ?? v.price;
  const cheapest = variants.reduce((a, b) => (effective(b) < effective(a) ? b : a));
  const stockTotal = variants.reduce((s, v) => s + v.stock, 0);

  return db.transaction().execute(async (trx) => {
    const product = await trx
      .insertInto('products')
      .values({
        slug: spec.slug ?? `test-tea-${id}`,
        name_en: name,
        name_zh: `${name}（中文）`,
        description_en: `${name}: a test product.`,
        description_zh: `${name}：测试商品。`,
        image: '/images/products/assam-golden-tips.svg',
        stock_state: spec.stockState ?? (stockTotal > 0 ? 'in_stock' : 'out_of_stock'),
        available_ph: spec.availability?.ph === false ? 0 : 1,
        available_cn: spec.availability?.cn === false ? 0 : 1,
        subscribable: spec.subscribable ? 1 : 0,
        price_cents: cheapest.price,
        discount_price_cents: cheapest.discountPrice,
        stock_total: stockTotal,
        is_active: spec.isActive === false ? 0 : 1,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const rows = await trx
      .insertInto('product_variants')
      .values(
        variants.map((v, i) => ({
          product_id: product.id,
          name_en: v.name,
          name_zh: v.name.replace(/ g$/, ' 克'),
          price_cents: v.price,
          discount_price_cents: v.discountPrice,
          stock: v.stock,
          sort_order: i,
        })),
      )
      .returningAll()
      .execute();
    await trx
      .insertInto('product_images')
      .values({ product_id: product.id, url: product.image, sort_order: 0 })
      .execute();

    const categorySlugs = spec.categories ?? ['all-teas'];
    if (categorySlugs.length) {
      const found = await trx
        .selectFrom('categories')
        .select(['id', 'slug'])
        .where('slug', 'in', categorySlugs)
        .execute();
      const missing = categorySlugs.filter((s) => !found.some((c) => c.slug === s));
      if (missing.length)
        throw new Error(`createProduct: unknown categories ${missing.join(', ')} (seed the demo shop)`);
      await trx
        .insertInto('product_categories')
        .values(found.map((c) => ({ product_id: product.id, category_id: c.id, created_at: createdAt })))
        .execute();
    }
    const tagSlugs = spec.tags ?? [];
    if (tagSlugs.length) {
      const found = await trx.selectFrom('tags').select(['id', 'slug']).where('slug', 'in', tagSlugs).execute();
      const missing = tagSlugs.filter((s) => !found.some((t) => t.slug === s));
      if (missing.length) throw new Error(`createProduct: unknown tags ${missing.join(', ')} (seed the demo shop)`);
      await trx
        .insertInto('product_tags')
        .values(found.map((t) => ({ product_id: product.id, tag_id: t.id, created_at: createdAt })))
        .execute();
    }
    return { product, variants: rows.sort((a, b) => a.sort_order - b.sort_order) };
  });
}
