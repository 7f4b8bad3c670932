import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import { type Db, nativeHandle } from '../db/connection';
import { type CardSource, sourceColumns } from './list-repository';

// The product cards kept as ready JSON in the product's row (docs/decisions/028): the columns they are made of, and
// the keep that writes them without waiting for a writer.

/**
 * The columns of products a card is made of: an update that names one clears the row's kept cards (the trigger of
 * migrations 2026-12-02T00-00-product-cards and 2026-12-07T23-00-card-price-varies; a test holds the two lists together).
 */
export const CARD_SOURCE_COLUMNS = [
  'slug',
  'name_en',
  'name_zh',
  'image',
  'price_cents',
  'discount_price_cents',
  'price_varies',
  'stock_state',
  'stock_total',
  'rating_sum',
  'rating_count',
  'created_at',
] as const;
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
