import { chargedUnitCents, deliversTo, isOrderableQuantity } from '../../common/checkout-rules';
import type { LineProblem, PricedLine } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import { formatMessage, type MessageKey } from '../../common/i18n/messages';
import { packagingNames } from '../../common/packaging-name';
import { isFrequency } from '../../common/pricing';
import type { Db } from '../db/connection';
import { invalidField } from '../lib/errors';
import { findPackagings, type PackagingRow } from './repository';

/** One cart line as sent (prices, if any were sent, are not even read). */
export interface CartInput {
  product_id: number;
  variant_id: number;
  quantity: number;
  frequency_weeks?: number | undefined;
}

/** A cart line re-priced from the database, with what stops it from being ordered (if anything). */
export interface CartLine {
  index: number;
  product_id: number;
  variant_id: number;
  name_en: string;
  name_zh: string;
  variant_name_en: string;
  variant_name_zh: string;
  image: string;
  quantity: number;
  frequency_weeks: number;
  unit_price_cents: number;
  /** unit × quantity; 0 while the line has a problem (it is not counted in the subtotal). */
  line_total_cents: number;
  stock: number;
  problem: LineProblem | null;
  problemKey: MessageKey | null;
  /** Message parameters; `product` is filled in the asked language by `lineMessage`. */
  problemParams: Record<string, string | number>;
}

export interface PricedCart {
  lines: CartLine[];
  /** Sum of the lines that can be ordered. */
  subtotalCents: number;
  /** Lines with a problem, in cart order. */
  problems: CartLine[];
  /**
   * Units asked per packaging over the orderable lines, with their product (to take stock) and the product's own
   * low-stock threshold (null: the shop's default), for the staff's low-stock alert.
   */
  perPackaging: Map<
    number,
    { productId: number; quantity: number; label: { en: string; zh: string }; lowStockThreshold: number | null }
  >;
}

/**
 * Whether a cart line's packaging can be bought: it exists for that product, the product is shown and not coming
 * soon, and the packaging is not retired (back office: a retired packaging can never be bought again, like a hidden
 * product). Stock is checked apart.
 */
export function isOnSale(row: PackagingRow, productId: number): boolean {
  return (
    row.product_id === productId && row.is_active === 1 && row.is_retired !== 1 && row.stock_state !== 'coming_soon'
  );
}

/** The line's problem in the asked language, or null. */
export function lineMessage(line: CartLine, lang: Lang): string | null {
  if (!line.problemKey) return null;
  const product =
    lang === 'zh' ? `${line.name_zh}（${line.variant_name_zh}）` : `${line.name_en} (${line.variant_name_en})`;
  const params: Record<string, string | number> = { ...line.problemParams, product };
  if (lang === 'zh' && typeof params.state_zh === 'string') params.state = params.state_zh;
  return formatMessage(lang, line.problemKey, params);
}

/** Packagings by id with their products, in packaging id order, as a cart prices them (buy again, subscriptions). */
export const cartPackagings = (db: Db, packagingIds: number[]): Promise<PackagingRow[]> =>
  findPackagings(db, packagingIds);

/**
 * Re-prices a cart from the database: each line's unit price is the packaging's sale price (15% off
 * for Subscribe & save), whatever the client sent. A line cannot be ordered when its product is gone
 * or inactive, its frequency is not offered, its quantity is not a whole number from 1 to the stock
 * (summed over lines of the same packaging), or (with `deliverTo`) the product does not ship there.
 */
export async function priceCart(db: Db, items: readonly CartInput[], deliverTo?: DeliverTo): Promise<PricedCart> {
  const packagings = new Map(
    (await findPackagings(db, [...new Set(items.map((i) => i.variant_id))])).map((v) => [v.variant_id, v]),
  );
  const asked = askedPerPackaging(items);
  const lines = items.map((item, index) =>
    priceLine(item, index, packagings.get(item.variant_id), asked.get(item.variant_id) ?? item.quantity, deliverTo),
  );
  return {
    lines,
    subtotalCents: lines.reduce((sum, l) => sum + l.line_total_cents, 0),
    problems: lines.filter((l) => l.problem),
    perPackaging: unitsPerPackaging(lines, packagings),
  };
}

/** Where the cart is to be delivered (a state, with its country), when known. */
type DeliverTo = { country: string; name_en: string; name_zh: string };

/** The units asked per packaging over the cart's lines with a whole positive quantity. */
function askedPerPackaging(items: readonly CartInput[]): Map<number, number> {
  const asked = new Map<number, number>();
  for (const item of items) {
    if (Number.isInteger(item.quantity) && item.quantity > 0) {
      asked.set(item.variant_id, (asked.get(item.variant_id) ?? 0) + item.quantity);
    }
  }
  return asked;
}

/**
 * One line priced from its packaging's row (`row`: undefined when there is none), with the first thing that stops
 * it from being ordered. `asked`: the units of that packaging over the whole cart.
 */
