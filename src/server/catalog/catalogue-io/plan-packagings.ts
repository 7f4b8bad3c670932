import { isValidDiscount, isValidPrice, MAX_PRICE_CENTS, type ProductState } from '../../../common/catalogue-rules';
import { centsToDecimal, parseDollarsToCents } from '../../../common/money';
import { MAX_STOCK_CHANGE, parseStockChange } from '../../../common/stock-rules';
import { type CsvRow, readYesNo } from './format';
import type { ChangeAction, FieldChange, PackagingWrite, Planning } from './plan';
import type { StoredPackaging, StoredProduct } from './repository';

// The catalogue import's plan of a product's packagings (plan.ts plans the product's own columns): each row checked
// against the packaging it names, or as a new one, and what changes.

/** A product's packagings as the planning of its rows goes: what the shop has, and what the file added so far. */
interface ProductPackagings {
  slug: string;
  existing: StoredProduct | undefined;
  /** The product's packagings in the shop, by id. */
  ownById: Map<number, StoredPackaging>;
  /** The sort order of the next new packaging. */
  nextSort: number;
  /** Names of the product's packagings (lower-case English): those in the shop, then the file's new ones. */
  names: Map<string, string>;
  /** How many packagings stay on sale once the file's rows are applied. */
  onSale: number;
}

/** A row's prices and stock as checked: what its change and write are made of. */
interface PackagingRowValues {
  price: number | null;
  discount: number | null;
  retire: boolean;
  delta: number;
}

/** Plans the packagings of one product: its rows, in the file's order. */
export function planPackagings(
  ctx: Planning,
  product: { slug: string; group: CsvRow[]; existing: StoredProduct | undefined; state: ProductState | undefined },
): void {
  const { slug, group, existing, state } = product;
  const own = existing ? (ctx.snap.packagings.get(existing.id) ?? []) : [];
  const packagings: ProductPackagings = {
    slug,
    existing,
    ownById: new Map(own.map((p) => [p.id, p])),
    nextSort: own.reduce((max, p) => Math.max(max, p.sort_order + 1), 0),
    names: new Map<string, string>(own.map((p) => [p.name_en.toLowerCase(), `id ${p.id}`])),
    onSale: own.filter((p) => !p.is_retired).length,
  };
  for (const row of group) planPackagingRow(ctx, packagings, row);
  if (packagings.onSale <= 0 && state !== 'hidden') ctx.bad(group[0]!.line, 'retired', 'csvNoPackagingOnSale');
}

/** Checks one packaging row and, when nothing on it is bad, adds its change and its write. */
function planPackagingRow(ctx: Planning, product: ProductPackagings, row: CsvRow): void {
  const { bad } = ctx;
  const c = row.cells;
  const problemsBefore = ctx.plan.problems.length;
  let stored: StoredPackaging | undefined;
  if (c.packaging_id) {
    stored = namedPackaging(ctx, product, row);
    if (!stored) return;
  }
  checkName(ctx, product, row, stored);
  const { price, discount } = readPrices(ctx, row);
  const retired = c.retired ? readYesNo(c.retired) : false;
  if (retired === null) bad(row.line, 'retired', 'csvYesNo');
  const delta = stockDelta(ctx, row, stored, retired);
  const retire = retired === true && stored !== undefined && !stored.is_retired;
  if (retire) {
    if (delta !== 0) bad(row.line, 'retired', 'csvRetireWithStock');
    product.onSale--;
  } else if (!stored) product.onSale++;
  if (ctx.plan.problems.length > problemsBefore) return;
  addPackagingChange(ctx, product, row, stored, { price, discount, retire, delta });
}

/**
 * The product's packaging the row's `packaging_id` names, noted as on this line; undefined (the row is bad) when the
 * id is no packaging of this product, or one already on another line.
 */
