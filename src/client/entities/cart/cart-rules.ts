import type { Variant as Packaging, ProductDetails } from '@common/contract/catalog';
import { LANGUAGE_IDS, type Lang } from '@common/contract/lang';
import { centsToDecimal } from '@common/money';
import { isFrequency, linePriceCents, unitPriceCents } from '@common/pricing';

/**
 * The cart's rules (docs/product.md §4), as pure functions over a list of lines; the store (cart-store.ts)
 * only keeps their result.
 *
 * Money: every price here is integer cents (`unit_price`, `discount_price`, totals), as in the API and
 * the database. The only text is `totalPrice`, stored as a string with 2 decimals ("12.50", no `$`);
 * screens show amounts with `formatCents` ("$12.50").
 */

/** A name in every language, indexed by language id − 1 (0 English, 1 Chinese): the stored line's `translations`. */
interface Translation {
  name: string;
}

/** What the product screen hands to the cart: one packaging of one product at one delivery frequency. */
export interface CartLineInput {
  product_id: number;
  /** The packaging (product_variants.id). */
  variant_id: number;
  /** 0 one-time; 2, 4 or 8 Subscribe & save (docs/decisions/003). */
  frequency_weeks: number;
  quantity: number;
  /** Units of this packaging in stock when it was last seen. */
  stock_balance: number;
  /** Regular price of one unit, in cents. */
  unit_price: number;
  /** Whether `discount_price` applies (a sale, or the Subscribe & save price). */
  has_discount: boolean;
  /** The price of one unit when `has_discount`, in cents. */
  discount_price: number | null;
  image: string;
  /** The product's name in the language it was added in. */
  name: string;
  translations: Translation[];
  variant_name: string;
  variant_translations: Translation[];
}

/** A cart line as stored under the shared `cart` key (docs/product.md §2, Browser storage). */
export interface CartLine extends CartLineInput {
  /** The line price (docs/product.md §4) as a string with 2 decimals. */
  totalPrice: string;
  /** The line's position in the cart. */
  index: number;
}

export type CartRefusal = 'notEnoughStock' | 'outOfStock' | 'invalidQuantity' | 'notInCart';
export type CartChange = { ok: true; lines: CartLine[] } | { ok: false; reason: CartRefusal };

/** Lines are the same when product, packaging and frequency are. */
export const lineKey = (line: Pick<CartLineInput, 'product_id' | 'variant_id' | 'frequency_weeks'>): string =>
  `${line.product_id}:${line.variant_id}:${line.frequency_weeks}`;

/** Line price in cents (docs/product.md §4, from common/pricing). */
export const lineCents = (line: Pick<CartLineInput, 'quantity' | 'unit_price' | 'has_discount' | 'discount_price'>) =>
  linePriceCents(line);

/** Renumbers `index` and recomputes `totalPrice`: every list the rules return goes through here. */
export function finish(lines: CartLineInput[]): CartLine[] {
  return lines.map((line, index) => ({
    ...stripDerived(line),
    totalPrice: centsToDecimal(lineCents(line)),
    index,
  }));
}

function stripDerived(line: CartLineInput | CartLine): CartLineInput {
  const { totalPrice: _t, index: _i, ...rest } = line as CartLine;
  return rest;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/**
 * Adds a line (docs/product.md §4): an existing line of the same product, packaging and frequency gets the
 * quantities summed, refused if the sum passes `stock_balance`; a new line is refused if its quantity
 * passes `stock_balance`; nothing is added with no stock.
 */
export function addLine(lines: CartLine[], input: CartLineInput): CartChange {
  if (!isCount(input.quantity) || input.quantity < 1) return { ok: false, reason: 'invalidQuantity' };
  if (!isCount(input.stock_balance) || input.stock_balance === 0) return { ok: false, reason: 'outOfStock' };
  const key = lineKey(input);
  const existing = lines.find((l) => lineKey(l) === key);
  if (!existing) {
    if (input.quantity > input.stock_balance) return { ok: false, reason: 'notEnoughStock' };
    return { ok: true, lines: finish([...lines, input]) };
  }
  const quantity = existing.quantity + input.quantity;
  if (quantity > input.stock_balance) return { ok: false, reason: 'notEnoughStock' };
  // The newer look at the product (stock, prices, names) wins; the position stays.
  return { ok: true, lines: finish(lines.map((l) => (l === existing ? { ...input, quantity } : l))) };
}

/** Plus (docs/product.md §4): allowed only while the new quantity stays at or below `stock_balance`. */
export function increaseLine(lines: CartLine[], key: string): CartChange {
  const line = lines.find((l) => lineKey(l) === key);
  if (!line) return { ok: false, reason: 'notInCart' };
  if (line.quantity + 1 > line.stock_balance) return { ok: false, reason: 'notEnoughStock' };
  return { ok: true, lines: finish(lines.map((l) => (l === line ? { ...l, quantity: l.quantity + 1 } : l))) };
}

/** Minus: one less; at zero the line goes. */
export function decreaseLine(lines: CartLine[], key: string): CartChange {
  const line = lines.find((l) => lineKey(l) === key);
  if (!line) return { ok: false, reason: 'notInCart' };
  if (line.quantity <= 1) return removeLine(lines, key);
  return { ok: true, lines: finish(lines.map((l) => (l === line ? { ...l, quantity: l.quantity - 1 } : l))) };
}

export function removeLine(lines: CartLine[], key: string): CartChange {
  if (!lines.some((l) => lineKey(l) === key)) return { ok: false, reason: 'notInCart' };
  return { ok: true, lines: finish(lines.filter((l) => lineKey(l) !== key)) };
}

/** Replaces lines by key with what `update` returns (null removes): for the stock re-check. */
export function updateLines(lines: CartLine[], update: (line: CartLine) => CartLineInput | null): CartLine[] {
  return finish(lines.map(update).filter((l): l is CartLineInput => l !== null));
}

/** The header's cart icon and the panel's (docs/product.md §2, §3): the number of distinct lines. */
export const itemCount = (lines: readonly CartLine[]) => lines.length;
/** Units over all lines. */
export const totalQuantity = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);
/** Subtotal in cents. */
export const totalCents = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + lineCents(l), 0);

