import { z } from 'zod';
import { ORDER_STATUSES } from '../order-workflow';
import { passwordText } from './accounts';
import { defineEndpoint } from './endpoint';
import { optional } from './fields';

/**
 * Deleting one's own account (docs/decisions/050-deleting-an-account-and-retention.md): what it would do, then doing it.
 */

/** What deleting the caller's account would do, said before the password is asked for. */
export const accountDeletionPreview = z.object({
  /** Orders still Pending, Paid or Processing: each must be completed or cancelled before the account can go. */
  open_orders: z.array(z.object({ id: z.number().int(), order_no: z.string(), status: z.enum(ORDER_STATUSES) })),
  /** The cash-reward balance that is forfeited. */
  cash_balance_cents: z.number().int(),
  /**
   * An agent's commissions not paid out yet (Not Confirm, On Hold, Pending Payment: the affiliate dashboard's "pending"),
   * forfeited with the account; 0 for anyone else.
   */
  unpaid_commissions_cents: z.number().int(),
  /** Active or paused Subscribe & save subscriptions, which end. */
  subscriptions: z.number().int(),
  /** Whether the account can confirm through the shop's bot instead of a password (it has a Telegram link). */
  telegram_confirm: z.boolean(),
});
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreview>;

export const getAccountDeletion = defineEndpoint({
  path: '/v2/get-account-deletion',
  access: 'user',
  summary:
    "What deleting the caller's account would do: open orders, the forfeited cash reward and commissions, subscriptions",
  request: z.object({}),
  response: z.object({ preview: accountDeletionPreview }),
});

/**
 * Deletes the caller's account: with `password` at once; with `confirm_via=telegram` (an account linked to Telegram)
 * the bot sends a message with a button, and the account is deleted when its owner presses it there. Refused with 409
 * while an order is open (the message names them), 422 at `password` when it is missing or wrong.
 */
export const deleteAccount = defineEndpoint({
  path: '/v2/delete-account',
  access: 'user',
  summary: "Delete the caller's account (its orders stay for the books, without the person)",
  request: z.object({
    password: passwordText(),
    confirm_via: optional(z.enum(['telegram'], { error: 'must be telegram' })),
  }),
  response: z.object({
    /** true: the account is gone (every session answers 401 from now on); false: the bot asks for the confirmation. */
    deleted: z.boolean(),
    confirm_sent: z.boolean(),
  }),
});
