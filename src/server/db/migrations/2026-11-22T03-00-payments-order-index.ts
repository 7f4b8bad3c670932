import type { Kysely } from 'kysely';

// Frozen once shipped. Payments by order: the unpaid-order expiry asks "has this order a payment?" for every
// Pending order past its time, and the Telegram payment code looks payments up by order.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('payments_order_id_idx').on('payments').column('order_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('payments_order_id_idx').ifExists().execute();
}
