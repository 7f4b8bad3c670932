import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Back-in-stock alerts (issue 17, docs/decisions/018): one per customer and product
// ("Notify me when available"). `told_at` is set by the conditional update that claims the alert when the product
// is available again (update … where told_at is null returning), so a customer is told once whatever the concurrency;
// setting it again resets it. Cancelling deletes the row.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const table = db.schema.createTable('stock_alerts');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('told_at', 'text')
    .addUniqueConstraint('stock_alerts_user_product_key', ['user_id', 'product_id'])
    .execute();
  // The restock's claim reads one product's waiting alerts.
  await db.schema
    .createIndex('stock_alerts_product_idx')
    .on('stock_alerts')
    .columns(['product_id', 'told_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('stock_alerts').ifExists().execute();
}
