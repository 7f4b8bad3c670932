import { sql } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';

// The customers' delivery addresses. Every function takes the database or a transaction (a Transaction is a Db).

const addressColumns = (lang: Lang) =>
  [
    'addresses.id',
    'addresses.receiver_name',
    'addresses.phone',
    'addresses.address',
    'addresses.city',
    'addresses.state_id',
    lang === 'zh' ? 'states.name_zh as state_name' : 'states.name_en as state_name',
    'addresses.zip',
    'addresses.company',
    'addresses.country',
    'addresses.is_default',
  ] as const;

export async function listAddresses(db: Db, userId: number, lang: Lang) {
  return db
    .selectFrom('addresses')
    .innerJoin('states', 'states.id', 'addresses.state_id')
    .select(addressColumns(lang))
    .where('addresses.user_id', '=', userId)
    .orderBy('addresses.is_default', 'desc')
    .orderBy('addresses.updated_at', 'desc')
    .orderBy('addresses.id', 'desc')
    .execute();
}

export async function findOwnAddress(db: Db, userId: number, addressId: number, lang: Lang) {
  return db
    .selectFrom('addresses')
    .innerJoin('states', 'states.id', 'addresses.state_id')
    .select(addressColumns(lang))
    .select(['states.name_en as state_name_en', 'states.name_zh as state_name_zh', 'states.country as state_country'])
    .where('addresses.user_id', '=', userId)
    .where('addresses.id', '=', addressId)
    .executeTakeFirst();
}

/** One of the user's addresses with its state (fees included), in one query; undefined if not theirs. */
export async function findOwnAddressAndState(db: Db, userId: number, addressId: number) {
  const row = await db
    .selectFrom('addresses')
    .innerJoin('states', 'states.id', 'addresses.state_id')
    .selectAll('addresses')
    .select([
      'states.code as state_code',
      'states.name_en as state_name_en',
      'states.name_zh as state_name_zh',
      'states.country as state_country',
      'states.standard_fee_cents',
      'states.expedited_fee_cents',
      'states.standard_offered',
      'states.expedited_offered',
      'states.retired_at as state_retired_at',
      'states.sort_order as state_sort_order',
    ])
    .where('addresses.user_id', '=', userId)
    .where('addresses.id', '=', addressId)
    .executeTakeFirst();
  if (!row) return undefined;
  const state = {
    id: row.state_id,
    code: row.state_code,
    name_en: row.state_name_en,
    name_zh: row.state_name_zh,
    country: row.state_country,
    standard_fee_cents: row.standard_fee_cents,
    expedited_fee_cents: row.expedited_fee_cents,
    standard_offered: row.standard_offered,
    expedited_offered: row.expedited_offered,
    retired_at: row.state_retired_at,
    sort_order: row.state_sort_order,
  };
  return { address: row, state };
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AddressValues {
  receiver_name: string;
  phone: string;
  address: string;
  city: string;
  state_id: number;
  zip: string;
  company: string | null;
  country: string;
}

export async function insertAddress(db: Db, userId: number, values: AddressValues, isDefault: boolean) {
  const now = nowIso();
  const row = await db
    .insertInto('addresses')
    .values({ ...values, user_id: userId, is_default: isDefault ? 1 : 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(db: Db, userId: number, addressId: number, values: AddressValues) {
  const result = await db
    .updateTable('addresses')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Makes one address the user's default (and no other). */
export async function setDefaultAddress(db: Db, userId: number, addressId: number) {
  await db
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('id', '!=', addressId)
    .where('is_default', '=', 1)
    .execute();
  await db
    .updateTable('addresses')
    .set({ is_default: 1 })
    .where('user_id', '=', userId)
    .where('id', '=', addressId)
    .execute();
}

export async function addressUsedBySubscription(db: Db, addressId: number): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('address_id', '=', addressId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The user's most recently updated address (the next default when the default is deleted). */
export async function findLatestAddress(db: Db, userId: number) {
  return db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function deleteAddress(db: Db, userId: number, addressId: number) {
  const result = await db
    .deleteFrom('addresses')
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
