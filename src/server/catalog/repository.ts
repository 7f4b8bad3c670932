import type SQLite from 'better-sqlite3';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { StockState } from '../../common/contract/catalog';
import type { Lang } from '../../common/contract/lang';
import { type Db, nativeHandle } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { containsPattern } from '../db/search';
import { imageUrlAt } from '../files/images';
import { nowIso } from '../lib/time';
import type { Position } from './cursor';
import { readPrepared } from './page-statements';

// All catalogue SQL lives here. Names come back in the asked language.

export async function listCategories(db: Db, lang: Lang) {
  return db
    .selectFrom('categories')
    .select(['id', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/**
 * The hero's banners in order: switched on and within their days now (`starts_at` inclusive, `ends_at` exclusive,
 * either open; the rule of content-rules.ts `bannerState`). An uploaded image is answered at its wide width.
 */
export async function listBanners(db: Db, lang: Lang, now: string = nowIso()) {
  const rows = await db
    .selectFrom('banners')
    // The contract's order of fields (the answer is sent unchecked in production: routes.ts).
    .select([
      'id',
      'image',
      lang === 'zh' ? 'title_zh as title' : 'title_en as title',
      lang === 'zh' ? 'subtitle_zh as subtitle' : 'subtitle_en as subtitle',
      lang === 'zh' ? 'alt_zh as alt' : 'alt_en as alt',
      'link',
    ])
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((b) => ({ ...b, image: imageUrlAt(b.image, 1280) }));
}

export async function listTags(db: Db, lang: Lang) {
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'kind', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as 'type' | 'benefit' | 'tag' }));
}

