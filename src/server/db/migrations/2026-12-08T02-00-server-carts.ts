import type { Kysely } from 'kysely';

// Frozen once shipped. The cart kept on the server for a logged-in customer (docs/decisions/052): one `carts` row per
// customer (created by the first save; its `updated_at` is the cart's last change, indexed for the abandoned-cart
// reminders that will read carts idle for N hours; `merge_key` makes a retried log-in merge a no-op) and its lines,
// one per product + packaging + frequency. Saves lock the `carts` row first, so one customer's saves queue. New tables
// only: the release before this one ignores them (docs/decisions/043).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('merge_key', 'text')
    .execute();
  await db.schema.createIndex('carts_updated_at_idx').on('carts').column('updated_at').execute();
  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('carts.user_id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('frequency_weeks', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pkey', ['user_id', 'variant_id', 'frequency_weeks'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('cart_lines').ifExists().execute();
  await db.schema.dropTable('carts').ifExists().execute();
}
