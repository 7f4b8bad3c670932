import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. E-mail for customers (issue 14, docs/decisions/016):
// - mail_outbox: one row per message, written in the transaction of the change it reports; a background job sends it
//   (claiming it first with a lease, so one instance sends it) and marks it sent, retrying with backoff up to a bound;
// - users.email_confirmed_at: when the customer confirmed the address (null: not yet; only mail about their own
//   orders and the confirmation itself goes to an unconfirmed address);
// - users.notify_email: the profile's e-mail switch for order news (the Telegram one is notify_orders).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const table = db.schema.createTable('mail_outbox');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('notify_email').execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
  await db.schema.dropTable('mail_outbox').ifExists().execute();
}
