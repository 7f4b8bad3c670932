import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen once shipped. Dead rows are deleted by a periodic job (accounts/cleanup.ts) instead of piling up for ever:
// - rate_limits rows know when their window ends (`expires_at`, written by rate-limit.ts `hit`), so the job deletes a
//   row once its own window has passed, whatever the limit's window length; rows written before this migration have
//   none and are deleted by their `window_start` (the longest window before it was an hour);
// - sessions are deleted once expired (`expires_at`, now capped at the absolute lifetime), past the absolute lifetime
//   (`created_at`: sessions that slid past it before the cap existed), or revoked a while ago (`revoked_at`).
// The indexes let each of those deletes find its rows without reading the whole table.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('rate_limits').addColumn('expires_at', 'text').execute();
  await db.schema.createIndex('rate_limits_expires_at_idx').on('rate_limits').column('expires_at').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_created_at_idx').on('sessions').column('created_at').execute();
  await sql`create index sessions_revoked_at_idx on sessions (revoked_at) where revoked_at is not null`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('sessions_revoked_at_idx').ifExists().execute();
  await db.schema.dropIndex('sessions_created_at_idx').ifExists().execute();
  await db.schema.dropIndex('sessions_expires_at_idx').ifExists().execute();
  await db.schema.dropIndex('rate_limits_expires_at_idx').ifExists().execute();
  await db.schema.alterTable('rate_limits').dropColumn('expires_at').execute();
}
