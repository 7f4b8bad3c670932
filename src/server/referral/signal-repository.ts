import { sql } from 'kysely';
import type { Db } from '../db/connection';

// The SQL of account signals (signals.ts): what is recorded of an account, and what its orders and address book say.

/** Keeps one signal of an account: a new value is inserted, a known one has its last sighting moved on. */
export async function upsertSignals(
  db: Db,
  rows: ReadonlyArray<{ user_id: number; kind: string; value_hash: string }>,
  now: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('account_signals')
    .values(rows.map((r) => ({ ...r, first_seen_at: now, last_seen_at: now })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'value_hash']).doUpdateSet({ last_seen_at: sql.ref('excluded.last_seen_at') }),
    )
    .execute();
}

/** Whether the account has this signal on record. */
export async function hasSignal(db: Db, userId: number, kind: string, valueHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_signals')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('value_hash', '=', valueHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** The kinds of recorded signal two accounts have in common. */
export async function sharedRecordedKinds(db: Db, a: number, b: number): Promise<string[]> {
  const rows = await db
    .selectFrom('account_signals as x')
    .innerJoin('account_signals as y', (join) =>
      join.onRef('y.kind', '=', 'x.kind').onRef('y.value_hash', '=', 'x.value_hash'),
    )
    .select('x.kind')
    .distinct()
    .where('x.user_id', '=', a)
    .where('y.user_id', '=', b)
    .execute();
  return rows.map((r) => r.kind);
}

/** How many of an account's orders are compared (the newest); a referral is judged on recent behaviour. */
const ORDERS_COMPARED = 500;

/** What an account's address book, orders and profile say about where it lives, its phones and its payments. */
export async function contactFootprint(db: Db, userId: number) {
  const [user, addresses, orders] = await Promise.all([
    db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('addresses')
      .select(['phone', 'address', 'city', 'zip', 'country'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('orders')
      .select(['phone', 'address', 'city', 'zip', 'country', 'payment_reference'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(ORDERS_COMPARED)
      .execute(),
  ]);
  return { accountPhone: user?.phone ?? null, addresses, orders };
}
