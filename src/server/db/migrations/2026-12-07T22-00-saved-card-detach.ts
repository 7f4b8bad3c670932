import type { Kysely } from 'kysely';

// Frozen once shipped. A removed saved card is detached at the card provider too (docs/decisions/040, "Renewals
// charged to a saved card"): saved_cards.detached_at is when the provider confirmed it (null: not yet, retried by the
// reconciliation job while the card is removed); detach_note is why the last try did not (the provider's answer).
// Both nullable, so the release before this one writes saved cards as it did.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('saved_cards').addColumn('detached_at', 'text').execute();
  await db.schema.alterTable('saved_cards').addColumn('detach_note', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('saved_cards').dropColumn('detach_note').execute();
  await db.schema.alterTable('saved_cards').dropColumn('detached_at').execute();
}
