import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Links sent by e-mail for the account (issue 14): a password reset (/reset-password/{token},
// 30 minutes) and the confirmation of an address (/confirm-email/{token}). Only the token's SHA-256 is stored; a token
// is used once (used_at, set by a conditional update), and a new one of the same purpose ends the older ones.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const table = db.schema.createTable('account_tokens');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('reset_password', 'confirm_email')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    /** The address the link was sent to (a confirmation confirms this address only). */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('account_tokens_expires_idx').on('account_tokens').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('account_tokens').ifExists().execute();
}
