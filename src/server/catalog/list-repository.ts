import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { StockState } from '../../common/contract/catalog';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import type { Position } from './cursor';
import { readPrepared } from './page-statements';

// The product list's SQL: keyset pages over (created_at, id), each row with its kept card (card-repository.ts keeps
// the cards; search-repository.ts reads search pages through the same page query). Names come back in the asked
// language.

export type ListOrder = 'newest' | 'oldest';

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
  price_varies: number;
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
 * "After (t, i)" in the page's order, as a row-value comparison: SQLite (3.15+) and PostgreSQL both read it
 * as a range of the (…, created_at, id) index, so the page starts with one index seek however deep it is.
 */
export function after(createdAt: Expression<string>, id: Expression<number>, pos: Position, order: ListOrder) {
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
    'p.price_varies',
    'p.stock_state',
    'p.stock_total',
    'p.rating_sum',
    'p.rating_count',
    'p.created_at',
  ] as const;

/** Only products that carry every one of these tags (each check is one primary-key probe). */
export const hasTags = (tagIds: number[]) => (eb: P) =>
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

/**
 * What a list page reads of each row, as one text: `<position's created_at> <position's id> <card_format> <card>` (the
 * card kept in the asked language; the format and the card empty when there is none). One value per row, not five:
 * turning each value of a row into JS is most of what reading a page costs (better-sqlite3 sets each array element
 * through V8's API), so a page of 21 rows reads 21 strings (docs/decisions/059). The position's
 * id is the product's (the join tables' product_id). `pageRowOf` reads it back.
 */
const keptRow = (lang: Lang, createdAt: string, id: string) =>
  sql<string>`${sql.ref(createdAt)} || ' ' || ${sql.ref(id)} || ' ' || coalesce(cast(${sql.ref('p.card_format')} as text), '') || ' ' || coalesce(${sql.ref(lang === 'zh' ? 'p.card_zh' : 'p.card_en')}, '')`.as(
    'page_row',
  );

/**
 * `is_active = 1` written into the list's SQL, not bound: SQLite built with STAT4 (better-sqlite3 is) reads a value
 * bound against an indexed column while planning once the database has been analyzed, and then plans the kept
 * statement again on every run (catalog/page-statements.ts).
 */
const ACTIVE = sql.lit(1);

/**
 * One page of the list: each row's `columns` (`sources`: the card's columns, what search pages read; `kept`: the kept
 * card, what list pages read, in one text with the position: `keptRow`) and its position. With a category or tag, the page is read from that join
 * table's (key, created_at, product_id) index range and each row joins products by primary key; without one, from
 * products(is_active, created_at, id). Either way a deep page reads `take` index entries, like page 1.
 */
export function productPageQuery(db: Db, lang: Lang, q: ListQuery, columns: 'sources' | 'kept' = 'sources') {
  const dir = q.order === 'newest' ? 'desc' : 'asc';
  // Each row's columns and its position (`kept`: both in one text).
  const row = <C extends 'p.created_at' | 'd.created_at', I extends 'p.id' | 'd.product_id'>(createdAt: C, id: I) => {
    const sources = [...sourceColumns(lang), `${createdAt} as pos_created_at` as const, `${id} as pos_id` as const];
    // `kept` reads one text instead (`keptRow`); its one caller reads the rows as `{ page_row }`.
    return columns === 'kept' ? ([keptRow(lang, createdAt, id)] as unknown as typeof sources) : sources;
  };
  if (q.categoryId === undefined && q.tagIds.length === 0) {
    let query = db.selectFrom('products as p').select(row('p.created_at', 'p.id')).where('p.is_active', '=', ACTIVE);
    if (q.after) query = query.where(after(sql.ref('p.created_at'), sql.ref('p.id'), q.after, q.order));
    return query.orderBy('p.created_at', dir).orderBy('p.id', dir).limit(q.take);
  }
  if (q.categoryId !== undefined) {
    let query = db
      .selectFrom('product_categories as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .select(row('d.created_at', 'd.product_id'))
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
    .select(row('d.created_at', 'd.product_id'))
    .where('d.tag_id', '=', driver)
    .where('p.is_active', '=', ACTIVE);
  if (rest.length) query = query.where(hasTags(rest));
  if (q.after) query = query.where(after(sql.ref('d.created_at'), sql.ref('d.product_id'), q.after, q.order));
  return query.orderBy('d.created_at', dir).orderBy('d.product_id', dir).limit(q.take);
}

/** A list page row's text (`keptRow`) read back. */
export function pageRowOf(text: unknown): PageRow {
  const row = String(text);
  const a = row.indexOf(' ');
  const b = row.indexOf(' ', a + 1);
  const c = row.indexOf(' ', b + 1);
  const id = Number(row.slice(a + 1, b));
  const format = row.slice(b + 1, c);
  const card = row.slice(c + 1);
  return {
    id,
    card: card === '' ? null : card,
    card_format: format === '' ? null : Number(format),
    pos_created_at: row.slice(0, a),
    pos_id: id,
  };
}

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
    columns: ['page_row'],
    row: (values) => pageRowOf(values[0]),
    pluck: pageRowOf,
  });
  if (prepared) return prepared;
  const rows = (await productPageQuery(db, lang, q, 'kept').execute()) as unknown as Array<{ page_row: string }>;
  return rows.map((r) => pageRowOf(r.page_row));
}
