import {
  isValidDiscount,
  isValidPrice,
  MAX_PRICE_CENTS,
  PRODUCT_LIMITS,
  PRODUCT_STATES,
  type ProductState,
  productState,
  SLUG_MAX,
  SLUG_PATTERN,
  stateColumns,
} from '../../../common/catalogue-rules';
import type { StockState } from '../../../common/contract/catalog';
import type { AdminMessageKey } from '../../../common/i18n/admin-messages';
import { centsToDecimal, parseDollarsToCents } from '../../../common/money';
import { MAX_LOW_STOCK_THRESHOLD, MAX_STOCK_CHANGE, parseStockChange } from '../../../common/stock-rules';
import { type CsvColumn, type CsvRow, PRODUCT_COLUMNS, type ProductColumn, readList, readYesNo, yesNo } from './format';
import type { StoredPackaging, StoredProduct } from './repository';

/**
 * The catalogue import's plan (issue 13): every row of a file checked against the catalogue as it is, giving every
 * bad row (line, column, reason), the changes a person reads (before → after) and the writes to make. A pure
 * function of the rows and a snapshot, so the dry run and the apply (which reads the snapshot in its transaction,
 * packagings locked) check with the same code.
 */

/** What the plan reads of the catalogue. */
export interface Snapshot {
  products: Map<string, StoredProduct>;
  /** Packagings of the file's existing products, by product id, in the shop's order. */
  packagings: Map<number, StoredPackaging[]>;
  /** The product slug of packaging ids the file names that belong to none of its products. */
  strayOwners: Map<number, string>;
  categories: Map<number, string[]>;
  tags: Map<number, string[]>;
  categoryIds: Map<string, number>;
  tagIds: Map<string, number>;
}

