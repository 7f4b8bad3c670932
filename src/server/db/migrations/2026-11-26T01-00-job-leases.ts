import type { Kysely } from 'kysely';

// Frozen once shipped. Background jobs run once across instances (issue 16, docs/decisions/024):
// - job_leases: one row per background job (renewals, unpaid expiry, receipt retention, account cleanup, the two
//   outbox senders). An instance runs a round only after claiming the row with a conditional update (due, and no
//   live lease); the row keeps who ran it last, when, how it ended and when the next round is due, for the operator.
//   Rows are made by the jobs themselves on first use (insert … on conflict do nothing), so a new job needs no row here;
// - notifications.claimed_until: the bot outbox's row claim. A sender that claimed a row holds it until then, so
//   another sender does not read it as due while the first is still inside its Telegram call (null: not claimed);
// - notifications.next_attempt_at: when a row whose send failed is tried again (null: at once), like mail_outbox's.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.alterTable('notifications').addColumn('claimed_until', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('next_attempt_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('next_attempt_at').execute();
  await db.schema.alterTable('notifications').dropColumn('claimed_until').execute();
  await db.schema.dropTable('job_leases').ifExists().execute();
}
