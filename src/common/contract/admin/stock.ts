import { z } from 'zod';
import { STOCK_REASON_MAX, STOCK_SOURCES } from '../../stock-rules';
import { defineAdminEndpoint } from '../endpoint';
import { id, int, text } from '../fields';
import { adminPaging, nextCursor } from './paging';

/**
 * The back office's stock (docs/decisions/015): "Adjust stock" by a change (+/−) with a reason (never by
 * overwriting the number), and the stock history of every change (orders, cancels, adjustments, imports, new
 * packagings). A product's packagings with their stock and low marks are in its read (`/admin/products/get`).
 */

/** A packaging's stock after a change, marked low when on sale and at or below the product's threshold. */
export const stockLevel = z.object({
  id: z.number().int(),
  stock: z.number().int(),
  low: z.boolean(),
});
export type StockLevel = z.infer<typeof stockLevel>;

export const adminStockAdjust = defineAdminEndpoint({
  path: '/admin/stock/adjust',
  permission: 'catalogue',
  summary:
    'Changes one packaging’s stock by a signed whole number with a reason (409 when taking more than it holds); ' +
    'answers the packaging’s new stock and the stock of each of the product’s packagings',
  request: z.object({
    packaging_id: id(),
    /** Units to add (> 0) or take (< 0); never 0, at most MAX_STOCK_CHANGE (src/common/stock-rules.ts) either way. */
    delta: int(),
    reason: text(STOCK_REASON_MAX),
  }),
  response: z.object({
    packaging_id: z.number().int(),
    /** The packaging's stock after the change. */
    stock: z.number().int(),
    delta: z.number().int(),
    /** Every packaging of the product (retired ones too), as the product's page lists them. */
    packagings: z.array(stockLevel),
    /** The product's list-card total: the sum of the stock of its packagings on sale (retired ones never count). */
    stock_total: z.number().int(),
  }),
});

export const stockMovement = z.object({
  id: z.number().int(),
  packaging_id: z.number().int(),
  /** In the caller's language. */
  packaging_name: z.string(),
  /** Units added (> 0) or taken (< 0). */
  delta: z.number().int(),
  stock_after: z.number().int(),
  source: z.enum(STOCK_SOURCES),
  /** Staff's reason (adjustments, imports); '' for orders and cancels. */
  reason: z.string(),
  /** The order that took or gave back the stock. */
  order_no: z.string().nullable(),
  /** The staff member who adjusted or imported; null for orders, cancels and the command line. */
  by: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;

export const adminStockHistory = defineAdminEndpoint({
  path: '/admin/stock/history',
  permission: 'catalogue',
  summary: 'A product’s stock history, newest first: every change of its packagings’ stock; keyset-paged',
  request: z.object({ product_id: id(), ...adminPaging }),
  response: z.object({ movements: z.array(stockMovement), next_cursor: nextCursor }),
});

export type AdminStockAdjustOutput = z.infer<typeof adminStockAdjust.response>;
