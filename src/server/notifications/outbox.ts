import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';
import * as repo from './repository';

/**
 * The bot's outbox (docs/decisions/012: a status change reaches a linked customer through the bot).
 * The orders code writes a row here inside the same transaction as the change it reports, so a
 * notice exists exactly when the change committed; the bot's sender delivers and marks it sent.
 */

/** What happened to the order: 'placed', each status it moved to, and the other customer-visible changes. */
const ORDER_NOTIFICATION_KINDS = [
  'placed',
  'paid',
  'processing',
  'completed',
  'cancelled',
  /** Cancelled by the server because nothing was paid in time (orders/expiry.ts). */
  'expired',
  'tracking',
  'address_changed',
  /** Staff refused the transfer's receipt (`params.reason`); the customer may upload a new one. */
  'receipt_rejected',
  /**
   * Staff recorded money given back (`params.amount`, `params.method`), or the card provider gave a refund back to
   * the card (`method` card, with `card_brand` and `card_last4` when known: docs/decisions/040).
   */
  'refund_recorded',
  /** An exchange was asked, approved or declined (exchanges/service.ts; `params.item_en`, `item_zh`, `answer`). */
  'exchange_requested',
  'exchange_approved',
  'exchange_declined',
  /**
   * A renewal's off-session charge to the saved card failed (payments/renewal-failures.ts): `params.retry_at` is the
   * next try, absent after the last one; the message leads to the order's Pay now.
   */
  'renewal_charge_failed',
] as const;
export type OrderNotificationKind = (typeof ORDER_NOTIFICATION_KINDS)[number];

/** Queues one order notice for the order's customer. Call it with the transaction of the change. */
export async function enqueueOrderNotification(
  db: Db,
  notice: { userId: number; orderId: number; kind: OrderNotificationKind; params?: Record<string, string> },
  now: string = nowIso(),
): Promise<void> {
  await repo.insertNotification(db, {
    user_id: notice.userId,
    order_id: notice.orderId,
    kind: notice.kind,
    params: notice.params ? JSON.stringify(notice.params) : null,
    created_at: now,
  });
}

/**
 * Security notices about the account itself (not about an order). They are sent even when the customer switched order
 * news off: a customer must hear that their account was linked to a Telegram user, or that their password changed.
 */
const ACCOUNT_NOTIFICATION_KINDS = [
  /** The account was linked to this Telegram user (sent to that user). */
  'telegram_linked',
  /** The account's link was moved away from this Telegram user to another one (sent to the previous user). */
  'telegram_link_moved',
  /** The account was unlinked from this Telegram user (sent to that user). */
  'telegram_unlinked',
  /** The password was changed in the profile and every other session ended. */
  'password_changed',
  /** The password was reset with a link mailed to the account's address, every session ended and the link removed. */
  'password_reset',
  /** The e-mail address or phone number was changed. */
  'contact_changed',
  /** The agent's payout bank account was changed. */
  'bank_details_changed',
  /** Many wrong passwords were tried for the account: log-ins from new devices are slowed (accounts/login.ts). */
  'login_attempts',
  /** The customer asked to delete the account from inside Telegram: the bot asks them to confirm (docs/decisions/050). */
  'delete_account_confirm',
] as const;
export type AccountNotificationKind = (typeof ACCOUNT_NOTIFICATION_KINDS)[number];

export const isAccountNotificationKind = (kind: string): kind is AccountNotificationKind =>
  (ACCOUNT_NOTIFICATION_KINDS as readonly string[]).includes(kind);

/**
 * Queues one account notice. Call it with the transaction of the change it reports. It goes to `telegramChatId` when
 * given (a Telegram user the account is no longer linked to), else to the account's linked Telegram user when it is sent.
 * `params` fill the message's placeholders (for example the Telegram name the link moved to).
 */
export async function enqueueAccountNotification(
  db: Db,
  notice: {
    userId: number;
    kind: AccountNotificationKind;
    telegramChatId?: string | null;
    params?: Record<string, string>;
  },
  now: string = nowIso(),
): Promise<void> {
  await enqueueUserNotice(db, notice, now);
}