function namedPackaging(
  { snap, bad, packagingLines }: Planning,
  product: ProductPackagings,
  row: CsvRow,
): StoredPackaging | undefined {
  const c = row.cells;
  const id = /^\d{1,10}$/.test(c.packaging_id) ? Number(c.packaging_id) : Number.NaN;
  const stored = product.ownById.get(id);
  if (!stored) {
    const owner = snap.strayOwners.get(id);
    if (owner) bad(row.line, 'packaging_id', 'csvPackagingOtherProduct', { id, slug: owner });
    else bad(row.line, 'packaging_id', 'csvPackagingUnknown', { id: c.packaging_id });
    return undefined;
  }
  const twice = packagingLines.get(id);
  if (twice !== undefined) {
    bad(row.line, 'packaging_id', 'csvPackagingTwice', { id, line: twice });
    return undefined;
  }
  packagingLines.set(id, row.line);
  return stored;
}

/** The packaging's names: both given, and the English one not another packaging's of the product. */
function checkName(
  { bad }: Planning,
  product: ProductPackagings,
  row: CsvRow,
  stored: StoredPackaging | undefined,
): void {
  const c = row.cells;
  for (const col of ['packaging_en', 'packaging_zh'] as const) if (!c[col]) bad(row.line, col, 'csvRequired');
  const nameKey = c.packaging_en.toLowerCase();
  if (c.packaging_en && (!stored || stored.name_en.toLowerCase() !== nameKey)) {
    const clash = product.names.get(nameKey);
    if (clash) bad(row.line, 'packaging_en', 'csvPackagingNameTaken', { name: c.packaging_en, other: clash });
    else product.names.set(nameKey, `line ${row.line}`);
  }
}

/** Prices: the product form's rule (src/common/catalogue-rules.ts). */
function readPrices({ bad }: Planning, row: CsvRow): { price: number | null; discount: number | null } {
  const c = row.cells;
  const priceRange = { max: centsToDecimal(MAX_PRICE_CENTS) };
  const price = c.price ? parseDollarsToCents(c.price) : null;
  if (!c.price) bad(row.line, 'price', 'csvRequired');
  else if (price === null || !isValidPrice(price)) bad(row.line, 'price', 'csvPriceInvalid', priceRange);
  let discount: number | null = null;
  if (c.discount_price) {
    discount = parseDollarsToCents(c.discount_price);
    if (discount === null || !isValidPrice(discount)) bad(row.line, 'discount_price', 'csvPriceInvalid', priceRange);
    else if (price !== null && isValidPrice(price) && !isValidDiscount(price, discount))
      bad(row.line, 'discount_price', 'csvDiscountNotBelow', { price: c.price });
  }
  return { price, discount };
}

/** Stock: a change, or a count checked against the stock at export (format.ts). Answers the units to add or take. */
function stockDelta(
  { bad }: Planning,
  row: CsvRow,
  stored: StoredPackaging | undefined,
  retired: boolean | null,
): number {
  const c = row.cells;
  let delta = 0;
  const change = c.stock_change ? parseStockChange(c.stock_change) : null;
  if (c.stock_change && change === null)
    bad(row.line, 'stock_change', 'csvStockChangeInvalid', { max: MAX_STOCK_CHANGE });
  const count = c.stock_count ? readCount(c.stock_count) : null;
  if (c.stock_count && count === null) bad(row.line, 'stock_count', 'csvStockCountInvalid');
  const atExport = c.stock_at_export ? readCount(c.stock_at_export) : null;
  if (c.stock_at_export && atExport === null) bad(row.line, 'stock_at_export', 'csvStockCountInvalid');
  if (stored) {
    const countChanges = count !== null && count !== atExport;
    if (countChanges && change !== null) bad(row.line, 'stock_count', 'csvStockBoth');
    else if (countChanges && atExport === null) bad(row.line, 'stock_at_export', 'csvStockAtExportNeeded');
    else if (countChanges && atExport !== stored.stock)
      bad(row.line, 'stock_count', 'csvStockMoved', { stock: stored.stock, expected: atExport ?? 0 });
    else if (countChanges && Math.abs(count - stored.stock) > MAX_STOCK_CHANGE)
      bad(row.line, 'stock_count', 'csvStockChangeInvalid', { max: MAX_STOCK_CHANGE });
    else if (countChanges) delta = count - stored.stock;
    else if (change !== null) {
      if (stored.stock + change < 0)
        bad(row.line, 'stock_change', 'csvStockBelowZero', { stock: stored.stock, change: c.stock_change });
      else delta = change;
    }
    if (retired === false && stored.is_retired) bad(row.line, 'retired', 'csvRetiredStays');
    // A retired packaging is never sold again: its stock stays as it is (retiring took it out).
    if (stored.is_retired && delta !== 0) {
      bad(row.line, change !== null ? 'stock_change' : 'stock_count', 'csvRetiredStock');
      delta = 0;
    }
  } else {
    if (c.stock_at_export) bad(row.line, 'stock_at_export', 'csvNewHasNoExportStock');
    if (count !== null && change !== null) bad(row.line, 'stock_count', 'csvStockBoth');
    else if (change !== null && change < 0) bad(row.line, 'stock_change', 'csvNewStockNegative');
    else if ((count ?? 0) > MAX_STOCK_CHANGE)
      bad(row.line, 'stock_count', 'csvStockChangeInvalid', { max: MAX_STOCK_CHANGE });
    else delta = count ?? change ?? 0;
    if (retired) bad(row.line, 'retired', 'csvNewRetired');
  }
  return delta;
}

