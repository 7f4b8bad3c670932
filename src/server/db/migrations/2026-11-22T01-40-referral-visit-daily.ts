import { type Kysely, sql } from 'kysely';

// Frozen once shipped. A referral visit counts once per visitor, link owner and day (UTC): the unique
// index makes that hold under concurrency on both databases (insert … on conflict do nothing).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await sql`create unique index referral_visits_daily_unique on referral_visits (referrer_id, visitor_key, substr(created_at, 1, 10)) where visitor_key is not null`.execute(
    db,
  );
  // The affiliate's visit list and conversion lookups: newest first per owner.
  await db.schema
    .createIndex('referral_visits_referrer_id_idx')
    .on('referral_visits')
    .columns(['referrer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('payout_requests_agent_id_idx')
    .on('payout_requests')
    .columns(['agent_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('payout_requests_agent_id_idx').ifExists().execute();
  await db.schema.dropIndex('referral_visits_referrer_id_idx').ifExists().execute();
  await db.schema.dropIndex('referral_visits_daily_unique').ifExists().execute();
}
