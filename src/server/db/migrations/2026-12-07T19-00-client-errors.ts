import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Errors from shoppers' phones (docs/decisions/045-errors-from-phones.md): new tables only
// (docs/decisions/043):
// - client_error_groups: one row per kind of error, unique by `fingerprint` (the scrubbed message and the top mapped
//   frames), with its first and last report, a sample stack and how many reports it had;
// - client_error_days: a group's reports per day (UTC), one row per group and day.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('client_error_groups')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('top_frame', 'text')
    .addColumn('stack', 'text')
    .addColumn('stack_state', 'text', (c) => c.notNull())
    .addColumn('build_id', 'text')
    .addColumn('route', 'text')
    .addColumn('platform', 'text')
    .addColumn('platform_version', 'text')
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('client_error_groups_last_seen_idx')
    .on('client_error_groups')
    .column('last_seen')
    .execute();
  await db.schema
    .createTable('client_error_days')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('client_error_groups.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('client_error_days_pk', ['group_id', 'day'])
    .execute();
  await db.schema.createIndex('client_error_days_day_idx').on('client_error_days').column('day').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('client_error_days').execute();
  await db.schema.dropTable('client_error_groups').execute();
}
