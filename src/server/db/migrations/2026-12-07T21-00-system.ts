import type { Kysely } from 'kysely';

// Frozen once shipped. The back office's System page (src/server/system): `instances` holds one row per running
// server instance (its heartbeat), written at start and every 30 s by the instance itself and removed when it stops
// gracefully; an instance not seen for 90 s is no longer live. A new table only (docs/decisions/043): the release
// before ignores it.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('release', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('telegram_heard_at', 'text')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('instances').ifExists().execute();
}
