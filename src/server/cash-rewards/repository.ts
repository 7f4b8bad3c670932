import { sql } from 'kysely';
import type { CashRewardType } from '../../common/contract/checkout';
import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';

// The cash-reward ledger (table cash_rewards), the balance on users.cash_balance_cents and the amount a
// customer holds for the next order (cash_reward_holds). Every function takes the database or a transaction.

export async function getBalance(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('cash_balance_cents').where('id', '=', userId).executeTakeFirst();
  return row?.cash_balance_cents ?? 0;
}

export async function getHold(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cash_reward_holds')
    .select('amount_cents')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.amount_cents ?? 0;
}

export async function setHold(db: Db, userId: number, amountCents: number) {
  if (amountCents <= 0) {
    await db.deleteFrom('cash_reward_holds').where('user_id', '=', userId).execute();
    return;
  }
  const now = nowIso();
  await db
    .insertInto('cash_reward_holds')
    .values({ user_id: userId, amount_cents: amountCents, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ amount_cents: amountCents, updated_at: now }))
    .execute();
}

/** Removes the user's hold and answers what it held (0 if none): a hold is used by one order only. */
export async function consumeHold(db: Db, userId: number): Promise<number> {
  const rows = await db
    .deleteFrom('cash_reward_holds')
    .where('user_id', '=', userId)
    .returning('amount_cents')
    .execute();
  return rows[0]?.amount_cents ?? 0;
}

/**
 * Takes `amount` from the user's balance only if it is there (conditional update: the balance never
 * goes below zero and is never spent twice). Answers the new balance, or null when it was short.
 */
export async function spendBalance(db: Db, userId: number, amountCents: number): Promise<number | null> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ cash_balance_cents: eb('cash_balance_cents', '-', amountCents) }))
    .where('id', '=', userId)
    .where('cash_balance_cents', '>=', amountCents)
    .returning('cash_balance_cents')
    .executeTakeFirst();
  return row ? row.cash_balance_cents : null;
}

/** Adds to the user's balance; answers the new balance. */
export async function creditBalance(db: Db, userId: number, amountCents: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ cash_balance_cents: eb('cash_balance_cents', '+', amountCents) }))
    .where('id', '=', userId)
    .returning('cash_balance_cents')
    .executeTakeFirstOrThrow();
  return row.cash_balance_cents;
}

export async function insertLedgerEntry(
  db: Db,
  entry: {
    user_id: number;
    order_id: number | null;
    type: CashRewardType;
    spend_cents: number;
    amount_cents: number;
    balance_after_cents: number;
  },
) {
  await db
    .insertInto('cash_rewards')
    .values({ ...entry, status: 'Active', created_at: nowIso() })
    .execute();
}

export async function listLedger(db: Db, userId: number, limit: number, after?: { createdAt: string; id: number }) {
  let q = db
    .selectFrom('cash_rewards')
    .leftJoin('orders', 'orders.id', 'cash_rewards.order_id')
    .select([
      'cash_rewards.id',
      'cash_rewards.type',
      'orders.order_no',
      'cash_rewards.spend_cents',
      'cash_rewards.amount_cents',
      'cash_rewards.balance_after_cents',
      'cash_rewards.status',
      'cash_rewards.created_at',
    ])
    .where('cash_rewards.user_id', '=', userId)
    .orderBy('cash_rewards.created_at', 'desc')
    .orderBy('cash_rewards.id', 'desc')
    .limit(limit + 1);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('cash_rewards.created_at', '<', after.createdAt),
        eb.and([eb('cash_rewards.created_at', '=', after.createdAt), eb('cash_rewards.id', '<', after.id)]),
      ]),
    );
  }
  return q.execute();
}

export async function ledgerTotals(db: Db, userId: number) {
  const rows = await db
    .selectFrom('cash_rewards')
    .select(['type', sql<number>`coalesce(sum(amount_cents), 0)`.as('total')])
    .where('user_id', '=', userId)
    .groupBy('type')
    .execute();
  const total = (type: string) => Number(rows.find((r) => r.type === type)?.total ?? 0);
  return {
    // A referral award (a referred member's first order completed) is earned too.
    earned: total('earned') + total('referral'),
    // Redeemed entries are negative; a returned one gives a redemption back.
    redeemed: Math.max(0, -total('redeemed') - total('returned')),
  };
}

/** Whether the ledger already has an entry of `type` for the order (an order earns once). */
export async function hasLedgerEntry(db: Db, orderId: number, type: CashRewardType): Promise<boolean> {
  const row = await db
    .selectFrom('cash_rewards')
    .select('id')
    .where('order_id', '=', orderId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row !== undefined;
}
