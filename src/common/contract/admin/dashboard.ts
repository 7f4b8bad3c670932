import { z } from 'zod';
import { PAYMENT_ATTENTION } from '../../order-workflow';
import { defineAdminEndpoint } from '../endpoint';
import { orderStatus } from '../orders';

/**
 * The back office's dashboard (docs/decisions/013): what needs doing now, and, for roles with `reports`, the shop's
 * figures.
 *
 * **Revenue** is the sum of `total_cents` (what the customer was charged: goods, delivery, less coupon and cash
 * reward redeemed) **less what was refunded of it** of the orders **paid** in the window (`paid_at` inside it) that
 * are **not cancelled now**, in integer cents. An order counts on the day it was paid, not the day it was placed, and
 * so do its refunds, whenever they were made (a day's figure goes down when one of its orders is refunded later); an
 * order cancelled after it was paid drops out of every window (its money is owed back). Refunds count when recorded,
 * or given or on their way back through the card provider, not when the provider failed or cancelled them, and not
 * the automatic refund of a second payment (docs/decisions/040). **Orders** is how many such orders; **average order value**
 * is revenue ÷ orders rounded to the cent (0 when there are none).
 *
 * Days are the shop's calendar days in `SHOP_TIMEZONE` (IANA, default Asia/Manila), from local midnight to local
 * midnight: "today" is today so far, "7 days" is today and the 6 days before it, "30 days" today and the 29 before.
 * `revenue_per_day` lists those 30 days oldest first, every day present (zeros included); its sums are the windows.
 */

export const dashboardFigure = z.object({
  revenue_cents: z.number().int(),
  orders: z.number().int(),
  average_order_cents: z.number().int(),
});
export type DashboardFigure = z.infer<typeof dashboardFigure>;

export const dashboardDay = z.object({
  /** The shop's calendar day, YYYY-MM-DD. */
  date: z.string(),
  revenue_cents: z.number().int(),
  orders: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const lowStockItem = z.object({
  product_id: z.number().int(),
  packaging_id: z.number().int(),
  product_name: z.string(),
  packaging_name: z.string(),
  stock: z.number().int(),
  /** The product's own low-stock threshold, else the shop's `low_stock_default`. */
  threshold: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItem>;

/** An order whose payment needs a person (docs/decisions/040): no customer's details, only what staff act on. */
export const paymentAttentionItem = z.object({
  order_no: z.string(),
  attention: z.enum(PAYMENT_ATTENTION),
  status: orderStatus,
  total_cents: z.number().int(),
  /** When the order last changed (its flag set, or later). */
  flagged_at: z.string(),
});
export type PaymentAttentionItem = z.infer<typeof paymentAttentionItem>;

export const dashboardFigures = z.object({
  /** The IANA time zone the days are counted in. */
  timezone: z.string(),
  today: dashboardFigure,
  days_7: dashboardFigure,
  days_30: dashboardFigure,
  /** The last 30 days, oldest first, today last. */
  revenue_per_day: z.array(dashboardDay),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const backupStatus = z.object({
  /** Whether BACKUP_DIR or BACKUP_URL is set. */
  scheduled: z.boolean(),
  /** When the last scheduled backup ran (ISO), and whether it was written; null before the first. */
  last_at: z.string().nullable(),
  last_ok: z.boolean().nullable(),
  /** Why the last one failed (null when it did not). */
  last_error: z.string().nullable(),
  /** When the last one that was written ran. */
  last_good_at: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatus>;

export const adminDashboard = defineAdminEndpoint({
  path: '/admin/dashboard',
  permission: 'dashboard',
  summary: 'What needs doing now (receipts, orders to pack, payout requests, low stock) and the revenue figures',
  request: z.object({}),
  response: z.object({
    todo: z.object({
      /** Pending bank-transfer orders with a receipt sent and not rejected. */
      receipts_to_check: z.number().int(),
      /** Orders in status Paid (to pack). */
      paid_to_pack: z.number().int(),
      /** Agents' payout requests waiting; only for roles with `affiliates` (omitted otherwise). */
      payout_requests: z.number().int().optional(),
      /** Customers' exchange requests waiting for a decision (docs/decisions/020). */
      exchange_requests: z.number().int().optional(),
      /** Packagings of active products whose stock is at or below the product's threshold. */
      low_stock: z.object({
        count: z.number().int(),
        /** The 20 lowest, by stock ascending. */
        items: z.array(lowStockItem),
      }),
      /**
       * Orders whose payment needs a person (a changed amount, a dispute, a late payment not refunded automatically,
       * a failed refund): how many, and the 20 most recently changed.
       */
      payment_attention: z.object({ count: z.number().int(), items: z.array(paymentAttentionItem) }).optional(),
    }),
    /** Only for roles with `reports` (omitted otherwise). */
    figures: dashboardFigures.optional(),
    /** Scheduled backups (docs/decisions/042): only for roles with `settings` (omitted otherwise). */
    backups: backupStatus.optional(),
  }),
});

export type AdminDashboardOutput = z.infer<typeof adminDashboard.response>;
