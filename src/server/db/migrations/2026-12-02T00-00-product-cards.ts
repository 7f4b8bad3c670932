import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Each product's list card kept as ready JSON per language (issue 15, docs/decisions/028):
// - products.card_en / card_zh: the card exactly as the product list answers it, or null until a list read builds it;
// - products.card_format: how the row's cards were built (the server's card format; a card of another format is
//   built again on read), null while there are none;
// - products.card_rev: bumped with the cards' clearing; a read writes a card it built only if the row's rev is still
//   the one it read the columns at, so a card built from columns a writer has changed since is never kept.
// A trigger clears both cards and bumps the rev whenever an update names a column a card is made of (every writer:
// back office, orders, reviews, stock, imports, the command line, another instance), so no writer has to know.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

/** The columns the cards are made of (catalog/repository.ts CARD_SOURCE_COLUMNS, as of this migration). */
const SOURCES = [
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
];

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('products').addColumn('card_en', 'text').execute();
  await db.schema.alterTable('products').addColumn('card_zh', 'text').execute();
  await db.schema.alterTable('products').addColumn('card_format', 'integer').execute();
  await db.schema
    .alterTable('products')
    .addColumn('card_rev', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    const news = sql.raw(SOURCES.map((c) => `new.${c}`).join(', '));
    const olds = sql.raw(SOURCES.map((c) => `old.${c}`).join(', '));
    await sql`
      create function products_card_stale() returns trigger language plpgsql as $$
      begin
        if (${news}) is distinct from (${olds}) then
          new.card_en := null;
          new.card_zh := null;
          new.card_format := null;
          new.card_rev := old.card_rev + 1;
        end if;
        return new;
      end
      $$`.execute(db);
    await sql`create trigger products_card_stale before update on products
      for each row execute function products_card_stale()`.execute(db);
    return;
  }
  await sql`create trigger products_card_stale after update of ${sql.raw(SOURCES.join(', '))} on products begin
      update products set card_en = null, card_zh = null, card_format = null, card_rev = card_rev + 1
        where id = new.id;
    end`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists products_card_stale on products`.execute(db);
    await sql`drop function if exists products_card_stale()`.execute(db);
  } else {
    await sql`drop trigger if exists products_card_stale`.execute(db);
  }
  for (const column of ['card_rev', 'card_format', 'card_zh', 'card_en']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
