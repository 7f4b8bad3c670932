import type { Kysely } from 'kysely';
import type { ConcurrentIndex } from '../migration-safety';

// Frozen once shipped. Deleting an account and keeping orders' addresses for a time (docs/decisions/050):
// users.deleted_at (when the account was deleted; the row stays, without the person, for the orders that name it) and
// orders.address_erased_at (when the delivery's name, phone and street were erased, by a deletion or by the retention
// job). Both nullable, so the release before this one reads and writes as it did (docs/decisions/043). The retention
// job walks closed orders by their closing time among those not yet erased: one partial index per closing column.
//
// rate_limits: keys that named a person in clear (a probed e-mail or phone at sign-up, the e-mail of a password reset,
// the typed log-in id of an unknown account) are keyed hashes from this release on; the clear rows are dropped here.
// Each lives one window (an hour at most), so this forgets at most an hour of those counts, once.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export const concurrentIndexes: ConcurrentIndex[] = [
  {
    name: 'orders_completed_unerased_idx',
    table: 'orders',
    columns: ['completed_at', 'id'],
    where: 'address_erased_at is null',
  },
  {
    name: 'orders_cancelled_unerased_idx',
    table: 'orders',
    columns: ['cancelled_at', 'id'],
    where: 'address_erased_at is null',
  },
];

/** The prefixes of the keys that held an e-mail address, a phone number or a typed log-in id in clear. */
const CLEAR_KEY_PREFIXES = ['contact-check:email:', 'contact-check:phone:', 'pw-reset:email:', 'login:id:'];

/** Drops the rows whose key held a person in clear (every such key, before this release). */
export async function dropClearLimitKeys(db: Db): Promise<void> {
  for (const prefix of CLEAR_KEY_PREFIXES) {
    await db.deleteFrom('rate_limits').where('key', 'like', `${prefix}%`).execute();
  }
}

export async function up(db: Db): Promise<void> {
  // orders before users: placing an order writes its order row, then locks the customer's row; taking the tables in
  // that order too means no order waits on this migration while holding what the migration waits for.
  await db.schema.alterTable('orders').addColumn('address_erased_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
  await dropClearLimitKeys(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_cancelled_unerased_idx').ifExists().execute();
  await db.schema.dropIndex('orders_completed_unerased_idx').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('address_erased_at').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