/** A category by its id or its slug. */
export async function findCategory(db: Db, lang: Lang, key: { id: number } | { slug: string }) {
  let q = db.selectFrom('categories').select(['id', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name']);
  q = 'id' in key ? q.where('id', '=', key.id) : q.where('slug', '=', key.slug);
  return q.executeTakeFirst();
}

/** A type, benefit or tag by its slug (slugs are unique over all three kinds). */
export async function findTag(db: Db, lang: Lang, slug: string) {
  const row = await db
    .selectFrom('tags')
    .select(['id', 'kind', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && { ...row, kind: row.kind as 'type' | 'benefit' | 'tag' };
}

// ---------------------------------------------------------------------------
// Product list: keyset pages over (created_at, id)
// ---------------------------------------------------------------------------

type ListOrder = 'newest' | 'oldest';

export interface ListQuery {
  /** Drive the page from this category's index range. */
  categoryId?: number;
  /** Tags the products must all carry; the first drives the page when there is no category. */
  tagIds: number[];
  order: ListOrder;
  /** The last row of the previous page, or null for the first page. */
  after: Position | null;
  /** Rows to read (the caller asks one more than it shows, to know whether a next page exists). */
  take: number;
}

/** A product's card columns (catalog/cards.ts builds the card from them). */
export interface CardSource {
  id: number;
  slug: string;
  name: string;
  image: string;
  price_cents: number;
  discount_price_cents: number | null;
  stock_state: StockState;
  stock_total: number;
  rating_sum: number;
  rating_count: number;
  created_at: string;
}

/** The keyset position a page's row was read at. */
export interface PagePosition {
  pos_created_at: string;
  pos_id: number;
}

/** A search page's row: the card's columns and the row's position. */
export type CardRow = CardSource & PagePosition;

/** A list page's row: the card kept in the database (null until one is built) and the row's position. */
export interface PageRow extends PagePosition {
  id: number;
  card: string | null;
  card_format: number | null;
}

/**
 * The columns of products a card is made of: an update that names one clears the row's kept cards (the trigger of
 * migration 2026-12-02T00-00-product-cards; a test holds the two lists together).
 */
export const CARD_SOURCE_COLUMNS = [
  'slug',
  'name_en',
  'name_zh',
  'image',
  'price_cents',
  'discount_price_cents',
  'stock_state',
  'stock_total',
  'rating_sum',
  'rating_count',
  'created_at',
] as const;

/**
 * "After (t, i)" in the page's order, as a row-value comparison: SQLite (3.15+) and PostgreSQL both read it
 * as a range of the (…, created_at, id) index, so the page starts with one index seek however deep it is.
 */
function after(createdAt: Expression<string>, id: Expression<number>, pos: Position, order: ListOrder) {
  return order === 'newest'
    ? sql<SqlBool>`((${createdAt}, ${id}) < (${pos.createdAt}, ${pos.id}))`
    : sql<SqlBool>`((${createdAt}, ${id}) > (${pos.createdAt}, ${pos.id}))`;
}

type P = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

export const sourceColumns = (lang: Lang) =>
  [
    'p.id',
    'p.slug',
    lang === 'zh' ? 'p.name_zh as name' : 'p.name_en as name',
    'p.image',
    'p.price_cents',
    'p.discount_price_cents',
    'p.stock_state',
    'p.stock_total',
    'p.rating_sum',
    'p.rating_count',
    'p.created_at',
  ] as const;

/** Only products that carry every one of these tags (each check is one primary-key probe). */
const hasTags = (tagIds: number[]) => (eb: P) =>
  eb.and(
    tagIds.map((tagId) =>
      eb.exists(
        eb
          .selectFrom('product_tags as x')
          .select('x.product_id')
          .where('x.tag_id', '=', tagId)
          .whereRef('x.product_id', '=', 'p.id'),
      ),
    ),
  );

/** The kept card in the asked language and the format it was built in. */
const keptCardColumns = (lang: Lang) =>
  [lang === 'zh' ? 'p.card_zh as card' : 'p.card_en as card', 'p.card_format'] as const;

/**
 * `is_active = 1` written into the list's SQL, not bound: SQLite built with STAT4 (better-sqlite3 is) reads a value
 * bound against an indexed column while planning once the database has been analyzed, and then plans the kept
 * statement again on every run (catalog/page-statements.ts).
 */
const ACTIVE = sql.lit(1);

/**
 * One page of the list: each row's `columns` (`sources`: the card's columns, what search pages read; `kept`: the id
 * and the kept card, what list pages read) and its position. With a category or tag, the page is read from that join
 * table's (key, created_at, product_id) index range and each row joins products by primary key; without one, from
 * products(is_active, created_at, id). Either way a deep page reads `take` index entries, like page 1.
 */
export function productPageQuery(db: Db, lang: Lang, q: ListQuery, columns: 'sources' | 'kept' = 'sources') {
  const dir = q.order === 'newest' ? 'desc' : 'asc';
  const selected = columns === 'kept' ? (['p.id', ...keptCardColumns(lang)] as const) : sourceColumns(lang);
  if (q.categoryId === undefined && q.tagIds.length === 0) {
    let query = db
      .selectFrom('products as p')
      .select(selected)
      .select(['p.created_at as pos_created_at', 'p.id as pos_id'])
      .where('p.is_active', '=', ACTIVE);
    if (q.after) query = query.where(after(sql.ref('p.created_at'), sql.ref('p.id'), q.after, q.order));
    return query.orderBy('p.created_at', dir).orderBy('p.id', dir).limit(q.take);
  }
  if (q.categoryId !== undefined) {
    let query = db
      .selectFrom('product_categories as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .select(selected)
      .select(['d.created_at as pos_created_at', 'd.product_id as pos_id'])
      .where('d.category_id', '=', q.categoryId)
      .where('p.is_active', '=', ACTIVE);
    if (q.tagIds.length) query = query.where(hasTags(q.tagIds));
    if (q.after) query = query.where(after(sql.ref('d.created_at'), sql.ref('d.product_id'), q.after, q.order));
    return query.orderBy('d.created_at', dir).orderBy('d.product_id', dir).limit(q.take);
  }
  const [driver, ...rest] = q.tagIds as [number, ...number[]];
  let query = db
    .selectFrom('product_tags as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .select(selected)
    .select(['d.created_at as pos_created_at', 'd.product_id as pos_id'])
    .where('d.tag_id', '=', driver)
    .where('p.is_active', '=', ACTIVE);
  if (rest.length) query = query.where(hasTags(rest));
  if (q.after) query = query.where(after(sql.ref('d.created_at'), sql.ref('d.product_id'), q.after, q.order));
  return query.orderBy('d.created_at', dir).orderBy('d.product_id', dir).limit(q.take);
}

/** The list page query's columns, in order (the id, the kept card, then the position): the prepared read's arrays. */
const PAGE_ROW_COLUMNS = ['id', 'card', 'card_format', 'pos_created_at', 'pos_id'] as const;

const pageRowOf = (r: unknown[]): PageRow => ({
  id: r[0] as number,
  card: r[1] as string | null,
  card_format: r[2] as number | null,
  pos_created_at: r[3] as string,
  pos_id: r[4] as number,
});

/**
 * The name of a list page's prepared shape. The page size is part of it: SQLite plans a statement again on every run
 * when its LIMIT is a parameter, so the LIMIT is written into the SQL (db/inline-limit.ts).
 */
export const pageShapeKey = (lang: Lang, q: ListQuery) =>
  `page_${lang}_${q.order}_${q.after ? 'after' : 'first'}_${q.categoryId === undefined ? 'all' : 'category'}_${q.tagIds.length}_${q.take}`;

/**
 * One page of the list, each row with its kept card: `productPageQuery`, compiled once per shape (language, order,
 * first page or after a cursor, category or not, how many tags, page size) and run as a prepared statement
 * (page-statements.ts).
 */
export async function listProductPage(db: Db, lang: Lang, q: ListQuery): Promise<PageRow[]> {
  const prepared = await readPrepared(db, {
    key: pageShapeKey(lang, q),
    // Values: category, the cursor's two, then the tags.
    build: (slot) =>
      productPageQuery(
        db,
        lang,
        {
          ...(q.categoryId === undefined ? {} : { categoryId: slot<number>(0) }),
          tagIds: q.tagIds.map((_, i) => slot<number>(3 + i)),
          order: q.order,
          after: q.after && { createdAt: slot<string>(1), id: slot<number>(2) },
          take: q.take,
        },
        'kept',
      ),
    values: [q.categoryId, q.after?.createdAt, q.after?.id, ...q.tagIds],
    columns: PAGE_ROW_COLUMNS,
    row: pageRowOf,
  });
  return prepared ?? ((await productPageQuery(db, lang, q, 'kept').execute()) as PageRow[]);
}

/** These products' card columns, with the rev they were read at (for `keepCards`). */
export async function cardSources(
  db: Db,
  lang: Lang,
  ids: number[],
): Promise<Array<CardSource & { card_rev: number }>> {
  if (ids.length === 0) return [];
  return (await db
    .selectFrom('products as p')
    .select(sourceColumns(lang))
    .select('p.card_rev')
    .where('p.id', 'in', ids)
    .execute()) as Array<CardSource & { card_rev: number }>;
}

/** The keep's statements, prepared once per connection and SQL text (one per language). */
const keepStatements = new WeakMap<object, Map<string, SQLite.Statement>>();
function keepStatement(sqlite: SQLite.Database, text: string): SQLite.Statement {
  let byText = keepStatements.get(sqlite);
  if (!byText) {
    byText = new Map();
    keepStatements.set(sqlite, byText);
  }
  let statement = byText.get(text);
  if (!statement) {
    statement = sqlite.prepare(text);
    byText.set(text, statement);
  }
  return statement;
}

/**
 * Keeps cards built in `format`, each only if its row's rev is still the one its columns were read at (else a writer
 * changed the row since, and its trigger cleared the cards: this card would be stale). The row's card in the other
 * language stays if it is of the same format, else it is cleared, so `card_format` speaks for both.
 *
 * A list read never waits for a writer here: on PostgreSQL each card is one statement that takes its row only if no
 * transaction holds it (`for update skip locked`; one row at a time, so no lock order to break); on SQLite the cards
 * are written only if the database's write lock is free now (another process, e.g. the operator's command line, may
 * hold it), not after the connection's busy timeout. A card not kept is built again by the next read. Inside a
 * caller's transaction nothing is kept (that transaction's writes are not the shop's yet).
 */
export async function keepCards(
  db: Db,
  lang: Lang,
  format: number,
  cards: ReadonlyArray<{ id: number; rev: number; json: string }>,
): Promise<void> {
  const native = nativeHandle(db);
  if (!native || cards.length === 0) return;
  const [own, other] = lang === 'zh' ? (['card_zh', 'card_en'] as const) : (['card_en', 'card_zh'] as const);
  const keep = (id: number, rev: number, json: string) =>
    db
      .updateTable('products')
      .set({
        [own]: json,
        [other]: sql<string | null>`case when card_format = ${format} then ${sql.ref(other)} end`,
        card_format: format,
      })
      .where('id', '=', id)
      .where('card_rev', '=', rev);
  if (native.kind === 'postgres') {
    for (const card of [...cards].sort((a, b) => a.id - b.id)) {
      await keep(card.id, card.rev, card.json)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('products as free')
            .select('free.id')
            .where('free.id', '=', card.id)
            .where('free.card_rev', '=', card.rev)
            .forUpdate()
            .skipLocked(),
        )
        .execute();
    }
    return;
  }
  // SQLite: Kysely compiles the statement (the one SQL source); it runs on the app's own connection, inside Kysely's
  // lock (so between other callers' statements, never in their transactions), with no busy wait.
  const compiled = cards.map((card) => keep(card.id, card.rev, card.json).compile());
  await db.getExecutor().provideConnection(async () => {
    const sqlite = native.sqlite;
    const timeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
    sqlite.pragma('busy_timeout = 0');
    try {
      sqlite
        .transaction(() => {
          for (const c of compiled) keepStatement(sqlite, c.sql).run(...(c.parameters as unknown[]));
        })
        .immediate();
    } catch (err) {
      // Another process writes now: the cards are kept by a later read.
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    } finally {
      sqlite.pragma(`busy_timeout = ${timeout}`);
    }
  });
}

// ---------------------------------------------------------------------------
// Product details
// ---------------------------------------------------------------------------

export async function findProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', productId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function listPackagings(db: Db, lang: Lang, productId: number) {
  return (
    db
      .selectFrom('product_variants')
      .select([
        'id',
        lang === 'zh' ? 'name_zh as name' : 'name_en as name',
        'name_en',
        'name_zh',
        'price_cents',
        'discount_price_cents',
        'stock',
      ])
      .where('product_id', '=', productId)
      // A retired packaging is never shown (it stays for the orders that name it).
      .where('is_retired', '=', 0)
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  );
}

/** The product's images in order, each with its alt text in the asked language ('' when staff gave none). */
export async function listImages(db: Db, lang: Lang, productId: number) {
  return db
    .selectFrom('product_images')
    .select(['url', lang === 'zh' ? 'alt_zh as alt' : 'alt_en as alt'])
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listProductCategories(db: Db, lang: Lang, productId: number) {
  return db
    .selectFrom('product_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['c.id', 'c.slug', lang === 'zh' ? 'c.name_zh as name' : 'c.name_en as name'])
    .where('pc.product_id', '=', productId)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

export async function listProductTags(db: Db, lang: Lang, productId: number) {
  const rows = await db
    .selectFrom('product_tags as pt')
    .innerJoin('tags as t', 't.id', 'pt.tag_id')
    .select(['t.id', 't.kind', 't.slug', lang === 'zh' ? 't.name_zh as name' : 't.name_en as name'])
    .where('pt.product_id', '=', productId)
    .orderBy('t.sort_order')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as 'type' | 'benefit' | 'tag' }));
}

/** How many reviews gave each number of stars. */
export async function ratingCounts(db: Db, productId: number) {
  return db
    .selectFrom('reviews')
    .select(['rating', sql<number>`count(*)`.as('n')])
    .where('product_id', '=', productId)
    .groupBy('rating')
    .execute();
}

// ---------------------------------------------------------------------------
// Reviews: keyset pages over (created_at, id), newest first
// ---------------------------------------------------------------------------

export function reviewPageQuery(db: Db, productId: number, pos: Position | null, take: number) {
  let q = db
    .selectFrom('reviews as r')
    .select(['r.id', 'r.rating', 'r.title', 'r.description', 'r.nickname', 'r.created_at'])
    .where('r.product_id', '=', productId);
  if (pos) q = q.where(after(sql.ref('r.created_at'), sql.ref('r.id'), pos, 'newest'));
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(take);
}

export async function listReviewPage(db: Db, productId: number, pos: Position | null, take: number) {
  return reviewPageQuery(db, productId, pos, take).execute();
}

// ---------------------------------------------------------------------------
// Search (decision 017): name matches first, then description-only matches, each a keyset page over
// products (created_at, id). SQLite reads FTS5 (trigram) through `product_search_name` / `_body`; PostgreSQL the
// pg_trgm and piece indexes of the 2026-11-25T00-00-search migration (the expressions below must stay those of the indexes).
// ---------------------------------------------------------------------------

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
