import { type Kysely, sql } from 'kysely';

// Frozen once shipped. The back office's Affiliates screen (issue 12):
// - payout_requests get a decision: `status` requested | paid | rejected (rows already paid become 'paid'), the
//   bank `reference` of a paid one, the `reject_reason` the agent sees, when and by whom it was decided. A rejected
//   request no longer counts against what the agent may request.
// - referral_awards: the referral award credited to a referrer's cash reward when a referred member's first order
//   completes (docs decisions §10). One row per member (the primary key is the guard: credited once, whatever the
//   concurrency); the ledger row is in cash_rewards (type 'referral').

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('payout_requests')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('requested').check(sql`status in ('requested', 'paid', 'rejected')`),
    )
    .execute();
  await db.schema.alterTable('payout_requests').addColumn('reference', 'text').execute();
  await db.schema.alterTable('payout_requests').addColumn('reject_reason', 'text').execute();
  await db.schema.alterTable('payout_requests').addColumn('decided_at', 'text').execute();
  // The staff member who decided (no foreign key: the audit log keeps who did it; null from the command line).
  await db.schema.alterTable('payout_requests').addColumn('decided_by', 'integer').execute();
  await db
    .updateTable('payout_requests')
    .set({ status: 'paid', decided_at: sql`paid_at` })
    .where('paid_at', 'is not', null)
    .execute();
  await db.schema.createIndex('payout_requests_status_idx').on('payout_requests').columns(['status', 'id']).execute();
  await db.schema.createIndex('commissions_status_idx').on('commissions').columns(['status', 'id']).execute();

  await db.schema
    .createTable('referral_awards')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referral_awards_referrer_idx').on('referral_awards').column('referrer_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('referral_awards').ifExists().execute();
  await db.schema.dropIndex('commissions_status_idx').ifExists().execute();
  await db.schema.dropIndex('payout_requests_status_idx').ifExists().execute();
  for (const column of ['decided_by', 'decided_at', 'reject_reason', 'reference', 'status']) {
    await db.schema.alterTable('payout_requests').dropColumn(column).execute();
  }
}
