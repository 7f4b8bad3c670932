import type { Lang } from '../../common/contract/lang';
import type { ExchangeReason } from '../../common/exchange-rules';
import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';
import type { Shop } from '../shop';
import type { OrderFigures } from './order-figures';
import * as repo from './repository';

/**
 * The e-mail outbox (docs/decisions/016). Code that changes something a customer should hear about by e-mail
 * calls `enqueueMail` with the transaction of the change: the message exists exactly when the change committed, and the
 * sender job (mail/sender.ts) delivers it later, once, with retries. Without SMTP_URL nothing is queued.
 *
 * Each kind of message has its parameters (`MailParams`) and a template (mail/templates/index.ts) that renders the
 * subject, the HTML and the plain text in the message's language.
 */

/** Every kind of message the shop sends, and what its template needs (ids are read again when it is sent). */
export interface MailParams {
  // Accounts (mail/templates/account-*.tsx; accounts/…): links carry a single-use token, stored hashed.
  /** Welcome, with the link that confirms the address (also after a change of address, to the new one). */
  confirm_email: { link: string; changed: boolean };
  /** The link to /reset-password/{token}, valid 30 minutes. */
  password_reset: { link: string };
  /** The password was reset by e-mail and every session ended. */
  password_was_reset: Record<string, never>;
  /** To the old address when the address was changed. */
  email_changed: { newAddress: string };
  /** A change to the account's security, told to its confirmed address (accounts/notices.ts). */
  account_notice: { event: AccountMailEvent; telegramName?: string };
  // Orders (mail/templates/order-*.tsx): `figures` are the order's figures when the event happened (orders/notify.ts
  // takes them in the transaction of the change), so a message sent later says what was true then; a row queued
  // without them reads the order when it is sent. The other params are what only the event knows (a rejection's
  // reason, a refund's amount).
  order_placed: OrderMail;
  /** `card`: the card that paid, as the provider reported it (a card payment: docs/decisions/040). */
  order_paid: OrderMail & { card?: { brand: string; last4: string } };
  order_receipt_rejected: OrderMail & { reason: string };
  order_processing: OrderMail;
  order_shipped: OrderMail;
  order_completed: OrderMail;
  order_cancelled: OrderMail;
  order_expired: OrderMail;
  /** `card`: a refund the provider gave back to the card, as it reported the card (docs/decisions/040). */
  order_refund_recorded: OrderMail & { amountCents: number; method: string; card?: { brand: string; last4: string } };
  // Exchanges (mail/templates/order-exchange.tsx; exchanges/service.ts): the request as it was when the change
  // happened (orders/notify.ts), so a message sent later says what was true then.
  /** The customer's receipt of their request. */
  exchange_requested: ExchangeMail;
  /** Staff approved it, with what is sent instead. */
  exchange_approved: ExchangeMail;
  /** Staff declined it, with the reason. */
  exchange_declined: ExchangeMail;
  /** A Subscribe & save renewal was placed; for a bank transfer its payment is due. */
  renewal_placed: OrderMail & { subscriptionId: number };
  /** A renewal could not be placed (out of stock, retired…) and was skipped. */
  renewal_skipped: { subscriptionId: number; reason: RenewalSkipReason };
  /** A renewal's charge to the saved card failed: the next try (null after the last), and the order's Pay now. */
  renewal_charge_failed: OrderMail & { retryAt: string | null };
  /** A product the customer asked about ("Notify me when available") is available again (stock-alerts/tell.ts). */
  back_in_stock: { productId: number };
  /** A copy of the customer's data they asked for is ready (data-export/notify.ts, docs/decisions/051). */
  data_export_ready: { exportId: number };
  /**
   * Marketing reminders (marketing/cart-reminders.ts, reorder-reminders.ts, docs/decisions/056), read again when sent:
   * a cart left waiting since the reminder was queued at `remindedAt`; "Running low?" of an order line's product.
   */
  cart_reminder: { userId: number; remindedAt: string };
  reorder_reminder: { userId: number; orderItemId: number; productId: number; days: number };
  /** To the owners: a scheduled backup failed (backups/schedule.ts, docs/decisions/042); once per failing streak. */
  backup_failed: { error: string; at: string };
}
/** What an `account_notice` says happened (accounts/notices.ts). */
export type AccountMailEvent =
  | 'telegram_linked'
  | 'telegram_unlinked'
  | 'password_changed'
  | 'phone_changed'
  | 'bank_details_changed'
  | 'login_attempts';

/** The params every order e-mail has: the order, and its figures when the event happened (mail/order-figures.ts). */
export interface OrderMail {
  orderId: number;
  figures?: OrderFigures;
}
/** What an exchange e-mail says: the request (its line's names, quantity, reason, note, staff's answer) at enqueue time. */
export interface ExchangeMail {
  orderId: number;
  orderNo: string;
  exchangeId: number;
  exchange: MailExchange;
}
export interface MailExchange {
  name_en: string;
  name_zh: string;
  variant_name_en: string;
  variant_name_zh: string;
  quantity: number;
  reason: ExchangeReason;
  note: string | null;
  /** Approved: what is sent instead; declined: why not; null for the request's receipt. */
  answer: string | null;
}
/** Why a renewal was skipped, as its e-mail says (subscriptions/scheduler.ts). */
export type RenewalSkipReason = 'out_of_stock' | 'unavailable' | 'not_deliverable' | 'payment_method' | 'other';
export type MailKind = keyof MailParams;

export interface MailRequest<K extends MailKind> {
  to: string;
  /** The account it is about (null: an address with no account, e.g. a notice to an old address). */
  userId: number | null;
  orderId?: number | null;
  kind: K;
  lang: Lang;
  params: MailParams[K];
  /** A message with the same key is queued once (e.g. `order:12:paid`): a retried change never mails twice. */
  dedupeKey?: string;
}

/**
 * Queues one message (nothing when e-mail is off for this database: no SMTP_URL). Call it with the transaction of the
 * change it reports. Answers whether a row was written (false: e-mail off, or the dedupe key was already queued).
 */
export async function enqueueMail<K extends MailKind>(
  tx: Pick<Shop, 'db' | 'mailOn'>,
  mail: MailRequest<K>,
  now: string = nowIso(),
): Promise<boolean> {
  if (!tx.mailOn) return false;
  return repo.insertMail(tx.db, {
    user_id: mail.userId,
    order_id: mail.orderId ?? null,
    to_address: mail.to,
    kind: mail.kind,
    lang: mail.lang,
    params: JSON.stringify(mail.params),
    dedupe_key: mail.dedupeKey ?? null,
    next_attempt_at: now,
    created_at: now,
  });
}

/** Deletes the messages that went (or failed for good) before `before`; answers how many (the hourly cleanup). */
export const deleteFinishedMail = (db: Db, before: string): Promise<number> => repo.deleteFinishedMail(db, before);

/** How many messages wait to be sent, and since when the oldest has (the metrics' backlog gauges). */
export const mailBacklog = (db: Db) => repo.mailBacklog(db);