/** One notice for a customer, about no order: the account's, back in stock, a data copy, a reminder. */
async function enqueueUserNotice(
  db: Db,
  notice: { userId: number; kind: string; telegramChatId?: string | null; params?: Record<string, string> },
  now: string,
): Promise<void> {
  await repo.insertNotification(db, {
    user_id: notice.userId,
    order_id: null,
    kind: notice.kind,
    telegram_chat_id: notice.telegramChatId ?? null,
    params: notice.params ? JSON.stringify(notice.params) : null,
    created_at: now,
  });
}

/** A product a customer asked about is available again (stock-alerts/tell.ts; `params.productId`). */
export const BACK_IN_STOCK = 'back_in_stock';

/** Queues one back-in-stock notice for a linked customer. Call it with the transaction of the restock. */
export async function enqueueBackInStockNotification(
  db: Db,
  notice: { userId: number; productId: number },
  now: string = nowIso(),
): Promise<void> {
  const params = { productId: String(notice.productId) };
  await enqueueUserNotice(db, { userId: notice.userId, kind: BACK_IN_STOCK, params }, now);
}

/**
 * A copy of the customer's data they asked for is ready (data-export/notify.ts, docs/decisions/051; `params.exportId`):
 * sent whatever the order-news switch says, since the customer asked for it.
 */
export const DATA_EXPORT_READY = 'data_export_ready';

/** Queues the bot's "your copy is ready" for the customer's linked chat. */
export async function enqueueDataExportNotification(
  db: Db,
  notice: { userId: number; exportId: number },
  now: string = nowIso(),
): Promise<void> {
  const params = { exportId: String(notice.exportId) };
  await enqueueUserNotice(db, { userId: notice.userId, kind: DATA_EXPORT_READY, params }, now);
}

/**
 * Marketing reminders (docs/decisions/056): a cart left waiting (`params.userId`, `remindedAt`) and "Running low?"
 * (`params.userId`, `orderItemId`, `productId`, `days`). Governed by the marketing switch alone, which the bot reads
 * again when it sends them; the order-news switch does not apply.
 */
export const REMINDER_KINDS = ['cart_reminder', 'reorder_reminder'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const isReminderKind = (kind: string): kind is ReminderKind =>
  (REMINDER_KINDS as readonly string[]).includes(kind);

/** Queues one reminder for the customer's linked chat. Call it with the transaction that marks the reminder sent. */
export async function enqueueReminderNotification(
  db: Db,
  notice: { userId: number; kind: ReminderKind; params: Record<string, string> },
  now: string = nowIso(),
): Promise<void> {
  await enqueueUserNotice(db, notice, now);
}

// The sender's side (the bot's telegram/bot/notifications.ts): what is due, a claim per attempt, the outcome.

/** Up to `limit` notices due at `now` with attempts left, oldest first, with what their messages need. */
export const dueNotices = (db: Db, opts: { maxAttempts: number; limit: number; now: string }) =>
  repo.dueNotifications(db, opts);

/** Claims a notice for one more attempt until `claimedUntil`; answers whether this sender won it (decision 024). */
export const claimNotice = (
  db: Db,
  id: number,
  attemptsSeen: number,
  claim: { now: string; claimedUntil: string },
): Promise<boolean> => repo.claimNotification(db, id, attemptsSeen, claim);

/** A notice is done: sent (`error` null) or given up with `error`; it is not tried again. */
export const finishNotice = (db: Db, id: number, error: string | null): Promise<void> =>
  repo.finishNotification(db, id, error);

/** An attempt failed with `error`: the claim is freed and the notice is due again at `nextAttemptAt`. */
export const retryNoticeLater = (db: Db, id: number, error: string, nextAttemptAt: string): Promise<void> =>
  repo.noteNotificationError(db, id, error, nextAttemptAt);

/** How many notices wait for the bot's sender, and since when the oldest has (the metrics' backlog gauges). */
export const noticeBacklog = (db: Db) => repo.noticeBacklog(db);
