import { CsvError, parse } from 'csv-parse/sync';
import { fromFormulaSafe } from '../../lib/csv';

/** The product's own columns: given on at least one of its rows, the same wherever given. */
export const PRODUCT_COLUMNS = [
  'name_en',
  'name_zh',
  'description_en',
  'description_zh',
  'state',
  'categories',
  'tags',
  'available_ph',
  'available_cn',
  'subscribable',
  'low_stock_threshold',
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

/**
 * The catalogue's CSV (docs/decisions/015; README "Import and export the catalogue"): one row per packaging, the
 * product's columns on the first of its rows (Export leaves them blank on the following ones, like Shopify's product
 * CSV; a file may also repeat them, as long as they agree). `product_slug` is on every row, so a spreadsheet can sort
 * and filter the rows freely: a product's value of a column is the one its rows give, wherever it is.
 *
 * Columns (all in the header, in any order; cells are trimmed):
 * - product_slug: the product (a new slug creates one). name_en, name_zh (required), description_en, description_zh.
 * - state: on_sale | coming_soon | hidden (src/common/catalogue-rules.ts). categories, tags: slugs separated by `|`
 *   (tags: any type, benefit or tag). available_ph, available_cn, subscribable: yes | no.
 *   low_stock_threshold: a whole number, blank for the shop's default.
 * - packaging_id: blank for a new packaging. packaging_en, packaging_zh (required). price, discount_price: dollars
 *   with at most 2 decimals (blank discount: none; it must be below the price). retired: yes | no.
 * - Stock, never an absolute overwrite (an order placed between export and import is never undone):
 *   - stock_at_export: the packaging's stock when the file was exported (Export writes it; leave it as it is);
 *   - stock_change: +5 / -3, added to whatever the stock is when the import is applied (refused below zero);
 *   - stock_count: "set the stock to this": Export writes the stock there too. A stock_count that differs from
 *     stock_at_export changes the stock by (stock_count − stock_at_export), and only while the stock still is
 *     stock_at_export (read in the import's transaction, the row locked): if it moved since the export, the row is
 *     refused with the stock now. A stock_count equal to stock_at_export changes nothing.
 *   A new packaging starts with stock_count (or a positive stock_change) units.
 * Products and packagings the file does not list are left as they are.
 *
 * Text cells Export writes formula-safe (a leading ' before = + - @), and Import takes that ' off again.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'product_slug',
  ...PRODUCT_COLUMNS,
  'packaging_id',
  'packaging_en',
  'packaging_zh',
  'price',
  'discount_price',
  'stock_at_export',
  'stock_change',
  'stock_count',
  'retired',
] as const;
export type CsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** The most data rows one file may hold (the file size limit comes first in practice). */
export const MAX_IMPORT_ROWS = 20_000;

/** One data row: its line as a spreadsheet numbers it (the header is line 1) and its cells by column. */
export interface CsvRow {
  line: number;
  cells: Record<CsvColumn, string>;
}

/** Why a file could not be read at all (not one row's fault). */
export type FileProblem =
  | { key: 'csvImportNotText' }
  | { key: 'csvImportUnreadable'; reason: string; line: number }
  | { key: 'csvImportEmpty' }
  | { key: 'csvImportTooManyRows'; max: number }
  | { key: 'csvImportHeaderMissing'; columns: string }
  | { key: 'csvImportHeaderUnknown'; columns: string };

/** A row whose cell count is not the header's. */
export interface RaggedRow {
  line: number;
  count: number;
  expected: number;
}

/**
 * Reads a catalogue CSV's bytes: UTF-8 (a BOM is dropped), comma-separated (or semicolon-separated, as some
 * spreadsheets save it, when the header has semicolons and no comma), the header checked. Rows whose cells are
 * all blank are skipped (they keep their line numbers for the others).
 */
export function readCatalogueCsv(
  bytes: Uint8Array,
): { ok: true; rows: CsvRow[]; ragged: RaggedRow[] } | { ok: false; problem: FileProblem } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: { key: 'csvImportNotText' } };
  }
  if (text.includes('\u0000')) return { ok: false, problem: { key: 'csvImportNotText' } };
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: false });
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 0;
      return {
        ok: false,
        problem: { key: 'csvImportUnreadable', reason: err.message.replace(/^[^:]*:\s*/, ''), line },
      };
    }
    throw err;
  }
  const [header, ...data] = records;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const missing = CATALOGUE_CSV_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter(
    (n, i) => n !== '' && (!(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(n) || names.indexOf(n) !== i),
  );
  if (missing.length) return { ok: false, problem: { key: 'csvImportHeaderMissing', columns: missing.join(', ') } };
  if (unknown.length) return { ok: false, problem: { key: 'csvImportHeaderUnknown', columns: unknown.join(', ') } };
  const at = CATALOGUE_CSV_COLUMNS.map((c) => names.indexOf(c));
  const rows: CsvRow[] = [];
  const ragged: RaggedRow[] = [];
  for (const [i, record] of data.entries()) {
    if (record.every((cell) => cell.trim() === '')) continue;
    const line = i + 2;
    if (record.length !== names.length) {
      ragged.push({ line, count: record.length, expected: names.length });
      continue;
    }
    const cells = {} as Record<CsvColumn, string>;
    for (const [c, column] of CATALOGUE_CSV_COLUMNS.entries()) cells[column] = fromFormulaSafe(record[at[c]!]!.trim());
    rows.push({ line, cells });
  }
  if (rows.length + ragged.length > MAX_IMPORT_ROWS)
    return { ok: false, problem: { key: 'csvImportTooManyRows', max: MAX_IMPORT_ROWS } };
  if (!rows.length && !ragged.length) return { ok: false, problem: { key: 'csvImportEmpty' } };
  return { ok: true, rows, ragged };
}

/** "yes"/"no" (any case; also y/n, true/false, 1/0) as a boolean; null when it is neither. */
export function readYesNo(text: string): boolean | null {
  const v = text.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  if (['no', 'n', 'false', '0'].includes(v)) return false;
  return null;
}

/**
 * A `|`-separated list of slugs, blanks and repeats dropped (a product is in a category once):
 * "all-teas | best-sellers | all-teas" → ['all-teas', 'best-sellers'].
 */
export const readList = (text: string): string[] => [
  ...new Set(
    text
      .split('|')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  ),
];

export const yesNo = (value: boolean | number): string => (value ? 'yes' : 'no');
