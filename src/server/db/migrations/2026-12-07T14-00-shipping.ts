import type { Kysely } from 'kysely';

// Frozen once shipped. Shipping zones owned by the shop (docs/decisions/041):
// - states.retired_at: when staff retired the state (null: offered). A retired state is not offered for new
//   addresses; the addresses, orders and subscriptions that have it keep it, so the row is never deleted;
// - states.standard_offered, states.expedited_offered: whether checkout offers each method to the state (1, the
//   default, keeps every existing state as it was).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('states').addColumn('retired_at', 'text').execute();
  for (const column of ['standard_offered', 'expedited_offered']) {
    await db.schema
      .alterTable('states')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const column of ['expedited_offered', 'standard_offered', 'retired_at']) {
    await db.schema.alterTable('states').dropColumn(column).execute();
  }
}
