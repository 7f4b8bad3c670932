import type { OrderStatus } from './checkout-rules';
import { can, type Permission, type StaffRole } from './staff-rules';

/**
 * What staff may do to an order from the back office (docs/decisions/013), by its state and their role. The
 * server refuses anything else whatever the screen shows; the order page shows the buttons this allows.
 */
export const ORDER_ACTIONS = [
  'confirm_payment',
  'reject_receipt',
  'processing',
  'tracking',
  'complete',
  'cancel',
  'refund',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Fulfilment packs, ships and completes; money decisions need `orders.money`. */
export const ORDER_ACTION_PERMISSION: Record<OrderAction, Permission> = {
  confirm_payment: 'orders.money',
  reject_receipt: 'orders.money',
  processing: 'orders.fulfil',
  tracking: 'orders.fulfil',
  complete: 'orders.fulfil',
  cancel: 'orders.money',
  refund: 'orders.money',
};

export interface OrderActionState {
  status: OrderStatus;
  payment_method: string;
  /** A transfer receipt is waiting to be checked (sent and not rejected). */
  has_receipt: boolean;
  /** What is still owed back to the customer, in cents (a cancelled order that had been paid). */
  refund_owed_cents: number;
}

/** Whether the order's state allows the action (whoever asks). */
export function stateAllows(action: OrderAction, order: OrderActionState): boolean {
  switch (action) {
    case 'confirm_payment':
      return order.status === 'Pending' && order.payment_method === 'bank_transfer';
    case 'reject_receipt':
      return order.status === 'Pending' && order.has_receipt;
    case 'processing':
      return order.status === 'Paid';
    case 'tracking':
      return order.status === 'Paid' || order.status === 'Processing' || order.status === 'Completed';
    case 'complete':
      return order.status === 'Processing';
    case 'cancel':
      return order.status === 'Pending' || order.status === 'Paid';
    case 'refund':
      return order.status === 'Cancelled' && order.refund_owed_cents > 0;
  }
}

/** The actions a staff member with `role` can take on the order now. */
export function availableOrderActions(order: OrderActionState, role: StaffRole): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => can(role, ORDER_ACTION_PERMISSION[a]) && stateAllows(a, order));
}

/** How a refund was given back. */
export const REFUND_METHODS = ['bank_transfer', 'telegram', 'cash', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
