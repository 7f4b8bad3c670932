import {
  getBanners,
  getCategory,
  getProductDetails,
  getProductList,
  getProductReviews,
  getTags,
} from '../../../../src/common/contract/catalog';
import { envelope } from '../../../../src/common/contract/envelope';
import type { Lang } from '../../../../src/common/contract/lang';
import {
  type ListQuery,
  listProductPage,
  pageShapeKey,
  productPageQuery,
} from '../../../../src/server/catalog/list-repository';
import { preparedShapes } from '../../../../src/server/catalog/page-statements';
import { productList } from '../../../../src/server/catalog/service';
import { nativeHandle } from '../../../../src/server/db/connection';
import { rawValue } from '../../../../src/server/lib/raw-json';
import { buildTestApp, dialects, formEncode, post, type TestApp } from '../../helper';

/**
 * The product list with the cache off (docs/decisions/007, "Cache off"): each page shape is compiled once and run as
 * a prepared statement (one text per row: the position and the kept card), with the very rows the Kysely query gives; category and tag lookups are
 * memoized until the catalogue's cache hears of a change (shop.catalog.changed()); in production the catalogue's reads answer without the response check, the
 * same bytes the check's output gives.
 */
describe.each(dialects)('the product list read by prepared statements on %s', (dialect) => {
  let t: TestApp;
  const ids = { category: 0, type: 0, benefit: 0, tag: 0 };
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const tag = async (slug: string) =>
      (await t.db.selectFrom('tags').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    ids.category = (
      await t.db.selectFrom('categories').select('id').where('slug', '=', 'all-teas').executeTakeFirstOrThrow()
    ).id;
    ids.type = await tag('caffeinated');
    ids.benefit = await tag('sustained-energy');
    ids.tag = await tag('coffee-like');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every page shape with the rows the Kysely query reads, byte for byte', async () => {
    expect(nativeHandle(t.db)?.kind).toBe(dialect);
    const drivers: Array<[string, Pick<ListQuery, 'categoryId' | 'tagIds'>]> = [
      ['all', { tagIds: [] }],
      ['category', { categoryId: ids.category, tagIds: [] }],
      ['type', { tagIds: [ids.type] }],
      ['type + benefit', { tagIds: [ids.type, ids.benefit] }],
      ['type + benefit + tag', { tagIds: [ids.type, ids.benefit, ids.tag] }],
      ['category + type', { categoryId: ids.category, tagIds: [ids.type] }],
      ['category + type + benefit', { categoryId: ids.category, tagIds: [ids.type, ids.benefit] }],
    ];
    let compared = 0;
    const keys = new Set<string>();
    // The same read through Kysely: a transaction's reads run on its connection, not as prepared statements.
    const throughKysely = (lang: Lang, q: ListQuery) =>
      t.db.transaction().execute((trx) => listProductPage(trx, lang, q));
    // What each row's one text (`page_row`) must read back as: the position, and the product's kept card and format.
    const expected = async (lang: Lang, q: ListQuery) => {
      const positions = await productPageQuery(t.db, lang, q).execute();
      const kept = await t.db
        .selectFrom('products')
        .select(['id', 'card_en', 'card_zh', 'card_format'])
        .where(
          'id',
          'in',
          positions.map((p) => p.pos_id),
        )
        .execute();
      return positions.map((p) => {
        const row = kept.find((k) => k.id === p.pos_id);
        const card = (lang === 'zh' ? row?.card_zh : row?.card_en) ?? null;
        return { ...p, id: p.pos_id, card, card_format: row?.card_format ?? null };
      });
    };
    const same = async (lang: Lang, q: ListQuery, read: Awaited<ReturnType<typeof listProductPage>>, what: string) => {
      expect(JSON.stringify(read), what).toBe(JSON.stringify(await throughKysely(lang, q)));
      const want = await expected(lang, q);
      expect(
        read.map((r) => [r.id, r.card, r.card_format, r.pos_created_at, r.pos_id]),
        what,
      ).toEqual(want.map((r) => [r.id, r.card, r.card_format, r.pos_created_at, r.pos_id]));
    };
    // Some rows with kept cards, some without (docs/decisions/028).
    await productList(t.shop, 'en', { limit: 2 });
    await productList(t.shop, 'zh', { limit: 3, sort: 'oldest' });
    for (const lang of ['en', 'zh'] as Lang[]) {
      for (const order of ['newest', 'oldest'] as const) {
        for (const [name, driver] of drivers) {
          const first: ListQuery = { ...driver, order, after: null, take: 4 };
          keys.add(pageShapeKey(lang, first));
          const page1 = await listProductPage(t.db, lang, first);
          await same(lang, first, page1, `${lang} ${order} ${name}`);
          expect(page1.length, `${lang} ${order} ${name}`).toBeGreaterThan(0);
          const last = page1[page1.length - 2] ?? page1[0];
          if (!last) continue;
          const next: ListQuery = { ...first, after: { createdAt: last.pos_created_at, id: last.pos_id }, take: 3 };
          keys.add(pageShapeKey(lang, next));
          const page2 = await listProductPage(t.db, lang, next);
          await same(lang, next, page2, `${lang} ${order} ${name}, after a cursor`);
          compared += 2;
        }
      }
    }
    expect(compared).toBe(2 * 2 * drivers.length * 2);
    // Each shape ran through its own prepared statement (2 languages x 2 orders x first/after x 7 drivers).
    expect(keys.size).toBe(2 * 2 * 2 * drivers.length);
    expect(preparedShapes(t.db)).toEqual(expect.arrayContaining([...keys]));
    expect(preparedShapes(t.db)).toContain('page_zh_oldest_after_category_2_3');
  });

  it('never reads in the middle of another caller’s transaction (what it has not committed is not seen)', async () => {
    const q: ListQuery = { tagIds: [], order: 'newest', after: null, take: 1 };
    // The list keeps the top product's card (docs/decisions/028).
    await productList(t.shop, 'en', { limit: 1 });
    const [top] = await listProductPage(t.db, 'en', q);
    if (!top?.card) throw new Error('no product, or its card was not kept');
    let read: Promise<Awaited<ReturnType<typeof listProductPage>>> | undefined;
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('products').set({ name_en: 'Uncommitted Name' }).where('id', '=', top.id).execute();
        read = listProductPage(t.db, 'en', q);
        // Give the read every chance to run now, on the transaction's connection (SQLite has one).
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('roll back');
      })
      .catch((err: Error) => {
        if (err.message !== 'roll back') throw err;
      });
    const rows = await read;
    expect(rows?.[0]?.card).toBe(top.card);
    // A transaction's own reads go through Kysely on its connection, and see its writes (the name's change cleared the
    // kept card).
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('products').set({ name_en: 'Seen Inside' }).where('id', '=', top.id).execute();
        expect((await listProductPage(trx, 'en', q))[0]).toMatchObject({ id: top.id, card: null, card_format: null });
        expect(
          rawValue((await productList({ db: trx, catalog: t.shop.catalog }, 'en', { limit: 1 })).products)[0]?.name,
        ).toBe('Seen Inside');
        throw new Error('roll back');
      })
      .catch((err: Error) => {
        if (err.message !== 'roll back') throw err;
      });
  });

  it('keeps a category and a tag once found, until a catalogue change (an id with leading zeros is the same row)', async () => {
    const list = async (fields: Record<string, unknown>) => {
      const res = await post(t.app, '/v2/get-product-list', { limit: 1, ...fields });
      expect(res.status, res.body.message).toBe(200);
      return res.body.data;
    };
    const category = (await list({ category: 'all-teas' })).category?.name;
    const type = (await list({ type: 'caffeinated' })).tag?.name;
    if (!category || !type) throw new Error('the seed has no all-teas category or caffeinated type');
    await t.db.updateTable('categories').set({ name_en: 'Every Tea' }).where('id', '=', ids.category).execute();
    await t.db.updateTable('tags').set({ name_en: 'With Caffeine' }).where('id', '=', ids.type).execute();
    expect((await list({ category: 'all-teas' })).category?.name).toBe(category);
    expect((await list({ type: 'caffeinated' })).tag?.name).toBe(type);
    // An id is kept apart from the slug, but "007" is 7.
    expect((await list({ category: String(ids.category) })).category?.name).toBe('Every Tea');
    await t.db.updateTable('categories').set({ name_en: 'Each Tea' }).where('id', '=', ids.category).execute();
    expect((await list({ category: `00${ids.category}` })).category?.name).toBe('Every Tea');
    t.shop.catalog.changed();
    expect((await list({ category: 'all-teas' })).category?.name).toBe('Each Tea');
    expect((await list({ type: 'caffeinated' })).tag?.name).toBe('With Caffeine');
    // A kept tag still answers only the field of its kind.
    expect((await post(t.app, '/v2/get-product-list', { benefit: 'caffeinated' })).status).toBe(404);
    await t.db.updateTable('categories').set({ name_en: category }).where('id', '=', ids.category).execute();
    await t.db.updateTable('tags').set({ name_en: type }).where('id', '=', ids.type).execute();
    t.shop.catalog.changed();
  });
});

