import { percentOf } from './money';

/**
 * Price rules both sides apply (docs/product.md section 4, docs/decisions/003). The server recomputes every price with
 * these same functions; the client uses them only to show what the server will charge.
 */

/** Subscribe & save: this many percent off the unit price (docs/product.md section 8). */
export const SUBSCRIPTION_DISCOUNT_PERCENT = 15;

/** Delivery frequencies in weeks: 0 is one-time; 2, 4 and 8 are Subscribe & save (docs/decisions/003). */
export const FREQUENCIES = [0, 2, 4, 8] as const;
export type FrequencyWeeks = (typeof FREQUENCIES)[number];

export function isFrequency(value: unknown): value is FrequencyWeeks {
  return typeof value === 'number' && (FREQUENCIES as readonly number[]).includes(value);
}

/** A packaging option's prices, as the API gives them. */
export interface PricedVariant {
  price_cents: number;
  discount_price_cents: number | null;
  has_discount: boolean;
}

/** Whether a sale price applies: flagged, given, and below the regular price. */
export function hasDiscount(priceCents: number, discountPriceCents: number | null | undefined): boolean {
  return discountPriceCents !== null && discountPriceCents !== undefined && discountPriceCents < priceCents;
}

/** The price one unit sells at one-time: the discount price when it applies, else the regular price. */
export function saleUnitCents(variant: PricedVariant): number {
  return variant.has_discount && variant.discount_price_cents !== null
    ? variant.discount_price_cents
    : variant.price_cents;
}

/** Subscribe & save price of an amount: 15% off, the saving rounded half up to a whole cent. */
export function subscriptionCents(cents: number): number {
  return cents - percentOf(cents, SUBSCRIPTION_DISCOUNT_PERCENT);
}

/**
 * What one unit costs for a delivery frequency: the sale unit price one-time (0), 15% off it
 * for a subscription (2, 4 or 8 weeks). Throws on any other frequency.
 */
export function unitPriceCents(variant: PricedVariant, frequencyWeeks: number): number {
  if (!isFrequency(frequencyWeeks))
    throw new RangeError(`unitPriceCents: ${frequencyWeeks} is not a delivery frequency`);
  const unit = saleUnitCents(variant);
  return frequencyWeeks === 0 ? unit : subscriptionCents(unit);
}

/** The price fields of a cart line as the browser keeps it (docs/product.md section 4), in cents. */
export interface PricedLine {
  quantity: number;
  unit_price: number;
  has_discount: boolean | number;
  discount_price?: number | null;
}

/**
 * docs/product.md section 4 "Line price": quantity × discount_price when has_discount is set and a discount price
 * exists, otherwise quantity × unit_price.
 */
export function linePriceCents(line: PricedLine): number {
  if (!Number.isInteger(line.quantity) || line.quantity < 0)
    throw new RangeError(`linePriceCents: bad quantity ${line.quantity}`);
  const useDiscount = Boolean(line.has_discount) && line.discount_price !== null && line.discount_price !== undefined;
  return line.quantity * (useDiscount ? (line.discount_price as number) : line.unit_price);
}

/** A packaging's two prices as kept and as the API gives them (the discount applies when below the price). */
export interface ListedPrices {
  price_cents: number;
  discount_price_cents: number | null;
}

/** What one unit of a packaging sells at one-time, from its kept prices (`saleUnitCents` for the API's). */
export function listedSaleCents(packaging: ListedPrices): number {
  return hasDiscount(packaging.price_cents, packaging.discount_price_cents)
    ? (packaging.discount_price_cents as number)
    : packaging.price_cents;
}

/**
 * The packaging a product is priced by (docs/decisions/055): the cheapest on sale by the price a shopper pays, the
 * first in the given order (the shop's packaging order) among equals. The list card shows its price and the product
 * page opens on it, so the first price a shopper sees on the page is the card's. `packagings` are those on sale
 * (retired ones left out); undefined when there are none.
 */
export function cheapestPackaging<T extends ListedPrices>(packagings: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const p of packagings) if (best === undefined || listedSaleCents(p) < listedSaleCents(best)) best = p;
  return best;
}

/** Whether a product's packagings on sale sell at different prices: its card then says "From" (docs/decisions/055). */
export function pricesVary(packagings: readonly ListedPrices[]): boolean {
  return new Set(packagings.map(listedSaleCents)).size > 1;
}
