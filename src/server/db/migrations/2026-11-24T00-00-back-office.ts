import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. The back office's frame (docs/decisions/013):
// - staff: a shop account with a role (owner, manager, fulfilment) and its own switch for the bot's staff alerts;
// - audit_log: every change made from the back office, the bot's staff buttons or the command line, with the values
//   before and after (JSON text);
// - order_events: an order's timeline (placed, receipt, payment, status changes, tracking, refunds), who and when;
// - refunds: money given back on a cancelled order that had been paid;
// - orders.receipt_rejected_*: the reason staff gave for refusing a transfer's receipt (the customer sees it and can
//   send a new one).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  // biome-ignore lint/suspicious/noExplicitAny: builder of any table
  const withId = (t: CreateTableBuilder<any, any>) =>
    pg
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('staff')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'manager', 'fulfilment')`))
    .addColumn('notify_telegram', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('audit_log'))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('order_no', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_user_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_order_no_idx').on('audit_log').columns(['order_no', 'id']).execute();

  await withId(db.schema.createTable('order_events'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

  await withId(db.schema.createTable('refunds'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();

  await db.schema.alterTable('orders').addColumn('receipt_rejected_reason', 'text').execute();
  await db.schema.alterTable('orders').addColumn('receipt_rejected_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('receipt_rejected_at').execute();
  await db.schema.alterTable('orders').dropColumn('receipt_rejected_reason').execute();
  await db.schema.dropTable('refunds').ifExists().execute();
  await db.schema.dropTable('order_events').ifExists().execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('staff').ifExists().execute();
}
