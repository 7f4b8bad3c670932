import type { BankDetails } from '../../common/contract/referral';
import type { User } from '../db/schema';
import { nowIso } from '../lib/time';
import { inTransaction, type MailTx } from '../shop';
import { tellAccountOwner } from './notices';
import * as repo from './repository';
import { confirmAccountPassword } from './service';

/**
 * An agent's payout bank account (docs/decisions/031). Changing it is what redirects money, so it takes the account's
 * password (counted like a log-in), and the owner is told on every channel. A payout already requested keeps the
 * account it was asked for (referral/service.ts); the back office flags a recent change on the agent's payouts.
 */

export interface BankChange {
  bank_name?: string;
  bank_account_name?: string;
  bank_account_number?: string;
  /** Removes all three. */
  clear?: boolean;
}

const FIELDS = ['bank_name', 'bank_account_name', 'bank_account_number'] as const;
const detailsOf = (u: Pick<User, (typeof FIELDS)[number]>): BankDetails => ({
  bank_name: u.bank_name,
  bank_account_name: u.bank_account_name,
  bank_account_number: u.bank_account_number,
});

/** The account's details after `change`; fields not named stay. */
function applied(current: BankDetails, change: BankChange): BankDetails {
  const next: BankDetails = change.clear
    ? { bank_name: null, bank_account_name: null, bank_account_number: null }
    : { ...current };
  for (const field of FIELDS) if (change[field] !== undefined) next[field] = change[field];
  return next;
}

/**
 * Changes the bank details with the account's password (422 at `current_password` when missing or wrong). Saving
 * what is already there changes nothing and asks for nothing. Answers the account as it is now.
 */
export async function changeBankDetails(
  shop: MailTx,
  user: User,
  change: BankChange,
  currentPassword: string | undefined,
): Promise<User> {
  const before = detailsOf(user);
  const after = applied(before, change);
  if (FIELDS.every((f) => before[f] === after[f])) return user;
  await confirmAccountPassword(shop.db, user, currentPassword, {
    field: 'current_password',
    missingKey: 'currentPasswordRequired',
    wrongKey: 'currentPasswordWrong',
  });
  const hadAccount = FIELDS.some((f) => before[f] !== null);
  return inTransaction(shop, async (tx) => {
    const now = nowIso();
    // A first account is not a change; replacing or removing one is, and the back office shows it for a while.
    const updated = await repo.updateUser(tx.db, user.id, {
      ...after,
      ...(hadAccount ? { bank_changed_at: now } : {}),
    });
    await tellAccountOwner(tx, updated, { bot: 'bank_details_changed', mail: 'bank_details_changed' }, now);
    return updated;
  });
}
