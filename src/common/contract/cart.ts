import { z } from 'zod';
import { FREQUENCIES, isFrequency } from '../pricing';
import { cartLineProduct, variant } from './catalog';
import { MAX_CART_LINES, rowId } from './checkout';
import { defineEndpoint } from './endpoint';
import { INT4, json, text } from './fields';

/**
 * The cart kept on the server for a logged-in customer (docs/decisions/052): the same cart on every device. The
 * browser keeps its copy under the shared `cart` key; each change is saved here as per-line changes ("this line now
 * holds n", 0 removes it), which are idempotent, so a save sent twice changes nothing more and two devices changing
 * different lines at once never lose one. At log-in (and on opening the Mini App) the browser's cart is merged into
 * this one, once. Every answer is the whole cart as saved, at today's prices, names and stock.
 */

/** Why a line could not go into the cart as asked (or only part of it). */
export const CART_PROBLEMS = ['no_longer_sold', 'out_of_stock', 'only_left', 'cart_full'] as const;
export type CartProblemReason = (typeof CART_PROBLEMS)[number];

const frequency = z.number({ error: 'must be 0, 2, 4 or 8' }).refine((v: number): boolean => isFrequency(v), {
  error: `must be ${FREQUENCIES.slice(0, -1).join(', ')} or ${FREQUENCIES.at(-1)}`,
});

/** One line's new state: `quantity` 0 removes the line. */
export const cartChange = z.object({
  product_id: rowId(),
  variant_id: rowId(),
  frequency_weeks: frequency.default(0),
  quantity: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must not be negative' })
    .max(INT4.max, { error: `must be at most ${INT4.max}` }),
});
export type CartChange = z.input<typeof cartChange>;

/** A line of the browser's cart to merge in: at least one unit. */
const mergedLine = cartChange.extend({
  quantity: cartChange.shape.quantity.min(1, { error: 'must be at least 1' }),
});

/** A line of the saved cart: today's product and packaging (prices, stock, names), its frequency and quantity. */
export const savedCartLine = z.object({
  product: cartLineProduct,
  /** `stock` is what can be bought now: 0 when the product is no longer on sale or sold out. */
  packaging: variant,
  frequency_weeks: z.number().int(),
  quantity: z.number().int(),
});
export type SavedCartLine = z.infer<typeof savedCartLine>;

/** A line that could not be saved or merged as asked (asked language). */
export const cartProblem = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  frequency_weeks: z.number().int(),
  name: z.string(),
  variant_name: z.string(),
  reason: z.enum(CART_PROBLEMS),
  /** For `only_left`: the units in stock now. */
  left: z.number().int(),
});
export type CartProblem = z.infer<typeof cartProblem>;

export const savedCart = z.object({
  lines: z.array(savedCartLine),
  /** What could not be done as asked, in the order asked (empty on a read). */
  problems: z.array(cartProblem),
  /** The cart's last change (ISO-8601 UTC), null when the customer never had one. */
  updated_at: z.string().nullable(),
});
export type SavedCart = z.infer<typeof savedCart>;

/** The caller's saved cart. */
export const getCart = defineEndpoint({
  path: '/v2/get-cart',
  access: 'user',
  summary: "The caller's saved cart",
  request: z.object({}),
  response: savedCart,
});

/**
 * Saves changes to the caller's cart, in order, in one transaction: each sets one line (product + packaging +
 * frequency) to a quantity, 0 removes it. A quantity above what is in stock is lowered to it (`only_left`); a new line
 * beyond MAX_CART_LINES, or one no longer sold or sold out, is refused and the line stays as it was. Lowering a
 * quantity is always allowed.
 */
export const saveCart = defineEndpoint({
  path: '/v2/save-cart',
  access: 'user',
  summary: "Save changes to the caller's cart",
  request: z.object({
    changes: json(
      z
        .array(cartChange, { error: 'must be a list of cart changes' })
        .min(1, { error: 'must have at least one change' })
        .max(MAX_CART_LINES * 2, { error: `must have at most ${MAX_CART_LINES * 2} changes` }),
    ),
  }),
  response: savedCart,
});

/**
 * Merges the browser's cart into the caller's saved cart (at log-in, on opening the Mini App): the same line adds its
 * quantities, per packaging never above its stock, at most MAX_CART_LINES lines; what does not fit is in `problems`.
 * `merge_key` (any unique text the browser keeps until the answer comes) makes a retry harmless: the merge whose key
 * was the last one merged changes nothing and answers the cart.
 */
export const mergeCart = defineEndpoint({
  path: '/v2/merge-cart',
  access: 'user',
  summary: "Merge the browser's cart into the caller's saved cart",
  request: z.object({
    merge_key: text(100),
    items: json(
      z
        .array(mergedLine, { error: 'must be a list of cart lines' })
        .max(MAX_CART_LINES, { error: `must have at most ${MAX_CART_LINES} lines` }),
    ),
  }),
  response: savedCart,
});
