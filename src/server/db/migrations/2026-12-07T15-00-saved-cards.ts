import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import type { ConcurrentIndex } from '../migration-safety';

// Frozen once shipped. Subscribe & save renewals charged to a saved card, with the shopper's consent
// (docs/decisions/040, "Renewals charged to a saved card"):
// - orders.save_card_consent_at: when the shopper ticked "charge my renewals to this card" for this order (null: not
//   ticked); every hosted page of the order (Pay now again) carries the consent while it is set;
// - saved_cards: a card saved at the provider for a customer (the provider's customer and payment method, brand, last
//   four); `removed_at` set when the customer removes it — a removed card is never charged again;
// - subscriptions.origin_order_id: the order whose Subscribe & save line started it (the card paying that order is
//   the one its renewals are charged to); saved_card_id: the card its renewals are charged to (null: Pay now);
//   renewal_failure (+ _order_id, _at): why the last renewal was not charged (shown on the subscription);
// - renewal_charges: each off-session charge of a renewal order, one row per attempt (unique order + attempt), written
//   before the provider is called — `scheduled` (due at `due_at`), `charging` (claimed by one instance), then
//   `succeeded`, `failed` (with the provider's reason) or `cancelled` (the card removed, the order paid or cancelled).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

/** Subscriptions is a table in use: its new indexes are built after the commit (docs/decisions/043). */
export const concurrentIndexes: ConcurrentIndex[] = [
  { name: 'subscriptions_origin_order_idx', table: 'subscriptions', columns: ['origin_order_id'] },
  { name: 'subscriptions_saved_card_idx', table: 'subscriptions', columns: ['saved_card_id'] },
];

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  // biome-ignore lint/suspicious/noExplicitAny: builder of any table
  const withId = (t: CreateTableBuilder<any, any>) =>
    pg
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema.alterTable('orders').addColumn('save_card_consent_at', 'text').execute();

  await withId(db.schema.createTable('saved_cards'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_ref', 'text', (c) => c.notNull())
    .addColumn('payment_method_ref', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('last4', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .addUniqueConstraint('saved_cards_method_unique', ['provider', 'payment_method_ref'])
    .execute();
  await db.schema.createIndex('saved_cards_user_idx').on('saved_cards').column('user_id').execute();

  // Plain integers (as refunds.payment_id): SQLite cannot drop a column that names a foreign key, and neither row is
  // ever deleted (a removed card keeps its row).
  await db.schema.alterTable('subscriptions').addColumn('origin_order_id', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('saved_card_id', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('renewal_failure', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('renewal_failure_order_id', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('renewal_failure_at', 'text').execute();

  await withId(db.schema.createTable('renewal_charges'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('saved_card_id', 'integer', (c) => c.notNull().references('saved_cards.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('payment_ref', 'text')
    .addColumn('failure_kind', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('renewal_charges_attempt_unique', ['order_id', 'attempt'])
    .execute();
  await db.schema.createIndex('renewal_charges_due_idx').on('renewal_charges').columns(['status', 'due_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('renewal_charges').ifExists().execute();
  await db.schema.dropIndex('subscriptions_saved_card_idx').ifExists().execute();
  await db.schema.dropIndex('subscriptions_origin_order_idx').ifExists().execute();
  for (const column of [
    'renewal_failure_at',
    'renewal_failure_order_id',
    'renewal_failure',
    'saved_card_id',
    'origin_order_id',
  ]) {
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  }
  await db.schema.dropIndex('saved_cards_user_idx').ifExists().execute();
  await db.schema.dropTable('saved_cards').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('save_card_consent_at').execute();
}
