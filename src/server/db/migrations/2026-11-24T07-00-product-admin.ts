import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen once shipped. The back office's Products screens (issue 13):
// - product_variants.is_retired: a retired packaging is never shown or sold again, and is kept for the orders and
//   subscriptions that name it (a packaging is retired, never deleted, once anything refers to it);
// - product_images.alt_en / alt_zh: the image's text for screen readers (empty: the product's name);
// - products (is_active, id) and (stock_state, id): the Products list pages newest first by id, and its "hidden"
//   and "coming soon" filters read one index range each instead of the table; (stock_total, id) does the same for
//   "out of stock";
// - order_items (product_id) and subscriptions (product_id): "does anything name this product?" (a product with
//   orders is hidden, never deleted) is one index probe each.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('product_variants')
    .addColumn('is_retired', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_retired in (0, 1)`))
    .execute();
  await db.schema
    .alterTable('product_images')
    .addColumn('alt_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('product_images')
    .addColumn('alt_zh', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('products_admin_active_idx').on('products').columns(['is_active', 'id']).execute();
  await db.schema.createIndex('products_admin_state_idx').on('products').columns(['stock_state', 'id']).execute();
  await db.schema.createIndex('products_admin_stock_idx').on('products').columns(['stock_total', 'id']).execute();
  await db.schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();
  await db.schema.createIndex('subscriptions_product_idx').on('subscriptions').column('product_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('subscriptions_product_idx').ifExists().execute();
  await db.schema.dropIndex('order_items_product_idx').ifExists().execute();
  await db.schema.dropIndex('products_admin_stock_idx').ifExists().execute();
  await db.schema.dropIndex('products_admin_state_idx').ifExists().execute();
  await db.schema.dropIndex('products_admin_active_idx').ifExists().execute();
  await db.schema.alterTable('product_images').dropColumn('alt_zh').execute();
  await db.schema.alterTable('product_images').dropColumn('alt_en').execute();
  await db.schema.alterTable('product_variants').dropColumn('is_retired').execute();
}
