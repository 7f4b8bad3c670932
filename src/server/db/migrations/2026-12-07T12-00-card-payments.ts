import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen once shipped. Card payments on the web (docs/decisions/040):
// - payments: what the provider reported of each payment — status, currency, the charge's reference beside the
//   payment's (provider_charge_id keeps the payment's: one row per payment, whatever repeats), card brand and last
//   four, and how much of it was refunded;
// - checkout_sessions: each hosted payment page made for an order, one per attempt (Pay now after one expired makes
//   the next), with its status as the provider last said;
// - payment_events: every provider notice applied, unique by its event id, so a repeated notice is applied once;
// - refunds: a refund sent to the provider keeps its reference, status and failure; `idempotency_key` (unique) makes
//   the automatic refund of a payment for a cancelled order one row however many instances see it;
// - orders.payment_attention: what about the order's money needs a person (a changed amount, a dispute, a payment
//   for a cancelled order, a failed refund), null when nothing does;
// - payment_methods: the Card row (shown only when the shop has a card provider).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  // biome-ignore lint/suspicious/noExplicitAny: builder of any table
  const withId = (t: CreateTableBuilder<any, any>) =>
    pg
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .alterTable('payments')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('succeeded'))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .execute();
  for (const column of ['charge_ref', 'card_brand', 'card_last4']) {
    await db.schema.alterTable('payments').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_charge_ref_idx').on('payments').column('charge_ref').execute();

  await withId(db.schema.createTable('checkout_sessions'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull().unique())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('checkout_sessions_attempt_unique', ['order_id', 'attempt'])
    .execute();

  await withId(db.schema.createTable('payment_events'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_events_event_unique', ['provider', 'event_id'])
    .execute();

  await db.schema.alterTable('refunds').addColumn('provider', 'text').execute();
  await db.schema.alterTable('refunds').addColumn('provider_ref', 'text').execute();
  await db.schema.alterTable('refunds').addColumn('provider_status', 'text').execute();
  await db.schema.alterTable('refunds').addColumn('failure_reason', 'text').execute();
  await db.schema.alterTable('refunds').addColumn('payment_id', 'integer').execute();
  await db.schema.alterTable('refunds').addColumn('idempotency_key', 'text').execute();
  await db.schema.createIndex('refunds_provider_ref_unique').on('refunds').column('provider_ref').unique().execute();
  await db.schema
    .createIndex('refunds_idempotency_key_unique')
    .on('refunds')
    .column('idempotency_key')
    .unique()
    .execute();

  await db.schema.alterTable('orders').addColumn('payment_attention', 'text').execute();

  await sql`
    insert into payment_methods (code, name_en, name_zh, instructions_en, instructions_zh, is_active, sort_order)
    select 'card', 'Card', '银行卡',
      'Pay by card (or a wallet your card supports) on our payment provider''s secure page, opened right after you place the order.',
      '下单后将打开支付服务商的安全付款页面，用银行卡（或其支持的钱包）付款。',
      1, 2
    where not exists (select 1 from payment_methods where code = 'card')
  `.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`delete from payment_methods where code = 'card'`.execute(db);
  await db.schema.alterTable('orders').dropColumn('payment_attention').execute();
  await db.schema.dropIndex('refunds_idempotency_key_unique').ifExists().execute();
  await db.schema.dropIndex('refunds_provider_ref_unique').ifExists().execute();
  for (const column of [
    'idempotency_key',
    'payment_id',
    'failure_reason',
    'provider_status',
    'provider_ref',
    'provider',
  ]) {
    await db.schema.alterTable('refunds').dropColumn(column).execute();
  }
  await db.schema.dropTable('payment_events').ifExists().execute();
  await db.schema.dropTable('checkout_sessions').ifExists().execute();
  await db.schema.dropIndex('payments_charge_ref_idx').ifExists().execute();
  for (const column of ['refunded_cents', 'card_last4', 'card_brand', 'charge_ref', 'currency', 'status']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
