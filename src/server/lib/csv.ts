/**
 * CSV cells a spreadsheet opens safely (the back office's exports, docs/decisions/013 and 015): a text starting
 * with = + - @ (or a tab or carriage return) is prefixed with ' so a spreadsheet never runs it as a formula ("CSV
 * injection"). Files the shop reads back (the catalogue import) take the prefix off again with `fromFormulaSafe`.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a cell a spreadsheet shows as text, never runs. */
export const formulaSafe = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Undoes `formulaSafe`: "'=SUM(1)" → "=SUM(1)"; any other text stays as it is ("'tis" keeps its quote). */
export const fromFormulaSafe = (text: string): string =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** The UTF-8 byte order mark: Excel then reads the file as UTF-8 (Chinese names stay readable). */
export const CSV_BOM = '\uFEFF';
