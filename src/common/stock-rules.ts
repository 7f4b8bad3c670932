/**
 * Stock rules the server and the back office share (docs/decisions/015). Zod-free: admin screens import
 * it at run time without pulling the contract's schemas into their chunk.
 */

/** Where a stock change came from (a stock history row's source). */
export const STOCK_SOURCES = ['order', 'cancel', 'adjust', 'import', 'new'] as const;
export type StockSource = (typeof STOCK_SOURCES)[number];

/** The largest change one adjustment may make, either way (a typo guard: 1e5 units of tea is not a correction). */
export const MAX_STOCK_CHANGE = 100_000;

/**
 * The highest low-stock threshold a product may set (the product form, the CSV import): a typo guard like
 * MAX_STOCK_CHANGE, far within a database integer.
 */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

/**
 * A packaging's low-stock threshold: its product's own (products.low_stock_threshold), else the shop's
 * `low_stock_default` setting (5 when unset). The one place the dashboard, alerts and the back office decide it.
 */
export const lowStockThreshold = (productThreshold: number | null, shopDefault: number): number =>
  productThreshold ?? shopDefault;

/** The longest reason an adjustment keeps. */
export const STOCK_REASON_MAX = 200;

/**
 * A change as staff type it ("+5", "5", "-3", "−3" with a typographic minus, spaces around) as a signed whole
 * number; null when it is not one the server takes (empty, 0, a fraction, beyond ±MAX_STOCK_CHANGE).
 */
export function parseStockChange(text: string): number | null {
  const match = /^([+\-−–])?\s*(\d{1,6})$/.exec(text.trim());
  if (!match) return null;
  const size = Number(match[2]);
  if (size === 0 || size > MAX_STOCK_CHANGE) return null;
  return match[1] && match[1] !== '+' ? -size : size;
}

/** A change as the history and messages show it: "+5", "−3". */
export const formatStockChange = (delta: number): string => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/** Whether a packaging is low: at or below its product's threshold (the dashboard and alerts use the same rule). */
export const isLowStock = (stock: number, threshold: number): boolean => stock <= threshold;
