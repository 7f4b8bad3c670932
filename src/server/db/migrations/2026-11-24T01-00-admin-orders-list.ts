import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. The back office's orders list (issue 12), newest first by (placed_at, id) at any depth and
// size, read as index ranges instead of scans:
// - orders (placed_at, id): the unfiltered list and date ranges; a deep page starts where the cursor points;
// - orders (payment_method, placed_at, id) and (status, placed_at, id): the list filtered by payment method or by
//   status (a rare status such as Processing is then a short range, not a filter over every newer order); the
//   latter replaces the initial migration's orders_status_idx (status, placed_at), which is its prefix;
// - orders (phone): the search by a delivery phone (the account's phone has its unique index);
// - PostgreSQL: order numbers and e-mails searched by their start (`like 'LC-20261124%'`) need a pattern index
//   whatever the database's collation; SQLite reads those prefixes (GLOB) from the unique indexes it has.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('orders_placed_idx').on('orders').columns(['placed_at', 'id']).execute();
  await db.schema
    .createIndex('orders_payment_placed_idx')
    .on('orders')
    .columns(['payment_method', 'placed_at', 'id'])
    .execute();
  await db.schema.createIndex('orders_status_placed_idx').on('orders').columns(['status', 'placed_at', 'id']).execute();
  // (status, placed_at) is a prefix of the index above: one index to keep up to date instead of two.
  await db.schema.dropIndex('orders_status_idx').execute();
  await db.schema.createIndex('orders_phone_idx').on('orders').column('phone').execute();
  if (isPostgres(db)) {
    await sql`create index orders_order_no_pattern_idx on orders (order_no text_pattern_ops)`.execute(db);
    await sql`create index users_email_pattern_idx on users (email text_pattern_ops)`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('users_email_pattern_idx').ifExists().execute();
  await db.schema.dropIndex('orders_order_no_pattern_idx').ifExists().execute();
  await db.schema.dropIndex('orders_phone_idx').ifExists().execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'placed_at']).execute();
  await db.schema.dropIndex('orders_status_placed_idx').ifExists().execute();
  await db.schema.dropIndex('orders_payment_placed_idx').ifExists().execute();
  await db.schema.dropIndex('orders_placed_idx').ifExists().execute();
}