describe.each(dialects)('the catalogue’s reads in production on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { NODE_ENV: 'production', CATALOG_CACHE_MS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The raw answer of a path, as bytes. */
  const raw = async (path: string, fields: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'identity' },
      payload: formEncode({ lang: 'en', is_frontend: 1, ...fields }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.body;
  };

  it('answers without the response check the very bytes the check gives', async () => {
    const first = await raw('/v2/get-product-list', { limit: 3 });
    const cursor = (JSON.parse(first) as { data: { next_cursor: string; products: { id: number }[] } }).data;
    const answers: Array<[string, { response: Parameters<typeof envelope>[0] }, string]> = [
      ['list', getProductList, first],
      ['list, cursor', getProductList, await raw('/v2/get-product-list', { limit: 3, cursor: cursor.next_cursor })],
      [
        'list, zh, oldest, category and type',
        getProductList,
        await raw('/v2/get-product-list', { lang: 'zh', sort: 'oldest', category: 'all-teas', type: 'caffeinated' }),
      ],
      ['list, tag', getProductList, await raw('/v2/get-product-list', { tag: 'coffee-like' })],
      ['categories', getCategory, await raw('/v2/get-category')],
      ['tags', getTags, await raw('/v2/get-tags', { lang: 'zh' })],
      ['banners', getBanners, await raw('/v2/get-banners')],
      ['details', getProductDetails, await raw('/v2/get-product-details', { product_id: cursor.products[0]?.id })],
      ['reviews', getProductReviews, await raw('/v2/get-product-reviews', { product_id: cursor.products[0]?.id })],
    ];
    for (const [name, def, body] of answers) {
      expect(body, name).toBe(JSON.stringify(envelope(def.response).parse(JSON.parse(body))));
    }
  });

  it('still refuses bad input with the error envelope', async () => {
    const res = await post(t.app, '/v2/get-product-list', { category: 'no-such-category' });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    const bad = await post(t.app, '/v2/get-product-list', { limit: 500 });
    expect(bad.status).toBe(422);
  });
});
