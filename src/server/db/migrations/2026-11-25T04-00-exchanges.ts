import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Product exchanges (issue 17, docs/decisions/020): a customer asks to exchange a line of a
// Completed order within the shop's `exchange_days`; staff approve (with what is sent instead) or decline (with the
// reason), once. One request per order line, ever (`order_item_id` unique): two submits at once make one request.
// The photo is a private file in the FileStore (`photo_key`), served only through a link signed for the customer.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const table = db.schema.createTable('exchange_requests');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().unique().references('order_items.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('damaged', 'wrong_item', 'not_as_described', 'other')`),
    )
    .addColumn('note', 'text')
    .addColumn('photo_key', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('requested').check(sql`status in ('requested', 'approved', 'declined')`),
    )
    /** Approved: what is sent instead; declined: why not. */
    .addColumn('answer', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exchange_requests_order_idx').on('exchange_requests').column('order_id').execute();
  await db.schema
    .createIndex('exchange_requests_status_idx')
    .on('exchange_requests')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('exchange_requests').ifExists().execute();
}
