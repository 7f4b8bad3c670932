import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import { containsPattern } from '../db/search';
import type { Position } from './cursor';
import { after, type CardRow, hasTags, type ListOrder, productPageQuery, sourceColumns } from './list-repository';

// Product search's SQL (decision 017): name matches first, then description-only matches, each a keyset page over
// products (created_at, id). SQLite reads FTS5 (trigram) through `product_search_name` / `_body`; PostgreSQL the
// pg_trgm and piece indexes of the 2026-11-25T00-00-search migration (the expressions below must stay those of the indexes).

export interface SearchQuery {
  /** The search text, trimmed, not empty. */
  text: string;
  categoryId?: number;
  tagIds: number[];
  order: ListOrder;
  /** 0: products whose name matches; 1: products whose description matches and name does not. */
  group: 0 | 1;
  after: Position | null;
  take: number;
}

/** The 1- and 2-character pieces of a PostgreSQL query that `product_search_grams` indexes (its bigrams, or itself). */
function pieces(text: string): string[] {
  const chars = Array.from(text);
  if (chars.length < 2) return chars;
  return [...new Set(chars.slice(1).map((c, i) => `${chars[i]}${c}`))];
}

/** The indexed text of a field in PostgreSQL (the migration's index expressions). */
const pgText = (column: 'name' | 'body') =>
  column === 'name'
    ? sql`lower(p.name_en || ' ' || p.name_zh)`
    : sql`lower(p.description_en || ' ' || p.description_zh)`;

/** Whether PostgreSQL reads `q` from the pieces indexes (else from pg_trgm): see pgContains. */
const pgPieces = (q: string) => !(/^[\x20-\x7e]*$/.test(q) && /[a-z0-9]{3}/i.test(q));

/**
 * The field contains `q` (case-insensitive, taken literally), read from one of PostgreSQL's search indexes: pg_trgm
 * (LIKE) for ASCII with 3 letters or digits in a row, which every LC_CTYPE reads alike; the 1–2-character pieces for
 * anything else (Chinese, short text, punctuation), then checked with strpos (which no trigram index serves, so the
 * planner reads the pieces index alone and nothing is computed row by row).
 */
function pgContains(column: 'name' | 'body', q: string) {
  const text = pgText(column);
  if (!pgPieces(q)) {
    return sql<SqlBool>`${text} like ${containsPattern(q)} escape '\\'`;
  }
  // The text is checked against PostgreSQL's own lower(q) (the index's lower, whatever the locale). The pieces come
  // from JavaScript, which may fold a non-ASCII capital where the database's LC_CTYPE does not ("Ö" stays "Ö" under
  // C): then the pieces of both foldings are asked for, either one found.
  const folded = [q.toLowerCase(), asciiLower(q)].filter((v, i, all) => all.indexOf(v) === i);
  const grams = folded.map((f) => sql<SqlBool>`product_search_grams(${text}) @> cast(${sql.val(pieces(f))} as text[])`);
  return sql<SqlBool>`(strpos(${text}, lower(${q})) > 0 and (${sql.join(grams, sql` or `)}))`;
}

/** ASCII letters in lower case, every other character as it is (PostgreSQL's lower() under the C locale). */
const asciiLower = (q: string) => q.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The smallest string above every string that begins with `prefix` (code point order, which is UTF-8's byte order:
 * SQLite's), or null when there is none (every character U+10FFFF). Skips the surrogates, which UTF-8 cannot hold.
 */
function prefixEnd(prefix: string): string | null {
  const chars = Array.from(prefix);
  while (chars.length) {
    const last = (chars.pop() as string).codePointAt(0) ?? 0;
    if (last < 0x10ffff) {
      const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
      return `${chars.join('')}${String.fromCodePoint(next)}`;
    }
  }
  return null;
}

/**
 * The ids of the products whose `column` contains `q`, from SQLite's FTS5 index of that field (decision 017): a
 * trigram phrase for 3+ characters, else the index entries of every trigram that begins with the text.
 */
export function sqliteMatches(column: 'name' | 'body', q: string) {
  const chars = Array.from(q.toLowerCase());
  const table = sql.table(`product_search_${column}`);
  if (chars.length >= 3) {
    // One phrase: the FTS5 string syntax doubles quotes, and nothing inside it is an operator or a wildcard.
    return sql<{ id: number }>`select rowid as id from ${table} where ${table} match ${`"${q.replace(/"/g, '""')}"`}`;
  }
  const prefix = chars.join('');
  const upper = prefixEnd(prefix);
  return sql<{ id: number }>`select distinct doc as id from ${sql.table(`product_search_${column}_terms`)}
    where term >= ${prefix}${upper === null ? sql`` : sql` and term < ${upper}`}`;
}

