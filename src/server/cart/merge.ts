import { MAX_CART_LINES } from '../../common/contract/checkout';
import type { PackagingRow } from './repository';
import { type CartInput, isOnSale } from './service';

/** What the cart already holds: units per packaging (all frequencies) and its distinct lines. */
export interface CartHolding {
  unitsPerPackaging: Map<number, number>;
  lineKeys: Set<string>;
}

/** Lines are the same when product, packaging and frequency are (as on the client). */
export const lineKey = (l: { product_id: number; variant_id: number; frequency_weeks?: number | undefined }) =>
  `${l.product_id}:${l.variant_id}:${l.frequency_weeks ?? 0}`;

/** Reads the cart the client sent (lines with a quantity that is not a whole positive number count as 0). */
export function cartHolding(items: readonly CartInput[]): CartHolding {
  const unitsPerPackaging = new Map<number, number>();
  const lineKeys = new Set<string>();
  for (const item of items) {
    lineKeys.add(lineKey(item));
    const units = Number.isInteger(item.quantity) && item.quantity > 0 ? item.quantity : 0;
    unitsPerPackaging.set(item.variant_id, (unitsPerPackaging.get(item.variant_id) ?? 0) + units);
  }
  return { unitsPerPackaging, lineKeys };
}

export type MergeOutcome =
  | { ok: true; quantity: number; capped: boolean }
  | { ok: false; reason: 'out_of_stock' | 'only_left' | 'cart_full' };

/**
 * Adds `wanted` units of a packaging to the cart by the cart's rules (service.ts `priceCart`): the units of
 * one packaging over all lines never above its stock, and at most MAX_CART_LINES lines. Records what was
 * added in `holding`, so the next line of the same packaging sees it.
 */
export function mergeLine(
  holding: CartHolding,
  line: { product_id: number; variant_id: number; frequency_weeks: number },
  wanted: number,
  stock: number,
): MergeOutcome {
  if (stock <= 0) return { ok: false, reason: 'out_of_stock' };
  const held = holding.unitsPerPackaging.get(line.variant_id) ?? 0;
  const room = stock - held;
  if (room <= 0) return { ok: false, reason: 'only_left' };
  const key = lineKey(line);
  if (!holding.lineKeys.has(key) && holding.lineKeys.size >= MAX_CART_LINES) return { ok: false, reason: 'cart_full' };
  const quantity = Math.min(wanted, room);
  holding.lineKeys.add(key);
  holding.unitsPerPackaging.set(line.variant_id, held + quantity);
  return { ok: true, quantity, capped: quantity < wanted };
}

/**
 * The units of a packaging a cart may hold now: 0 when its product is no longer on sale (or the packaging is not that
 * product's) or is marked out of stock, else its stock.
 */
export function sellableStock(row: PackagingRow | undefined, productId: number): number {
  if (!row || !isOnSale(row, productId)) return 0;
  return row.stock_state === 'out_of_stock' ? 0 : Math.max(0, row.stock);
}

/**
 * Sets a line of the cart to `wanted` units (docs/decisions/052) by the same rules as `mergeLine`: `current` is what
 * the line holds now (0: not in the cart). Lowering is always allowed (it needs no stock, and never a new line); more
 * is capped by the packaging's stock over the cart's other lines, and a new line by MAX_CART_LINES. A refusal keeps
 * the line as it was; `holding` follows what the line ends up with.
 */
export function setLine(
  holding: CartHolding,
  line: { product_id: number; variant_id: number; frequency_weeks: number },
  current: number,
  wanted: number,
  stock: number,
): MergeOutcome {
  const held = holding.unitsPerPackaging.get(line.variant_id) ?? 0;
  if (wanted <= current) {
    holding.unitsPerPackaging.set(line.variant_id, held - current + wanted);
    if (wanted === 0) holding.lineKeys.delete(lineKey(line));
    return { ok: true, quantity: wanted, capped: false };
  }
  // The line's own units do not count against it: take them out, then add what is wanted.
  holding.unitsPerPackaging.set(line.variant_id, held - current);
  const merged = mergeLine(holding, line, wanted, stock);
  // Asking for more never leaves less: a line already above what is left stays as it is.
  if (merged.ok && merged.quantity >= current) return merged;
  holding.unitsPerPackaging.set(line.variant_id, held);
  return merged.ok ? { ok: false, reason: 'only_left' } : merged;
}
