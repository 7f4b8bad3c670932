import { sql } from 'kysely';
import { migrateToLatest } from '../../../src/server/db/migrate';
import * as emailNfc from '../../../src/server/db/migrations/2026-11-25T05-00-email-nfc';
import { seedDemo, seedIfEmpty } from '../../../src/server/seed/index';
import { createUser } from '../../factories/users';
import { dialects, freshDatabase, type TestDatabase } from '../helper';

const count = async (t: TestDatabase, table: 'categories' | 'products' | 'banners' | 'states' | 'tags') =>
  Number((await t.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

describe.each(dialects)('migrations on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await freshDatabase(dialect);
  });
  afterEach(async () => {
    await t?.close();
  });

  it('run from an empty database, and a second run applies nothing', async () => {
    const tablesBefore = await t.db.introspection.getTables();
    expect(tablesBefore.filter((x) => !x.name.startsWith('kysely_'))).toEqual([]);

    const applied = await migrateToLatest(t.db);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied[0]).toBe('2026-11-22T00-00-initial');
    expect([...applied].sort()).toEqual(applied);

    const names = (await t.db.introspection.getTables()).map((x) => x.name);
    for (const table of ['users', 'sessions', 'categories', 'products', 'product_variants', 'orders', 'coupons']) {
      expect(names).toContain(table);
    }

    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('the seed writes the demo shop once: 7 categories in menu order', async () => {
    await migrateToLatest(t.db);
    expect(await seedIfEmpty(t.db)).toBe(true);
    const categories = await t.db
      .selectFrom('categories')
      .select(['slug', 'sort_order'])
      .orderBy('sort_order')
      .execute();
    expect(categories.map((c) => c.slug)).toEqual([
      'best-sellers',
      'all-teas',
      'accessories',
      'matcha',
      'bundle-save',
      'gift-shop',
      'variety-packs',
    ]);
    expect(await count(t, 'products')).toBeGreaterThan(20);
    expect(await count(t, 'banners')).toBeGreaterThan(0);
    expect(await count(t, 'states')).toBeGreaterThan(0);

    // A second start seeds nothing more.
    expect(await seedIfEmpty(t.db)).toBe(false);
    expect(await count(t, 'categories')).toBe(7);
  });

  it('every seeded product has a variant, a category and consistent list fields', async () => {
    await migrateToLatest(t.db);
    await seedDemo(t.db);
    const products = await t.db.selectFrom('products').select(['id', 'slug', 'price_cents', 'stock_total']).execute();
    const variants = await t.db.selectFrom('product_variants').select(['product_id', 'price_cents', 'stock']).execute();
    const links = await t.db.selectFrom('product_categories').select(['product_id']).execute();
    for (const p of products) {
      const own = variants.filter((v) => v.product_id === p.id);
      expect(own.length, p.slug).toBeGreaterThan(0);
      expect(p.stock_total, p.slug).toBe(own.reduce((s, v) => s + v.stock, 0));
      expect(
        links.some((l) => l.product_id === p.id),
        p.slug,
      ).toBe(true);
      expect(Number.isInteger(p.price_cents)).toBe(true);
    }
  });
  it('rewrites addresses stored before NFC in NFC, unless that form is already taken', async () => {
    await migrateToLatest(t.db);
    const decomposed = 'jose\u0301@example.com'; // "josé" with a combining accent
    const composed = 'jos\u00e9@example.com';
    const twinDecomposed = 'rene\u0301@example.com';
    const twinComposed = 'ren\u00e9@example.com';
    const a = await createUser(t.db, { email: decomposed });
    const b = await createUser(t.db, { email: twinDecomposed });
    const c = await createUser(t.db, { email: twinComposed });
    const plain = await createUser(t.db);

    await emailNfc.up(t.db);

    const emailOf = async (id: number) =>
      (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
    expect(await emailOf(a.user.id)).toBe(composed);
    // The NFC form belongs to another account: neither is changed (never merged silently).
    expect(await emailOf(b.user.id)).toBe(twinDecomposed);
    expect(await emailOf(c.user.id)).toBe(twinComposed);
    expect(await emailOf(plain.user.id)).toBe(plain.user.email);
  });
});
