import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../src/server/db/connection';
import type { AddressesTable } from '../../src/server/db/schema';
import { nowIso } from '../../src/server/lib/time';

export type Address = Selectable<AddressesTable>;

/** Inserts an address for a user in the first seeded state (Metro Manila unless `state_id` is given). */
export async function createAddress(
  db: Db,
  userId: number,
  overrides: Partial<Insertable<AddressesTable>> = {},
): Promise<Address> {
  const state =
    overrides.state_id === undefined
      ? await db.selectFrom('states').select(['id', 'country']).orderBy('sort_order').executeTakeFirst()
      : undefined;
  const stateId = overrides.state_id ?? state?.id;
  if (stateId === undefined) throw new Error('createAddress: no states (seed the demo shop)');
  const now = nowIso();
  return db
    .insertInto('addresses')
    .values({
      user_id: userId,
      receiver_name: 'Maria Santos',
      phone: '+639171234567',
      address: '12 Jupiter Street',
      city: 'Makati',
      state_id: stateId,
      zip: '1209',
      company: null,
      country: state?.country ?? 'PH',
      is_default: 1,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
