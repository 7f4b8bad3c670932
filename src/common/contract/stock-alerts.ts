import { z } from 'zod';
import { stockState } from './catalog';
import { defineEndpoint } from './endpoint';
import { id } from './fields';

/**
 * Back-in-stock alerts (docs/decisions/018): "Notify me when available" on a product that is out of stock
 * or coming soon. One alert per customer and product; when the product is on sale with units again (back office,
 * imports, a cancelled order giving units back, "Coming soon" → "On sale") the customer is told once, through the bot
 * when linked (and its switch is on), else by e-mail, in their language, with a link to the product.
 *
 * The product details (`get-product-details`) are public and cached; the caller's alert is its own small call.
 */

export const stockAlert = z.object({
  product_id: z.number().int(),
  created_at: z.string(),
  /** When the customer was told the product is back (ISO-8601 UTC); null while the alert waits. */
  told_at: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlert>;

/** The caller's alert on one product: null when none is set (or it was cancelled). */
export const getStockAlert = defineEndpoint({
  path: '/v2/get-stock-alert',
  access: 'user',
  summary: "The caller's back-in-stock alert on a product",
  request: z.object({ product_id: id() }),
  response: z.object({ alert: stockAlert.nullable() }),
});

/**
 * Sets the caller's alert on a product that is out of stock or coming soon (409 when it is in stock: it can be added
 * to the cart; 404 for a product not in the shop). Setting it again is harmless; after the customer was told, it
 * waits again.
 */
export const setStockAlert = defineEndpoint({
  path: '/v2/set-stock-alert',
  access: 'user',
  summary: 'Notify me when a product is available',
  request: z.object({ product_id: id() }),
  response: z.object({ alert: stockAlert }),
});

/** Cancels the caller's alert on a product (cancelling one that is not set is harmless). */
export const cancelStockAlert = defineEndpoint({
  path: '/v2/cancel-stock-alert',
  access: 'user',
  summary: 'Cancel a back-in-stock alert',
  request: z.object({ product_id: id() }),
  response: z.object({ alert: z.null() }),
});

export const stockAlertListItem = stockAlert.extend({
  /** The product's name in the asked language, its first image and the state a shopper sees now. */
  name: z.string(),
  image: z.string(),
  stock_state: stockState,
});
export type StockAlertListItem = z.infer<typeof stockAlertListItem>;

/** The caller's alerts, newest first (the profile's list): waiting ones and the ones already told. */
export const getStockAlerts = defineEndpoint({
  path: '/v2/get-stock-alerts',
  access: 'user',
  summary: "The caller's back-in-stock alerts",
  request: z.object({}),
  response: z.object({ alerts: z.array(stockAlertListItem) }),
});
