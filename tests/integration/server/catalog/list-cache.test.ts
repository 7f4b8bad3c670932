import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { importCatalogue, parseCatalogue } from '../../../../src/server/operator/catalogue';
import { changeOrderStatus } from '../../../../src/server/orders/status';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, formEncode, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';

/**
 * The product list's response cache, on as in production (a long TTL here, so a test never depends on
 * timing): pages are served from memory, and every write of this instance that changes a list card
 * (an order, a cancel, a review, a catalogue import) is visible on the very next read.
 */
describe.each(dialects)('product list cache on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, CATALOG_CACHE_MS: '60000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (fields: Record<string, unknown> = {}) => {
    const res = await post(t.app, '/v2/get-product-list', { limit: 50, ...fields });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data;
  };
  const card = async (productId: number, fields: Record<string, unknown> = {}) => {
    const found = (await list(fields)).products.find((p) => p.id === productId);
    if (!found) throw new Error(`product ${productId} is not on the first page`);
    return found;
  };
  /**
   * The factory writes rows directly, as another instance would; announcing it like a local write
   * keeps each test from reading a page an earlier test cached.
   */
  const newProduct = async (spec: Parameters<typeof createProduct>[1]) => {
    const created = await createProduct(t.db, spec);
    await t.shop.catalog.changed();
    return created;
  };
  /** A change made behind the server's back (as another instance or the operator's command line would). */
  const renameBehindTheServersBack = (productId: number, name: string) =>
    t.db.updateTable('products').set({ name_en: name }).where('id', '=', productId).execute();

  it('serves a page from memory: a change made elsewhere is not seen until a local write or the TTL', async () => {
    const { product } = await newProduct({ name: 'Cached Oolong' });
    expect((await card(product.id)).name).toBe('Cached Oolong');
    await renameBehindTheServersBack(product.id, 'Renamed Oolong');
    expect((await card(product.id)).name).toBe('Cached Oolong');
    // Another page (other filters, sort, size or language) is read on its own.
    expect((await card(product.id, { limit: 49 })).name).toBe('Renamed Oolong');
  });

  it('keeps pages of each language, filter, sort and cursor apart', async () => {
    await newProduct({ name: 'Apart Tea', categories: ['all-teas'] });
    const en = await list({ limit: 5 });
    const zh = await list({ limit: 5, lang: 'zh' });
    expect(zh.products.map((p) => p.id)).toEqual(en.products.map((p) => p.id));
    expect(zh.products.map((p) => p.name)).not.toEqual(en.products.map((p) => p.name));

    const newest = await list({ limit: 5, sort: 'newest' });
    const oldest = await list({ limit: 5, sort: 'oldest' });
    expect(oldest.products[0]?.id).not.toBe(newest.products[0]?.id);

    const next = await list({ limit: 5, cursor: en.next_cursor });
    expect(next.products.map((p) => p.id)).not.toContain(en.products[0]?.id);

    const accessories = await list({ limit: 5, category: 'accessories' });
    const accessoryIds = await t.db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select('pc.product_id')
      .where('c.slug', '=', 'accessories')
      .execute();
    const ids = new Set(accessoryIds.map((r) => r.product_id));
    expect(accessories.products.length).toBeGreaterThan(0);
    for (const p of accessories.products) expect(ids.has(p.id)).toBe(true);
    // The contract trims and lower-cases the filter, so these are the same page.
    expect((await list({ limit: 5, category: ' ACCESSORIES ' })).products).toEqual(accessories.products);
  });

  it('does not keep refusals: a category that did not exist is found once it does', async () => {
    const missing = await post(t.app, '/v2/get-product-list', { category: 'cache-later' });
    expect(missing.status).toBe(404);
    await t.db
      .insertInto('categories')
      .values({ slug: 'cache-later', name_en: 'Later', name_zh: '稍后', sort_order: 99 })
      .execute();
    const found = await post(t.app, '/v2/get-product-list', { category: 'cache-later' });
    expect(found.status).toBe(200);
    expect(found.body.data.products).toEqual([]);
  });

  it('shows stock taken by an order and given back by a cancel at once', async () => {
    const { product, variants } = await newProduct({ name: 'Stocked Sencha', stock: 5 });
    expect((await card(product.id)).stock_total).toBe(5);
    const c = await customer(t.db);
    const placed = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 5 }],
    });
    expect(placed.status, placed.body.message).toBe(200);
    expect(await card(product.id)).toMatchObject({ stock_total: 0, stock_state: 'out_of_stock' });

    const cancelled = await post(
      t.app,
      '/v2/cancel-order',
      { order_id: placed.body.data.order.id },
      { token: c.token },
    );
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(await card(product.id)).toMatchObject({ stock_total: 5, stock_state: 'in_stock' });
  });

  it('shows a new review’s rating at once', async () => {
    const { product, variants } = await newProduct({ name: 'Reviewed Pu-erh', stock: 5 });
    const c = await customer(t.db);
    const placed = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
    });
    const orderId = placed.body.data.order.id;
    for (const to of ['Paid', 'Processing', 'Completed'] as const) {
      await changeOrderStatus(t.shop, orderId, to, CLI_ACTOR);
    }
    expect((await card(product.id)).rating).toEqual({ average: 0, count: 0 });
    const review = await post(
      t.app,
      '/v1/add-review',
      { order_id: orderId, product_id: product.id, rating: 5, title: 'Great', description: 'Earthy and smooth.' },
      { token: c.token },
    );
    expect(review.status, review.body.message).toBe(200);
    expect((await card(product.id)).rating).toEqual({ average: 5, count: 1 });
  });

  it('shows a catalogue import at once', async () => {
    const { product } = await newProduct({ name: 'Before Import', slug: `import-${dialect}` });
    expect((await card(product.id)).name).toBe('Before Import');
    // The file format the operator imports (npm run shop -- import-catalogue), parsed as the command does.
    const products = parseCatalogue([
      {
        slug: `import-${dialect}`,
        name: { en: 'After Import', zh: '导入之后' },
        description: { en: 'Imported.', zh: '已导入。' },
        categories: ['all-teas'],
        variants: [{ name: { en: '50 g', zh: '50 克' }, priceCents: 1500, stock: 100 }],
        stockState: 'in_stock',
        availability: { ph: true, cn: true },
        image: '/images/products/placeholder.svg',
        subscribable: false,
      },
    ]);
    // The file's stock (100) is not applied to an existing packaging: stock changes only by a change (015).
    expect(await importCatalogue(t.shop, products)).toMatchObject({ created: 0, updated: 1 });
    expect((await card(product.id)).name).toBe('After Import');
  });

  it('sends the cached page compressed when asked, the same JSON as uncompressed', async () => {
    await newProduct({ name: 'Compressed Chai' });
    const ask = (encoding: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/get-product-list',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': encoding },
        payload: formEncode({ lang: 'en', is_frontend: 1, limit: 30 }),
      });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const body = plain.body;
    expect(JSON.parse(body).data.products).toHaveLength(30);
    for (let i = 0; i < 2; i++) {
      const br = await ask('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body);
      const gz = await ask('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(body);
    }
  });

  it('under concurrent orders and reads, the page read after they settle shows the stock that is left', async () => {
    const { product, variants } = await newProduct({ name: 'Busy Matcha', stock: 8 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => customer(t.db)));
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const outcomes = await Promise.all([
      ...buyers.map((c) => placeOrder(t.app, c, { items })),
      ...Array.from({ length: 24 }, () => list()),
    ]);
    const placed = outcomes.slice(0, buyers.length).filter((r) => 'status' in r && r.status === 200);
    expect(placed).toHaveLength(8);
    const row = await t.db
      .selectFrom('products')
      .select('stock_total')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.stock_total).toBe(0);
    expect(await card(product.id)).toMatchObject({ stock_total: 0, stock_state: 'out_of_stock' });
  });
});

describe('product list cache with a short TTL (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { CATALOG_CACHE_MS: '150' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sees a change made elsewhere once the TTL has passed', async () => {
    const { product } = await createProduct(t.db, { name: 'Short-Lived' });
    const name = async () =>
      (await post(t.app, '/v2/get-product-list', {})).body.data.products.find((p) => p.id === product.id)?.name;
    expect(await name()).toBe('Short-Lived');
    await t.db.updateTable('products').set({ name_en: 'Seen Later' }).where('id', '=', product.id).execute();
    expect(await name()).toBe('Short-Lived');
    await new Promise((r) => setTimeout(r, 300));
    expect(await name()).toBe('Seen Later');
  });
});
