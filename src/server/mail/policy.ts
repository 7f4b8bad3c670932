import type { MailKind } from './outbox';

/**
 * Who may get what (docs/decisions/016): until the customer confirms the address, the shop sends only what
 * concerns the customer's own orders, their password and the confirmation itself, so an address typed by someone else receives
 * nothing it did not cause. The sender applies it to every message of an account at send time (`mayMailAccount`: a
 * confirmation that arrives meanwhile lets the message go; an address changed since counts as unconfirmed); code that
 * mails another address of the account (the notice to the old address after a change) asks `mayMail` with that
 * address's state before queueing.
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
  'renewal_charge_failed',
  // Exchanges of the customer's own orders (docs/decisions/020).
  'exchange_requested',
  'exchange_approved',
  'exchange_declined',
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

/**
 * Whether a message of `kind` for an account may go to `to` now (the sender asks it for every row of an account): the
 * account's current address by `mayMail`; an address the account no longer has (it was changed after the message was
 * queued) as an unconfirmed one (its state is not known any more), except the notice of the change itself, which is
 * queued for the old address only when it was confirmed.
 */
export function mayMailAccount(
  account: { email: string; email_confirmed_at: string | null },
  to: string,
  kind: MailKind,
): boolean {
  if (account.email.toLowerCase() === to.toLowerCase()) return mayMail(account, kind);
  return kind === 'email_changed' || mayMail({ email_confirmed_at: null }, kind);
}

/**
 * An address as logged or shown by the bot: the first letter of the mailbox and the domain (`a***@example.com`).
 * `{ domain: true }` masks the domain too, all but its first letter and its last label (`a***@e***.com`): what a
 * message to another address may say of this one (the notice of a change of address to the old address). The one
 * mask of the shop; a first letter is a character, not half of one.
 */
export function maskAddress(address: string, opts: { domain?: boolean } = {}): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  const first = (s: string) => [...s][0] ?? '';
  const domain = address.slice(at + 1);
  if (!opts.domain) return `${first(address)}***@${domain}`;
  const dot = domain.lastIndexOf('.');
  return `${first(address)}***@${dot < 1 ? '***' : `${first(domain)}***${domain.slice(dot)}`}`;
}
