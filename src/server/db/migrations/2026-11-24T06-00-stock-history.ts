import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Back office part 2 (issue 13): every change of a packaging's stock is a row of
// `stock_movements` (an order taking it, a cancel giving it back, staff adjusting it by a change with a reason,
// an import), written in the transaction of the change, with the stock it left. The product's page reads its
// history newest first as one index range (product_id, id).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const table = db.schema.createTable('stock_movements');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('packaging_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('delta', 'integer', (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn('stock_after', 'integer', (c) => c.notNull().check(sql`stock_after >= 0`))
    .addColumn('source', 'text', (c) =>
      c.notNull().check(sql`source in ('order', 'cancel', 'adjust', 'import', 'new')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_product_idx')
    .on('stock_movements')
    .columns(['product_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('stock_movements').ifExists().execute();
}
