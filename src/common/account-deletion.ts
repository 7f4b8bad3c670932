import type { OrderStatus } from './order-workflow';
import { ORDER_MOVES, ORDER_STATUSES } from './order-workflow';

/**
 * Deleting an account (docs/decisions/050-deleting-an-account-and-retention.md): the rules both sides read.
 */

/**
 * The statuses that keep an account from being deleted: every status an order can still move from (Pending, Paid,
 * Processing). Such an order must be completed or cancelled first.
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => ORDER_MOVES[s].length > 0);

/** How a deleted account is named wherever its orders, commissions and stock history still show it. */
export const formerCustomerName = (id: number): string => `Former customer #${id}`;

/** How a deleted account's reviews name their author. */
export const FORMER_CUSTOMER = 'Former customer';

/**
 * The e-mail domain of a deleted account's placeholder address (RFC 2606's reserved `.invalid`): unique per account, so
 * the unique index holds, never a mailbox, and nothing is ever sent to it.
 */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

export const isDeletedAddress = (email: string): boolean => email.toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);

/** What the back office's owner types to confirm deleting customer `id`: the customer's number. */
export const staffDeleteConfirmation = (id: number): string => String(id);
