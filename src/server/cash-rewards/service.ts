import type { CashRewardEntry, CashRewardType } from '../../common/contract/checkout';
import { formatCents } from '../../common/money';
import { encodeCursor, readCursor } from '../catalog/cursor';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { conflict, invalidField } from '../lib/errors';
import { shopSettings } from '../settings/service';
import * as repo from './repository';

/** The customer's cash-reward balance (the checkout summary). */
export const rewardBalance = (db: Db, userId: number): Promise<number> => repo.getBalance(db, userId);

/** How much of the balance the customer set aside for the next order (the checkout summary). */
export const heldReward = (db: Db, userId: number): Promise<number> => repo.getHold(db, userId);

/** Sets how much of the balance the next order uses (0 removes the hold). */
export async function updateHold(db: Db, user: User, amountCents: number | undefined) {
  if (amountCents === undefined) throw invalidField('amount_cents', 'enterRedeemAmount');
  const balance = await repo.getBalance(db, user.id);
  if (amountCents > balance) throw invalidField('amount_cents', 'redeemOverBalance', { amount: formatCents(balance) });
  await repo.setHold(db, user.id, amountCents);
  return { on_hold_cents: amountCents, balance_cents: balance };
}

/** The customer's cash-reward ledger, newest first, with balance, hold and totals (get-cash-rebate-list). */
export async function listCashRewards(db: Db, user: User, input: { cursor?: string; limit?: number }) {
  const limit = input.limit ?? 20;
  const after = input.cursor ? readCursor(input.cursor) : undefined;
  const [balance, hold, totals, rows, settings] = await Promise.all([
    repo.getBalance(db, user.id),
    repo.getHold(db, user.id),
    repo.ledgerTotals(db, user.id),
    repo.listLedger(db, user.id, limit, after),
    shopSettings(db),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const entries: CashRewardEntry[] = page.map((r) => ({
    id: r.id,
    type: r.type,
    order_no: r.order_no ?? null,
    spend_cents: r.spend_cents,
    amount_cents: r.amount_cents,
    balance_after_cents: r.balance_after_cents,
    status: r.status === 'Inactive' ? 'Inactive' : 'Active',
    created_at: r.created_at,
  }));
  return {
    balance_cents: balance,
    on_hold_cents: Math.min(hold, balance),
    total_earned_cents: totals.earned,
    total_redeemed_cents: totals.redeemed,
    reward_percent: settings.cashRewardPercent,
    entries,
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** Placing an order, step 3 (docs/decisions/005): the cash reward held at checkout, consumed (0 when none). */
export const takeHeldReward = (trx: Db, userId: number): Promise<number> => repo.consumeHold(trx, userId);

/**
 * Placing an order, step 3: spends `amountCents` of the customer's balance on the order with a conditional update
 * (never below zero, never twice), with its 'redeemed' ledger row; 409 at `cash_reward` when the balance fell short.
 */
export async function spendReward(
  trx: Db,
  order: { userId: number; orderId: number; amountCents: number; spendCents: number },
): Promise<void> {
  if (order.amountCents <= 0) return;
  const balance = await repo.spendBalance(trx, order.userId, order.amountCents);
  if (balance === null) throw conflict('cashRewardChanged', undefined, 'cash_reward');
  await repo.insertLedgerEntry(trx, {
    user_id: order.userId,
    order_id: order.orderId,
    type: 'redeemed',
    spend_cents: order.spendCents,
    amount_cents: -order.amountCents,
    balance_after_cents: balance,
  });
}

/**
 * Credits `amountCents` to the customer's balance with its ledger row (`type`: an order's `earned` reward or
 * `returned` spend, a referrer's `referral` award); answers nothing. Call it with the transaction of the change.
 */
export async function creditReward(
  trx: Db,
  entry: { userId: number; orderId: number | null; type: CashRewardType; spendCents: number; amountCents: number },
): Promise<void> {
  const balance = await repo.creditBalance(trx, entry.userId, entry.amountCents);
  await repo.insertLedgerEntry(trx, {
    user_id: entry.userId,
    order_id: entry.orderId,
    type: entry.type,
    spend_cents: entry.spendCents,
    amount_cents: entry.amountCents,
    balance_after_cents: balance,
  });
}

/**
 * Deleting an account (docs/decisions/050): the whole balance forfeited, with a 'forfeited' ledger row that takes it to
 * zero, so the ledger still sums to the balance. Answers the amount forfeited (0: nothing to forfeit, no row).
 */
export async function forfeitReward(trx: Db, userId: number): Promise<number> {
  const balance = await repo.getBalance(trx, userId);
  if (balance <= 0) return 0;
  const after = await repo.spendBalance(trx, userId, balance);
  if (after === null) throw new Error('forfeitReward: the balance changed under the account lock');
  await repo.insertLedgerEntry(trx, {
    user_id: userId,
    order_id: null,
    type: 'forfeited',
    spend_cents: 0,
    amount_cents: -balance,
    balance_after_cents: after,
  });
  return balance;
}

/** Whether the order has already earned its cash reward (an order earns once). */
export const rewardEarned = (db: Db, orderId: number): Promise<boolean> => repo.hasLedgerEntry(db, orderId, 'earned');
