import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { analyze, explain } from '../../../../src/server/catalog/explain';
import { quickSearchPageQuery, type SearchQuery } from '../../../../src/server/catalog/search-repository';
import { productList } from '../../../../src/server/catalog/service';
import { createDb } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { rawValue } from '../../../../src/server/lib/raw-json';
import { seedSyntheticProducts } from '../../../../src/server/seed/synthetic';
import { createPgDatabase, withDatabase } from '../../../setup/postgres';
import { buildTestApp, dialects, onPostgres, pgAdminUrl, type TestApp } from '../../helper';

/** Search (docs/decisions/017), found in review: the migration without pg_trgm rights, a common text's pages. */
describe.runIf(onPostgres)('the search migration on PostgreSQL without pg_trgm rights', () => {
  it('says what to do when the role may not create pg_trgm, and runs once a superuser has created it', async () => {
    const admin = pgAdminUrl();
    const database = await createPgDatabase(admin);
    const role = `search_role_${randomBytes(4).toString('hex')}`;
    const root = createDb({ kind: 'postgres', location: database.url }, { poolSize: 1 });
    // A role that owns the schema (so it can make tables) but has no CREATE on the database (so no extension).
    await sql.raw(`create role ${role} login password '${role}'`).execute(root);
    await sql.raw(`alter schema public owner to ${role}`).execute(root);
    const as = new URL(database.url);
    as.username = role;
    as.password = role;
    const url = as.toString();
    const db = createDb({ kind: 'postgres', location: url }, { poolSize: 3 });
    try {
      await expect(migrateToLatest(db)).rejects.toThrow(
        /this role may not create.*"create extension pg_trgm;" in this database/,
      );
      await sql`create extension pg_trgm`.execute(root);
      await migrateToLatest(db);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes
        where indexname like 'products_search_%'`.execute(db);
      expect(rows[0]?.n).toBe(4);
    } finally {
      await db.destroy();
      await root.destroy();
      await database.drop();
      const c = createDb({ kind: 'postgres', location: withDatabase(admin, 'postgres') }, { poolSize: 1 });
      await sql.raw(`drop role if exists ${role}`).execute(c);
      await c.destroy();
    }
  }, 60_000);
});

describe.each(dialects)('a common text on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedSyntheticProducts(t.db, 3000);
    await analyze(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is read from the list’s next rows (its order index), the same pages as a scan of every product says', async () => {
    for (const categoryId of [undefined, 1]) {
      const input: SearchQuery = { text: 'o', tagIds: [], order: 'newest', group: 0, after: null, take: 21 };
      if (categoryId) input.categoryId = categoryId;
      const plan = (await explain(t.db, quickSearchPageQuery(t.db, 'en', input).compile())).join('\n');
      // The table only through an index; SQLite's one plain SCAN is of the co-routine holding those next rows.
      const scans = plan.split('\n').filter((line) => /SCAN \w+\b(?! USING)|Seq Scan/.test(line));
      expect(scans).toEqual(dialect === 'sqlite' ? ['SCAN p'] : []);
      if (dialect === 'sqlite') expect(plan).toMatch(/CO-ROUTINE p/);
      expect(plan).toMatch(/products_list_idx|product_categories_list_idx/);
    }
    // Page after page, the quick read and the plans agree: what the whole walk finds is what a scan says.
    for (const q of ['o', '乌龙']) {
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 15; i++) {
        const page = await productList(t.shop, 'en', { q, limit: 50, ...(cursor ? { cursor } : {}) });
        seen.push(...rawValue(page.products).map((p) => p.id));
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      const names = await t.db
        .selectFrom('products')
        .select(['id', 'name_en', 'name_zh'])
        .where('is_active', '=', 1)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const byName = names.filter((r) => `${r.name_en} ${r.name_zh}`.toLowerCase().includes(q)).map((r) => r.id);
      expect(seen.slice(0, Math.min(seen.length, byName.length))).toEqual(byName.slice(0, seen.length));
    }
  });
});