/**
 * How a search page is read (decision 017). The search first reads up to DENSE_MATCHES ids of the group's matches
 * from the search index (SQLite: FTS5; PostgreSQL: pg_trgm or the pieces):
 * - `ids` (fewer: that is all of them): the products of these ids, filtered and sorted;
 * - `scan` (as many or more): the list's own page query (products, category or tag index, in the list's order) with
 *   the text checked row by row until the page is full; at 1 match in 400 or more, a page reads a few thousand rows at
 *   worst, never the table, and never sorts tens of thousands of matches.
 * Neither planner can tell which is which: SQLite cannot see inside FTS5, and PostgreSQL multiplies the frequencies of
 * a query's pieces as if they were independent.
 */
export type SearchPlan = { kind: 'ids'; ids: number[] } | { kind: 'scan' };

/** At this many matches or more a search page is read in the list's order (`scan`). */
const DENSE_MATCHES = 250;

/**
 * The field contains the text, checked on the row: the `scan` plan's check, and on SQLite also the `ids` plan's (so
 * both plans, and the two groups, agree on what matches: a product is never in both groups, and a page boundary
 * between the plans neither repeats nor skips).
 */
function rowContains(db: Db, column: 'name' | 'body', q: string) {
  if (isPostgres(db as unknown as Kysely<unknown>)) return sql<SqlBool>`(strpos(${pgText(column)}, lower(${q})) > 0)`;
  // SQLite's LIKE ignores ASCII case only; FTS5's trigram tokenizer folds every case, so it finds a superset. The text
  // as typed (not lower-cased: SQLite's lower() leaves "Ö" alone), its wildcards escaped.
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [en, zh] = column === 'name' ? ['p.name_en', 'p.name_zh'] : ['p.description_en', 'p.description_zh'];
  return sql<SqlBool>`(${sql.ref(en)} like ${pattern} escape '\\' or ${sql.ref(zh)} like ${pattern} escape '\\')`;
}

/**
 * The query that reads the ids of a group's matches from the search index, the first `limit` of them (null: all).
 * SQLite's description matches stand for the description-only ones: an upper bound, enough to tell many from few.
 */
export function searchIndexQuery(db: Db, q: Pick<SearchQuery, 'text' | 'group'>, limit: number | null = DENSE_MATCHES) {
  const column = q.group === 0 ? 'name' : 'body';
  const bound = limit === null ? sql`` : sql` limit ${limit}`;
  if (!isPostgres(db as unknown as Kysely<unknown>))
    return sql<{ id: number }>`${sqliteMatches(column, q.text)}${bound}`;
  const notName = q.group === 0 ? sql`` : sql` and not ${rowContains(db, 'name', q.text)}`;
  return sql<{ id: number }>`select p.id from products p
    where p.is_active = 1 and ${pgContains(column, q.text)}${notName}${bound}`;
}

/** Reads the first ids from the search index (PostgreSQL: only through a bitmap of it, see below). */
async function firstMatches(db: Db, q: Pick<SearchQuery, 'text' | 'group'>): Promise<{ id: number }[]> {
  if (!isPostgres(db as unknown as Kysely<unknown>) || !pgPieces(q.text)) {
    return (await searchIndexQuery(db, q).execute(db)).rows;
  }
  // PostgreSQL's planner, seeing a LIMIT and guessing many matches, would rather walk the table computing
  // product_search_grams() on each row (~0.1–0.4 ms each) than read the pieces index: this one read may only use
  // bitmaps (of that index; the function is then never computed), on one process.
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
      set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
    return (await searchIndexQuery(trx, q).execute(trx)).rows;
  });
}

