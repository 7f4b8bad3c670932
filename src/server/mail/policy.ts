import type { MailKind } from './outbox';

/**
 * Who may get what (issue 14, docs/decisions/016): until the customer confirms the address, the shop sends only what
 * concerns the customer's own orders, their password and the confirmation itself, so an address typed by someone else receives
 * nothing it did not cause. The sender applies it to every message addressed to an account's current address, at
 * send time (a confirmation that arrives meanwhile lets the message go); code that mails another address of the
 * account (the notice to the old address after a change) asks `mayMail` with that address's state before queueing.
 */

/** Kinds about the customer's own orders (Subscribe & save renewals included). */
export const ORDER_MAIL_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([
  'order_placed',
  'order_paid',
  'order_receipt_rejected',
  'order_processing',
  'order_shipped',
  'order_completed',
  'order_cancelled',
  'order_expired',
  'order_refund_recorded',
  'renewal_placed',
  'renewal_skipped',
]);

/**
 * Messages about the account's own password, which an unconfirmed address gets too: a customer who registered before
 * addresses were confirmed (or never opened the welcome) must not be locked out for good, and the reset link proves the
 * address when it is used (a reset confirms it). Only the person at the address can use it; requests are throttled.
 */
export const PASSWORD_MAIL_KINDS: ReadonlySet<MailKind> = new Set<MailKind>(['password_reset', 'password_was_reset']);

/** Whether a message of `kind` may go to an address in this state (confirmed or not). */
export function mayMail(address: { email_confirmed_at: string | null }, kind: MailKind): boolean {
  return (
    address.email_confirmed_at !== null ||
    kind === 'confirm_email' ||
    ORDER_MAIL_KINDS.has(kind) ||
    PASSWORD_MAIL_KINDS.has(kind)
  );
}

/** An address as logged or shown by the bot: the first letter of the mailbox and the domain (`a***@example.com`). */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
