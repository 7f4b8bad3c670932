import SQLite from 'better-sqlite3';
import type { Updateable } from 'kysely';
import { CARD_SOURCE_COLUMNS, cardSources, keepCards } from '../../../../src/server/catalog/card-repository';
import { CARD_FORMAT, toCard } from '../../../../src/server/catalog/cards';
import { listProductPage, sourceColumns } from '../../../../src/server/catalog/list-repository';
import { productList } from '../../../../src/server/catalog/service';
import type { Db } from '../../../../src/server/db/connection';
import type { Database } from '../../../../src/server/db/schema';
import { rawValue } from '../../../../src/server/lib/raw-json';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

/**
 * The product list's cards kept as ready JSON per language in the product's row (docs/decisions/028): a list page
 * answers them as they are; a trigger clears them whenever an update names a column they are made of; a read builds
 * the missing ones from the columns and keeps them only if no writer changed the row since it read them.
 */
describe.each(dialects)('the product list’s kept cards on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Writes these columns of one product, as any writer would. */
  const setProduct = (id: number, values: Updateable<Database['products']>) =>
    t.db.updateTable('products').set(values).where('id', '=', id).execute();
  const row = (db: Db, id: number) =>
    db
      .selectFrom('products')
      .select(['card_en', 'card_zh', 'card_format', 'card_rev'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** What toCard makes of the product's columns now. */
  const built = async (db: Db, lang: 'en' | 'zh', id: number) => {
    const [source] = await cardSources(db, lang, [id]);
    if (!source) throw new Error(`no product ${id}`);
    return toCard(source);
  };
  const listed = async (lang: 'en' | 'zh', fields: Record<string, unknown> = {}) => {
    const res = await post(t.app, '/v2/get-product-list', { lang, limit: 20, ...fields });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.products as Array<{ id: number; name: string; price_cents: number; stock_total: number }>;
  };

  it('answers the cards the columns make, in both languages, and keeps them in the rows', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const products = await listed(lang);
      expect(products).toHaveLength(20);
      for (const product of products) expect(product).toEqual(await built(t.db, lang, product.id));
      // A second read answers the kept cards: the same answer.
      expect(await listed(lang)).toEqual(products);
    }
    for (const product of await listed('en')) {
      const kept = await row(t.db, product.id);
      expect(kept.card_format).toBe(CARD_FORMAT);
      expect(JSON.parse(kept.card_en ?? 'null')).toEqual(product);
      expect(JSON.parse(kept.card_zh ?? 'null')).toEqual(await built(t.db, 'zh', product.id));
    }
  });

  it('answers the kept text itself, without reading the columns again', async () => {
    const [top] = await listed('en');
    if (!top) throw new Error('no product');
    const kept = { ...(await built(t.db, 'en', top.id)), name: 'Kept Text' };
    // Only the card is written: no column a card is made of, so the trigger leaves it.
    await setProduct(top.id, { card_en: JSON.stringify(kept), card_format: CARD_FORMAT });
    expect((await listed('en'))[0]).toEqual(kept);
    await setProduct(top.id, { card_en: null });
    expect((await listed('en'))[0]).toEqual(await built(t.db, 'en', top.id));
  });

  it('never waits for a writer to keep a card: a row another transaction holds is left for a later read', async () => {
    const [top] = await listed('en');
    if (!top) throw new Error('no product');
    await setProduct(top.id, { card_en: null });
    const [source] = await cardSources(t.db, 'en', [top.id]);
    if (!source) throw new Error('no product');
    const card = [{ id: top.id, rev: source.card_rev, json: JSON.stringify(toCard(source)) }];
    if (dialect === 'postgres') {
      // A transaction holds the row (a column outside the card: the rev is unchanged); the keep does not wait for it
      // (awaited inside, a keep that waited would never end).
      await t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('products')
          .set({ updated_at: '2026-12-02T00:00:00.000Z' })
          .where('id', '=', top.id)
          .execute();
        await keepCards(t.db, 'en', CARD_FORMAT, card);
      });
    } else {
      // Another process holds SQLite's write lock: the keep gives up at once, not after the 5 s busy timeout.
      const other = new SQLite((t.config.DATABASE_URL ?? '').replace(/^file:/, ''));
      try {
        other.prepare('begin immediate').run();
        const started = performance.now();
        await keepCards(t.db, 'en', CARD_FORMAT, card);
        expect(performance.now() - started).toBeLessThan(1000);
        other.prepare('rollback').run();
      } finally {
        other.close();
      }
    }
    expect((await row(t.db, top.id)).card_en).toBeNull();
    // Free again: kept.
    await keepCards(t.db, 'en', CARD_FORMAT, card);
    expect(JSON.parse((await row(t.db, top.id)).card_en ?? 'null')).toEqual(toCard(source));
  });

  it('reads only what a card needs from the columns the trigger watches', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const column of sourceColumns(lang)) {
        const name = column.replace(/^p\./, '').replace(/ as .*$/, '');
        if (name !== 'id') expect(CARD_SOURCE_COLUMNS, column).toContain(name);
      }
    }
  });

  it('clears both cards and bumps the rev when an update names a column a card is made of, and only then', async () => {
    const [top] = await listed('en');
    if (!top) throw new Error('no product');
    const id = top.id;
    const before = await t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const keep = () => setProduct(id, { card_en: '{"kept":1}', card_zh: '{"kept":2}', card_format: CARD_FORMAT });
    const changed: Record<(typeof CARD_SOURCE_COLUMNS)[number], string | number> = {
      slug: `${before.slug}-x`,
      name_en: `${before.name_en} X`,
      name_zh: `${before.name_zh}X`,
      image: `${before.image}?x`,
      price_cents: before.price_cents + 1,
      discount_price_cents: (before.discount_price_cents ?? 0) + 1,
      price_varies: before.price_varies === 1 ? 0 : 1,
      stock_state: before.stock_state === 'in_stock' ? 'coming_soon' : 'in_stock',
      stock_total: before.stock_total + 1,
      rating_sum: before.rating_sum + 5,
      rating_count: before.rating_count + 1,
      created_at: '2020-01-01T00:00:00.000Z',
    };
    for (const column of CARD_SOURCE_COLUMNS) {
      await keep();
      const { card_rev: rev } = await row(t.db, id);
      await setProduct(id, { [column]: changed[column] });
      expect(await row(t.db, id), column).toEqual({
        card_en: null,
        card_zh: null,
        card_format: null,
        card_rev: rev + 1,
      });
      await setProduct(id, { [column]: before[column] });
    }
    // Columns the card is not made of leave the cards as they are.
    await keep();
    const kept = await row(t.db, id);
    await setProduct(id, {
      description_en: `${before.description_en}.`,
      updated_at: '2026-12-02T00:00:00.000Z',
      is_active: 1,
    });
    expect(await row(t.db, id)).toEqual(kept);
    await setProduct(id, {
      description_en: before.description_en,
      updated_at: before.updated_at,
      card_en: null,
      card_zh: null,
    });
    // And the list shows the product as its columns are.
    const [again] = await listed('en');
    expect(again).toEqual(await built(t.db, 'en', id));
  });

  it('answers a change at once: the next page shows the new price, stock and name', async () => {
    const [top] = await listed('en');
    if (!top) throw new Error('no product');
    await setProduct(top.id, {
      price_cents: top.price_cents + 100,
      stock_total: top.stock_total + 7,
      name_en: 'Renamed Tea',
    });
    const [after] = await listed('en');
    expect(after).toMatchObject({
      id: top.id,
      price_cents: top.price_cents + 100,
      stock_total: top.stock_total + 7,
      name: 'Renamed Tea',
    });
    const [source] = await cardSources(t.db, 'en', [top.id]);
    await setProduct(top.id, { price_cents: top.price_cents, stock_total: top.stock_total, name_en: top.name });
    expect(source?.name).toBe('Renamed Tea');
  });

  it('builds again a card kept in another format, and drops the other language’s card of that format', async () => {
    const [top] = await listed('en');
    if (!top) throw new Error('no product');
    await setProduct(top.id, { card_en: '{"old":true}', card_zh: '{"old":true}', card_format: CARD_FORMAT + 1 });
    const [again] = await listed('en');
    expect(again).toEqual(await built(t.db, 'en', top.id));
    const kept = await row(t.db, top.id);
    expect(kept).toMatchObject({ card_format: CARD_FORMAT, card_zh: null });
    expect(JSON.parse(kept.card_en ?? 'null')).toEqual(again);
  });

  it('never keeps a card built from columns a writer changed after they were read', async () => {
    const [top] = await listed('en');
    if (!top) throw new Error('no product');
    await setProduct(top.id, { card_en: null });
    // A read takes the columns…
    const [source] = await cardSources(t.db, 'en', [top.id]);
    if (!source) throw new Error('no product');
    // …a writer changes the stock…
    await setProduct(top.id, { stock_total: source.stock_total + 3 });
    // …and the read's card, built from the old columns, is not kept.
    await keepCards(t.db, 'en', CARD_FORMAT, [
      { id: top.id, rev: source.card_rev, json: JSON.stringify(toCard(source)) },
    ]);
    expect((await row(t.db, top.id)).card_en).toBeNull();
    expect((await listed('en'))[0]).toMatchObject({ id: top.id, stock_total: source.stock_total + 3 });
    await setProduct(top.id, { stock_total: source.stock_total });
  });

  it('under stock changes racing list reads, every card kept is the one the row’s columns make', async () => {
    const page = await listProductPage(t.db, 'en', { tagIds: [], order: 'newest', after: null, take: 8 });
    const ids = page.map((r) => r.id);
    const start = await cardSources(t.db, 'en', ids);
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; i < 40; i++) {
        const id = ids[(i * 3 + n) % ids.length] as number;
        await t.db
          .updateTable('products')
          .set((eb) => ({ stock_total: eb('stock_total', '+', 1) }))
          .where('id', '=', id)
          .execute();
      }
    };
    const reader = async () => {
      while (writing) {
        const answer = rawValue((await productList(t.shop, 'en', { limit: 8 })).products);
        expect(answer).toHaveLength(8);
      }
    };
    const readers = [reader(), reader(), reader()];
    await Promise.all([writer(0), writer(1), writer(2)]);
    writing = false;
    await Promise.all(readers);
    // One more read keeps whatever the last writes cleared.
    const last = rawValue((await productList(t.shop, 'en', { limit: 8 })).products);
    for (const id of ids) {
      const kept = await row(t.db, id);
      expect(kept.card_format, `product ${id}`).toBe(CARD_FORMAT);
      expect(JSON.parse(kept.card_en ?? 'null'), `product ${id}`).toEqual(await built(t.db, 'en', id));
      expect(last.find((p) => p.id === id)).toEqual(await built(t.db, 'en', id));
    }
    // 120 increments landed.
    const after = await cardSources(t.db, 'en', ids);
    const total = (rows: typeof start) => rows.reduce((s, r) => s + r.stock_total, 0);
    expect(total(after) - total(start)).toBe(120);
    for (const r of start) {
      await setProduct(r.id, { stock_total: r.stock_total });
    }
  });
});