/** Chooses the plan of a search page (see SearchPlan). */
export async function searchPlan(db: Db, q: Pick<SearchQuery, 'text' | 'group'>): Promise<SearchPlan> {
  const rows = await firstMatches(db, q);
  return rows.length >= DENSE_MATCHES ? { kind: 'scan' } : { kind: 'ids', ids: rows.map((r) => Number(r.id)) };
}

export function searchPageQuery(db: Db, lang: Lang, q: SearchQuery, plan: SearchPlan) {
  const check = rowContains(db, q.group === 0 ? 'name' : 'body', q.text);
  const found =
    plan.kind === 'scan'
      ? check
      : isPostgres(db as unknown as Kysely<unknown>)
        ? sql<SqlBool>`p.id in (${sql.join(plan.ids.length ? plan.ids : [0])})`
        : sql<SqlBool>`(p.id in (${sql.join(plan.ids.length ? plan.ids : [0])}) and ${check})`;
  const matches = q.group === 0 ? found : sql<SqlBool>`(${found} and not ${rowContains(db, 'name', q.text)})`;
  if (plan.kind === 'scan') {
    const { categoryId, tagIds, order, after: position, take } = q;
    return productPageQuery(db, lang, {
      ...(categoryId === undefined ? {} : { categoryId }),
      tagIds,
      order,
      after: position,
      take,
    }).where(matches);
  }
  const dir = q.order === 'newest' ? 'desc' : 'asc';
  let query = db
    .selectFrom('products as p')
    .select(sourceColumns(lang))
    .select(['p.created_at as pos_created_at', 'p.id as pos_id'])
    .where('p.is_active', '=', 1)
    .where(matches);
  if (q.categoryId !== undefined) {
    const categoryId = q.categoryId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_categories as c')
          .select('c.product_id')
          .where('c.category_id', '=', categoryId)
          .whereRef('c.product_id', '=', 'p.id'),
      ),
    );
  }
  if (q.tagIds.length) query = query.where(hasTags(q.tagIds));
  if (q.after) query = query.where(after(sql.ref('p.created_at'), sql.ref('p.id'), q.after, q.order));
  return query.orderBy('p.created_at', dir).orderBy('p.id', dir).limit(q.take);
}

/** List rows a search page first reads in the list's order, the text checked on each (see quickSearchPageQuery). */
const QUICK_ROWS = 200;

/**
 * A search page from the next QUICK_ROWS rows of the list alone (its own index, its order), the text checked on each:
 * when the text is common (a letter, a word most names share) that is the page, without reading the search index's
 * thousands of matches first. Fewer than `take` rows found says nothing (the matches may be further on): then the
 * page is read by searchPlan. It checks what the `scan` plan checks, so pages agree whichever way they were read.
 */
export function quickSearchPageQuery(db: Db, lang: Lang, q: SearchQuery) {
  const { categoryId, tagIds, order, after: position, take } = q;
  // The rows with the texts the check reads, named `p` as products are (the check's column names then read them).
  const rows = productPageQuery(db, lang, {
    ...(categoryId === undefined ? {} : { categoryId }),
    tagIds,
    order,
    after: position,
    take: Math.max(QUICK_ROWS, take),
  }).select(['p.name_en', 'p.name_zh', 'p.description_en', 'p.description_zh']);
  const found = rowContains(db, q.group === 0 ? 'name' : 'body', q.text);
  const matches = q.group === 0 ? found : sql<SqlBool>`(${found} and not ${rowContains(db, 'name', q.text)})`;
  const dir = order === 'newest' ? 'desc' : 'asc';
  // The card's columns and the texts (which toCard leaves out).
  return db
    .selectFrom(rows.as('p'))
    .selectAll('p')
    .where(matches)
    .orderBy('p.pos_created_at', dir)
    .orderBy('p.pos_id', dir)
    .limit(take);
}

export async function searchProductPage(db: Db, lang: Lang, q: SearchQuery): Promise<CardRow[]> {
  const quick = (await quickSearchPageQuery(db, lang, q).execute()) as CardRow[];
  if (quick.length >= q.take) return quick;
  const plan = await searchPlan(db, q);
  if (plan.kind === 'ids' && plan.ids.length === 0) return [];
  return (await searchPageQuery(db, lang, q, plan).execute()) as CardRow[];
}
