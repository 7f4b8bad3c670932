import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Account security (docs/decisions/031 to 034):
// - users.bank_changed_at: when the payout bank account last changed, so staff see a recent change on a payout;
// - payout_requests.bank_*: the account a payout was asked to go to, kept with the request (filled here from the
//   agent's present details for the requests already made);
// - commissions.hold_reason and referral_awards.status / hold_reason / decided_*: a commission or an award whose
//   referrer and member share a signal waits On Hold for staff, with the signals named;
// - account_signals: keyed hashes of what ties an account to a person or a device (client address, browser,
//   Telegram user, receipt), one row per account and value, compared between a referrer and the member they brought.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('bank_changed_at', 'text').execute();
  for (const column of ['bank_name', 'bank_account_name', 'bank_account_number']) {
    await db.schema.alterTable('payout_requests').addColumn(column, 'text').execute();
  }
  await sql`
    update payout_requests set
      bank_name = (select u.bank_name from users u where u.id = payout_requests.agent_id),
      bank_account_name = (select u.bank_account_name from users u where u.id = payout_requests.agent_id),
      bank_account_number = (select u.bank_account_number from users u where u.id = payout_requests.agent_id)
  `.execute(db);
  await db.schema.alterTable('commissions').addColumn('hold_reason', 'text').execute();
  await db.schema
    .alterTable('referral_awards')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('credited'))
    .execute();
  await db.schema.alterTable('referral_awards').addColumn('hold_reason', 'text').execute();
  await db.schema.alterTable('referral_awards').addColumn('decided_at', 'text').execute();
  await db.schema.alterTable('referral_awards').addColumn('decided_by', 'integer').execute();

  await db.schema
    .createTable('account_signals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value_hash', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_signals_pk', ['user_id', 'kind', 'value_hash'])
    .execute();
  await db.schema.createIndex('account_signals_value').on('account_signals').columns(['kind', 'value_hash']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('account_signals').ifExists().execute();
  for (const column of ['decided_by', 'decided_at', 'hold_reason', 'status']) {
    await db.schema.alterTable('referral_awards').dropColumn(column).execute();
  }
  await db.schema.alterTable('commissions').dropColumn('hold_reason').execute();
  for (const column of ['bank_account_number', 'bank_account_name', 'bank_name']) {
    await db.schema.alterTable('payout_requests').dropColumn(column).execute();
  }
  await db.schema.alterTable('users').dropColumn('bank_changed_at').execute();
}