/** What a good row changes, before → after: its change and its write, when anything changes. */
function addPackagingChange(
  { plan }: Planning,
  product: ProductPackagings,
  row: CsvRow,
  stored: StoredPackaging | undefined,
  { price, discount, retire, delta: given }: PackagingRowValues,
): void {
  const c = row.cells;
  const { summary } = plan;
  let delta = given;
  const pFields: FieldChange[] = [];
  const values: PackagingWrite['values'] = {};
  const cmp = (
    field: keyof PackagingWrite['values'],
    b: string | null,
    a: string | null,
    value: string | number | null,
  ) => {
    if (stored && b === a) return;
    pFields.push({ field, before: stored ? b : null, after: a });
    Object.assign(values, { [field]: value });
  };
  cmp('name_en', stored?.name_en ?? null, c.packaging_en, c.packaging_en);
  cmp('name_zh', stored?.name_zh ?? null, c.packaging_zh, c.packaging_zh);
  cmp('price_cents', money(stored?.price_cents), money(price), price);
  cmp('discount_price_cents', money(stored?.discount_price_cents), money(discount), discount);
  const stockBefore = stored?.stock ?? 0;
  if (retire) {
    delta = -stockBefore;
    pFields.push({ field: 'retired', before: 'no', after: 'yes' });
  }
  if (delta !== 0) {
    pFields.push({ field: 'stock', before: String(stockBefore), after: String(stockBefore + delta) });
    summary.stock_changes++;
    if (delta > 0) summary.units_added += delta;
    else summary.units_removed -= delta;
  }
  if (!pFields.length) return;
  const action: ChangeAction = !stored ? 'packaging_add' : retire ? 'packaging_retire' : 'packaging_update';
  if (action === 'packaging_add') summary.packagings_added++;
  else if (action === 'packaging_retire') summary.packagings_retired++;
  else summary.packagings_updated++;
  plan.changes.push({
    line: row.line,
    action,
    product_slug: product.slug,
    packaging: c.packaging_en,
    packaging_id: stored?.id ?? null,
    fields: pFields,
  });
  plan.packagings.push({
    line: row.line,
    slug: product.slug,
    productId: product.existing?.id,
    existing: stored,
    values,
    sortOrder: stored ? stored.sort_order : product.nextSort++,
    retire,
    stockDelta: delta,
  });
}

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToDecimal(cents);

/** A stock count: a whole number of units a column holds; null when it is not one. */
const readCount = (text: string): number | null => (/^\d{1,9}$/.test(text) ? Number(text) : null);
