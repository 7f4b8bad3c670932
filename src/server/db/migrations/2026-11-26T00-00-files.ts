import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Uploaded files in the database (issue 16, docs/decisions/023), so every instance reads them:
// - files: one row per stored key (`images/<hash>-<w>.webp`, `receipts/<hex>.png`, `exchanges/…`), its size and
//   SHA-256 (the ETag, and the import command's "already there");
// - file_chunks: the bytes in chunks of `chunk_size` (256 KiB), read a few at a time so a download streams without a
//   transaction. bytea on PostgreSQL (stored uncompressed: the files are already compressed images), BLOB on SQLite.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  const files = db.schema.createTable('files');
  await (pg
    ? files.addColumn('id', 'serial', (c) => c.primaryKey())
    : files.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull().check(sql`chunk_size > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('file_chunks')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq >= 0`))
    .addColumn('data', pg ? sql`bytea` : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'seq'])
    .execute();
  if (pg) await sql`alter table file_chunks alter column data set storage external`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('file_chunks').ifExists().execute();
  await db.schema.dropTable('files').ifExists().execute();
}
