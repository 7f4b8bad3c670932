import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. A copy of a customer's data (docs/decisions/051): one row per request, made in the background
// by the data-export job (data-export/job.ts) and offered through a signed link until `expires_at`, when the job
// deletes the file. A new table only: the release before this one never reads or writes it.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const table = db.schema.createTable('data_exports');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('requested_by', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_key', 'text')
    .addColumn('size', 'integer')
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('data_exports_user').on('data_exports').columns(['user_id', 'requested_at']).execute();
  await db.schema.createIndex('data_exports_status').on('data_exports').columns(['status', 'expires_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('data_exports').ifExists().execute();
}
