import type { Kysely } from 'kysely';

// Frozen once shipped. Account notices (a Telegram link made, moved or removed; a password or contact changed) go through
// the bot's outbox like order news. Some must reach a Telegram user other than the account's current link (the one a link
// was moved away from), so a notice can name its chat; `params` holds the notice's text values as JSON.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('telegram_chat_id', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('params').execute();
  await db.schema.alterTable('notifications').dropColumn('telegram_chat_id').execute();
}
