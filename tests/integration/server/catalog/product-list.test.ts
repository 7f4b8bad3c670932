import type { ProductCard, ProductSort } from '../../../../src/common/contract/catalog';
import { nowIso } from '../../../../src/server/lib/time';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

type ListData = {
  products: ProductCard[];
  next_cursor: string | null;
  sort: ProductSort;
  category: { id: number; slug: string; name: string } | null;
  tag: { id: number; kind: string; slug: string; name: string } | null;
};

describe.each(dialects)('get-product-list on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (body: Record<string, unknown> = {}) => post<ListData>(t.app, '/v2/get-product-list', body);

  /** Reads every page; fails on a refusal. */
  async function walk(body: Record<string, unknown>, limit = 7) {
    const ids: number[] = [];
    const rows: ProductCard[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const res = await list({ ...body, limit, ...(cursor ? { cursor } : {}) });
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.products.length).toBeLessThanOrEqual(limit);
      rows.push(...res.body.data.products);
      ids.push(...res.body.data.products.map((p) => p.id));
      if (!res.body.data.next_cursor) return { ids, rows, pages: pages + 1 };
      expect(res.body.data.products.length).toBe(limit);
      cursor = res.body.data.next_cursor;
    }
    throw new Error('more than 100 pages');
  }

  /** Active product ids in (created_at, id) order, from the database, optionally of a category/tag. */
  async function expected(order: ProductSort, where: { categorySlug?: string; tagSlugs?: string[] } = {}) {
    let q = t.db.selectFrom('products as p').select(['p.id']).where('p.is_active', '=', 1);
    if (where.categorySlug) {
      const slug = where.categorySlug;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_categories as pc')
            .innerJoin('categories as c', 'c.id', 'pc.category_id')
            .select('pc.product_id')
            .whereRef('pc.product_id', '=', 'p.id')
            .where('c.slug', '=', slug),
        ),
      );
    }
    for (const slug of where.tagSlugs ?? []) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_tags as pt')
            .innerJoin('tags as tg', 'tg.id', 'pt.tag_id')
            .select('pt.product_id')
            .whereRef('pt.product_id', '=', 'p.id')
            .where('tg.slug', '=', slug),
        ),
      );
    }
    const dir = order === 'newest' ? 'desc' : 'asc';
    return (await q.orderBy('p.created_at', dir).orderBy('p.id', dir).execute()).map((r) => r.id);
  }

  it('answers the first 20 products, newest first, as cards', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { products, next_cursor, sort, category, tag } = res.body.data;
    expect(products).toHaveLength(20);
    expect(sort).toBe('newest');
    expect(category).toBeNull();
    expect(tag).toBeNull();
    expect(next_cursor).toEqual(expect.any(String));
    expect(products.map((p) => p.id)).toEqual((await expected('newest')).slice(0, 20));
    for (let i = 1; i < products.length; i++) {
      expect(products[i - 1]!.created_at >= products[i]!.created_at).toBe(true);
    }
    const row = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', products[0]!.id)
      .executeTakeFirstOrThrow();
    expect(products[0]).toMatchObject({
      id: row.id,
      slug: row.slug,
      name: row.name_en,
      image: row.image,
      price_cents: row.price_cents,
      discount_price_cents: row.discount_price_cents,
      has_discount: row.discount_price_cents !== null && row.discount_price_cents < row.price_cents,
      stock_state: row.stock_state,
      stock_total: row.stock_total,
      rating: {
        count: row.rating_count,
        average: row.rating_count ? Math.round((row.rating_sum / row.rating_count) * 10) / 10 : 0,
      },
    });
  });

  it('marks discounts from the cheapest packaging', async () => {
    const { rows } = await walk({}, 50);
    const discounted = rows.filter((p) => p.has_discount);
    expect(discounted.length).toBeGreaterThan(0);
    for (const p of discounted) expect(p.discount_price_cents).toBeLessThan(p.price_cents);
    for (const p of rows.filter((r) => !r.has_discount)) {
      expect(p.discount_price_cents === null || p.discount_price_cents >= p.price_cents).toBe(true);
    }
  });

  it.each(['newest', 'oldest'] as const)(
    'pages through the whole list (%s) without duplicates or gaps',
    async (sort) => {
      const { ids, pages } = await walk({ sort }, 7);
      expect(pages).toBeGreaterThan(5);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(await expected(sort));
    },
  );

  it('oldest first is newest first reversed', async () => {
    const newest = (await walk({ sort: 'newest' }, 50)).ids;
    const oldest = (await walk({ sort: 'oldest' }, 50)).ids;
    expect(oldest).toEqual([...newest].reverse());
  });

  it('filters by category slug and by category id alike, and names the category', async () => {
    const cat = await t.db
      .selectFrom('categories')
      .selectAll()
      .where('slug', '=', 'best-sellers')
      .executeTakeFirstOrThrow();
    const bySlug = await walk({ category: 'best-sellers' }, 5);
    const byId = await walk({ category: String(cat.id) }, 5);
    expect(bySlug.ids.length).toBeGreaterThan(3);
    expect(bySlug.ids).toEqual(await expected('newest', { categorySlug: 'best-sellers' }));
    expect(byId.ids).toEqual(bySlug.ids);
    const res = await list({ category: 'best-sellers', lang: 'zh' });
    expect(res.body.data.category).toEqual({ id: cat.id, slug: 'best-sellers', name: cat.name_zh });
  });

  it.each([
    ['type', 'black'],
    ['type', 'matcha'],
    ['benefit', 'sleep'],
    ['tag', 'fruity'],
  ] as const)('filters by %s %s (both orders) and names the filter', async (field, slug) => {
    for (const sort of ['newest', 'oldest'] as const) {
      const { ids } = await walk({ [field]: slug, sort }, 4);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(await expected(sort, { tagSlugs: [slug] }));
    }
    const res = await list({ [field]: slug });
    expect(res.body.data.tag).toMatchObject({ kind: field, slug });
  });

  it('filters by category and a tag together (the intersection)', async () => {
    const { ids } = await walk({ category: 'all-teas', benefit: 'antioxidants' }, 3);
    const want = await expected('newest', { categorySlug: 'all-teas', tagSlugs: ['antioxidants'] });
    expect(want.length).toBeGreaterThan(0);
    expect(ids).toEqual(want);
    const allTeas = await expected('newest', { categorySlug: 'all-teas' });
    expect(ids.length).toBeLessThan(allTeas.length);
  });

  it('answers names in the asked language', async () => {
    const en = await list({ lang: 'en', limit: 5 });
    const zh = await list({ lang: 'zh', limit: 5 });
    const names = await t.db
      .selectFrom('products')
      .select(['id', 'name_en', 'name_zh'])
      .where(
        'id',
        'in',
        en.body.data.products.map((p) => p.id),
      )
      .execute();
    for (const p of en.body.data.products) expect(p.name).toBe(names.find((n) => n.id === p.id)?.name_en);
    for (const p of zh.body.data.products) expect(p.name).toBe(names.find((n) => n.id === p.id)?.name_zh);
    expect(zh.body.data.products.map((p) => p.id)).toEqual(en.body.data.products.map((p) => p.id));
  });

  it('keeps pages stable while products are added between them (keyset: no duplicates, no gaps)', async () => {
    const before = await expected('newest');
    const first = await list({ limit: 10 });
    const seen = first.body.data.products.map((p) => p.id);
    // New products arrive: the newest of all, one at the very same instant as the page's last row, and an old one.
    const lastCard = first.body.data.products.at(-1)!;
    const fresh = await createProduct(t.db, { name: 'Just Added Tea', createdAt: nowIso() });
    const sameInstant = await createProduct(t.db, { name: 'Same Instant Tea', createdAt: lastCard.created_at });
    const old = await createProduct(t.db, { name: 'Backfilled Tea', createdAt: '2000-01-01T00:00:00.000Z' });
    let cursor = first.body.data.next_cursor;
    while (cursor) {
      const res = await list({ limit: 10, cursor });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.products.map((p) => p.id));
      // Another one arrives mid-walk.
      if (seen.length === 20) await createProduct(t.db, { name: 'Mid Walk Tea', createdAt: nowIso() });
      cursor = res.body.data.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Every product that existed when the walk started is there, in order; of the new ones only those
    // that sort after the reader's position (the backfilled one) appear.
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    expect(seen).not.toContain(fresh.product.id);
    expect(seen).not.toContain(sameInstant.product.id); // same instant, higher id: sorts before the cursor
    expect(seen.at(-1)).toBe(old.product.id);
  });

  it('keeps an oldest-first walk stable while products are added (they appear once, at the end)', async () => {
    const before = await expected('oldest');
    const first = await list({ sort: 'oldest', limit: 25 });
    const seen = first.body.data.products.map((p) => p.id);
    const added = await createProduct(t.db, { name: 'Oldest Walk Tea', createdAt: nowIso() });
    let cursor = first.body.data.next_cursor;
    while (cursor) {
      const res = await list({ sort: 'oldest', limit: 25, cursor });
      seen.push(...res.body.data.products.map((p) => p.id));
      cursor = res.body.data.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...before, added.product.id]);
  });

  it('leaves out inactive products', async () => {
    const hidden = await createProduct(t.db, { name: 'Hidden Tea', isActive: false, categories: ['matcha'] });
    const all = await walk({}, 50);
    expect(all.ids).not.toContain(hidden.product.id);
    const cat = await walk({ category: 'matcha' }, 50);
    expect(cat.ids).not.toContain(hidden.product.id);
  });

  describe('refusals (4xx with a message naming the problem)', () => {
    it('unknown category: 404 in the asked language', async () => {
      const en = await list({ category: 'no-such-category' });
      expect(en.status).toBe(404);
      expect(en.body).toMatchObject({ success: false, code: 404, message: 'This category does not exist' });
      expect(en.errors).toEqual([{ field: 'category', message: 'This category does not exist' }]);
      const zh = await list({ category: '999999', lang: 'zh' });
      expect(zh.status).toBe(404);
      expect(zh.body.message).toBe('该分类不存在');
    });

    it('unknown type, benefit or tag, or a slug of another kind: 404', async () => {
      for (const body of [{ tag: 'no-such-tag' }, { type: 'sleep' }, { benefit: 'black' }, { tag: 'matcha' }]) {
        const res = await list(body);
        expect(res.status, JSON.stringify(body)).toBe(404);
        expect(res.body.message).toBe('This filter does not exist');
        expect(res.errors[0]?.field).toBe(Object.keys(body)[0]);
      }
    });

    it('malformed cursor: 422 naming cursor', async () => {
      for (const cursor of ['garbage!!', 'eyJ4IjoxfQ', Buffer.from('{"t":"x","i":1,"o":"n"}').toString('base64url')]) {
        const res = await list({ cursor });
        expect(res.status, cursor).toBe(422);
        expect(res.body.message).toBe('The list position is not valid, please reload the list');
        expect(res.errors).toEqual([{ field: 'cursor', message: res.body.message }]);
      }
    });

    it('a cursor of the other order: 422', async () => {
      const page = await list({ sort: 'newest', limit: 2 });
      const res = await list({ sort: 'oldest', cursor: page.body.data.next_cursor });
      expect(res.status).toBe(422);
      expect(res.errors[0]?.field).toBe('cursor');
    });

    it.each(['-1', '0', '51', '1000', 'abc', '2.5'])('limit %s: 422 naming limit', async (limit) => {
      const res = await list({ limit });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/^limit: /);
      expect(res.errors[0]?.field).toBe('limit');
    });

    it('limit 1 and 50 are accepted', async () => {
      expect((await list({ limit: 1 })).body.data.products).toHaveLength(1);
      expect((await list({ limit: 50 })).body.data.products).toHaveLength(50);
    });

    it('bad sort and bad slug: 422 naming the field', async () => {
      const sort = await list({ sort: 'sideways' });
      expect(sort.status).toBe(422);
      expect(sort.errors[0]?.field).toBe('sort');
      const slug = await list({ tag: "x' or 1=1 --" });
      expect(slug.status).toBe(422);
      expect(slug.errors[0]?.field).toBe('tag');
    });
  });
});
