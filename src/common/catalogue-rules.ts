import type { StockState } from './contract/catalog';
import { MAX_STOCK_CHANGE } from './stock-rules';

/**
 * The catalogue's rules the back office and the server share (docs/decisions/015), free of zod so that the admin
 * screens can import them without pulling the contract's schemas into their chunks.
 */

/**
 * What staff choose for a product, mapped onto the shop's columns (`products.is_active`, `products.stock_state`):
 * - `on_sale`: shown and orderable (is_active 1; stock_state `in_stock`, or `ready_stock` when it already was). The
 *   shop still shows "out of stock" while its packagings hold nothing (src/common/stock.ts `effectiveStockState`).
 * - `coming_soon`: shown, not orderable (is_active 1, stock_state `coming_soon`).
 * - `hidden`: not in the shop at all (is_active 0; stock_state kept, so showing it again restores what it was).
 *   A product with orders is hidden ("retired"), never deleted.
 */
export const PRODUCT_STATES = ['on_sale', 'coming_soon', 'hidden'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** A product's state as staff choose it, from the shop's columns. */
export const productState = (p: { is_active: number; stock_state: StockState }): ProductState =>
  p.is_active !== 1 ? 'hidden' : p.stock_state === 'coming_soon' ? 'coming_soon' : 'on_sale';

/**
 * The shop's columns for a chosen state (`stored`: the product's stock state now, when it exists). Hidden keeps the
 * stored stock state (showing the product again restores it); on sale keeps "ready stock" when it was, else "in
 * stock": a stored "out of stock" never sticks to a product put on sale (the shop shows "out of stock" by itself
 * while no units are left). The product form and the CSV import both map states with it.
 */
export function stateColumns(state: ProductState, stored?: StockState): { is_active: number; stock_state: StockState } {
  if (state === 'hidden') return { is_active: 0, stock_state: stored ?? 'in_stock' };
  if (state === 'coming_soon') return { is_active: 1, stock_state: 'coming_soon' };
  return { is_active: 1, stock_state: stored === 'ready_stock' ? 'ready_stock' : 'in_stock' };
}

/**
 * The Products list's stock filter: `in_stock` (units on sale, not coming soon), `low` (a packaging on sale at or
 * below the product's low-stock threshold, as the dashboard counts it), `out_of_stock` (no units, not coming
 * soon), `coming_soon`.
 */
export const STOCK_FILTERS = ['in_stock', 'low', 'out_of_stock', 'coming_soon'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** The kinds of tag a product carries: its type (black, green…), benefits and free tags. */
export const TAG_KINDS = ['type', 'benefit', 'tag'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/** A product's slug: lower-case letters and digits in dash-separated groups ("earl-grey-cream"). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

/** A slug suggested from an English name: "Earl Grey Crème 50g" → "earl-grey-creme-50g". */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** Limits of a product's fields (the form checks them before sending; the contract enforces them). */
export const PRODUCT_LIMITS = {
  name: 200,
  description: 5000,
  alt: 200,
  packagingName: 100,
  images: 12,
  packagings: 20,
  /** The most units a new packaging may start with (a typo guard, like stock adjustments). */
  initialStock: MAX_STOCK_CHANGE,
} as const;

/**
 * A packaging's price (and discount price) in cents: at least 1 cent, at most $1,000,000.00 (a typo guard, far
 * within a database integer: PostgreSQL's `integer` ends at 2,147,483,647). The product form, the contract and
 * the CSV import all check prices with `isValidPrice` / `isValidDiscount`.
 */
export const MIN_PRICE_CENTS = 1;
export const MAX_PRICE_CENTS = 100_000_000;

/** Whether a price in cents is one a packaging may have. */
export const isValidPrice = (cents: number): boolean =>
  Number.isSafeInteger(cents) && cents >= MIN_PRICE_CENTS && cents <= MAX_PRICE_CENTS;

/** Whether a discount price is a discount: empty, or a valid price below the price. */
export const isValidDiscount = (priceCents: number, discountCents: number | null | undefined): boolean =>
  discountCents === null || discountCents === undefined || (isValidPrice(discountCents) && discountCents < priceCents);

/** A product's own fields as the product form sends them and the server checks them (the create and update paths). */
export interface ProductFields {
  slug: string;
  name_en: string;
  name_zh: string;
  description_en: string;
  description_zh: string;
  state: ProductState;
  available_ph: boolean;
  available_cn: boolean;
  subscribable: boolean;
  low_stock_threshold?: number;
  /** "Running low?" this many days after a completed order (docs/decisions/056); absent: never. */
  reorder_days?: number;
  category_ids: number[];
  tag_ids: number[];
  images: Array<{ url: string; alt_en: string; alt_zh: string }>;
}

/** A packaging's names and prices in cents, as the forms send them and the server checks them. */
export interface PackagingFields {
  name_en: string;
  name_zh: string;
  price_cents: number;
  discount_price_cents?: number;
}
