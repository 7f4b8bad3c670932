import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen once shipped. The back office's dashboard (issue 12):
// - products.low_stock_threshold: a packaging of the product is "low" at or below it (null: the shop's
//   `low_stock_default` setting, 5 when unset);
// - orders (paid_at, status, total_cents): the revenue figures read the orders paid in a window as one index range,
//   without touching the table (the index carries what they sum);
// - product_variants (stock) and products (low_stock_threshold): the low-stock list reads only packagings at or
//   below the highest threshold in use, which the second index answers without a scan.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('low_stock_threshold', 'integer', (c) => c.check(sql`low_stock_threshold >= 0`))
    .execute();
  await db.schema
    .createIndex('orders_paid_at_idx')
    .on('orders')
    .columns(['paid_at', 'status', 'total_cents'])
    .execute();
  await db.schema.createIndex('product_variants_stock_idx').on('product_variants').column('stock').execute();
  await db.schema
    .createIndex('products_low_stock_threshold_idx')
    .on('products')
    .column('low_stock_threshold')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('products_low_stock_threshold_idx').ifExists().execute();
  await db.schema.dropIndex('product_variants_stock_idx').ifExists().execute();
  await db.schema.dropIndex('orders_paid_at_idx').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('low_stock_threshold').execute();
}
