import { z } from 'zod';
import { ORDER_ACTIONS, PAYMENT_ATTENTION } from '../../order-workflow';
import { paymentMethodCode } from '../checkout';
import { defineAdminEndpoint } from '../endpoint';
import { day, optional, optionalText, text } from '../fields';
import { orderDetails, orderItem, orderStatus } from '../orders';
import { adminPaging } from './paging';

/**
 * The back office's Orders screen (docs/decisions/013), read side: the filtered list (keyset-paged at any depth), its CSV
 * export, and one order's page (items, customer, delivery, payment and receipt, totals, refunds, timeline and the
 * actions the caller's role may take now). The actions themselves are in `order-actions.ts`.
 */

/** What the list and the export filter by. */
export const adminOrderFilters = {
  status: optional(orderStatus),
  payment_method: optional(paymentMethodCode),
  /** Placed on or after this shop day (`SHOP_TIMEZONE`, from its midnight). */
  from: optional(day()),
  /** Placed on or before this shop day (to its end). */
  to: optional(day()),
  /**
   * An order number (whole or its start, e.g. "LC-20261124"), a customer's e-mail (whole or its start, any case)
   * or a phone number (the account's or the delivery's; spaces and dashes ignored).
   */
  q: optionalText(254),
};

export const adminOrderRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: orderStatus,
  placed_at: z.string(),
  customer: z.object({ id: z.number().int(), nickname: z.string(), email: z.string() }),
  /** The delivery phone. */
  phone: z.string(),
  total_cents: z.number().int(),
  payment_method: paymentMethodCode,
  /** A transfer receipt waits to be checked (Pending, sent and not rejected). */
  receipt_waiting: z.boolean(),
  /** What a cancelled order that had been paid still owes back (0 otherwise). */
  refund_owed_cents: z.number().int(),
  tracking_number: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminOrdersList = defineAdminEndpoint({
  path: '/admin/orders/list',
  permission: 'orders.view',
  summary:
    'Orders, newest first, filtered by status, payment method, placing date and a search (order number, e-mail or phone); keyset-paged by `cursor`',
  request: z.object({
    ...adminOrderFilters,
    /** `next_cursor` of the previous page (a position in (placed_at, id), not an id: orders page by placing time). */
    cursor: optionalText(200),
    limit: adminPaging.limit,
  }),
  response: z.object({ orders: z.array(adminOrderRow), next_cursor: z.string().nullable() }),
});

/** The CSV's columns, in order (the header row). */
export const ORDER_CSV_COLUMNS = [
  'Order number',
  'Placed at (UTC)',
  'Status',
  'Customer',
  'E-mail',
  'Phone',
  'Receiver',
  'Address',
  'City',
  'State',
  'ZIP',
  'Country',
  'Items',
  'Subtotal',
  'Delivery',
  'Coupon',
  'Discount',
  'Cash reward',
  'Total',
  'Payment method',
  'Payment reference',
  'Refund owed',
  /** Refunds given or on their way back (not one the card provider failed): docs/decisions/040. */
  'Refunded',
  /** What was paid less what was refunded. */
  'Net paid',
  'Tracking company',
  'Tracking number',
] as const;

