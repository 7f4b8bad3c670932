import type { Kysely } from 'kysely';

// Frozen once shipped. Back office part 2 (issue 13), content: a banner shows in the shop only while switched on
// and within its days (`starts_at` inclusive, `ends_at` exclusive, UTC ISO instants of the shop's midnights; null:
// open), and carries alt text for its image in both languages (empty: the image is decoration). The shop's query
// reads the few banners there are by `is_active`; no index is needed for a table of a handful of rows.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('banners').addColumn('starts_at', 'text').execute();
  await db.schema.alterTable('banners').addColumn('ends_at', 'text').execute();
  await db.schema
    .alterTable('banners')
    .addColumn('alt_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('banners')
    .addColumn('alt_zh', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const column of ['alt_zh', 'alt_en', 'ends_at', 'starts_at']) {
    await db.schema.alterTable('banners').dropColumn(column).execute();
  }
}
