import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import type { ConcurrentIndex } from '../migration-safety';

// Frozen once shipped. Marketing messages and the reminders that use them (docs/decisions/056):
// - `marketing_consents`: every choice a customer made about marketing messages (yes or no, when, how); the latest row
//   is the customer's choice, none means not agreed;
// - `carts.reminded_at`: when the abandoned-cart reminder of the cart as it is now was queued (null: not yet; the cart
//   clears it when it is emptied or ordered, so the next cart can be reminded once);
// - `products.reorder_days`: the product's "Running low?" interval in days after a completed order (null: none);
// - `reorder_reminders`: one row per order line told "Running low?" (its key makes it once per line).
// New tables and nullable columns only: the release before ignores them (docs/decisions/043). The reorder job reads
// completed orders by completion time: that index is built concurrently (orders is busy).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export const concurrentIndexes: ConcurrentIndex[] = [
  { name: 'orders_completed_idx', table: 'orders', columns: ['completed_at'], where: 'completed_at is not null' },
];

export async function up(db: Db): Promise<void> {
  const table = db.schema.createTable('marketing_consents');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('marketing_consents_user_idx')
    .on('marketing_consents')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('reorder_reminders')
    .addColumn('order_item_id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reorder_reminders_user_idx').on('reorder_reminders').column('user_id').execute();
  // products before carts: the release before locks them in that order when it places an order (stock, then the
  // saved cart's lines), and the other order deadlocked against it (docs/decisions/043).
  await db.schema.alterTable('products').addColumn('reorder_days', 'integer').execute();
  await db.schema.alterTable('carts').addColumn('reminded_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_completed_idx').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('reorder_days').execute();
  await db.schema.alterTable('carts').dropColumn('reminded_at').execute();
  await db.schema.dropTable('reorder_reminders').ifExists().execute();
  await db.schema.dropTable('marketing_consents').ifExists().execute();
}