export const adminOrdersExport = defineAdminEndpoint({
  path: '/admin/orders/export',
  permission: 'orders.view',
  summary:
    'The filtered order list as a CSV file (UTF-8 with BOM, a header row, amounts in dollars), every page; errors answer the usual JSON envelope',
  request: z.object(adminOrderFilters),
  bare: true,
  response: z.string().meta({
    description: 'text/csv; charset=utf-8 (attachment orders-YYYY-MM-DD.csv)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  }),
});

/** An order line as the shop's order page has it (orders.ts `orderItem`), with its packaging's name as ordered. */
export const adminOrderItem = orderItem
  .pick({
    id: true,
    product_id: true,
    name: true,
    image: true,
    quantity: true,
    frequency_weeks: true,
    unit_price_cents: true,
    line_total_cents: true,
  })
  .extend({ packaging: z.string() });

export const adminOrderEvent = z.object({
  /** Null for an event synthesised from the order's own times (orders older than the timeline). */
  id: z.number().int().nullable(),
  kind: z.string(),
  /** 'customer', 'system', 'telegram', 'command line' or a staff member's e-mail. */
  actor: z.string(),
  at: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminOrderEvent = z.infer<typeof adminOrderEvent>;

/** An order as staff see it: what the shop's order page has of it (orders.ts `orderDetails`), and more. */
export const adminOrderDetail = orderDetails
  .pick({
    id: true,
    order_no: true,
    status: true,
    placed_at: true,
    paid_at: true,
    completed_at: true,
    cancelled_at: true,
    delivery_address: true,
    shipping_method: true,
    tracking: true,
    refund_owed_cents: true,
  })
  .extend({
    /** What may still be refunded: what was paid less what was refunded (docs/decisions/040), whatever the status. */
    refundable_cents: z.number().int(),
    /** A renewal of this subscription (placed by the server), else null. */
    subscription_id: z.number().int().nullable(),
    items: z.array(adminOrderItem),
    customer: z.object({
      id: z.number().int(),
      nickname: z.string(),
      email: z.string(),
      phone: z.string(),
      telegram_linked: z.boolean(),
    }),
    payment: z.object({
      method: paymentMethodCode,
      reference: z.string().nullable(),
      /** The receipt image (a GET path relative to the API base, signed, valid for an hour), or null. */
      receipt_url: z.string().nullable(),
      /** A receipt waits to be checked (Pending, sent and not rejected). */
      receipt_waiting: z.boolean(),
      receipt_rejected_reason: z.string().nullable(),
      receipt_rejected_at: z.string().nullable(),
      /** Telegram (or other provider) charges recorded for the order. */
      provider_payments: z.array(
        z.object({
          provider: z.string(),
          charge_id: z.string(),
          amount_cents: z.number().int(),
          at: z.string(),
          /** A card payment (docs/decisions/040): its status, currency, card and what the provider refunded of it. */
          status: z.string().optional(),
          currency: z.string().optional(),
          card_brand: z.string().nullable().optional(),
          card_last4: z.string().nullable().optional(),
          refunded_cents: z.number().int().optional(),
        }),
      ),
      /** What about the order's money needs a person (a changed amount, a dispute, a late payment, a failed refund). */
      attention: z.enum(PAYMENT_ATTENTION).nullable().optional(),
    }),
    totals: orderDetails
      .pick({
        subtotal_cents: true,
        delivery_fee_cents: true,
        coupon_code: true,
        coupon_discount_cents: true,
        cash_reward_cents: true,
        total_cents: true,
      })
      .extend({
        /** What the customer paid (the total once paid, or the provider charges recorded). */
        paid_cents: z.number().int(),
        refunded_cents: z.number().int(),
      }),
    refunds: z.array(
      z.object({
        id: z.number().int(),
        amount_cents: z.number().int(),
        method: z.string(),
        reference: z.string(),
        /** Who recorded it (e-mail), null when unknown. */
        recorded_by: z.string().nullable(),
        at: z.string(),
        /** A refund sent to the card provider: its state there (pending, succeeded, failed…) and why it failed. */
        provider_status: z.string().nullable().optional(),
        failure_reason: z.string().nullable().optional(),
      }),
    ),
    timeline: z.array(adminOrderEvent),
    /** What the caller may do to the order now (state and role: src/common/admin-order-actions.ts). */
    actions: z.array(z.enum(ORDER_ACTIONS)),
  });
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderGet = defineAdminEndpoint({
  path: '/admin/orders/get',
  permission: 'orders.view',
  summary:
    'One order for staff: items, customer, delivery, payment and receipt, totals, refunds, timeline and the actions allowed now',
  request: z.object({ order_no: text(40) }),
  response: z.object({ order: adminOrderDetail }),
});
