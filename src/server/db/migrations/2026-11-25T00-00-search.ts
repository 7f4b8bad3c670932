import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Product search (issue 17, decision 017): English and Chinese names and descriptions.
//
// SQLite: FTS5 tables with the trigram tokenizer, `product_search_name` and `product_search_body` (English and Chinese
// in one text), their rowid the product's id, kept by triggers on products (so every writer keeps them: back office,
// CSV and JSON imports, seeds, tests). Each language's text ends with two U+001F (a character nobody types): every 1-
// or 2-character string the product contains then starts some trigram, so a short query reads the index entries of
// the trigrams it begins (`product_search_*_terms`, fts5vocab tables) instead of scanning. 3+ characters are an
// ordinary trigram phrase.
//
// PostgreSQL: pg_trgm GIN indexes for ASCII queries of 3+ characters, and GIN indexes over each text's set of 1- and
// 2-character pieces (`product_search_grams`) for Chinese and short queries: pg_trgm skips what the database's
// LC_CTYPE does not call a letter (CJK under the C locale), the pieces do not depend on the locale. The function is
// priced high (`cost 1000`) so the planner reads its index rather than computing it row by row. All are expression
// indexes, so they follow every writer of products without triggers; `fastupdate = off` puts each write in the index
// at once (products change seldom; a search never reads a pending list).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (isPostgres(db)) {
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
    } catch (err) {
      // Not allowed (a role without CREATE on the database) or not installed: say what to do, not only what failed.
      const code = (err as { code?: string }).code;
      if (code !== '42501' && code !== '58P01' && code !== '0A000') throw err;
      throw new Error(
        `search needs PostgreSQL's pg_trgm extension, which ${code === '42501' ? 'this role may not create' : 'is not installed on the server (Debian: the postgresql-contrib package)'}: have a superuser or the database's owner run "create extension pg_trgm;" in this database once, then start again (${(err as Error).message})`,
        { cause: err },
      );
    }
    await sql`
      create function product_search_grams(t text) returns text[] language sql immutable strict parallel safe cost 1000 as $$
        select coalesce(array_agg(distinct g), '{}') from (
          select substr(t, i, 1) as g from generate_series(1, char_length(t)) as i
          union all
          select substr(t, i, 2) from generate_series(1, char_length(t) - 1) as i
        ) as pieces
      $$`.execute(db);
    await sql`create index products_search_name_trgm on products
      using gin (lower(name_en || ' ' || name_zh) gin_trgm_ops) with (fastupdate = off)`.execute(db);
    await sql`create index products_search_body_trgm on products
      using gin (lower(description_en || ' ' || description_zh) gin_trgm_ops) with (fastupdate = off)`.execute(db);
    await sql`create index products_search_name_grams on products
      using gin (product_search_grams(lower(name_en || ' ' || name_zh))) with (fastupdate = off)`.execute(db);
    await sql`create index products_search_body_grams on products
      using gin (product_search_grams(lower(description_en || ' ' || description_zh))) with (fastupdate = off)`.execute(
      db,
    );
    return;
  }
  // One FTS5 table per field, so a name search never reads description entries (and the other way round).
  for (const field of ['name', 'body']) {
    await sql`create virtual table ${sql.raw(`product_search_${field}`)} using fts5(text, tokenize = 'trigram')`.execute(
      db,
    );
    await sql`create virtual table ${sql.raw(`product_search_${field}_terms`)}
      using fts5vocab(${sql.raw(`product_search_${field}`)}, 'instance')`.execute(db);
  }
  const name = (p: string) => sql.raw(`${p}.name_en || char(31, 31) || ${p}.name_zh || char(31, 31)`);
  const body = (p: string) => sql.raw(`${p}.description_en || char(31, 31) || ${p}.description_zh || char(31, 31)`);
  await sql`create trigger products_search_insert after insert on products begin
      insert into product_search_name (rowid, text) values (new.id, ${name('new')});
      insert into product_search_body (rowid, text) values (new.id, ${body('new')});
    end`.execute(db);
  await sql`create trigger products_search_name_update after update of name_en, name_zh on products begin
      update product_search_name set text = ${name('new')} where rowid = new.id;
    end`.execute(db);
  await sql`create trigger products_search_body_update after update of description_en, description_zh on products begin
      update product_search_body set text = ${body('new')} where rowid = new.id;
    end`.execute(db);
  await sql`create trigger products_search_delete after delete on products begin
      delete from product_search_name where rowid = old.id;
      delete from product_search_body where rowid = old.id;
    end`.execute(db);
  await sql`insert into product_search_name (rowid, text) select p.id, ${name('p')} from products p`.execute(db);
  await sql`insert into product_search_body (rowid, text) select p.id, ${body('p')} from products p`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    for (const index of [
      'products_search_body_grams',
      'products_search_name_grams',
      'products_search_body_trgm',
      'products_search_name_trgm',
    ]) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    await sql`drop function if exists product_search_grams(text)`.execute(db);
    return;
  }
  for (const trigger of ['delete', 'body_update', 'name_update', 'insert']) {
    await sql`drop trigger if exists ${sql.raw(`products_search_${trigger}`)}`.execute(db);
  }
  for (const table of ['body_terms', 'name_terms', 'body', 'name']) {
    await sql`drop table if exists ${sql.raw(`product_search_${table}`)}`.execute(db);
  }
}
