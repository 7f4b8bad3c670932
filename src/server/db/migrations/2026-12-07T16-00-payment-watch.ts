import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Payments that never need a person to notice them (docs/decisions/040):
// - checkout_sessions by (status, created_at): the reconciliation job asks the provider about sessions still open or
//   complete in our records once they are a few minutes old, one index range per round;
// - refunds by (provider_status, created_at): the same job sends again refunds the provider never answered for and
//   reads back those still pending there;
// - orders whose payment needs a person (payment_attention set): the dashboard's list, a small partial index.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('checkout_sessions_status_created_idx')
    .on('checkout_sessions')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('refunds_provider_status_created_idx')
    .on('refunds')
    .columns(['provider_status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('orders_payment_attention_idx')
    .on('orders')
    .column('payment_attention')
    .where(sql.ref('payment_attention'), 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_payment_attention_idx').ifExists().execute();
  await db.schema.dropIndex('refunds_provider_status_created_idx').ifExists().execute();
  await db.schema.dropIndex('checkout_sessions_status_created_idx').ifExists().execute();
}
