import { z } from 'zod';
import { ORDER_ACTION_PERMISSION, REFUND_METHODS, type RefundMethod } from '../../order-workflow';
import { defineAdminEndpoint } from '../endpoint';
import { cents, optionalText, text } from '../fields';
import { orderStatus } from '../orders';

/**
 * The back office's order actions (docs/decisions/013, 036): one path per action, each allowed by the order's state
 * and the caller's role as the order workflow says (src/common/order-workflow.ts: each path's permission is its
 * action's), each refused by the server (409) when the state does not allow it, audited and written to the order's
 * timeline.
 */

export { REFUND_METHODS, type RefundMethod };

/** The order an action is for. */
const orderNo = () => text(40);

/** What every action answers: the order's status now. */
export const orderActionResult = z.object({
  order_no: z.string(),
  status: orderStatus,
  /** False when the order already was in the asked status (a repeated request): nothing was done. */
  changed: z.boolean(),
  /** What a cancelled order that had been paid still owes back (0 otherwise). */
  refund_owed_cents: z.number().int(),
  /** What may still be refunded: what was paid less what was refunded (docs/decisions/040), whatever the status. */
  refundable_cents: z.number().int(),
});
export type OrderActionResult = z.infer<typeof orderActionResult>;

export const adminOrderConfirmPayment = defineAdminEndpoint({
  path: '/admin/orders/confirm-payment',
  permission: ORDER_ACTION_PERMISSION.confirm_payment,
  summary: 'Confirms a Pending bank-transfer order’s payment (with or without a receipt): Pending → Paid',
  request: z.object({ order_no: orderNo() }),
  response: orderActionResult,
});

export const adminOrderRejectReceipt = defineAdminEndpoint({
  path: '/admin/orders/reject-receipt',
  permission: ORDER_ACTION_PERMISSION.reject_receipt,
  summary:
    'Refuses the receipt waiting on a Pending bank-transfer order, with a reason the customer sees; the customer may upload a new one',
  request: z.object({ order_no: orderNo(), reason: text(500) }),
  response: orderActionResult,
});

export const adminOrderProcessing = defineAdminEndpoint({
  path: '/admin/orders/processing',
  permission: ORDER_ACTION_PERMISSION.processing,
  summary: 'Marks a Paid order as being packed: Paid → Processing',
  request: z.object({ order_no: orderNo() }),
  response: orderActionResult,
});

export const adminOrderTracking = defineAdminEndpoint({
  path: '/admin/orders/tracking',
  permission: ORDER_ACTION_PERMISSION.tracking,
  summary: 'Saves the shipping company, tracking number and (http/https) link of a Paid, Processing or Completed order',
  request: z.object({ order_no: orderNo(), company: text(100), number: text(100), link: optionalText(500) }),
  response: orderActionResult,
});

export const adminOrderComplete = defineAdminEndpoint({
  path: '/admin/orders/complete',
  permission: ORDER_ACTION_PERMISSION.complete,
  summary: 'Marks a Processing order as delivered: Processing → Completed (earns the cash reward)',
  request: z.object({ order_no: orderNo() }),
  response: orderActionResult,
});

export const adminOrderCancel = defineAdminEndpoint({
  path: '/admin/orders/cancel',
  permission: ORDER_ACTION_PERMISSION.cancel,
  summary: 'Cancels a Pending or Paid order: stock, coupon use and cash reward come back',
  request: z.object({ order_no: orderNo() }),
  response: orderActionResult,
});

export const adminOrderRefund = defineAdminEndpoint({
  path: '/admin/orders/refund',
  permission: ORDER_ACTION_PERMISSION.refund,
  summary:
    'Records money given back on an order that was paid — owed on a cancelled one, part of it on a Paid, Processing or Completed one (amount in cents, at most what was paid less what was refunded)',
  request: z.object({
    order_no: orderNo(),
    amount_cents: cents(),
    method: z.enum(REFUND_METHODS, { error: `must be one of ${REFUND_METHODS.join(', ')}` }),
    reference: text(200),
  }),
  response: orderActionResult,
});

export const adminOrderClearAttention = defineAdminEndpoint({
  path: '/admin/orders/clear-payment-attention',
  permission: ORDER_ACTION_PERMISSION.clear_attention,
  summary:
    'Marks an order’s payment flag (a changed amount, a dispute, a late payment not refunded, a failed refund) as handled: the flag is cleared, audited and on the timeline',
  request: z.object({ order_no: orderNo() }),
  response: orderActionResult,
});

export const adminOrderRefundToCard = defineAdminEndpoint({
  path: '/admin/orders/refund-to-card',
  permission: ORDER_ACTION_PERMISSION.refund,
  summary:
    'Refunds a card-paid order (cancelled, or in part while it goes on) to the card through the provider (amount in cents, at most what was paid less what was refunded, with a reason); the refund’s state then follows the provider’s notices',
  request: z.object({ order_no: orderNo(), amount_cents: cents(), reason: text(500) }),
  response: orderActionResult.extend({
    /** The refund sent: our id and the provider's state (pending, succeeded…). */
    refund: z.object({ id: z.number().int(), provider_status: z.string() }),
  }),
});