function priceLine(
  item: CartInput,
  index: number,
  row: PackagingRow | undefined,
  asked: number,
  deliverTo: DeliverTo | undefined,
): CartLine {
  const frequency = item.frequency_weeks ?? 0;
  const base = {
    index,
    product_id: item.product_id,
    variant_id: item.variant_id,
    quantity: item.quantity,
    frequency_weeks: frequency,
  };
  if (!row || !isOnSale(row, item.product_id)) return unavailableLine(base, row);
  const named = {
    ...base,
    name_en: row.name_en,
    name_zh: row.name_zh,
    variant_name_en: row.variant_name_en,
    variant_name_zh: row.variant_name_zh,
    image: row.image,
    stock: row.stock,
  };
  if (!isFrequency(frequency) || (frequency > 0 && row.subscribable !== 1)) {
    return {
      ...named,
      frequency_weeks: Number.isInteger(frequency) ? frequency : 0,
      unit_price_cents: chargedUnitCents(row, 0),
      line_total_cents: 0,
      problem: 'not_subscribable',
      problemKey: 'itemNotSubscribable',
      problemParams: { weeks: frequency },
    };
  }
  const unit = chargedUnitCents(row, frequency);
  const problem = (p: LineProblem, key: MessageKey, params: Record<string, string | number>): CartLine => ({
    ...named,
    unit_price_cents: unit,
    line_total_cents: 0,
    problem: p,
    problemKey: key,
    problemParams: params,
  });
  const wholePositive = Number.isInteger(item.quantity) && item.quantity >= 1;
  if (!wholePositive) {
    return row.stock > 0
      ? problem('invalid_quantity', 'itemInvalidQuantity', { max: row.stock })
      : problem('not_enough_stock', 'itemNotEnoughStock', { stock: 0 });
  }
  if (!isOrderableQuantity(item.quantity, row.stock) || asked > row.stock) {
    return problem('not_enough_stock', 'itemNotEnoughStock', { stock: row.stock });
  }
  if (deliverTo && !deliversTo(row, deliverTo.country)) {
    return problem('not_deliverable', 'itemNotDeliverable', {
      state: deliverTo.name_en,
      state_zh: deliverTo.name_zh,
    });
  }
  return {
    ...named,
    unit_price_cents: unit,
    line_total_cents: unit * item.quantity,
    problem: null,
    problemKey: null,
    problemParams: {},
  };
}

/** A line whose packaging is gone or not on sale: named as far as it is known, priced 0. */
function unavailableLine(
  base: Pick<CartLine, 'index' | 'product_id' | 'variant_id' | 'quantity' | 'frequency_weeks'>,
  row: PackagingRow | undefined,
): CartLine {
  return {
    ...base,
    name_en: row?.name_en ?? '',
    name_zh: row?.name_zh ?? '',
    variant_name_en: row?.variant_name_en ?? '',
    variant_name_zh: row?.variant_name_zh ?? '',
    image: row?.image ?? '',
    unit_price_cents: 0,
    line_total_cents: 0,
    stock: 0,
    problem: 'unavailable',
    problemKey: 'itemUnavailable',
    problemParams: { line: base.index + 1 },
  };
}

/** The units of each packaging over the orderable lines, with its product and names (to take stock). */
function unitsPerPackaging(
  lines: readonly CartLine[],
  packagings: ReadonlyMap<number, PackagingRow>,
): PricedCart['perPackaging'] {
  const perPackaging: PricedCart['perPackaging'] = new Map();
  for (const line of lines) {
    if (line.problem) continue;
    const row = packagings.get(line.variant_id);
    if (!row) continue;
    const entry = perPackaging.get(line.variant_id) ?? {
      productId: row.product_id,
      quantity: 0,
      label: packagingNames(row),
      lowStockThreshold: row.low_stock_threshold,
    };
    entry.quantity += line.quantity;
    perPackaging.set(line.variant_id, entry);
  }
  return perPackaging;
}

/** An empty cart is refused with the shop's message ("Cannot checkout with empty cart"). */
export function requireItems(items: CartInput[] | undefined): CartInput[] {
  if (!items || items.length === 0) throw invalidField('items', 'emptyCartCheckout');
  return items;
}

export const toPricedLine = (l: PricedCart['lines'][number], lang: Lang): PricedLine => ({
  index: l.index,
  product_id: l.product_id,
  variant_id: l.variant_id,
  name: lang === 'zh' ? l.name_zh : l.name_en,
  variant_name: lang === 'zh' ? l.variant_name_zh : l.variant_name_en,
  image: l.image,
  quantity: l.quantity,
  frequency_weeks: l.frequency_weeks,
  unit_price_cents: l.unit_price_cents,
  line_total_cents: l.line_total_cents,
  stock: l.stock,
  problem: l.problem,
  message: lineMessage(l, lang),
});
