import type { Kysely } from 'kysely';

// Frozen once shipped. products.stock_total loses its index (docs/decisions/058): every order moves the total of each
// product it takes stock from, and an update that changes an indexed column is never HOT on PostgreSQL, so each order
// wrote the product anew into all of products' indexes, the search's four trigram GIN indexes among them, while it
// held the row every other order of the product waits for (2.05 ms a statement against 0.31 ms without them). Without
// this index the update leaves every index as it was. The back office's "out of stock" filter now reads products in
// id order and tests each, as its name search does: a catalogue is thousands of rows. Dropping an index is nothing the
// release before reads (docs/decisions/043).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('products_admin_stock_idx').ifExists().execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createIndex('products_admin_stock_idx')
    .ifNotExists()
    .on('products')
    .columns(['stock_total', 'id'])
    .execute();
}
