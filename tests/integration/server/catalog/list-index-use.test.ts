import { sql } from 'kysely';
import { analyze, explain } from '../../../../src/server/catalog/explain';
import {
  type ListQuery,
  listProductPage,
  pageShapeKey,
  productPageQuery,
} from '../../../../src/server/catalog/list-repository';
import { preparedSql } from '../../../../src/server/catalog/page-statements';
import { listReviewPage, reviewPageQuery } from '../../../../src/server/catalog/repository';
import { nativeHandle } from '../../../../src/server/db/connection';
import { seedSyntheticProducts } from '../../../../src/server/seed/synthetic';
import { buildTestApp, dialects, type TestApp } from '../../helper';

/**
 * The list queries read an index range, never the whole products table: the plan of each shape (no filter,
 * category, tag, category + tag; first and deep pages; both orders) is checked on a catalogue big enough
 * that PostgreSQL's planner would rather scan if the index did not fit the query.
 */
describe.each(dialects)('product list index use on %s', (dialect) => {
  let t: TestApp;
  let categoryId: number;
  let tagIds: number[];
  let deep: { createdAt: string; id: number };
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedSyntheticProducts(t.db, 12_000);
    await analyze(t.db);
    categoryId = (
      await t.db.selectFrom('categories').select('id').where('slug', '=', 'all-teas').executeTakeFirstOrThrow()
    ).id;
    tagIds = (
      await t.db.selectFrom('tags').select('id').where('slug', 'in', ['black', 'fruity']).orderBy('id').execute()
    ).map((r) => r.id);
    // A position about 6,000 rows deep.
    const row = await t.db
      .selectFrom('products')
      .select(['created_at', 'id'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(6000)
      .limit(1)
      .executeTakeFirstOrThrow();
    deep = { createdAt: row.created_at, id: row.id };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const shapes = (): Array<[string, ListQuery, RegExp]> => {
    const base = { tagIds: [], take: 21 };
    return [
      ['all, first page', { ...base, order: 'newest', after: null }, /products_list_idx/],
      ['all, deep page', { ...base, order: 'newest', after: deep }, /products_list_idx/],
      ['all, deep page, oldest first', { ...base, order: 'oldest', after: deep }, /products_list_idx/],
      ['category, first page', { ...base, categoryId, order: 'newest', after: null }, /product_categories_list_idx/],
      ['category, deep page', { ...base, categoryId, order: 'newest', after: deep }, /product_categories_list_idx/],
      ['tag, deep page', { ...base, tagIds: [tagIds[0]!], order: 'oldest', after: deep }, /product_tags_list_idx/],
      [
        'category + tag',
        { ...base, categoryId, tagIds: [tagIds[1]!], order: 'newest', after: deep },
        /product_categories_list_idx/,
      ],
    ];
  };

  it('reads every list shape from its index range, without scanning products or sorting', async () => {
    for (const [name, query, index] of shapes()) {
      const plan = (await explain(t.db, productPageQuery(t.db, 'en', query, 'kept').compile())).join('\n');
      expect(plan, `${name}:\n${plan}`).toMatch(index);
      if (dialect === 'sqlite') {
        expect(plan, `${name}:\n${plan}`).not.toMatch(/SCAN p\b|SCAN products|SCAN d\b/);
        expect(plan, `${name}:\n${plan}`).not.toMatch(/TEMP B-TREE/);
      } else {
        expect(plan, `${name}:\n${plan}`).not.toMatch(/Seq Scan/);
        expect(plan, `${name}:\n${plan}`).not.toMatch(/\bSort\b/);
      }
    }
  });

  // The statements the list keeps (page-statements.ts) are planned once: on SQLite nothing in them is a value the
  // planner reads, which would have it plan them again on every run (db/inline-limit.ts): the LIMIT and the
  // constants are written in, and each value is `+?`. Their plans are the same index ranges.
  it.runIf(dialect === 'sqlite')('plans the kept statements once, with the same index ranges', async () => {
    const native = nativeHandle(t.db);
    if (native?.kind !== 'sqlite') throw new Error('not SQLite');
    for (const [name, query, index] of shapes()) {
      await listProductPage(t.db, 'en', query);
      const text = preparedSql(t.db, pageShapeKey('en', query));
      if (!text) throw new Error(`${name}: no kept statement`);
      expect(text, name).toMatch(/ limit 21$/);
      expect(text, name).toMatch(/"p"\."is_active" = 1/);
      expect(text, name).not.toMatch(/(?<!\+)\?/);
      expect((text.match(/\+\?/g) ?? []).length, name).toBe(
        (query.categoryId === undefined ? 0 : 1) + query.tagIds.length + (query.after ? 2 : 0),
      );
      const plan = native.sqlite
        .prepare(`explain query plan ${text}`)
        .all(...(text.match(/\?/g) ?? []).map(() => null))
        .map((r) => (r as { detail: string }).detail)
        .join('\n');
      expect(plan, `${name}:\n${plan}`).toMatch(index);
      expect(plan, `${name}:\n${plan}`).not.toMatch(/SCAN p\b|SCAN products|SCAN d\b|TEMP B-TREE/);
    }
  });

  it('reads a review page from reviews(product_id, created_at, id)', async () => {
    // Enough reviews that reading them all would cost more than the index range.
    const productIds = (await t.db.selectFrom('products').select('id').orderBy('id').limit(400).execute()).map(
      (r) => r.id,
    );
    const rows = productIds.flatMap((productId, k) =>
      Array.from({ length: 20 }, (_, n) => ({
        product_id: productId,
        nickname: `Reader ${n}`,
        rating: 1 + ((k + n) % 5),
        title: 'Synthetic',
        description: 'A generated review.',
        created_at: new Date(Date.UTC(2025, 0, 1, 0, k, n)).toISOString(),
      })),
    );
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('reviews')
        .values(rows.slice(i, i + 500))
        .execute();
    await analyze(t.db);
    const productId = productIds[10]!;
    const first = await listReviewPage(t.db, productId, null, 6);
    for (const pos of [null, { createdAt: first.at(-1)!.created_at, id: first.at(-1)!.id }]) {
      const plan = (await explain(t.db, reviewPageQuery(t.db, productId, pos, 6).compile())).join('\n');
      expect(plan).toMatch(/reviews_product_idx/);
      expect(plan).not.toMatch(dialect === 'sqlite' ? /TEMP B-TREE|SCAN r\b/ : /Seq Scan|\bSort\b/);
    }
  });

  it('answers a deep page with the same rows a full ordered read gives (the index range is the right one)', async () => {
    const query: ListQuery = { tagIds: [], order: 'newest', after: deep, take: 21 };
    const page = await productPageQuery(t.db, 'en', query).execute();
    const truth = await t.db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 1)
      .where(sql<boolean>`(created_at < ${deep.createdAt} or (created_at = ${deep.createdAt} and id < ${deep.id}))`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(21)
      .execute();
    expect(page.map((r) => r.id)).toEqual(truth.map((r) => r.id));
  });
});
