import { type Insertable, type Kysely, sql } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { StatesTable } from '../db/schema';

// The shop's delivery states (docs/decisions/041): all of the `states` table's SQL. Every function takes the database
// or a transaction (a Transaction is a Db).

const locking = (db: Db) => isPostgres(db as unknown as Kysely<unknown>);

/** The states offered for new addresses (not retired), optionally of one country, in the shop's order. */
export async function listOfferedStates(db: Db, lang: Lang, country?: string) {
  return db
    .selectFrom('states')
    .select([
      'id',
      'code',
      lang === 'zh' ? 'name_zh as name' : 'name_en as name',
      'country',
      'standard_fee_cents',
      'expedited_fee_cents',
      'standard_offered',
      'expedited_offered',
    ])
    .where('retired_at', 'is', null)
    .$if(country !== undefined, (q) => q.where('country', '=', country as string))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** One state, retired or not (addresses and orders keep theirs), or undefined. */
export async function findState(db: Db, stateId: number) {
  return db.selectFrom('states').selectAll().where('id', '=', stateId).executeTakeFirst();
}

/** Every state, retired ones too, in the shop's order (the back office's Shipping screen). */
export async function listAllStates(db: Db) {
  return db.selectFrom('states').selectAll().orderBy('sort_order').orderBy('id').execute();
}

/** One state, locked until the transaction ends (PostgreSQL), so two changes of it take turns. */
export async function lockState(trx: Db, stateId: number) {
  return trx
    .selectFrom('states')
    .selectAll()
    .where('id', '=', stateId)
    .$if(locking(trx), (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The state with this code, in any country (codes are unique in the shop). */
export async function findStateByCode(db: Db, code: string) {
  return db.selectFrom('states').select(['id', 'country']).where('code', '=', code).executeTakeFirst();
}

/**
 * A country's states (ids and sort orders, in the shop's order), locked until the transaction ends (PostgreSQL), so
 * two reorders or a reorder and an add take turns.
 */
export async function lockCountry(trx: Db, country: string) {
  return trx
    .selectFrom('states')
    .select(['id', 'code', 'sort_order'])
    .where('country', '=', country)
    .orderBy('sort_order')
    .orderBy('id')
    .$if(locking(trx), (q) => q.forUpdate())
    .execute();
}

/** The sort order after every state's: a new state goes last in its country without meeting another country's. */
export async function nextSortOrder(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom('states')
    .select(sql<number | null>`max(sort_order)`.as('top'))
    .executeTakeFirstOrThrow();
  return row.top === null ? 0 : Number(row.top) + 1;
}

/** A new state's row: every column but its id and `retired_at` (a new state is offered). */
export type NewState = Required<Omit<Insertable<StatesTable>, 'id' | 'retired_at'>>;

export async function insertState(trx: Db, state: NewState): Promise<number> {
  const row = await trx.insertInto('states').values(state).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export type StateChange = Partial<
  Pick<
    NewState,
    'name_en' | 'name_zh' | 'standard_fee_cents' | 'expedited_fee_cents' | 'standard_offered' | 'expedited_offered'
  > & { retired_at: string | null }
>;

export async function updateState(trx: Db, stateId: number, change: StateChange): Promise<void> {
  await trx.updateTable('states').set(change).where('id', '=', stateId).execute();
}

/** Gives `ids` the sort orders `positions` (the same values the country had, so it never meets another country). */
export async function writeOrder(trx: Db, ids: readonly number[], positions: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await trx.updateTable('states').set({ sort_order: positions[i]! }).where('id', '=', id).execute();
  }
}
