import type { ProductDetails, Review } from '../../../../src/common/contract/catalog';
import { addDays, nowIso } from '../../../../src/server/lib/time';
import { products as seedProducts } from '../../../../src/server/seed/catalog-data';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

const seedBySlug = (slug: string) => {
  const p = seedProducts.find((x) => x.slug === slug);
  if (!p) throw new Error(`no seed product ${slug}`);
  return p;
};

describe.each(dialects)('get-product-details and get-product-reviews on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const idOf = async (slug: string) =>
    (await t.db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const details = (body: Record<string, unknown>) =>
    post<{ product: ProductDetails }>(t.app, '/v2/get-product-details', body);
  const reviews = (body: Record<string, unknown>) =>
    post<{ reviews: Review[]; next_cursor: string | null }>(t.app, '/v2/get-product-reviews', body);

  it('answers a product in full, in English', async () => {
    const seed = seedBySlug('english-breakfast');
    const id = await idOf('english-breakfast');
    const res = await details({ product_id: id });
    expect(res.status).toBe(200);
    const p = res.body.data.product;
    expect(p).toMatchObject({
      id,
      slug: 'english-breakfast',
      name: seed.name.en,
      description: seed.description.en,
      image: seed.image,
      images: [seed.image, ...seed.gallery],
      subscribable: true,
      stock_state: 'in_stock',
      stock_balance: seed.variants.reduce((s, v) => s + v.stock, 0),
      availability: { ph: seed.availability.ph, cn: seed.availability.cn },
      translations: [
        { lang: 'en', name: seed.name.en },
        { lang: 'zh', name: seed.name.zh },
      ],
    });
    expect(p.variants.map((v) => ({ ...v, id: 0 }))).toEqual(
      seed.variants.map((v) => ({
        id: 0,
        name: v.name.en,
        translations: [
          { lang: 'en', name: v.name.en },
          { lang: 'zh', name: v.name.zh },
        ],
        price_cents: v.priceCents,
        discount_price_cents: v.discountPriceCents ?? null,
        has_discount: v.discountPriceCents !== undefined && v.discountPriceCents < v.priceCents,
        stock: v.stock,
      })),
    );
    expect(p.frequencies).toEqual([
      { weeks: 0, discount_percent: 0 },
      { weeks: 2, discount_percent: 15 },
      { weeks: 4, discount_percent: 15 },
      { weeks: 8, discount_percent: 15 },
    ]);
    const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const r of seed.reviews) stars[r.rating] += 1;
    const sum = seed.reviews.reduce((s, r) => s + r.rating, 0);
    expect(p.rating).toEqual({
      count: seed.reviews.length,
      average: Math.round((sum / seed.reviews.length) * 10) / 10,
      stars,
    });
    expect(p.categories.map((c) => c.slug).sort()).toEqual([...seed.categories].sort());
    expect(p.tags.map((x) => x.slug).sort()).toEqual([...seed.tags].sort());
    expect(p.tags.every((x) => ['type', 'benefit', 'tag'].includes(x.kind))).toBe(true);
  });

  it('answers Chinese names, description, packaging, categories and tags for lang=zh', async () => {
    const seed = seedBySlug('english-breakfast');
    const res = await details({ product_id: await idOf('english-breakfast'), lang: 'zh' });
    const p = res.body.data.product;
    expect(p.name).toBe(seed.name.zh);
    expect(p.description).toBe(seed.description.zh);
    expect(p.variants.map((v) => v.name)).toEqual(seed.variants.map((v) => v.name.zh));
    expect(p.categories.find((c) => c.slug === 'best-sellers')?.name).toBe('畅销精选');
    expect(p.tags.find((x) => x.slug === 'black')?.name).toBe('红茶');
  });

  it('offers only one-time delivery when a product is not subscribable', async () => {
    const { product } = await createProduct(t.db, { subscribable: false });
    const res = await details({ product_id: product.id });
    expect(res.body.data.product.subscribable).toBe(false);
    expect(res.body.data.product.frequencies).toEqual([{ weeks: 0, discount_percent: 0 }]);
  });

  it.each(['out_of_stock', 'coming_soon', 'ready_stock'] as const)(
    'reports the %s state and availability',
    async (state) => {
      const { product } = await createProduct(t.db, {
        stockState: state,
        stock: state === 'ready_stock' ? 7 : 0,
        availability: { ph: true, cn: false },
      });
      const p = (await details({ product_id: product.id })).body.data.product;
      expect(p.stock_state).toBe(state);
      expect(p.stock_balance).toBe(state === 'ready_stock' ? 7 : 0);
      expect(p.availability).toEqual({ ph: true, cn: false });
      expect(p.rating).toEqual({ average: 0, count: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    },
  );

  it('refuses an unknown or inactive product with 404, and a bad id with 422', async () => {
    const missing = await details({ product_id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This product does not exist');
    const zh = await details({ product_id: 999999, lang: 'zh' });
    expect(zh.body.message).toBe('该商品不存在');
    const { product } = await createProduct(t.db, { isActive: false });
    expect((await details({ product_id: product.id })).status).toBe(404);
    for (const bad of ['abc', '-4', '']) {
      const res = await details({ product_id: bad });
      expect(res.status, bad).toBe(422);
      expect(res.errors[0]?.field).toBe('product_id');
    }
  });

  it('pages reviews newest first without duplicates, then stops', async () => {
    const seed = seedBySlug('english-breakfast');
    const id = await idOf('english-breakfast');
    const seen: Review[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const res = await reviews({ product_id: id, limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.reviews);
      cursor = res.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(Math.ceil(seed.reviews.length / 2));
    expect(new Set(seen.map((r) => r.id)).size).toBe(seed.reviews.length);
    const bySeedAge = [...seed.reviews].sort((a, b) => a.daysAgo - b.daysAgo);
    expect(seen.map((r) => r.title)).toEqual(bySeedAge.map((r) => r.title));
    expect(seen[0]).toMatchObject({
      rating: bySeedAge[0]!.rating,
      title: bySeedAge[0]!.title,
      description: bySeedAge[0]!.description,
      nickname: bySeedAge[0]!.nickname,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('keeps review pages stable when a review arrives between pages', async () => {
    const id = await idOf('earl-grey-cream');
    const first = await reviews({ product_id: id, limit: 2 });
    await t.db
      .insertInto('reviews')
      .values({
        product_id: id,
        nickname: 'Newcomer',
        rating: 5,
        title: 'Fresh',
        description: 'Just wrote this.',
        created_at: nowIso(),
      })
      .execute();
    const second = await reviews({ product_id: id, limit: 10, cursor: first.body.data.next_cursor });
    const ids = [...first.body.data.reviews, ...second.body.data.reviews].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.body.data.reviews.map((r) => r.nickname)).not.toContain('Newcomer');
    expect(ids.length).toBe(seedBySlug('earl-grey-cream').reviews.length);
  });

  it('orders reviews of the same instant by id', async () => {
    const { product } = await createProduct(t.db);
    const at = addDays(nowIso(), -1);
    for (const n of [1, 2, 3]) {
      await t.db
        .insertInto('reviews')
        .values({
          product_id: product.id,
          nickname: `R${n}`,
          rating: 4,
          title: `T${n}`,
          description: 'd',
          created_at: at,
        })
        .execute();
    }
    const a = await reviews({ product_id: product.id, limit: 1 });
    const b = await reviews({ product_id: product.id, limit: 1, cursor: a.body.data.next_cursor });
    const c = await reviews({ product_id: product.id, limit: 1, cursor: b.body.data.next_cursor });
    expect([a, b, c].map((r) => r.body.data.reviews[0]?.nickname)).toEqual(['R3', 'R2', 'R1']);
    expect(c.body.data.next_cursor).toBeNull();
  });

  it('refuses reviews of an unknown product (404), a malformed cursor and a bad limit (422)', async () => {
    expect((await reviews({ product_id: 999999 })).status).toBe(404);
    const id = await idOf('english-breakfast');
    const cursor = await reviews({ product_id: id, cursor: 'nope' });
    expect(cursor.status).toBe(422);
    expect(cursor.errors[0]?.field).toBe('cursor');
    const limit = await reviews({ product_id: id, limit: -5 });
    expect(limit.status).toBe(422);
    expect(limit.errors[0]?.field).toBe('limit');
  });
});