export interface Problem {
  line: number;
  column: CsvColumn | null;
  key: AdminMessageKey;
  params?: Record<string, string | number>;
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

export type ChangeAction =
  | 'product_create'
  | 'product_update'
  | 'packaging_add'
  | 'packaging_update'
  | 'packaging_retire';

export interface Change {
  line: number;
  action: ChangeAction;
  product_slug: string;
  packaging: string | null;
  packaging_id: number | null;
  fields: FieldChange[];
}

/** A product's columns as the database holds them. */
export interface ProductValues {
  name_en: string;
  name_zh: string;
  description_en: string;
  description_zh: string;
  is_active: number;
  stock_state: StockState;
  available_ph: number;
  available_cn: number;
  subscribable: number;
  low_stock_threshold: number | null;
}

export interface ProductWrite {
  slug: string;
  line: number;
  existing: StoredProduct | undefined;
  /** The columns that change (every column for a new product). */
  values: Partial<ProductValues>;
  /** The product's category and tag ids when either changes (or for a new product), else null. */
  links: { categoryIds: number[]; tagIds: number[] } | null;
}

export interface PackagingWrite {
  line: number;
  slug: string;
  /** The product's id when it exists already (else it is created first, under `slug`). */
  productId: number | undefined;
  existing: StoredPackaging | undefined;
  values: { name_en?: string; name_zh?: string; price_cents?: number; discount_price_cents?: number | null };
  sortOrder: number;
  retire: boolean;
  /** Units to add (> 0) or take (< 0) through the stock core; for a retirement, what is left is taken out. */
  stockDelta: number;
}

export interface Summary {
  rows: number;
  products_created: number;
  products_updated: number;
  packagings_added: number;
  packagings_updated: number;
  packagings_retired: number;
  stock_changes: number;
  units_added: number;
  units_removed: number;
}

export interface Plan {
  problems: Problem[];
  changes: Change[];
  summary: Summary;
  products: ProductWrite[];
  packagings: PackagingWrite[];
}

const TEXT_MAX: Partial<Record<CsvColumn, number>> = {
  name_en: PRODUCT_LIMITS.name,
  name_zh: PRODUCT_LIMITS.name,
  description_en: PRODUCT_LIMITS.description,
  description_zh: PRODUCT_LIMITS.description,
  packaging_en: PRODUCT_LIMITS.packagingName,
  packaging_zh: PRODUCT_LIMITS.packagingName,
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToDecimal(cents);

export function planImport(rows: readonly CsvRow[], snap: Snapshot): Plan {
  const problems: Problem[] = [];
  const bad = (line: number, column: CsvColumn | null, key: AdminMessageKey, params?: Problem['params']) => {
    problems.push({ line, column, key, params });
  };
  const changes: Change[] = [];
  const products: ProductWrite[] = [];
  const packagings: PackagingWrite[] = [];
  const summary: Summary = {
    rows: rows.length,
    products_created: 0,
    products_updated: 0,
    packagings_added: 0,
    packagings_updated: 0,
    packagings_retired: 0,
    stock_changes: 0,
    units_added: 0,
    units_removed: 0,
  };

  // Texts: never longer than the product form takes.
  for (const row of rows) {
    for (const [column, max] of Object.entries(TEXT_MAX) as Array<[CsvColumn, number]>) {
      if (row.cells[column].length > max) bad(row.line, column, 'csvTooLong', { max });
    }
  }

  // Rows by product, in the file's order.
  const bySlug = new Map<string, CsvRow[]>();
  for (const row of rows) {
    const slug = row.cells.product_slug;
    if (!slug) {
      bad(row.line, 'product_slug', 'csvRequired');
      continue;
    }
    if (!SLUG_PATTERN.test(slug) || slug.length > SLUG_MAX) {
      bad(row.line, 'product_slug', 'csvSlugInvalid');
      continue;
    }
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), row]);
  }

  /** Every line a packaging id is on, to refuse a packaging listed twice. */
  const packagingLines = new Map<number, number>();

  for (const [slug, group] of bySlug) {
    const first = group[0]!;
    const existing = snap.products.get(slug);

    // The product's columns: the value its rows give (blank rows give none); two different values are a mistake.
    const given = {} as Record<ProductColumn, { value: string; line: number }>;
    for (const column of PRODUCT_COLUMNS) {
      let found: { value: string; line: number } | undefined;
      for (const row of group) {
        const value = row.cells[column];
        if (!value) continue;
        if (found && found.value !== value) bad(row.line, column, 'csvProductConflict', { line: found.line });
        else found ??= { value, line: row.line };
      }
      given[column] = found ?? { value: '', line: first.line };
    }
    const v = (c: ProductColumn) => given[c].value;
    const lineOf = (c: ProductColumn) => given[c].line;

    const before = existing
      ? {
          ...existing,
          categories: snap.categories.get(existing.id) ?? [],
          tags: snap.tags.get(existing.id) ?? [],
        }
      : undefined;

    for (const c of ['name_en', 'name_zh'] as const) if (!v(c)) bad(lineOf(c), c, 'csvRequired');
    let state: ProductState | undefined;
    if (!v('state')) bad(lineOf('state'), 'state', 'csvRequired');
    else if ((PRODUCT_STATES as readonly string[]).includes(v('state').toLowerCase()))
      state = v('state').toLowerCase() as ProductState;
    else bad(lineOf('state'), 'state', 'csvStateInvalid');
    const flags = {} as Record<'available_ph' | 'available_cn' | 'subscribable', number>;
    for (const c of ['available_ph', 'available_cn', 'subscribable'] as const) {
      const yes = readYesNo(v(c));
      if (yes === null) bad(lineOf(c), c, v(c) ? 'csvYesNo' : 'csvRequired');
      flags[c] = yes ? 1 : 0;
    }
    let threshold: number | null = null;
    if (v('low_stock_threshold')) {
      const n = Number(v('low_stock_threshold'));
      if (/^\d+$/.test(v('low_stock_threshold')) && n <= MAX_LOW_STOCK_THRESHOLD) threshold = n;
      else bad(lineOf('low_stock_threshold'), 'low_stock_threshold', 'csvThresholdInvalid');
    }
    const categories = readList(v('categories'));
    for (const s of categories)
      if (!snap.categoryIds.has(s)) bad(lineOf('categories'), 'categories', 'csvUnknownCategory', { slug: s });
    const tags = readList(v('tags'));
    for (const s of tags) if (!snap.tagIds.has(s)) bad(lineOf('tags'), 'tags', 'csvUnknownTag', { slug: s });
    // The product form's rule: a product the shop shows needs an image, and the CSV carries none (a new product
    // comes in hidden; its images are added in Products).
    if (state !== undefined && state !== 'hidden' && !existing?.image)
      bad(lineOf('state'), 'state', 'csvImageRequired');

    const after: ProductValues = {
      name_en: v('name_en'),
      name_zh: v('name_zh'),
      description_en: v('description_en'),
      description_zh: v('description_zh'),
      ...stateColumns(state ?? 'hidden', existing?.stock_state),
      available_ph: flags.available_ph,
      available_cn: flags.available_cn,
      subscribable: flags.subscribable,
      low_stock_threshold: threshold,
    };
    const fields: FieldChange[] = [];
    const values: Partial<ProductValues> = {};
    const text = (key: keyof ProductValues, shown: string, b: string | null, a: string | null) => {
      if (b !== a || !before) {
        fields.push({ field: shown, before: before ? b : null, after: a });
        Object.assign(values, { [key]: after[key] });
      }
    };
    for (const c of ['name_en', 'name_zh', 'description_en', 'description_zh'] as const)
      text(c, c, before?.[c] ?? null, after[c]);
    const stateBefore = before ? productState(before) : null;
    if (!before || stateBefore !== state) {
      fields.push({ field: 'state', before: stateBefore, after: state ?? null });
      Object.assign(values, { is_active: after.is_active, stock_state: after.stock_state });
    } else if (before.stock_state !== after.stock_state) {
      // Same state, another stored stock state (a stored "out of stock" put on sale is "in stock" again).
      fields.push({ field: 'stock_state', before: before.stock_state, after: after.stock_state });
      Object.assign(values, { stock_state: after.stock_state });
    }
    for (const c of ['available_ph', 'available_cn', 'subscribable'] as const)
      text(c, c, before ? yesNo(before[c]) : null, yesNo(after[c]));
    const thresholdText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
    text(
      'low_stock_threshold',
      'low_stock_threshold',
      thresholdText(before?.low_stock_threshold),
      thresholdText(threshold),
    );
    const categoriesChange = !before || !sameSet(before.categories, categories);
    if (categoriesChange)
      fields.push({
        field: 'categories',
        before: before ? before.categories.join('|') : null,
        after: categories.join('|'),
      });
    const tagsChange = !before || !sameSet(before.tags, tags);
    if (tagsChange)
      fields.push({ field: 'tags', before: before ? before.tags.join('|') : null, after: tags.join('|') });

    if (fields.length) {
      changes.push({
        line: first.line,
        action: existing ? 'product_update' : 'product_create',
        product_slug: slug,
        packaging: null,
        packaging_id: null,
        fields,
      });
      if (existing) summary.products_updated++;
      else summary.products_created++;
      products.push({
        slug,
        line: first.line,
        existing,
        values,
        links:
          categoriesChange || tagsChange
            ? {
                categoryIds: categories.map((s) => snap.categoryIds.get(s) ?? 0),
                tagIds: tags.map((s) => snap.tagIds.get(s) ?? 0),
              }
            : null,
      });
    }

    // The product's packagings.
    const own = existing ? (snap.packagings.get(existing.id) ?? []) : [];
    const ownById = new Map(own.map((p) => [p.id, p]));
    let nextSort = own.reduce((max, p) => Math.max(max, p.sort_order + 1), 0);
    /** Names of the product's packagings (lower-case English): those in the shop, then the file's new ones. */
    const names = new Map<string, string>(own.map((p) => [p.name_en.toLowerCase(), `id ${p.id}`]));
    let onSale = own.filter((p) => !p.is_retired).length;

    for (const row of group) {
      const c = row.cells;
      const problemsBefore = problems.length;
      let stored: StoredPackaging | undefined;
      if (c.packaging_id) {
        const id = /^\d{1,10}$/.test(c.packaging_id) ? Number(c.packaging_id) : Number.NaN;
        stored = ownById.get(id);
        if (!stored) {
          const owner = snap.strayOwners.get(id);
          if (owner) bad(row.line, 'packaging_id', 'csvPackagingOtherProduct', { id, slug: owner });
          else bad(row.line, 'packaging_id', 'csvPackagingUnknown', { id: c.packaging_id });
          continue;
        }
        const twice = packagingLines.get(id);
        if (twice !== undefined) {
          bad(row.line, 'packaging_id', 'csvPackagingTwice', { id, line: twice });
          continue;
        }
        packagingLines.set(id, row.line);
      }
      for (const col of ['packaging_en', 'packaging_zh'] as const) if (!c[col]) bad(row.line, col, 'csvRequired');
      const nameKey = c.packaging_en.toLowerCase();
      if (c.packaging_en && (!stored || stored.name_en.toLowerCase() !== nameKey)) {
        const clash = names.get(nameKey);
        if (clash) bad(row.line, 'packaging_en', 'csvPackagingNameTaken', { name: c.packaging_en, other: clash });
        else names.set(nameKey, `line ${row.line}`);
      }
      // Prices: the product form's rule (src/common/catalogue-rules.ts).
      const priceRange = { max: centsToDecimal(MAX_PRICE_CENTS) };
      const price = c.price ? parseDollarsToCents(c.price) : null;
      if (!c.price) bad(row.line, 'price', 'csvRequired');
      else if (price === null || !isValidPrice(price)) bad(row.line, 'price', 'csvPriceInvalid', priceRange);
      let discount: number | null = null;
      if (c.discount_price) {
        discount = parseDollarsToCents(c.discount_price);
        if (discount === null || !isValidPrice(discount))
          bad(row.line, 'discount_price', 'csvPriceInvalid', priceRange);
        else if (price !== null && isValidPrice(price) && !isValidDiscount(price, discount))
          bad(row.line, 'discount_price', 'csvDiscountNotBelow', { price: c.price });
      }
      const retired = c.retired ? readYesNo(c.retired) : false;
      if (retired === null) bad(row.line, 'retired', 'csvYesNo');

      // Stock: a change, or a count checked against the stock at export (format.ts).
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
      const retire = retired === true && stored !== undefined && !stored.is_retired;
      if (retire) {
        if (delta !== 0) bad(row.line, 'retired', 'csvRetireWithStock');
        onSale--;
      } else if (!stored) onSale++;
      if (problems.length > problemsBefore) continue;

      // What changes, before → after.
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
      if (!pFields.length) continue;
      const action: ChangeAction = !stored ? 'packaging_add' : retire ? 'packaging_retire' : 'packaging_update';
      if (action === 'packaging_add') summary.packagings_added++;
      else if (action === 'packaging_retire') summary.packagings_retired++;
      else summary.packagings_updated++;
      changes.push({
        line: row.line,
        action,
        product_slug: slug,
        packaging: c.packaging_en,
        packaging_id: stored?.id ?? null,
        fields: pFields,
      });
      packagings.push({
        line: row.line,
        slug,
        productId: existing?.id,
        existing: stored,
        values,
        sortOrder: stored ? stored.sort_order : nextSort++,
        retire,
        stockDelta: delta,
      });
    }
    if (onSale <= 0 && state !== 'hidden') bad(first.line, 'retired', 'csvNoPackagingOnSale');
  }

  problems.sort((a, b) => a.line - b.line);
  return { problems, changes, summary, products, packagings };
}

/** A stock count: a whole number of units a column holds; null when it is not one. */
const readCount = (text: string): number | null => (/^\d{1,9}$/.test(text) ? Number(text) : null);
