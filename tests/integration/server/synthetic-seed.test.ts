import { sql } from 'kysely';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/seed/index';
import { seedSyntheticProducts } from '../../../src/server/seed/synthetic';
import { dialects, freshDatabase, type TestDatabase } from '../helper';

describe.each(dialects)('synthetic products for benchmarks on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    await migrateToLatest(t.db);
    await seedDemo(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds N products over several batches, each with a variant, an image, a category and tags', async () => {
    const progress: number[] = [];
    expect(await seedSyntheticProducts(t.db, 1203, { batchSize: 500, onProgress: (n) => progress.push(n) })).toBe(1203);
    expect(progress).toEqual([500, 1000, 1203]);

    const synthetic = t.db.selectFrom('products').where('slug', 'like', 'synthetic-%');
    const stats = await synthetic
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`count(distinct created_at)`.as('times'),
        sql<number>`min(price_cents)`.as('min_price'),
        sql<number>`sum(case when stock_total = 0 then 1 else 0 end)`.as('sold_out'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(stats.n)).toBe(1203);
    expect(Number(stats.times)).toBe(1203);
    expect(Number(stats.min_price)).toBeGreaterThan(0);
    expect(Number(stats.sold_out)).toBeGreaterThan(0);
    expect(Number(stats.sold_out)).toBeLessThan(300);

    const ids = synthetic.select('id');
    const perProduct = async (table: 'product_variants' | 'product_images' | 'product_categories') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select(sql<number>`count(distinct product_id)`.as('n'))
            .where('product_id', 'in', ids)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await perProduct('product_variants')).toBe(1203);
    expect(await perProduct('product_images')).toBe(1203);
    expect(await perProduct('product_categories')).toBe(1203);

    // Stock and list price agree with the single variant.
    const mismatched = await t.db
      .selectFrom('products as p')
      .innerJoin('product_variants as v', 'v.product_id', 'p.id')
      .select('p.id')
      .where('p.slug', 'like', 'synthetic-%')
      .where((eb) =>
        eb.or([eb('p.stock_total', '!=', eb.ref('v.stock')), eb('p.price_cents', '!=', eb.ref('v.price_cents'))]),
      )
      .execute();
    expect(mismatched).toEqual([]);

    // Spread over every category and every tag.
    const categories = await t.db
      .selectFrom('product_categories')
      .select(sql<number>`count(distinct category_id)`.as('n'))
      .where('product_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(categories.n)).toBe(7);
    const tags = await t.db
      .selectFrom('product_tags')
      .select(sql<number>`count(distinct tag_id)`.as('n'))
      .where('product_id', 'in', ids)
      .executeTakeFirstOrThrow();
    const allTags = await t.db.selectFrom('tags').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(tags.n)).toBe(Number(allTags.n));
  });

  it('a second run continues the numbering instead of colliding', async () => {
    await seedSyntheticProducts(t.db, 3);
    const last = await t.db
      .selectFrom('products')
      .select('slug')
      .where('slug', 'in', ['synthetic-1204', 'synthetic-1206'])
      .execute();
    expect(last).toHaveLength(2);
  });

  it('refuses a count that is not a positive whole number', async () => {
    await expect(seedSyntheticProducts(t.db, 0)).rejects.toThrow(/positive whole number/);
    await expect(seedSyntheticProducts(t.db, 1.5)).rejects.toThrow(/positive whole number/);
  });
});