/** The product name in a language (its translations indexed by language id − 1), else the stored name. */
export function lineName(line: Pick<CartLineInput, 'name' | 'translations'>, lang: Lang): string {
  return line.translations[LANGUAGE_IDS[lang] - 1]?.name || line.name;
}

export function packagingName(line: Pick<CartLineInput, 'variant_name' | 'variant_translations'>, lang: Lang): string {
  return line.variant_translations[LANGUAGE_IDS[lang] - 1]?.name || line.variant_name;
}

/**
 * The line for one packaging of a product at a frequency, priced by common/pricing: one-time at the
 * sale price when there is one; Subscribe & save 15% off it (as `discount_price`, with the regular
 * price as `unit_price`). The server recomputes every price at checkout.
 */
export function lineFromProduct(
  product: Pick<ProductDetails, 'id' | 'name' | 'image' | 'translations'>,
  packaging: Packaging,
  frequencyWeeks: number,
  quantity: number,
  /** The packaging's names by language id − 1; by default taken from `packaging.translations`. */
  packagingTranslations?: Translation[],
): CartLineInput {
  if (!isFrequency(frequencyWeeks)) throw new RangeError(`lineFromProduct: ${frequencyWeeks} is not a frequency`);
  const effective = unitPriceCents(packaging, frequencyWeeks);
  const discounted = effective < packaging.price_cents;
  const byLang = (lang: Lang) => product.translations.find((t) => t.lang === lang)?.name ?? product.name;
  const packagingByLang = (lang: Lang) => packaging.translations?.find((t) => t.lang === lang)?.name ?? packaging.name;
  return {
    product_id: product.id,
    variant_id: packaging.id,
    frequency_weeks: frequencyWeeks,
    quantity,
    stock_balance: Math.max(0, packaging.stock),
    unit_price: packaging.price_cents,
    has_discount: discounted,
    discount_price: discounted ? effective : null,
    image: product.image,
    name: product.name,
    translations: [{ name: byLang('en') }, { name: byLang('zh') }],
    variant_name: packaging.name,
    variant_translations: packagingTranslations ?? [{ name: packagingByLang('en') }, { name: packagingByLang('zh') }],
  };
}

/** The catalog's name for the same builder. */
export const lineFromChoice = lineFromProduct;

// ---------------------------------------------------------------------------
// Reading the stored cart (never trusted: it may be old, edited or broken)
// ---------------------------------------------------------------------------

const isText = (v: unknown): v is string => typeof v === 'string';
const isTranslations = (v: unknown): v is Translation[] =>
  Array.isArray(v) && v.every((t) => t !== null && typeof t === 'object' && isText((t as Translation).name));

/** One stored line, checked field by field; null when it cannot be a cart line. */
function readLine(raw: unknown): CartLineInput | null {
  if (raw === null || typeof raw !== 'object') return null;
  const l = raw as Record<string, unknown>;
  const ok =
    isCount(l.product_id) &&
    isCount(l.variant_id) &&
    isCount(l.frequency_weeks) &&
    isFrequency(l.frequency_weeks) &&
    isCount(l.quantity) &&
    (l.quantity as number) >= 1 &&
    isCount(l.stock_balance) &&
    isCount(l.unit_price) &&
    (typeof l.has_discount === 'boolean' || l.has_discount === 0 || l.has_discount === 1) &&
    (l.discount_price === null || l.discount_price === undefined || isCount(l.discount_price)) &&
    isText(l.image) &&
    isText(l.name) &&
    isTranslations(l.translations);
  if (!ok) return null;
  return {
    product_id: l.product_id as number,
    variant_id: l.variant_id as number,
    frequency_weeks: l.frequency_weeks as number,
    quantity: l.quantity as number,
    stock_balance: l.stock_balance as number,
    unit_price: l.unit_price as number,
    has_discount: Boolean(l.has_discount),
    discount_price: (l.discount_price as number | null | undefined) ?? null,
    image: l.image as string,
    name: l.name as string,
    translations: l.translations as Translation[],
    variant_name: isText(l.variant_name) ? l.variant_name : '',
    variant_translations: isTranslations(l.variant_translations) ? l.variant_translations : [],
  };
}

/**
 * The stored cart (a plain list under `cart`: docs/product.md §4). Broken JSON or something that is not a list
 * gives an empty cart; a line that is not a valid cart line (or repeats one) is dropped. `problem` says
 * what was wrong, for a console warning.
 */
export function parseStoredCart(raw: string | null): { lines: CartLine[]; problem?: string } {
  if (raw === null || raw === '') return { lines: [] };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { lines: [], problem: 'the stored cart is not valid JSON; starting with an empty cart' };
  }
  if (!Array.isArray(data)) return { lines: [], problem: 'the stored cart is not a list; starting with an empty cart' };
  const seen = new Set<string>();
  const lines: CartLineInput[] = [];
  for (const item of data) {
    const line = readLine(item);
    if (!line || seen.has(lineKey(line))) continue;
    seen.add(lineKey(line));
    lines.push(line);
  }
  const dropped = data.length - lines.length;
  return {
    lines: finish(lines),
    ...(dropped > 0 ? { problem: `dropped ${dropped} stored cart line(s) that were not valid` } : {}),
  };
}
