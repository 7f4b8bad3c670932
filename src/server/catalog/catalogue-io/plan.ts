import {
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
import { MAX_LOW_STOCK_THRESHOLD } from '../../../common/stock-rules';
import { type CsvColumn, type CsvRow, PRODUCT_COLUMNS, type ProductColumn, readList, readYesNo, yesNo } from './format';
import { planPackagings } from './plan-packagings';
import type { StoredPackaging, StoredProduct } from './repository';

/**
 * The catalogue import's plan (docs/decisions/015): every row of a file checked against the catalogue as it is, giving
 * every bad row (line, column, reason), the changes a person reads (before → after) and the writes to make. A pure
 * function of the rows and a snapshot, so the dry run and the apply (which reads the snapshot in its transaction,
 * packagings locked) check with the same code. A product's own columns are planned here, its packagings' rows in
 * plan-packagings.ts.
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

/** The plan being made: what its parts read (the snapshot) and add to (the plan, its bad rows). */
export interface Planning {
  snap: Snapshot;
  plan: Plan;
  bad: (line: number, column: CsvColumn | null, key: AdminMessageKey, params?: Problem['params']) => void;
  /** Every line a packaging id is on, to refuse a packaging listed twice. */
  packagingLines: Map<number, number>;
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

export function planImport(rows: readonly CsvRow[], snap: Snapshot): Plan {
  const plan: Plan = {
    problems: [],
    changes: [],
    summary: {
      rows: rows.length,
      products_created: 0,
      products_updated: 0,
      packagings_added: 0,
      packagings_updated: 0,
      packagings_retired: 0,
      stock_changes: 0,
      units_added: 0,
      units_removed: 0,
    },
    products: [],
    packagings: [],
  };
  const ctx: Planning = {
    snap,
    plan,
    bad: (line, column, key, params) => {
      plan.problems.push({ line, column, key, params });
    },
    packagingLines: new Map(),
  };
  checkTexts(ctx, rows);
  for (const [slug, group] of rowsByProduct(ctx, rows)) {
    const { existing, state } = planProduct(ctx, slug, group);
    planPackagings(ctx, { slug, group, existing, state });
  }
  plan.problems.sort((a, b) => a.line - b.line);
  return plan;
}

/** Texts: never longer than the product form takes. */
function checkTexts({ bad }: Planning, rows: readonly CsvRow[]): void {
  for (const row of rows) {
    for (const [column, max] of Object.entries(TEXT_MAX) as Array<[CsvColumn, number]>) {
      if (row.cells[column].length > max) bad(row.line, column, 'csvTooLong', { max });
    }
  }
}

/** Rows by product, in the file's order (a row without a valid slug is bad, and in none). */
function rowsByProduct({ bad }: Planning, rows: readonly CsvRow[]): Map<string, CsvRow[]> {
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
  return bySlug;
}

/** A product column's value as its rows give it, and the line it is on. */
type Given = Record<ProductColumn, { value: string; line: number }>;

/** The product's columns: the value its rows give (blank rows give none); two different values are a mistake. */
function givenColumns({ bad }: Planning, group: CsvRow[]): Given {
  const given = {} as Given;
  for (const column of PRODUCT_COLUMNS) {
    let found: { value: string; line: number } | undefined;
    for (const row of group) {
      const value = row.cells[column];
      if (!value) continue;
      if (found && found.value !== value) bad(row.line, column, 'csvProductConflict', { line: found.line });
      else found ??= { value, line: row.line };
    }
    given[column] = found ?? { value: '', line: group[0]!.line };
  }
  return given;
}

/** The product as the file has it, each column checked (a bad one noted, and read as blank or "no"). */
function readProduct({ snap, bad }: Planning, given: Given, existing: StoredProduct | undefined) {
  const v = (c: ProductColumn) => given[c].value;
  const lineOf = (c: ProductColumn) => given[c].line;
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
  if (state !== undefined && state !== 'hidden' && !existing?.image) bad(lineOf('state'), 'state', 'csvImageRequired');
  return { state, flags, threshold, categories, tags };
}

/**
 * Plans a product's own columns: checks them and, when any differs from the shop's (or the product is new), adds its
 * change and its write. Answers what the planning of its packagings needs.
 */
function planProduct(ctx: Planning, slug: string, group: CsvRow[]) {
  const { snap, plan } = ctx;
  const first = group[0]!;
  const existing = snap.products.get(slug);
  const given = givenColumns(ctx, group);
  const file = readProduct(ctx, given, existing);
  const after: ProductValues = {
    name_en: given.name_en.value,
    name_zh: given.name_zh.value,
    description_en: given.description_en.value,
    description_zh: given.description_zh.value,
    ...stateColumns(file.state ?? 'hidden', existing?.stock_state),
    available_ph: file.flags.available_ph,
    available_cn: file.flags.available_cn,
    subscribable: file.flags.subscribable,
    low_stock_threshold: file.threshold,
  };
  const { fields, values, linksChange } = productChanges(snap, existing, after, file);
  if (fields.length) {
    plan.changes.push({
      line: first.line,
      action: existing ? 'product_update' : 'product_create',
      product_slug: slug,
      packaging: null,
      packaging_id: null,
      fields,
    });
    if (existing) plan.summary.products_updated++;
    else plan.summary.products_created++;
    plan.products.push({
      slug,
      line: first.line,
      existing,
      values,
      links: linksChange
        ? {
            categoryIds: file.categories.map((s) => snap.categoryIds.get(s) ?? 0),
            tagIds: file.tags.map((s) => snap.tagIds.get(s) ?? 0),
          }
        : null,
    });
  }
  return { existing, state: file.state };
}

/**
 * What differs between the product in the shop and in the file (a new product: every column): the change's fields
 * (before → after), the columns to write, and whether its categories or tags change.
 */
function productChanges(
  snap: Snapshot,
  existing: StoredProduct | undefined,
  after: ProductValues,
  { state, threshold, categories, tags }: ReturnType<typeof readProduct>,
) {
  const before = existing
    ? {
        ...existing,
        categories: snap.categories.get(existing.id) ?? [],
        tags: snap.tags.get(existing.id) ?? [],
      }
    : undefined;
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
  if (tagsChange) fields.push({ field: 'tags', before: before ? before.tags.join('|') : null, after: tags.join('|') });
  return { fields, values, linksChange: categoriesChange || tagsChange };
}
