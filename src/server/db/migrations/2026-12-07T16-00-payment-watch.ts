import type { Kysely } from 'kysely';
import type { ConcurrentIndex } from '../migration-safety';

// Frozen once shipped. Payments that never need a person to notice them (docs/decisions/040):
// - checkout_sessions by (status, created_at): the reconciliation job asks the provider about sessions still open or
//   complete in our records once they are a few minutes old, one index range per round;
// - refunds by (provider_status, created_at): the same job sends again refunds the provider never answered for and
//   reads back those still pending there;
// - orders whose payment needs a person (payment_attention set): the dashboard's list, a small partial index.
// All three tables are in use: the indexes are built after the commit (docs/decisions/043), so up() changes nothing
// in the transaction.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export const concurrentIndexes: ConcurrentIndex[] = [
  { name: 'checkout_sessions_status_created_idx', table: 'checkout_sessions', columns: ['status', 'created_at'] },
  { name: 'refunds_provider_status_created_idx', table: 'refunds', columns: ['provider_status', 'created_at'] },
  {
    name: 'orders_payment_attention_idx',
    table: 'orders',
    columns: ['payment_attention'],
    where: 'payment_attention is not null',
  },
];

export async function up(_db: Db): Promise<void> {
  // Nothing in the transaction: see concurrentIndexes.
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_payment_attention_idx').ifExists().execute();
  await db.schema.dropIndex('refunds_provider_status_created_idx').ifExists().execute();
  await db.schema.dropIndex('checkout_sessions_status_created_idx').ifExists().execute();
}
