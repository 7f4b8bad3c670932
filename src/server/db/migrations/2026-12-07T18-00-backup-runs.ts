import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Scheduled backups (docs/decisions/042): backup_runs keeps each scheduled backup's outcome, for
// the back office (the last good backup, a failing streak) and so a failing streak alerts the owners once.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const table = db.schema.createTable('backup_runs');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('bytes', 'integer')
    .addColumn('error', 'text')
    .addColumn('alerted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('backup_runs_started').on('backup_runs').column('started_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('backup_runs').ifExists().execute();
}
