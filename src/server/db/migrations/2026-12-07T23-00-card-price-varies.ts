import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. products.price_varies (docs/decisions/055): 1 when the product's packagings on sale sell at
// different prices, so its list card says "From $x". A card column: the card trigger of 2026-12-02T00-00-product-cards
// is made again with it among the columns it watches (docs/decisions/028). Not null with a default, so the release
// before this one writes products as it did (docs/decisions/043); its cards are rebuilt by their format anyway.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

/** The columns the cards are made of (catalog/card-repository.ts CARD_SOURCE_COLUMNS, as of this migration). */
const SOURCES = [
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
];
/** The sources before this migration, for `down`. */
const OLD_SOURCES = SOURCES.filter((c) => c !== 'price_varies');

async function cardTrigger(db: Db, sources: string[]): Promise<void> {
  if (isPostgres(db)) {
    const news = sql.raw(sources.map((c) => `new.${c}`).join(', '));
    const olds = sql.raw(sources.map((c) => `old.${c}`).join(', '));
    await sql`
      create or replace function products_card_stale() returns trigger language plpgsql as $$
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
    return;
  }
  await sql`drop trigger if exists products_card_stale`.execute(db);
  await sql`create trigger products_card_stale after update of ${sql.raw(sources.join(', '))} on products begin
      update products set card_en = null, card_zh = null, card_format = null, card_rev = card_rev + 1
        where id = new.id;
    end`.execute(db);
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('price_varies', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A packaging's sale price as src/common/pricing.ts listedSaleCents has it when this migration was written.
  await sql`update products set price_varies = 1 where (
      select count(distinct case when v.discount_price_cents is not null and v.discount_price_cents < v.price_cents
        then v.discount_price_cents else v.price_cents end)
      from product_variants v where v.product_id = products.id and v.is_retired = 0) > 1`.execute(db);
  await cardTrigger(db, SOURCES);
}

export async function down(db: Db): Promise<void> {
  await cardTrigger(db, OLD_SOURCES);
  await db.schema.alterTable('products').dropColumn('price_varies').execute();
}
