import sharp from 'sharp';
import type { AdminProduct } from '../../../../src/common/contract/admin/products';
import type { ApiPath } from '../../../../src/common/contract/api-map';
import { createProduct } from '../../../factories/products';
import { dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder, postMultipart } from '../orders/support';
import { stockTotalDrift } from '../stock/invariants';
import { auditEntries, type Crew, productFormOf, withStaffApp } from './support';

type ProductAnswer = { product: AdminProduct };

/** A real PNG, drawn by sharp (the upload decodes it). */
const png = (width = 900, height = 600, r = 90) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 140, b: 80 } } })
    .png()
    .toBuffer();

describe.each(dialects)('back office: products on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  // The product list's cache on, as in production: a change must reach the shop at once on this instance.
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, CATALOG_CACHE_MS: '60000', MAX_UNPAID_ORDERS: '0' } }, (app, s) => {
    t = app;
    crew = s;
  });

  const manager = () => ({ token: crew.manager.token });
  const audit = (action: string, entityId?: number) => auditEntries(t, action, entityId);
  const ids = async (table: 'categories' | 'tags', slugs: string[]) =>
    (await t.db.selectFrom(table).select(['id', 'slug']).where('slug', 'in', slugs).execute()).map((r) => r.id);

  let seq = 0;
  const upload = async (r = 90) => {
    const res = await postMultipart<{ url: string; width: number; height: number }>(
      t.app,
      '/admin/products/images/upload',
      {},
      { field: 'image', bytes: await png(900, 600, r), name: 'tea.png' },
      crew.manager.token,
    );
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.url;
  };

  /** A create body: two packagings ($12.00 and $20.00, the second on sale at $18.00) and one image. */
  async function newProduct(extra: Record<string, unknown> = {}) {
    seq += 1;
    return {
      slug: `admin-tea-${dialect}-${seq}`,
      name_en: `Admin Tea ${seq}`,
      name_zh: `后台茶 ${seq}`,
      description_en: 'A tea made in the back office.',
      description_zh: '后台创建的茶。',
      state: 'on_sale',
      available_ph: 1,
      available_cn: 0,
      subscribable: 1,
      category_ids: await ids('categories', ['all-teas']),
      tag_ids: [],
      images: [{ url: await upload(seq), alt_en: 'Loose leaves in a bowl', alt_zh: '碗中的散茶' }],
      packagings: [
        { name_en: '50 g', name_zh: '50 克', price_cents: 1200, stock: 7 },
        { name_en: '100 g', name_zh: '100 克', price_cents: 2000, discount_price_cents: 1800, stock: 3 },
      ],
      ...extra,
    };
  }
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await post<ProductAnswer>(t.app, '/admin/products/create', await newProduct(extra), manager());
    expect(res.status, `${res.body.message} ${JSON.stringify(res.errors)}`).toBe(200);
    return res.body.data.product;
  };
  const shopList = async () =>
    (await post(t.app, '/v2/get-product-list', { category: 'all-teas', limit: 50 })).body.data.products;
  const shopDetails = (id: number) => post(t.app, '/v2/get-product-details', { product_id: id });

  describe('roles', () => {
    it('answers 401 without a session, 403 to a customer and a fulfilment member, 200 to a manager and an owner', async () => {
      const a = await create();
      const b = await create();
      const [p1, p2] = a.packagings;
      const bodies: Partial<Record<ApiPath, Record<string, unknown>>> = {
        '/admin/products/list': {},
        '/admin/products/options': {},
        '/admin/products/get': { product_id: a.id },
        '/admin/products/create': await newProduct(),
        '/admin/products/update': { ...(await newProduct()), product_id: a.id, slug: a.slug, packagings: undefined },
        '/admin/products/packagings/update': {
          packaging_id: p1!.id,
          name_en: '50 g tin',
          name_zh: '50 克罐',
          price_cents: 1300,
        },
        '/admin/products/packagings/reorder': { product_id: a.id, packaging_ids: [p2!.id, p1!.id] },
        '/admin/products/packagings/add': { product_id: a.id, name_en: '250 g', name_zh: '250 克', price_cents: 4000 },
        '/admin/products/packagings/retire': { packaging_id: p2!.id },
        '/admin/products/delete': { product_id: b.id },
      };
      for (const [path, body] of Object.entries(bodies)) {
        expect((await post(t.app, path, body)).status, `none ${path}`).toBe(401);
        expect((await post(t.app, path, body, { token: crew.customer.token })).status, `customer ${path}`).toBe(403);
        expect((await post(t.app, path, body, { token: crew.fulfilment.token })).status, `fulfilment ${path}`).toBe(
          403,
        );
      }
      const upload = { field: 'image', bytes: await png() };
      expect((await postMultipart(t.app, '/admin/products/images/upload', {}, upload)).status).toBe(401);
      for (const token of [crew.customer.token, crew.fulfilment.token]) {
        expect((await postMultipart(t.app, '/admin/products/images/upload', {}, upload, token)).status).toBe(403);
      }
      // Nothing changed for the refused calls.
      expect((await post(t.app, '/admin/products/get', { product_id: b.id }, manager())).status).toBe(200);
      expect(await audit('catalogue.packaging_retire', p2!.id)).toHaveLength(0);

      for (const [path, body] of Object.entries(bodies)) {
        const res = await post(t.app, path as ApiPath, body, manager());
        expect(res.status, `manager ${path}: ${res.body.message} ${JSON.stringify(res.errors)}`).toBe(200);
      }
      expect((await post(t.app, '/admin/products/list', {}, { token: crew.owner.token })).status).toBe(200);
      expect((await post(t.app, '/admin/products/get', { product_id: a.id }, { token: crew.owner.token })).status).toBe(
        200,
      );
    });

    it('publishes the products paths in /openapi.json', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/admin/products/list', '/admin/products/images/upload', '/admin/products/delete']),
      );
    });
  });

  describe('creating', () => {
    it('creates a product with two packagings and an image: on sale in the shop at once with both prices', async () => {
      // The shop's list is read (and cached) before the product exists.
      const before = await shopList();
      const body = await newProduct();
      expect(before.some((p) => p.slug === body.slug)).toBe(false);

      const res = await post<ProductAnswer>(t.app, '/admin/products/create', body, manager());
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.message).toBe('Product created');
      const product = res.body.data.product;
      expect(product).toMatchObject({
        slug: body.slug,
        state: 'on_sale',
        stock_state: 'in_stock',
        price_cents: 1200,
        discount_price_cents: null,
        stock_total: 10,
        available_ph: true,
        available_cn: false,
        subscribable: true,
        has_orders: false,
      });
      expect(product.packagings.map((p) => [p.name_en, p.price_cents, p.discount_price_cents, p.stock])).toEqual([
        ['50 g', 1200, null, 7],
        ['100 g', 2000, 1800, 3],
      ]);

      // The shop: in the list at once (its cache dropped), and its page shows both packagings and the image.
      const card = (await shopList()).find((p) => p.slug === body.slug);
      expect(card).toMatchObject({ id: product.id, price_cents: 1200, stock_state: 'in_stock', stock_total: 10 });
      expect(card!.image).toBe(body.images[0]!.url);
      const details = (await shopDetails(product.id)).body.data.product;
      expect(details.variants.map((v) => [v.name, v.price_cents, v.discount_price_cents, v.stock])).toEqual([
        ['50 g', 1200, null, 7],
        ['100 g', 2000, 1800, 3],
      ]);
      expect(details.images).toEqual([body.images[0]!.url]);
      expect(details.image_alts).toEqual(['Loose leaves in a bowl']);
      const zh = (await post(t.app, '/v2/get-product-details', { product_id: product.id, lang: 'zh' })).body.data
        .product;
      expect(zh.image_alts).toEqual(['碗中的散茶']);

      // The first units are the first rows of each packaging's stock history (source `new`).
      const history = await t.db
        .selectFrom('stock_movements')
        .select(['packaging_id', 'delta', 'stock_after', 'source'])
        .where('product_id', '=', product.id)
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        { packaging_id: product.packagings[0]!.id, delta: 7, stock_after: 7, source: 'new' },
        { packaging_id: product.packagings[1]!.id, delta: 3, stock_after: 3, source: 'new' },
      ]);
      const [entry] = await audit('catalogue.product_create', product.id);
      expect(entry).toMatchObject({ actor: crew.manager.user.email, source: 'admin', entity: 'product' });
      expect(JSON.parse(entry!.after_json!)).toMatchObject({ slug: body.slug, state: 'on_sale' });
    });

    it('takes the list price from the cheapest packaging by what a shopper pays', async () => {
      const product = await create({
        packagings: [
          { name_en: 'Tin', name_zh: '罐', price_cents: 3000, discount_price_cents: 900 },
          { name_en: 'Bag', name_zh: '袋', price_cents: 1000 },
        ],
      });
      expect(product).toMatchObject({ price_cents: 3000, discount_price_cents: 900, stock_total: 0 });
      expect(product.stock_state).toBe('out_of_stock');
    });

    it('refuses a slug another product has with 409 at the field, and bad input with 422 naming the field', async () => {
      const first = await create();
      const clash = await post<ProductAnswer>(
        t.app,
        '/admin/products/create',
        await newProduct({ slug: first.slug }),
        manager(),
      );
      expect(clash.status).toBe(409);
      expect(clash.errors[0]?.field).toBe('slug');
      expect(clash.body.message).toBe(`Another product already uses the slug “${first.slug}”`);

      const base = await newProduct();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ slug: 'Not A Slug' }, 'slug'],
        [{ slug: 'trailing-' }, 'slug'],
        [{ name_en: '   ' }, 'name_en'],
        [{ state: 'sold' }, 'state'],
        [{ low_stock_threshold: -1 }, 'low_stock_threshold'],
        [{ category_ids: '[0]' }, 'category_ids.0'],
        [{ category_ids: [999_999] }, 'category_ids'],
        [{ tag_ids: [999_999] }, 'tag_ids'],
        [{ packagings: [] }, 'packagings'],
        [{ packagings: [{ name_en: 'x', name_zh: 'x', price_cents: 12.5 }] }, 'packagings.0.price_cents'],
        [{ packagings: [{ name_en: 'x', name_zh: 'x', price_cents: -1 }] }, 'packagings.0.price_cents'],
        // Prices: 1 cent to $1,000,000.00 (src/common/catalogue-rules.ts), far within a database integer.
        [{ packagings: [{ name_en: 'x', name_zh: 'x', price_cents: 0 }] }, 'packagings.0.price_cents'],
        [{ packagings: [{ name_en: 'x', name_zh: 'x', price_cents: 100_000_001 }] }, 'packagings.0.price_cents'],
        [{ packagings: [{ name_en: 'x', name_zh: 'x', price_cents: 2_147_483_647 }] }, 'packagings.0.price_cents'],
        [
          { packagings: [{ name_en: 'x', name_zh: 'x', price_cents: 100, discount_price_cents: 0 }] },
          'packagings.0.discount_price_cents',
        ],
        [{ low_stock_threshold: 100_001 }, 'low_stock_threshold'],
        // "Running low?" days: 1 to 365, or empty (docs/decisions/056).
        [{ reorder_days: 0 }, 'reorder_days'],
        [{ reorder_days: 366 }, 'reorder_days'],
        [{ reorder_days: 'soon' }, 'reorder_days'],
        [{ packagings: [{ name_en: 'x', name_zh: '', price_cents: 100 }] }, 'packagings.0.name_zh'],
        [
          { packagings: [{ name_en: 'x', name_zh: 'x', price_cents: 100, discount_price_cents: 100 }] },
          'packagings.0.discount_price_cents',
        ],
        [{ packagings: [{ name_en: 'x', name_zh: 'x', price_cents: 100, stock: 100_001 }] }, 'packagings.0.stock'],
        [{ images: [{ url: 'https://example.com/x.png', alt_en: '', alt_zh: '' }] }, 'images.0.url'],
        [{ images: [{ url: `/media/images/${'0'.repeat(32)}-640.webp`, alt_en: '', alt_zh: '' }] }, 'images.0.url'],
        [{ images: [] }, 'images'],
        [{ images: 'not json' }, 'images'],
      ];
      const count = async () =>
        (
          await t.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const products = await count();
      for (const [change, field] of cases) {
        const res = await post<ProductAnswer>(t.app, '/admin/products/create', { ...base, ...change }, manager());
        expect(res.status, `${JSON.stringify(change)}: ${res.body.message}`).toBe(422);
        expect(
          res.errors.map((e) => e.field),
          JSON.stringify(change),
        ).toContain(field);
      }
      expect(await count()).toBe(products);
      // The highest price is taken, with a discount just below it.
      const top = await post<ProductAnswer>(
        t.app,
        '/admin/products/create',
        await newProduct({
          packagings: [{ name_en: 'Top', name_zh: '顶', price_cents: 100_000_000, discount_price_cents: 99_999_999 }],
        }),
        manager(),
      );
      expect(top.status, top.body.message).toBe(200);
      expect(top.body.data.product.packagings[0]).toMatchObject({ price_cents: 100_000_000 });
      // A hidden product may be drafted without an image.
      expect(
        (
          await post<ProductAnswer>(
            t.app,
            '/admin/products/create',
            { ...base, images: [], state: 'hidden' },
            manager(),
          )
        ).status,
      ).toBe(200);
    });
  });

  describe('images', () => {
    it('stores an upload as WebP served with immutable caching; refuses a file that is not an image', async () => {
      const url = await upload(200);
      expect(url).toMatch(/^\/media\/images\/[0-9a-f]{32}-640\.webp$/);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });

      const text = await postMultipart(
        t.app,
        '/admin/products/images/upload',
        {},
        { field: 'image', bytes: Buffer.from('not an image at all'), name: 'x.png', type: 'image/png' },
        crew.manager.token,
      );
      expect(text.status).toBe(400);
      expect(text.errors[0]?.field).toBe('image');
      const none = await post(t.app, '/admin/products/images/upload', {}, manager());
      expect(none.status).toBe(422);
      expect(none.errors[0]?.field).toBe('image');
    });

    it('saves the images in order with alt text; the first is the product’s image; audited apart', async () => {
      const product = await create();
      const second = await upload(33);
      const images = [
        { url: second, alt_en: 'A cup', alt_zh: '一杯茶' },
        { url: product.images[0]!.url, alt_en: 'Leaves', alt_zh: '' },
      ];
      const res = await post<ProductAnswer>(t.app, '/admin/products/update', { ...formOf(product), images }, manager());
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.product.images).toEqual(images);
      const details = (await shopDetails(product.id)).body.data.product;
      expect(details.image).toBe(second);
      expect(details.images).toEqual([second, product.images[0]!.url]);
      expect(details.image_alts).toEqual(['A cup', 'Leaves']);
      expect((await shopList()).find((p) => p.id === product.id)?.image).toBe(second);
      const [entry] = await audit('catalogue.images', product.id);
      expect(JSON.parse(entry!.after_json!).images).toEqual(images);
      // Only images changed: no product_update entry.
      expect(await audit('catalogue.product_update', product.id)).toHaveLength(0);
    });
  });

  /** The update body of a product as it is (its form). */
  const formOf = productFormOf;

  describe('editing', () => {
    it('saves the form, audits the fields that changed, and hides / shows the product in the shop', async () => {
      const product = await create();
      const tags = await ids('tags', ['black']);
      const res = await post<ProductAnswer>(
        t.app,
        '/admin/products/update',
        {
          ...formOf(product),
          name_en: 'Renamed Tea',
          low_stock_threshold: 4,
          reorder_days: 30,
          tag_ids: tags,
          state: 'coming_soon',
        },
        manager(),
      );
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.product).toMatchObject({
        name_en: 'Renamed Tea',
        low_stock_threshold: 4,
        reorder_days: 30,
        tag_ids: tags,
        state: 'coming_soon',
        stock_state: 'coming_soon',
      });
      const [entry] = await audit('catalogue.product_update', product.id);
      expect(JSON.parse(entry!.before_json!)).toEqual({
        name_en: product.name_en,
        state: 'on_sale',
        low_stock_threshold: null,
        reorder_days: null,
        tag_ids: [],
      });
      expect(JSON.parse(entry!.after_json!)).toEqual({
        name_en: 'Renamed Tea',
        state: 'coming_soon',
        low_stock_threshold: 4,
        reorder_days: 30,
        tag_ids: tags,
      });
      expect((await shopList()).find((p) => p.id === product.id)?.stock_state).toBe('coming_soon');

      const updated = res.body.data.product;
      const hidden = await post<ProductAnswer>(
        t.app,
        '/admin/products/update',
        { ...formOf(updated), state: 'hidden' },
        manager(),
      );
      expect(hidden.body.data.product.state).toBe('hidden');
      expect((await shopList()).some((p) => p.id === product.id)).toBe(false);
      expect((await shopDetails(product.id)).status).toBe(404);
      const shown = await post<ProductAnswer>(
        t.app,
        '/admin/products/update',
        { ...formOf(updated), state: 'on_sale' },
        manager(),
      );
      expect(shown.body.data.product).toMatchObject({ state: 'on_sale', stock_state: 'in_stock' });
      expect((await shopList()).find((p) => p.id === product.id)?.stock_state).toBe('in_stock');

      // Saving the same form again changes nothing and logs nothing.
      const entries = (await audit('catalogue.product_update', product.id)).length;
      await post<ProductAnswer>(t.app, '/admin/products/update', formOf(shown.body.data.product), manager());
      expect(await audit('catalogue.product_update', product.id)).toHaveLength(entries);

      const other = await create();
      const clash = await post<ProductAnswer>(
        t.app,
        '/admin/products/update',
        { ...formOf(other), slug: product.slug },
        manager(),
      );
      expect(clash.status).toBe(409);
      expect(clash.errors[0]?.field).toBe('slug');
      const unknown = await post<ProductAnswer>(
        t.app,
        '/admin/products/update',
        { ...formOf(other), product_id: 999_999 },
        manager(),
      );
      expect(unknown.status).toBe(404);
    });
  });

  describe('packagings', () => {
    it('adds with initial stock, edits names and prices (never stock), reorders; the list price follows', async () => {
      const product = await create();
      const added = await post(
        t.app,
        '/admin/products/packagings/add',
        { product_id: product.id, name_en: 'Sample', name_zh: '试用装', price_cents: 500, stock: 4 },
        manager(),
      );
      expect(added.status, added.body.message).toBe(200);
      const sample = added.body.data.product.packagings.at(-1)!;
      expect(sample).toMatchObject({ name_en: 'Sample', price_cents: 500, stock: 4, is_retired: false });
      expect(added.body.data.product).toMatchObject({ price_cents: 500, stock_total: 14 });
      expect((await shopList()).find((p) => p.id === product.id)).toMatchObject({ price_cents: 500, stock_total: 14 });
      const [addEntry] = await audit('catalogue.packaging_add', sample.id);
      expect(JSON.parse(addEntry!.after_json!)).toMatchObject({ name_en: 'Sample', stock: 4 });

      const edited = await post(
        t.app,
        '/admin/products/packagings/update',
        {
          packaging_id: sample.id,
          name_en: 'Sample tin',
          name_zh: '试用罐',
          price_cents: 1500,
          discount_price_cents: 1400,
          stock: 99,
        },
        manager(),
      );
      expect(edited.status, edited.body.message).toBe(200);
      const after = edited.body.data.product.packagings.find((p) => p.id === sample.id)!;
      expect(after).toMatchObject({ name_en: 'Sample tin', price_cents: 1500, discount_price_cents: 1400, stock: 4 });
      expect(edited.body.data.product).toMatchObject({ price_cents: 1200, discount_price_cents: null });
      const [editEntry] = await audit('catalogue.packaging_update', sample.id);
      expect(JSON.parse(editEntry!.before_json!)).toEqual({
        name_en: 'Sample',
        name_zh: '试用装',
        price_cents: 500,
        discount_price_cents: null,
      });
      const badDiscount = await post(
        t.app,
        '/admin/products/packagings/update',
        { packaging_id: sample.id, name_en: 'x', name_zh: 'x', price_cents: 1000, discount_price_cents: 1200 },
        manager(),
      );
      expect(badDiscount.status).toBe(422);
      expect(badDiscount.errors[0]?.field).toBe('discount_price_cents');

      const order = [sample.id, ...product.packagings.map((p) => p.id)];
      const reordered = await post(
        t.app,
        '/admin/products/packagings/reorder',
        { product_id: product.id, packaging_ids: order },
        manager(),
      );
      expect(reordered.body.data.product.packagings.map((p) => p.id)).toEqual(order);
      expect((await shopDetails(product.id)).body.data.product.variants.map((v) => v.id)).toEqual(order);
      expect(await audit('catalogue.packaging_reorder', product.id)).toHaveLength(1);
      const partial = await post(
        t.app,
        '/admin/products/packagings/reorder',
        { product_id: product.id, packaging_ids: order.slice(1) },
        manager(),
      );
      expect(partial.status).toBe(422);
      expect(partial.errors[0]?.field).toBe('packaging_ids');
    });

    it('retires a packaging: gone from the shop, refused by orders, its stock taken out; never the last one', async () => {
      const product = await create();
      const [small, large] = product.packagings;
      const res = await post(t.app, '/admin/products/packagings/retire', { packaging_id: small!.id }, manager());
      expect(res.status, res.body.message).toBe(200);
      const after = res.body.data.product;
      expect(after.packagings.map((p) => [p.id, p.is_retired, p.stock])).toEqual([
        [large!.id, false, 3],
        [small!.id, true, 0],
      ]);
      // The list card follows: the cheapest packaging on sale, and only units on sale.
      expect(after).toMatchObject({ price_cents: 2000, discount_price_cents: 1800, stock_total: 3 });
      expect((await shopList()).find((p) => p.id === product.id)).toMatchObject({
        price_cents: 2000,
        discount_price_cents: 1800,
        stock_total: 3,
      });
      const details = (await shopDetails(product.id)).body.data.product;
      expect(details.variants.map((v) => v.id)).toEqual([large!.id]);
      expect(details.stock_balance).toBe(3);
      const drained = await t.db
        .selectFrom('stock_movements')
        .select(['delta', 'stock_after', 'source', 'reason'])
        .where('packaging_id', '=', small!.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(drained).toEqual({ delta: -7, stock_after: 0, source: 'adjust', reason: 'Packaging retired' });
      const [entry] = await audit('catalogue.packaging_retire', small!.id);
      expect(JSON.parse(entry!.before_json!)).toMatchObject({ stock: 7, retired: false });

      // The cart and placing an order refuse it.
      const buyer = await customer(t.db);
      const refused = await placeOrder(t.app, buyer, {
        items: [{ product_id: product.id, variant_id: small!.id, quantity: 1 }],
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Line 1: this product is no longer available');
      expect(
        (await placeOrder(t.app, buyer, { items: [{ product_id: product.id, variant_id: large!.id, quantity: 1 }] }))
          .status,
      ).toBe(200);

      // A retired packaging cannot be changed; the last one on sale cannot be retired.
      const again = await post(t.app, '/admin/products/packagings/retire', { packaging_id: small!.id }, manager());
      expect(again.status).toBe(409);
      const edit = await post(
        t.app,
        '/admin/products/packagings/update',
        { packaging_id: small!.id, name_en: 'x', name_zh: 'x', price_cents: 100 },
        manager(),
      );
      expect(edit.status).toBe(409);
      const last = await post(t.app, '/admin/products/packagings/retire', { packaging_id: large!.id }, manager());
      expect(last.status).toBe(409);
      expect(last.body.message).toBe(
        'This is the product’s last packaging on sale: add another first, or hide the product',
      );
      expect(
        (await post(t.app, '/admin/products/packagings/retire', { packaging_id: 999_999 }, manager())).status,
      ).toBe(404);
    });

    it('a cancel after retiring gives the units back to the packaging, not to the units on sale', async () => {
      const { product, variants } = await createProduct(t.db, {
        variants: [
          { name: 'Going', price: 1000, stock: 4 },
          { name: 'Staying', price: 1500, stock: 2 },
        ],
      });
      const going = variants[0]!;
      const buyer = await customer(t.db);
      const placed = await placeOrder(t.app, buyer, {
        items: [{ product_id: product.id, variant_id: going.id, quantity: 1 }],
      });
      expect(placed.status, placed.body.message).toBe(200);
      const retire = await post(t.app, '/admin/products/packagings/retire', { packaging_id: going.id }, manager());
      expect(retire.status, retire.body.message).toBe(200);
      const cancel = await post(
        t.app,
        '/admin/orders/cancel',
        { order_no: placed.body.data.order.order_no },
        manager(),
      );
      expect(cancel.status, cancel.body.message).toBe(200);

      const row = await t.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', going.id)
        .executeTakeFirstOrThrow();
      expect(row.stock).toBe(1);
      const last = await t.db
        .selectFrom('stock_movements')
        .select(['delta', 'stock_after', 'source'])
        .where('packaging_id', '=', going.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toEqual({ delta: 1, stock_after: 1, source: 'cancel' });
      const total = await t.db
        .selectFrom('products')
        .select('stock_total')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(total.stock_total).toBe(2);
      expect(await stockTotalDrift(t.db)).toEqual([]);
    });

    it('marks a renewal of a retired packaging unavailable', async () => {
      const product = await create();
      const buyer = await customer(t.db);
      const placed = await placeOrder(t.app, buyer, {
        items: [{ product_id: product.id, variant_id: product.packagings[0]!.id, quantity: 1, frequency_weeks: 4 }],
      });
      expect(placed.status, placed.body.message).toBe(200);
      await post(t.app, '/admin/products/packagings/retire', { packaging_id: product.packagings[0]!.id }, manager());
      const subs = await post(t.app, '/v2/get-subscriptions', {}, { token: buyer.token });
      const sub = subs.body.data.subscriptions.find((s) => s.variant_id === product.packagings[0]!.id);
      expect(sub?.available).toBe(false);
    });
  });

  describe('deleting', () => {
    it('deletes a product nothing ordered, refuses one with orders (hide it instead)', async () => {
      const spare = await create();
      const res = await post(t.app, '/admin/products/delete', { product_id: spare.id }, manager());
      expect(res.status, res.body.message).toBe(200);
      expect(
        await t.db.selectFrom('products').select('id').where('id', '=', spare.id).executeTakeFirst(),
      ).toBeUndefined();
      expect(await audit('catalogue.product_delete', spare.id)).toHaveLength(1);
      expect((await shopList()).some((p) => p.id === spare.id)).toBe(false);

      const sold = await create();
      const buyer = await customer(t.db);
      const placed = await placeOrder(t.app, buyer, {
        items: [{ product_id: sold.id, variant_id: sold.packagings[0]!.id, quantity: 1 }],
      });
      expect(placed.status).toBe(200);
      expect(
        (await post(t.app, '/admin/products/get', { product_id: sold.id }, manager())).body.data.product.has_orders,
      ).toBe(true);
      const refused = await post(t.app, '/admin/products/delete', { product_id: sold.id }, manager());
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Orders or subscriptions name this product: hide it instead of deleting it');
      expect(await t.db.selectFrom('products').select('id').where('id', '=', sold.id).executeTakeFirst()).toBeDefined();
      expect((await post(t.app, '/admin/products/delete', { product_id: 999_999 }, manager())).status).toBe(404);
    });
  });

  describe('the list', () => {
    it('searches and filters, and pages through every match at any size', async () => {
      const tag = await ids('tags', ['green']);
      expect(tag).toHaveLength(1);
      const marker = `zq${dialect}`;
      // Thresholds of 1: their packagings (7 and 3 units) are not low.
      const a = await create({ name_en: `Findme ${marker} Alpha`, tag_ids: tag, low_stock_threshold: 1 });
      const b = await create({ name_zh: `寻找${marker}乙`, low_stock_threshold: 1 });
      const c = await create({ slug: `${marker}-gamma`, state: 'coming_soon', low_stock_threshold: 1 });
      const d = await create({ name_en: `Findme ${marker} Hidden`, state: 'hidden', low_stock_threshold: 1 });
      const e = await create({
        name_en: `Findme ${marker} Low`,
        low_stock_threshold: 5,
        packagings: [{ name_en: 'One', name_zh: '一', price_cents: 100, stock: 2 }],
      });
      const f = await create({
        name_en: `Findme ${marker} Empty`,
        packagings: [{ name_en: 'One', name_zh: '一', price_cents: 100 }],
      });
      const list = async (filters: Record<string, unknown>) => {
        const res = await post(t.app, '/admin/products/list', { q: marker, ...filters }, manager());
        expect(res.status, res.body.message).toBe(200);
        return res.body.data;
      };
      const idsOf = async (filters: Record<string, unknown>) => (await list(filters)).products.map((p) => p.id);
      expect(await idsOf({})).toEqual([f.id, e.id, d.id, c.id, b.id, a.id]);
      expect(await idsOf({ q: marker.toUpperCase() })).toEqual([f.id, e.id, d.id, c.id, b.id, a.id]);
      expect(await idsOf({ tag_id: tag[0] })).toEqual([a.id]);
      expect(await idsOf({ category_id: (await ids('categories', ['all-teas']))[0] })).toHaveLength(6);
      expect(await idsOf({ hidden: 1 })).toEqual([d.id]);
      expect(await idsOf({ hidden: 0 })).toEqual([f.id, e.id, c.id, b.id, a.id]);
      expect(await idsOf({ stock: 'coming_soon' })).toEqual([c.id]);
      expect(await idsOf({ stock: 'out_of_stock' })).toEqual([f.id]);
      expect(await idsOf({ stock: 'low' })).toEqual([f.id, e.id]);
      expect(await idsOf({ stock: 'in_stock' })).toEqual([e.id, d.id, b.id, a.id]);

      const rows = (await list({})).products;
      expect(rows.find((r) => r.id === a.id)).toMatchObject({
        state: 'on_sale',
        price_min_cents: 1200,
        price_max_cents: 1800,
        stock_total: 10,
        low: false,
      });
      expect(rows.find((r) => r.id === e.id)).toMatchObject({ low: true, stock_total: 2 });
      expect(rows.find((r) => r.id === d.id)?.state).toBe('hidden');
      expect(rows.find((r) => r.id === f.id)?.stock_state).toBe('out_of_stock');

      // One row a page: every match once, in order.
      const seen: number[] = [];
      let cursor: number | null | undefined;
      do {
        const page = await list({ limit: 1, ...(cursor ? { cursor } : {}) });
        seen.push(...page.products.map((p) => p.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toEqual([f.id, e.id, d.id, c.id, b.id, a.id]);

      // The whole list (seeded shop) pages the same way with no filter.
      const all = await post(t.app, '/admin/products/list', { limit: 100 }, manager());
      expect(all.body.data.products.length).toBeGreaterThan(6);

      for (const [field, value] of [
        ['stock', 'lots'],
        ['hidden', 'maybe'],
        ['limit', 0],
        ['cursor', 'x'],
        ['category_id', -1],
      ] as const) {
        const bad = await post(t.app, '/admin/products/list', { [field]: value }, manager());
        expect(bad.status, field).toBe(422);
        expect(bad.errors.map((x) => x.field)).toContain(field);
      }
    });

    it('answers the pickers: categories, types, benefits and tags, and the low-stock default', async () => {
      const res = await post(t.app, '/admin/products/options', {}, manager());
      expect(res.body.data.categories.map((c) => c.slug)).toContain('all-teas');
      expect(new Set(res.body.data.tags.map((x) => x.kind))).toEqual(new Set(['type', 'benefit', 'tag']));
      expect(res.body.data.low_stock_default).toBe(5);
    });
  });

  describe('concurrency', () => {
    it('retiring a packaging while orders take it: stock never below zero, totals in step', async () => {
      const { product, variants } = await createProduct(t.db, {
        variants: [
          { name: 'Racing', price: 1000, stock: 6 },
          { name: 'Stays', price: 1500, stock: 5 },
        ],
      });
      const buyers = await Promise.all(Array.from({ length: 8 }, () => customer(t.db)));
      const racing = variants[0]!;
      const results = await Promise.all([
        ...buyers.map((b) =>
          placeOrder(t.app, b, { items: [{ product_id: product.id, variant_id: racing.id, quantity: 1 }] }),
        ),
        post(t.app, '/admin/products/packagings/retire', { packaging_id: racing.id }, manager()),
      ]);
      const retire = results.at(-1)!;
      expect(retire.status, retire.body.message).toBe(200);
      const sold = results.slice(0, -1).filter((r) => r.status === 200).length;
      for (const r of results.slice(0, -1)) expect([200, 409]).toContain(r.status);
      const rows = await t.db
        .selectFrom('product_variants')
        .select(['id', 'stock', 'is_retired'])
        .where('product_id', '=', product.id)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: racing.id, stock: 0, is_retired: 1 },
        { id: variants[1]!.id, stock: 5, is_retired: 0 },
      ]);
      const p = await t.db
        .selectFrom('products')
        .select(['stock_total', 'price_cents'])
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(p).toEqual({ stock_total: 5, price_cents: 1500 });
      // Every unit is accounted for: sold by orders or taken out by the retirement.
      const moves = await t.db
        .selectFrom('stock_movements')
        .select(['delta', 'source'])
        .where('packaging_id', '=', racing.id)
        .execute();
      expect(moves.filter((m) => m.source === 'order').reduce((s, m) => s - m.delta, 0)).toBe(sold);
      expect(moves.reduce((s, m) => s + m.delta, 0)).toBe(-6);
      expect(await stockTotalDrift(t.db)).toEqual([]);
    });

    it('two creates with one slug: one product, one 409', async () => {
      const body = await newProduct();
      const results = await Promise.all([
        post<ProductAnswer>(t.app, '/admin/products/create', body, manager()),
        post<ProductAnswer>(t.app, '/admin/products/create', body, manager()),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const rows = await t.db.selectFrom('products').select('id').where('slug', '=', String(body.slug)).execute();
      expect(rows).toHaveLength(1);
    });
  });
});
